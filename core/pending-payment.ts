import type { PaymentMethod } from "./cart.types.ts";

/**
 * An order the shopper placed and has not paid yet by its online method (status 300): what the
 * cart and checkout offer to pay or to turn back into the cart when the shopper comes back from
 * the payment page (docs/decisions/055).
 */
export type PendingPayment = {
  id: number;
  order_number: string;
  payment_method: PaymentMethod;
  total: number;
  expires_at: string | null;
  rows: { name: string; quantity: number }[];
};
