import type { PaymentMethod } from "../../../../core/cart.types.ts";
import type { ResultCode } from "../payments.types.ts";

/**
 * The one interface every payment provider adapter implements (docs/decisions/017). Two shapes
 * sit behind it, as the spec's calls do: a card provider shaped like Adyen's Checkout API
 * (sessions, payments/details, resultCode) and a wallet provider shaped like PayPal's Orders v2
 * (create order, payer approval, capture). Every call that creates something takes an
 * idempotency key; amounts are integer cents.
 */
export type CreatePaymentInput = {
  reference: string;
  amount: number;
  currency: "EUR";
  method: PaymentMethod;
  language: "es" | "fr";
  shopperEmail: string;
  description: string;
  returnUrl: string;
  idempotencyKey: string;
  /** When the session stops being payable (the shop's PAYMENT_SESSION_MINUTES from now). */
  expiresAt: Date;
};

export type Created = {
  /** Adyen's session id, PayPal's order id. */
  providerId: string;
  /** Where the shopper pays (the provider's hosted page, PayPal's payer-action link). */
  redirectUrl: string;
  expiresAt: Date;
};

/** The provider's word on a payment. */
export type ProviderResult = {
  resultCode: ResultCode;
  /** The payment's id at the provider; null while nothing final happened. */
  pspReference: string | null;
  merchantReference: string;
  amount: number;
  currency: "EUR";
  method: PaymentMethod;
};

/** PayPal Orders v2's order, as GET /v2/checkout/orders/{id} answers it (the fields the shop reads). */
export type WalletOrder = {
  id: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  intent: "CAPTURE";
  purchase_units: {
    reference_id: string;
    custom_id: string;
    description: string;
    amount: { currency_code: "EUR"; value: string };
    payments?: { captures: { id: string; status: "COMPLETED" | "REFUNDED" | "PARTIALLY_REFUNDED"; amount: { currency_code: "EUR"; value: string } }[] };
  }[];
  links: { rel: string; href: string; method: "GET" | "POST" }[];
  create_time: string;
  update_time: string;
};

/** A verified event from the provider's webhook. */
export type ProviderEvent = {
  /** Unique per event at this provider: the exactly-once key. */
  eventKey: string;
  eventCode: "AUTHORISATION" | "REFUND" | "CANCELLATION" | "CAPTURE" | "OTHER";
  success: boolean;
  pspReference: string;
  originalReference: string | null;
  merchantReference: string;
  amount: number;
  currency: string;
  method: string | null;
  reason: string | null;
  /** The session or order it belongs to, when the provider says (Adyen's additionalData.checkoutSessionId). */
  providerId?: string | null;
  raw: unknown;
};

export interface PaymentProvider {
  readonly name: string;
  // Card provider (Adyen-shaped)
  createSession(input: CreatePaymentInput): Promise<Created>;
  /** The shopper's return (Adyen's redirectResult) -> the result. */
  submitDetails(details: Record<string, string>): Promise<ProviderResult | null>;
  // Wallet provider (PayPal-shaped)
  createOrder(input: CreatePaymentInput): Promise<Created>;
  orderDetails(orderId: string): Promise<WalletOrder | null>;
  /** Captures an approved order (once, whatever the number of calls). */
  capture(orderId: string, idempotencyKey: string): Promise<ProviderResult | null>;
  // Both
  /** The current word on a session or order (for reconciliation when nobody came back). */
  status(providerId: string): Promise<ProviderResult | null>;
  refund(input: { pspReference: string; merchantReference: string; amount: number; idempotencyKey: string }): Promise<{ pspReference: string }>;
  /** The events of a webhook call, or null when a signature is missing or wrong (answer 401). */
  verifyWebhook(body: unknown): ProviderEvent[] | null;
  /** The answer the provider expects from a webhook it delivered. */
  readonly webhookAnswer: string;
}
