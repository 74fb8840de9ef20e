export type { OrderAccess, OrderDto, OrderSummaryDto } from "../checkout/checkout.types.ts";
