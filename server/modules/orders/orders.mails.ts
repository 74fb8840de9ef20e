import type { OrderDto } from "./orders.types.ts";

export type OrderMailKind = "confirmation" | "transfer" | "paid" | "shipped";
export type OrderMailVars = {
  shop: string;
  home: string;
  order: OrderDto;
  orderUrl: string;
  transfer?: { holder: string; iban: string; bic: string; bank: string; reference: string; amount: number };
  tracking?: { agency: string; number: string };
};

/** PLACEHOLDER (the storefront engineer writes the real templates). */
export function renderOrderMail(kind: OrderMailKind, lang: "es" | "fr", vars: OrderMailVars): { subject: string; text: string; html: string } {
  const subject = `${vars.shop}: ${kind} ${vars.order.order_number}`;
  const text = `${subject}\n${vars.orderUrl}\n(${lang})`;
  return { subject, text, html: `<p>${text}</p>` };
}
