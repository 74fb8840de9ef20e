import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../../../core/cart.types.ts";
import type { Db } from "../../../db/client.ts";
import { sandboxNotifications, sandboxPayments, sandboxRefunds } from "../payments.schema.ts";
import type { ResultCode } from "../payments.types.ts";
import { hmacSignature, type NotificationItem, validSignature } from "./adyen-hmac.ts";
import type { CreatePaymentInput, Created, PaymentProvider, ProviderEvent, ProviderResult, WalletOrder } from "./provider.ts";

/**
 * The embedded sandbox provider (docs/decisions/017): what Adyen and PayPal do, played by the
 * shop itself so that every path of a payment can be walked here without an account or a
 * network. Its books live in its own tables (sandbox_*); the shop only reaches it through the
 * PaymentProvider interface, its hosted page (/sandbox-pay/{id}) and its signed webhooks, which
 * it delivers from an outbox with retries, as a provider does.
 *
 * Test cards: 4111 1111 1111 1111 authorises, 4000 0000 0000 0002 is refused, 4000 0000 0000
 * 3220 asks for a 3-D Secure code (1234). Other wallets and methods: approve or fail buttons.
 */
export const SANDBOX_CARDS = {
  authorised: "4111111111111111",
  refused: "4000000000000002",
  challenge: "4000000000003220",
} as const;
export const SANDBOX_3DS_CODE = "1234";
const CHALLENGE_TRIES = 3;
export const MERCHANT_ACCOUNT = "BanoDirectoECOM";

export type SandboxRow = typeof sandboxPayments.$inferSelect;
export type Transport = (body: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;

type Final = "authorised" | "refused" | "cancelled";
const FINAL = new Set(["authorised", "refused", "cancelled"]);

const id = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString("hex").toUpperCase()}`;
const cents = (v: number) => (v / 100).toFixed(2);

function resultCodeOf(row: SandboxRow): ResultCode {
  switch (row.status) {
    case "authorised":
      return "Authorised";
    case "refused":
      return "Refused";
    case "cancelled":
      return "Cancelled";
    default:
      return "Pending";
  }
}

/** Luhn's check digit: what a card number's last digit must be. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function createSandboxProvider(opts: {
  db: Db;
  publicUrl: string;
  hmacKey: string;
  log: (level: number, msg: string, extra?: Record<string, unknown>) => void;
}) {
  const { db, publicUrl, hmacKey, log } = opts;
  let transport: Transport | null = null;
  let delivering: Promise<void> | null = null;
  let again = false;

  const pageUrl = (row: { id: string }) => `${publicUrl}/sandbox-pay/${row.id}`;

  /** The opaque redirectResult the shopper brings back (Adyen's): the session id, signed. */
  function redirectResult(sessionId: string): string {
    const sig = createHmac("sha256", Buffer.from(hmacKey, "hex")).update(`redirect:${sessionId}`).digest("base64url").slice(0, 32);
    return Buffer.from(`${sessionId}.${sig}`).toString("base64url");
  }
  function readRedirectResult(value: string): string | null {
    if (typeof value !== "string" || value.length > 400) return null;
    const [sessionId, sig] = Buffer.from(value, "base64url").toString("utf8").split(".");
    if (!sessionId || !sig) return null;
    const expected = Buffer.from(redirectResult(sessionId));
    const given = Buffer.from(value);
    return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : null;
  }

  function resultOf(row: SandboxRow): ProviderResult {
    return {
      resultCode: resultCodeOf(row),
      pspReference: row.pspReference,
      merchantReference: row.merchantReference,
      amount: row.amount,
      currency: "EUR",
      method: row.method as PaymentMethod,
    };
  }

  async function open(kind: "session" | "order", input: CreatePaymentInput): Promise<Created> {
    // The life the shop asked for (PAYMENT_SESSION_MINUTES): its reuse of an open attempt follows it.
    const expiresAt = input.expiresAt;
    const rowId = kind === "session" ? id("CS", 12) : id("", 9).slice(0, 17);
    await db
      .insert(sandboxPayments)
      .values({
        id: rowId,
        kind,
        merchantReference: input.reference,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        language: input.language,
        shopperEmail: input.shopperEmail || null,
        description: input.description.slice(0, 200),
        returnUrl: input.returnUrl,
        idempotencyKey: `${kind}:${input.idempotencyKey}`,
        expiresAt,
      })
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey });
    // With the same key, the first call's session (a retry opens nothing new).
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, `${kind}:${input.idempotencyKey}`));
    return { providerId: row.id, redirectUrl: pageUrl(row), expiresAt: row.expiresAt };
  }

  async function load(providerId: string): Promise<SandboxRow | null> {
    if (typeof providerId !== "string" || !/^[A-Z0-9]{10,40}$/.test(providerId)) return null;
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerId));
    return row ?? null;
  }

  function notification(row: SandboxRow, eventCode: string, success: boolean, pspReference: string, extra: Partial<NotificationItem> = {}): NotificationItem {
    const item: NotificationItem = {
      amount: { value: extra.amount?.value ?? row.amount, currency: row.currency },
      eventCode,
      eventDate: new Date().toISOString(),
      merchantAccountCode: MERCHANT_ACCOUNT,
      merchantReference: row.merchantReference,
      paymentMethod: row.method,
      pspReference,
      success: success ? "true" : "false",
      ...(extra.originalReference ? { originalReference: extra.originalReference } : {}),
      ...(extra.reason ? { reason: extra.reason } : {}),
    };
    // Adyen names the checkout session a payment came from (not signed, as at Adyen: it only tells which attempt).
    item.additionalData = { hmacSignature: hmacSignature(item, hmacKey), ...(eventCode === "AUTHORISATION" ? { checkoutSessionId: row.id } : {}) };
    return item;
  }

  /**
   * Moves an open payment to its final state, once: a conditional UPDATE decides between two
   * clicks, two tabs or a click and the expiry; the notification it owes is queued in the same
   * transaction. Answers the row as it ends (already final: unchanged).
   */
  async function finish(
    providerId: string,
    to: Final | "approved",
    from: string[],
    extra: { cardLast4?: string; reason?: string } = {},
  ): Promise<SandboxRow | null> {
    return db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const psp = to === "approved" ? null : id("", 8);
      const [moved] = await tx
        .update(sandboxPayments)
        .set({ status: to, ...(psp ? { pspReference: psp } : {}), ...(extra.cardLast4 ? { cardLast4: extra.cardLast4 } : {}), updatedAt: sql`now()` })
        .where(and(eq(sandboxPayments.id, providerId), inArray(sandboxPayments.status, from)))
        .returning();
      if (!moved) {
        const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerId));
        return row ?? null;
      }
      if (psp) {
        const reason = to === "refused" ? (extra.reason ?? "Refused") : to === "cancelled" ? "Cancelled" : undefined;
        await tx.insert(sandboxNotifications).values({ item: notification(moved, "AUTHORISATION", to === "authorised", psp, reason ? { reason } : {}) });
      }
      return moved;
    });
  }

  // ------------------------------------------------------------------ webhooks out

  /** Delivers the notifications that are due (claimed with SKIP LOCKED: several copies share the outbox). */
  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const due = (await db.execute(sql`
        update sandbox_notifications set attempts = attempts + 1, next_attempt_at = now() + interval '60 seconds'
        where id in (select id from sandbox_notifications where delivered_at is null and next_attempt_at <= now() and attempts < 20
                     order by id limit 10 for update skip locked)
        returning id, item, attempts`)) as unknown as { rows: { id: number; item: NotificationItem; attempts: number }[] };
      if (!due.rows.length) return sent;
      for (const n of due.rows) {
        const body = JSON.stringify({ live: "false", notificationItems: [{ NotificationRequestItem: n.item }] });
        let error: string | null = null;
        try {
          const res = await transport(body, { "content-type": "application/json", "user-agent": "SandboxPay-Webhook/1.0" });
          if (res.status !== 200 || !res.body.includes("[accepted]")) error = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
        } catch (err) {
          error = String(err).slice(0, 200);
        }
        if (error === null) {
          await db.update(sandboxNotifications).set({ deliveredAt: sql`now()`, lastError: null }).where(eq(sandboxNotifications.id, n.id));
          sent++;
        } else {
          // Adyen retries after 2, 4, 8... minutes; the sandbox after 5 s, 10 s, 20 s... up to an hour.
          const wait = Math.min(3600, 5 * 2 ** (Number(n.attempts) - 1));
          await db
            .update(sandboxNotifications)
            .set({ lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
            .where(eq(sandboxNotifications.id, n.id));
          log(40, "sandbox webhook not accepted, will retry", { id: n.id, attempts: n.attempts, error });
        }
      }
    }
  }

  /** Starts a delivery round now (one at a time per process; a call during a round asks for another). */
  function kick(): Promise<void> {
    if (delivering) {
      again = true;
      return delivering;
    }
    delivering = (async () => {
      do {
        again = false;
        await deliverDue().catch((err) => log(50, "sandbox webhook delivery failed", { err: String(err) }));
      } while (again);
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  // ------------------------------------------------------------------ the provider

  const provider: PaymentProvider = {
    name: "sandbox",
    webhookAnswer: "[accepted]",

    createSession: (input) => open("session", input),
    createOrder: (input) => open("order", input),

    async submitDetails(details) {
      const sessionId = readRedirectResult(details.redirectResult ?? "");
      if (!sessionId) return null;
      const row = await load(sessionId);
      return row && row.kind === "session" ? resultOf(row) : null;
    },

    async orderDetails(orderId) {
      const row = await load(orderId);
      if (row?.kind !== "order") return null;
      const status: WalletOrder["status"] =
        row.status === "open" ? "PAYER_ACTION_REQUIRED" : row.status === "approved" ? "APPROVED" : row.status === "authorised" ? "COMPLETED" : "VOIDED";
      const amount = { currency_code: "EUR" as const, value: cents(row.amount) };
      return {
        id: row.id,
        status,
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: row.merchantReference,
            custom_id: row.merchantReference,
            description: row.description ?? "",
            amount,
            ...(row.status === "authorised" && row.pspReference
              ? { payments: { captures: [{ id: row.pspReference, status: "COMPLETED" as const, amount }] } }
              : {}),
          },
        ],
        links: [
          { rel: "self", href: `${publicUrl}/api/payment/v1/sandbox/payments/order_details/?id=${row.id}`, method: "GET" },
          ...(row.status === "open" ? [{ rel: "payer-action", href: pageUrl(row), method: "GET" as const }] : []),
        ],
        create_time: row.createdAt.toISOString(),
        update_time: row.updatedAt.toISOString(),
      };
    },

    async capture(orderId) {
      const row = await load(orderId);
      if (row?.kind !== "order") return null;
      const done = row.status === "approved" ? await finish(orderId, "authorised", ["approved"]) : row;
      if (done && done.status === "authorised") void kick();
      return done ? resultOf(done) : null;
    },

    async status(providerId) {
      const row = await load(providerId);
      return row ? resultOf(row) : null;
    },

    async refund(input) {
      const key = `refund:${input.idempotencyKey}`;
      return db
        .transaction(async (trx) => {
          const tx = trx as unknown as Db;
          const [existing] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
          if (existing) return { pspReference: existing.pspReference };
          const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.pspReference, input.pspReference));
          const psp = id("", 8);
          const inserted = await tx
            .insert(sandboxRefunds)
            .values({
              pspReference: psp,
              paymentPspReference: input.pspReference,
              merchantReference: input.merchantReference,
              amount: input.amount,
              idempotencyKey: key,
            })
            .onConflictDoNothing()
            .returning();
          if (!inserted.length) {
            const [again] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
            return { pspReference: again.pspReference };
          }
          // Refunds are asynchronous at Adyen: the answer is "received", the webhook says how it ended.
          const ok = Boolean(payment && payment.status === "authorised" && input.amount <= payment.amount);
          const row = payment ?? ({ amount: input.amount, currency: "EUR", merchantReference: input.merchantReference, method: "card" } as SandboxRow);
          await tx.insert(sandboxNotifications).values({
            item: notification(row, "REFUND", ok, psp, {
              originalReference: input.pspReference,
              amount: { value: input.amount, currency: "EUR" },
              ...(ok ? {} : { reason: "Original payment not refundable" }),
            }),
          });
          return { pspReference: psp };
        })
        .finally(() => void kick());
    },

    verifyWebhook(body) {
      const items = (body as { notificationItems?: unknown })?.notificationItems;
      if (!Array.isArray(items) || items.length === 0 || items.length > 100) return null;
      const events: ProviderEvent[] = [];
      for (const wrapped of items) {
        const item = (wrapped as { NotificationRequestItem?: NotificationItem })?.NotificationRequestItem;
        if (!item || typeof item !== "object" || typeof item.pspReference !== "string" || typeof item.merchantReference !== "string") return null;
        if (!item.amount || !Number.isSafeInteger(item.amount.value) || typeof item.eventCode !== "string") return null;
        if (!validSignature(item, hmacKey)) return null;
        const code = (["AUTHORISATION", "REFUND", "CANCELLATION", "CAPTURE"] as const).find((c) => c === item.eventCode) ?? "OTHER";
        events.push({
          eventKey: `${item.pspReference}:${item.eventCode}:${item.success}`,
          eventCode: code,
          success: item.success === "true",
          pspReference: item.pspReference,
          originalReference: item.originalReference ?? null,
          merchantReference: item.merchantReference,
          amount: item.amount.value,
          currency: item.amount.currency,
          method: item.paymentMethod ?? null,
          reason: item.reason ?? null,
          providerId: typeof item.additionalData?.checkoutSessionId === "string" ? item.additionalData.checkoutSessionId.slice(0, 60) : null,
          raw: item,
        });
      }
      return events;
    },
  };

  // ------------------------------------------------------------------ the hosted page's actions

  /** Where the shopper goes back to once the payment is final (Adyen: redirectResult; PayPal: token and PayerID). */
  function returnTo(row: SandboxRow): string {
    const u = new URL(row.returnUrl);
    if (row.kind === "session") {
      u.searchParams.set("sessionId", row.id);
      u.searchParams.set("redirectResult", redirectResult(row.id));
    } else {
      u.searchParams.set("token", row.id);
      if (row.status === "approved" || row.status === "authorised") u.searchParams.set("PayerID", `SBX${row.id.slice(0, 10)}`);
    }
    return u.toString();
  }

  const page = {
    load,
    returnTo,
    expired: (row: SandboxRow) => row.expiresAt.getTime() < Date.now() && !FINAL.has(row.status) && row.status !== "approved",

    /** A card was submitted: authorise, refuse, or ask for the 3-D Secure code. */
    async payByCard(row: SandboxRow, number: string): Promise<SandboxRow | null> {
      const last4 = number.slice(-4);
      if (number === SANDBOX_CARDS.challenge) {
        const [moved] = await db
          .update(sandboxPayments)
          .set({ status: "challenge", cardLast4: last4, updatedAt: sql`now()` })
          .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.status, "open")))
          .returning();
        return moved ?? load(row.id);
      }
      const to: Final = number === SANDBOX_CARDS.refused ? "refused" : "authorised";
      const done = await finish(row.id, to, ["open"], { cardLast4: last4, reason: "Refused" });
      void kick();
      return done;
    },

    /** The 3-D Secure answer: the right code authorises; three wrong ones refuse. */
    async challenge(row: SandboxRow, code: string): Promise<{ row: SandboxRow | null; wrong: boolean }> {
      if (code === SANDBOX_3DS_CODE) {
        const done = await finish(row.id, "authorised", ["challenge"]);
        void kick();
        return { row: done, wrong: false };
      }
      const [tried] = await db
        .update(sandboxPayments)
        .set({ challengeTries: sql`${sandboxPayments.challengeTries} + 1`, updatedAt: sql`now()` })
        .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.status, "challenge")))
        .returning();
      if (tried && tried.challengeTries >= CHALLENGE_TRIES) {
        const done = await finish(row.id, "refused", ["challenge"], { reason: "3D Not Authenticated" });
        void kick();
        return { row: done, wrong: true };
      }
      return { row: tried ?? (await load(row.id)), wrong: true };
    },

    /** A wallet or instalment screen's approve/fail; PayPal's approval waits for the shop's capture. */
    async decide(row: SandboxRow, approve: boolean): Promise<SandboxRow | null> {
      const to = approve ? (row.kind === "order" ? "approved" : "authorised") : "refused";
      const done = await finish(row.id, to, ["open"], { reason: "Refused by the shopper's wallet" });
      void kick();
      return done;
    },

    async cancel(row: SandboxRow): Promise<SandboxRow | null> {
      const done = await finish(row.id, "cancelled", ["open", "challenge"]);
      void kick();
      return done;
    },
  };

  return {
    provider,
    page,
    /** Where webhooks go: this process's own HTTP stack (set by app.ts) or SANDBOX_WEBHOOK_URL. */
    setTransport(t: Transport | null) {
      transport = t;
    },
    kick,
    deliverDue,
  };
}
export type Sandbox = ReturnType<typeof createSandboxProvider>;
