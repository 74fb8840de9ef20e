import type { CartDto, DbCart } from "../../../core/cart.types.ts";

/** The part of the server cart the cart page renders (no contact, address or billing fields). */
export type CartView = Pick<
  CartDto,
  | "id"
  | "order_number"
  | "status"
  | "size"
  | "rows"
  | "coupon"
  | "professional"
  | "payment_method_selected"
  | "prices"
  | "vat"
  | "delivery"
  | "shipping_postal_code"
  | "can_checkout"
  | "blockers"
>;

/** What an add-to-cart answers to the product page (JavaScript on): the confirmation's content. */
export type AddedToCart = {
  ok: true;
  message: string;
  /** Subtotal of the cart's rows (shipping depends on the postal code, shown on the cart page). */
  cart: DbCart & { pvp: number };
  row: { id: number; name: string; ref: string; quantity: number; total: number; image: string | null; summary: string[] };
};

export type AddRefused = { ok: false; code: string; message: string; issues: string[] };

export type AddToCartResult = AddedToCart | AddRefused;

/** What a cart page action answers: the outcome's message, in the shopper's language. */
export type CartActionResult = {
  intent: string;
  ok: boolean;
  message: string;
  /** The service's result code, when it gave one (coupon.invalid, cart.out_of_stock...). */
  code?: string;
  /** The row the message is about (quantity, delete), to show it next to that row. */
  rowId?: number;
  /** A field error for the form that was sent (coupon, postal code, quantity). */
  field?: "coupon" | "postal_code" | "quantity";
};
