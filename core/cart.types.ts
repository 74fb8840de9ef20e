/**
 * The cart's shapes for the storefront, inferred from core/cart.schema.ts (type-only import:
 * no Zod in the browser bundle).
 */
import type { z } from "zod";
import type * as S from "./cart.schema.ts";

export type CartDto = z.infer<typeof S.CartDto>;
export type CartRowDto = z.infer<typeof S.CartRowDto>;
export type CartLine = z.infer<typeof S.CartLine>;
export type CartPricesDto = z.infer<typeof S.CartPrices>;
export type CartCoupon = z.infer<typeof S.CartCoupon>;
export type CartBlocker = CartDto["blockers"][number];
export type PaymentMethod = NonNullable<CartDto["payment_method_selected"]>;
export type CartUpdateInput = z.input<typeof S.CartUpdateInput>;
export type AddRowInput = z.input<typeof S.AddRowInput>;
export type CouponDto = z.infer<typeof S.CouponDto>;
export type PublicCouponDto = z.infer<typeof S.PublicCouponDto>;
export type CouponInput = z.input<typeof S.CouponInput>;

/** localStorage `db_cart` (spec 3): the cart id and its row count, restored on start. */
export type DbCart = { id: number; size: number };

/** The storefront's cart cookie (HttpOnly): the cart token "<id>.<secret>". */
export const CART_COOKIE = "bd_cart";
/** API clients send the cart token in this header. */
export const CART_TOKEN_HEADER = "x-cart-token";
