import { PAID_STATUSES } from "../../../core/orders.ts";
import type { BankDetails, OrderDto } from "../../../core/orders.types.ts";
import type { Language } from "../../../core/stores.ts";

/** What the payment result page says (spec 3: Authorised or Error; a transfer's reference; a payment still being confirmed). */
export type ResultView =
  | { kind: "authorised"; order: OrderDto; orderHref: string }
  | { kind: "transfer"; order: OrderDto; orderHref: string; bank: BankDetails | null }
  | { kind: "pending"; order: OrderDto; orderHref: string }
  | { kind: "error"; result: string; order: OrderDto | null; orderHref: string | null; cartSize: number };

export type ResultPageData = {
  lang: Language;
  path: string;
  reference: string;
  view: ResultView;
  /** The guest asked for an account at checkout: it opens once its password is chosen from the mailed link (docs/decisions/047). */
  accountPending?: boolean;
};

/** The provider's result codes (Adyen's vocabulary) the page's `?result=` may carry. */
export const RESULT_CODES = ["Authorised", "Refused", "Error", "Pending", "Cancelled"] as const;
export type ResultCode = (typeof RESULT_CODES)[number];
const FAILED: readonly string[] = ["Refused", "Error", "Cancelled"];

/**
 * What the result page shows, decided by the order's own status (the provider's word has been
 * applied to it by then), never by the URL alone: paid -> confirmed; a transfer awaited -> the
 * bank details and the reference; a failed payment (the order went back to being the cart) ->
 * Error, with the cart still there; anything else -> "we are confirming your payment".
 */
export function resultView(
  order: OrderDto | null,
  result: ResultCode | null,
  extras: { orderHref: string | null; bank: BankDetails | null; cartSize: number },
): ResultView | null {
  if (order && PAID_STATUSES.includes(order.status as never)) return { kind: "authorised", order, orderHref: extras.orderHref ?? "" };
  if (order && order.status === 300 && order.payment_method === "transfer")
    return { kind: "transfer", order, orderHref: extras.orderHref ?? "", bank: extras.bank };
  if (order && (order.status === 350 || order.status === 700))
    return { kind: "error", result: "Cancelled", order, orderHref: extras.orderHref, cartSize: extras.cartSize };
  if (order && order.status === 300 && result && FAILED.includes(result))
    return { kind: "error", result, order, orderHref: extras.orderHref, cartSize: extras.cartSize };
  if (order && order.status === 300) return { kind: "pending", order, orderHref: extras.orderHref ?? "" };
  if (!order && result && FAILED.includes(result)) return { kind: "error", result, order: null, orderHref: null, cartSize: extras.cartSize };
  return null;
}
