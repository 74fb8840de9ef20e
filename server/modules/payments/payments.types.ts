/**
 * The contract between the checkout (orders) and the payments module (issue 9). The checkout
 * places orders and moves their statuses; the payments module talks to providers (the
 * embedded sandbox, later Adyen, PayPal, Redsys, Stripe) and reports their final word through
 * `OrderPayments.applyOutcome`, inside the transaction that also records the provider event,
 * so an event is applied exactly once. Amounts are integer cents.
 */
import type { PaymentMethod } from "../../../core/cart.types.ts";
import type { Db } from "../../db/client.ts";

/**
 * How long a provider's payment session (Adyen session, PayPal order) can be paid: the shop asks
 * the provider for sessions of this life and reuses an open attempt exactly while its session is
 * still payable, so "Pagar" never opens a second payable session beside a first one
 * (docs/decisions/046).
 */
export const PAYMENT_SESSION_MINUTES = 60;

/** Why the shop gives a payment back by itself (docs/decisions/046). */
export type AutomaticRefundReason =
  /** A second payment for an order already paid (two sessions, two tabs, a new PSP reference). */
  | "duplicate"
  /** A payment for an order that can no longer take it (cancelled, a cart again, expired and sold out). */
  | "late"
  /** A payment of another amount or currency than the order's: refunded, the order stays unpaid. */
  | "amount_mismatch";

/** Adyen's resultCode vocabulary (spec 3: the shop shows Authorised or Error). */
export type ResultCode = "Authorised" | "Refused" | "Error" | "Pending" | "Cancelled";

export type PaymentOutcome = {
  /** The order's payment reference (spec 9), Adyen's merchantReference / PayPal's custom_id. */
  reference: string;
  /** The provider's id of the payment (Adyen pspReference, PayPal capture id). */
  pspReference: string;
  resultCode: ResultCode;
  amount: number;
  currency: "EUR";
  method: PaymentMethod;
  provider: string;
  /** Who told us: the provider's webhook, the shopper's return, a status poll, or staff (transfer). */
  source: "webhook" | "return" | "poll" | "staff";
};

export type ApplyOutcomeResult = {
  orderId: number;
  /** The order's status after the outcome. */
  status: number;
  /** False when the outcome changed nothing (a repeat, or an event that would move the order backwards). */
  changed: boolean;
  /**
   * An authorisation that arrived for an order that can no longer take it (abandoned and its
   * stock gone, cancelled, or a different amount): the payments module must refund it.
   */
  refund: boolean;
  /** Why it must be refunded (set with `refund`). */
  refundReason?: AutomaticRefundReason;
};

/** What the checkout gives the payments module (wired in server/modules/index.ts). */
export type OrderPayments = {
  /**
   * Applies a provider's final word to the order owning `outcome.reference`, in the caller's
   * transaction: Authorised pays it (300/350 -> 400, once); Refused, Error and Cancelled give
   * the shopper their cart back (300 -> 100) unless money was already taken; Pending changes
   * nothing. Null when no order has that reference.
   */
  applyOutcome(tx: Db, outcome: PaymentOutcome): Promise<ApplyOutcomeResult | null>;
  /** The order behind a payment reference (what a payment page and a session need). */
  byReference(reference: string): Promise<OrderForPayment | null>;
};

export type OrderForPayment = {
  orderId: number;
  orderNumber: string;
  storeId: number;
  storeCode: string;
  status: number;
  /** The amount to take, cents (frozen at placement). */
  total: number;
  method: PaymentMethod | null;
  language: "es" | "fr";
  email: string | null;
};

export type StartPaymentInput = {
  orderId: number;
  reference: string;
  method: PaymentMethod;
  amount: number;
  currency: "EUR";
  language: "es" | "fr";
  shopperEmail: string;
  /** Where the provider sends the shopper back: /checkout/result/{reference} (absolute). */
  returnUrl: string;
  /** One per attempt: a retried call never opens two sessions or takes money twice. */
  idempotencyKey: string;
  description: string;
};

/**
 * What the shopper's browser must do next: go to the provider's page (card, wallets, Bizum,
 * Klarna, Scalapay...), or pay a bank transfer with this reference (no provider involved).
 */
export type StartPaymentResult =
  | { type: "redirect"; url: string; sessionId: string }
  | { type: "transfer"; reference: string; amount: number; bank: { holder: string; iban: string; bic: string; bank: string } };
