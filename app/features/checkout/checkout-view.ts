import type { CartDto, PaymentMethod } from "../../../core/cart.types.ts";
import type { Language } from "../../../core/stores.ts";
import type { PendingPayment } from "../../../core/pending-payment.ts";
import type { CheckoutValues } from "./checkout-values";

/** The part of the cart the checkout's summary shows (rows and money; the personal fields go into the form). */
export type CheckoutCart = Pick<
  CartDto,
  "id" | "size" | "rows" | "coupon" | "professional" | "prices" | "vat" | "delivery" | "shipping_postal_code" | "can_checkout" | "blockers" | "status"
>;

/** A saved address offered to a signed-in customer, as the picker lists it. */
export type SavedAddress = {
  id: number;
  label: string;
  default: boolean;
  /** The form's fields this address fills (shipping_* or billing_* names). */
  fields: Record<string, string>;
};

export type CheckoutPageData = {
  /** The shopper's order still waiting for its online payment, when the cart is empty (back from the payment page). */
  pending: PendingPayment | null;
  lang: Language;
  path: string;
  cart: CheckoutCart | null;
  values: CheckoutValues;
  idempotencyKey: string;
  /** The signed-in customer (their saved addresses are offered); null for a guest. */
  customer: { id: number; email: string } | null;
  addresses: { shipping: SavedAddress[]; billing: SavedAddress[] };
  picked: { shipping: number | null; billing: number | null };
  /** The PayPal commission's rate (0.02) and what it adds to this cart's total. */
  paypal: { rate: number; commission: number };
  methods: PaymentMethod[];
  country: "ES" | "FR";
  /** The total shown before any PayPal commission: the form's `expected_total`. */
  expectedTotal: number;
};

/** What the checkout's action answers when nothing was placed (placing redirects). */
export type CheckoutActionResult =
  | {
      intent: "place";
      ok: false;
      code: string;
      message: string;
      fieldErrors: Record<string, string>;
      values: CheckoutValues;
      idempotencyKey: string;
      /** The cart as the server priced it now (price mismatch, blockers): its totals replace the page's. */
      cart?: CheckoutCart;
    }
  | { intent: "postal_code" | "join_email"; ok: boolean };
