import type { BankDetails, OrderDto } from "../../../core/orders.types.ts";
import type { Language } from "../../../core/stores.ts";

export type RequestKind = "incident" | "return";

/** What an order page (public signed link or the customer's profile) renders. */
export type OrderPageData = {
  lang: Language;
  path: string;
  title: string;
  description: string;
  order: OrderDto;
  /** The signed link's token the page was opened with: kept on its links and forms. */
  linkToken: string | null;
  /** The request form open on the page (?request=incident|return). */
  openRequest: RequestKind | null;
  /** The withdrawal form is open (?request=withdraw, issue 10). */
  openWithdrawal?: boolean;
  /** The outcome of the change that brought the viewer back here (?done=). */
  done: string | null;
  /** The way back (the profile's list); null on the public page. */
  back: { href: string; label: string } | null;
  /** A transfer still awaited: the bank details to pay it (with the order's reference). */
  bank: BankDetails | null;
};

export type OrderActionResult =
  | { intent: "pay"; ok: false; message: string }
  | { intent: "withdraw"; ok: false; message: string; fieldErrors: Record<string, string> }
  | {
      intent: RequestKind;
      ok: false;
      message: string;
      fieldErrors: Record<string, string>;
      values: { reason: string; message: string; rows: string[] };
    };
