/**
 * What the checkout and orders services answer (issue 9). Expected outcomes are typed results
 * with a code and a message in the request's language (docs/decisions/003); a cart that is not
 * the caller's is `cart.not_found` (404), an order that is not theirs `order.not_found` (404).
 */
import type { z } from "zod";
import type { CartDto } from "../../../core/cart.types.ts";
import type * as S from "../../../core/checkout.schema.ts";
import type { FieldErrors } from "../../../core/validation.ts";

export type OrderDto = z.infer<typeof S.OrderDto>;
export type OrderSummaryDto = z.infer<typeof S.OrderSummaryDto>;
export type PaymentAction = z.infer<typeof S.PaymentAction>;
export type PlaceOrderAnswer = z.infer<typeof S.PlaceOrderAnswer>;

export type PlaceOrderFailure =
  | { ok: false; code: "checkout.invalid"; message: string; fieldErrors: FieldErrors }
  /** Spec 8: the total the shopper saw is not the cart's total now; `cart` is the updated cart. */
  | { ok: false; code: "checkout.price_mismatch"; message: string; cart: CartDto }
  | { ok: false; code: "cart.empty" | "cart.not_delivered" | "cart.out_of_stock" | "coupon.invalid"; message: string; cart: CartDto }
  | { ok: false; code: "cart.not_found" | "checkout.email_taken"; message: string }
  /** A guest asked for an account too often (per address or email): try again in `retryAfter` seconds. */
  | { ok: false; code: "auth.too_many_attempts"; message: string; retryAfter: number }
  /** The payment provider could not open a payment: the cart is the shopper's again (try later). */
  | { ok: false; code: "payment.unavailable"; message: string };

export type PlaceOrderResult = { ok: true; answer: PlaceOrderAnswer } | PlaceOrderFailure;

/**
 * How a viewer proves an order is theirs: their account (ctx.user), the guest cart cookie
 * they placed it with, or the signed link of the confirmation mail (`?t=`).
 */
export type OrderAccess = { cartToken?: string | null; linkToken?: string | null };

export type { PendingPayment } from "../../../core/pending-payment.ts";
