import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "../cart/cart.schema.ts";

/**
 * The shop's side of payments (issue 9, docs/decisions/017). One row per payment attempt of an
 * order: the provider session or order it opened, keyed by the attempt's idempotency key so a
 * retried call never opens two. Amounts are integer cents.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    provider: text("provider").notNull(),
    method: text("method").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("EUR"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The provider's session id (Adyen) or order id (PayPal). */
    providerId: text("provider_id"),
    redirectUrl: text("redirect_url"),
    /** open, authorised, refused, error, cancelled, expired (its provider session ended unpaid). */
    status: text("status").notNull().default("open"),
    pspReference: text("psp_reference"),
    /** When its provider session stops being payable (PAYMENT_SESSION_MINUTES after it opened). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '60 minutes'`),
    /** Reconciliation: when an open attempt is next asked about (also its lease: a copy that claims it moves it on). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().default(sql`now() + interval '3 minutes'`),
    /** How many times reconciliation asked (its backoff). */
    checks: integer("checks").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payment_attempts_idempotency_key").on(t.idempotencyKey),
    index("payment_attempts_reference").on(t.reference),
    index("payment_attempts_provider_id").on(t.provider, t.providerId),
    index("payment_attempts_open").on(t.id).where(sql`${t.status} = 'open'`),
    check("payment_attempts_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Every provider event the shop acted on, once: the unique (provider, event key) is what makes a
 * webhook delivered ten times, or racing the shopper's return, count once.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventKey: text("event_key").notNull(),
    reference: text("reference").notNull(),
    pspReference: text("psp_reference").notNull(),
    eventCode: text("event_code").notNull(),
    success: integer("success").notNull(),
    amount: integer("amount").notNull(),
    /** webhook, return, poll. */
    source: text("source").notNull(),
    /** What the order did: its status after, and whether it changed. */
    orderStatus: integer("order_status"),
    changed: integer("changed"),
    payload: jsonb("payload"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("payment_events_key").on(t.provider, t.eventKey), index("payment_events_reference").on(t.reference)],
);

/** Money given back: one row per refund request (idempotency key), its provider reference and status. */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    provider: text("provider").notNull(),
    amount: integer("amount").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The original payment's psp reference. */
    paymentPspReference: text("payment_psp_reference"),
    pspReference: text("psp_reference"),
    /** requested, refunded, failed, manual (a bank transfer staff send back by hand). */
    status: text("status").notNull().default("requested"),
    /**
     * Null: asked by the shop's people (a cancellation, a credit note). Otherwise money the shop
     * gave back by itself (docs/decisions/046): duplicate, late, amount_mismatch. Such a refund is
     * not a refund of the order's own payment (it does not count in orders.refunded_cents).
     */
    reason: text("reason"),
    /** The provider call: tries so far, when the job loop tries again, and why the last one failed. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payment_refunds_idempotency_key").on(t.idempotencyKey),
    check("payment_refunds_amount_positive", sql`${t.amount} > 0`),
    check("payment_refunds_reason", sql`${t.reason} IS NULL OR ${t.reason} IN ('duplicate', 'late', 'amount_mismatch')`),
    // One automatic refund per payment, whatever replays, returns and polls race (docs/decisions/046).
    uniqueIndex("payment_refunds_automatic_once").on(t.provider, t.paymentPspReference).where(sql`${t.reason} IS NOT NULL`),
    index("payment_refunds_due").on(t.nextAttemptAt).where(sql`${t.status} = 'requested' AND ${t.pspReference} IS NULL`),
  ],
);

/**
 * The embedded sandbox provider's own books (what Adyen or PayPal keep on their side): its
 * sessions/orders and their state, the refunds it took, and the notifications it owes the shop
 * (an outbox delivered with retries, signed with the shared HMAC key).
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    /** "session" (card provider, Adyen-shaped) or "order" (wallet provider, PayPal-shaped). */
    kind: text("kind").notNull(),
    merchantReference: text("merchant_reference").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    method: text("method").notNull(),
    language: text("language").notNull(),
    shopperEmail: text("shopper_email"),
    description: text("description"),
    returnUrl: text("return_url").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** open, challenge, approved (PayPal: payer approved, not captured), authorised, refused, cancelled. */
    status: text("status").notNull().default("open"),
    pspReference: text("psp_reference"),
    /** Card: last four digits; 3-D Secure tries left. */
    cardLast4: text("card_last4"),
    challengeTries: integer("challenge_tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("sandbox_payments_idempotency_key").on(t.idempotencyKey), unique("sandbox_payments_psp_reference").on(t.pspReference)],
);

export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    pspReference: text("psp_reference").primaryKey(),
    paymentPspReference: text("payment_psp_reference").notNull(),
    merchantReference: text("merchant_reference").notNull(),
    amount: integer("amount").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("sandbox_refunds_idempotency_key").on(t.idempotencyKey)],
);

export const sandboxNotifications = pgTable(
  "sandbox_notifications",
  {
    id: serial("id").primaryKey(),
    /** The notification item (Adyen's NotificationRequestItem), signed. */
    item: jsonb("item").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_notifications_due").on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`)],
);
