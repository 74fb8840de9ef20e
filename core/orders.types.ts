/**
 * The checkout's and orders' shapes for the storefront, inferred from core/checkout.schema.ts
 * (type-only import: no Zod in the browser bundle).
 */
import type { z } from "zod";
import type * as S from "./checkout.schema.ts";

export type OrderDto = z.infer<typeof S.OrderDto>;
export type OrderRowDto = z.infer<typeof S.OrderRowDto>;
export type OrderLineDto = z.infer<typeof S.OrderLineDto>;
export type SubOrderDto = z.infer<typeof S.SubOrderDto>;
export type OrderRequestDto = z.infer<typeof S.OrderRequestDto>;
export type OrderSummaryDto = z.infer<typeof S.OrderSummaryDto>;
export type PaymentAction = z.infer<typeof S.PaymentAction>;
export type PlaceOrderAnswer = z.infer<typeof S.PlaceOrderAnswer>;
export type CheckoutForm = z.input<ReturnType<typeof S.checkoutSchema>>;
/** The bank details of a transfer (spec 9: holder, IBAN, BIC, bank). */
export type BankDetails = Extract<PaymentAction, { type: "transfer" }>["bank"];
