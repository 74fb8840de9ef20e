import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../../core/cart.types.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { MailService } from "../mail/mail.service.ts";
import { paymentAttempts, paymentEvents, paymentRefunds } from "./payments.schema.ts";
import type { OrderPayments, PaymentOutcome, ResultCode, StartPaymentInput, StartPaymentResult } from "./payments.types.ts";
import type { PaymentProvider, ProviderEvent, ProviderResult } from "./providers/provider.ts";
import { createSandboxProvider, type Transport } from "./providers/sandbox.ts";

export type PaymentsDeps = {
  db: Db;
  config: Config;
  mail: MailService;
  /** The checkout's side of the contract (late-bound: the checkout is built after payments). */
  orders: () => OrderPayments & { settled?: () => void };
};

/** Methods the wallet provider (PayPal-shaped) takes; the card provider (Adyen-shaped) takes the rest but transfer. */
const WALLET_METHODS = new Set<PaymentMethod>(["paypal"]);
const RECONCILE_EVERY_MS = 60_000;
/** An attempt nobody came back from is asked about after this long. */
const RECONCILE_AFTER_MS = 3 * 60_000;

function log(level: number, msg: string, extra: Record<string, unknown> = {}) {
  console.error(JSON.stringify({ level, time: Date.now(), name: "payments", msg, ...extra }));
}

type Attempt = typeof paymentAttempts.$inferSelect;

/**
 * Payments (issue 9, docs/decisions/017): opens a provider's session or order for a placed
 * order, applies the provider's final word once (the unique event key in payment_events,
 * recorded in the transaction that moves the order), reconciles attempts nobody came back from,
 * refunds, and shows the bank details of transfers. The embedded sandbox is the provider here;
 * a real adapter implements PaymentProvider and is named by PAYMENT_CARD_PROVIDER /
 * PAYMENT_WALLET_PROVIDER.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config } = deps;
  const sandbox = createSandboxProvider({ db, publicUrl: config.publicUrl, hmacKey: config.payments.hmacKey, log });
  const providers = new Map<string, PaymentProvider>([["sandbox", sandbox.provider]]);
  const cardProvider = providers.get(config.payments.cardProvider)!;
  const walletProvider = providers.get(config.payments.walletProvider)!;
  if (config.payments.sandboxWebhookUrl) {
    const url = config.payments.sandboxWebhookUrl;
    sandbox.setTransport(async (body, headers) => {
      const res = await fetch(url, { method: "POST", body, headers, signal: AbortSignal.timeout(10_000) });
      return { status: res.status, body: await res.text() };
    });
  }
  let timer: NodeJS.Timeout | undefined;

  const providerFor = (method: PaymentMethod) => (WALLET_METHODS.has(method) ? walletProvider : cardProvider);

  const transferInstructions = (_i: { reference: string; amount: number }) => ({ ...config.payments.transfer });

  /**
   * Records a provider's word and applies it to the order, in one transaction: the unique event
   * key makes a repeat (the webhook again, or the return after the webhook) change nothing.
   */
  async function apply(provider: string, ev: Omit<ProviderEvent, "raw"> & { raw?: unknown }, source: PaymentOutcome["source"]) {
    const outcome = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const inserted = await tx
        .insert(paymentEvents)
        .values({
          provider,
          eventKey: ev.eventKey,
          reference: ev.merchantReference.slice(0, 200),
          pspReference: ev.pspReference.slice(0, 100),
          eventCode: ev.eventCode,
          success: ev.success ? 1 : 0,
          amount: ev.amount,
          source,
          payload: (ev.raw ?? null) as object | null,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!inserted.length) return { duplicate: true as const };
      if (ev.eventCode === "REFUND") {
        await tx
          .update(paymentRefunds)
          .set({ status: ev.success ? "refunded" : "failed", updatedAt: sql`now()` })
          .where(eq(paymentRefunds.pspReference, ev.pspReference));
        return { duplicate: false as const, result: null };
      }
      if (ev.eventCode !== "AUTHORISATION") return { duplicate: false as const, result: null };
      const resultCode: ResultCode = ev.success ? "Authorised" : ev.reason === "Cancelled" ? "Cancelled" : "Refused";
      const [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.reference, ev.merchantReference))
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      const method = (attempt?.method ?? ev.method ?? "card") as PaymentMethod;
      const result = await deps.orders().applyOutcome(tx, {
        reference: ev.merchantReference,
        pspReference: ev.pspReference,
        resultCode,
        amount: ev.amount,
        currency: ev.currency === "EUR" ? "EUR" : ("XXX" as "EUR"),
        method,
        provider,
        source,
      });
      if (attempt) {
        await tx
          .update(paymentAttempts)
          .set({ status: resultCode.toLowerCase(), pspReference: ev.pspReference, updatedAt: sql`now()` })
          .where(and(eq(paymentAttempts.reference, ev.merchantReference), eq(paymentAttempts.status, "open")));
      }
      if (result) {
        await tx
          .update(paymentEvents)
          .set({ orderStatus: result.status, changed: result.changed ? 1 : 0 })
          .where(eq(paymentEvents.id, inserted[0].id));
      }
      return { duplicate: false as const, result, attempt };
    });
    if (!outcome.duplicate && outcome.result) {
      deps.orders().settled?.();
      // Money taken for an order that can no longer take it (cancelled, expired and sold out, another amount): back.
      if (outcome.result.refund && ev.success) {
        await api.refund({
          orderId: outcome.result.orderId,
          reference: ev.merchantReference,
          amount: ev.amount,
          idempotencyKey: `auto-${provider}-${ev.pspReference}`,
          pspReference: ev.pspReference,
        });
      }
    }
    return outcome;
  }

  const eventOf = (r: ProviderResult): Omit<ProviderEvent, "raw"> | null =>
    r.pspReference && r.resultCode !== "Pending" && r.resultCode !== "Error"
      ? {
          // The same key as the webhook's: whichever comes first acts.
          eventKey: `${r.pspReference}:AUTHORISATION:${r.resultCode === "Authorised"}`,
          eventCode: "AUTHORISATION",
          success: r.resultCode === "Authorised",
          pspReference: r.pspReference,
          originalReference: null,
          merchantReference: r.merchantReference,
          amount: r.amount,
          currency: r.currency,
          method: r.method,
          reason: r.resultCode === "Cancelled" ? "Cancelled" : null,
        }
      : null;

  /** Asks the provider about an attempt (return, poll) and applies a final answer. */
  async function settle(attempt: Attempt, source: PaymentOutcome["source"], query: Record<string, string> = {}): Promise<ProviderResult | null> {
    const provider = providers.get(attempt.provider);
    if (!provider || !attempt.providerId) return null;
    let result: ProviderResult | null;
    if (WALLET_METHODS.has(attempt.method as PaymentMethod)) {
      const order = await provider.orderDetails(attempt.providerId);
      if (!order) return null;
      // PayPal: an approved order is captured by the shop (once: the provider keys the capture).
      result =
        order.status === "APPROVED" || order.status === "COMPLETED"
          ? await provider.capture(attempt.providerId, `capture-${attempt.providerId}`)
          : await provider.status(attempt.providerId);
    } else {
      result = query.redirectResult ? await provider.submitDetails({ redirectResult: query.redirectResult }) : await provider.status(attempt.providerId);
    }
    if (!result || result.merchantReference !== attempt.reference) return null;
    const ev = eventOf(result);
    if (ev) await apply(attempt.provider, ev, source);
    return result;
  }

  async function attemptFor(reference: string, providerId?: string): Promise<Attempt | null> {
    const where = providerId
      ? and(eq(paymentAttempts.reference, reference), eq(paymentAttempts.providerId, providerId))
      : eq(paymentAttempts.reference, reference);
    const [a] = await db.select().from(paymentAttempts).where(where).orderBy(desc(paymentAttempts.id)).limit(1);
    return a ?? null;
  }

  /** Attempts left open for a while (the shopper closed the tab, a webhook got lost): ask the provider. */
  async function reconcile(now = Date.now()): Promise<number> {
    const stale = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.status, "open"), lt(paymentAttempts.createdAt, new Date(now - RECONCILE_AFTER_MS))))
      .orderBy(paymentAttempts.id)
      .limit(50);
    let settled = 0;
    for (const a of stale) {
      const r = await settle(a, "poll").catch((err) => {
        log(40, "reconciliation failed", { reference: a.reference, err: String(err) });
        return null;
      });
      if (r && r.resultCode !== "Pending") settled++;
    }
    return settled;
  }

  const api = {
    providers,
    sandbox,
    transferInstructions,

    /** The provider behind a name of the spec's paths (/payment/v1/{provider}/...), and its shape. */
    provider(name: string, shape: "card" | "wallet"): PaymentProvider | null {
      const want = shape === "card" ? config.payments.cardProvider : config.payments.walletProvider;
      return name === want ? (providers.get(name) ?? null) : null;
    },

    /** Opens a payment for a placed order: a provider session or order (redirect), or transfer instructions. */
    async startPayment(_ctx: RequestContext, input: StartPaymentInput): Promise<StartPaymentResult> {
      if (input.method === "transfer") {
        return { type: "transfer", reference: input.reference, amount: input.amount, bank: transferInstructions(input) };
      }
      const provider = providerFor(input.method);
      // One open payment per order: a retry, a second tab or the spec's call after placing finds it again.
      const [open] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.reference, input.reference),
            eq(paymentAttempts.method, input.method),
            eq(paymentAttempts.amount, input.amount),
            eq(paymentAttempts.status, "open"),
            sql`${paymentAttempts.createdAt} > now() - interval '55 minutes'`,
          ),
        )
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      if (open?.redirectUrl && open.providerId) return { type: "redirect", url: open.redirectUrl, sessionId: open.providerId };
      const key = `pay-${input.idempotencyKey}`.slice(0, 200);
      await db
        .insert(paymentAttempts)
        .values({
          orderId: input.orderId,
          reference: input.reference,
          provider: provider.name,
          method: input.method,
          amount: input.amount,
          currency: input.currency,
          idempotencyKey: key,
        })
        .onConflictDoNothing({ target: paymentAttempts.idempotencyKey });
      const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, key));
      if (attempt.redirectUrl && attempt.providerId && attempt.status === "open")
        return { type: "redirect", url: attempt.redirectUrl, sessionId: attempt.providerId };
      const create = WALLET_METHODS.has(input.method) ? provider.createOrder.bind(provider) : provider.createSession.bind(provider);
      const created = await create({
        reference: input.reference,
        amount: attempt.amount,
        currency: "EUR",
        method: input.method,
        language: input.language,
        shopperEmail: input.shopperEmail,
        description: input.description,
        returnUrl: input.returnUrl,
        idempotencyKey: key,
      });
      await db
        .update(paymentAttempts)
        .set({ providerId: created.providerId, redirectUrl: created.redirectUrl, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, attempt.id));
      return { type: "redirect", url: created.redirectUrl, sessionId: created.providerId };
    },

    /**
     * The shopper came back from the provider's page (/checkout/result/{reference}?...): asks the
     * provider (Adyen's /payments/details, PayPal's order then capture) and applies its answer.
     */
    async completeReturn(_ctx: RequestContext, input: { reference: string; query: Record<string, string> }): Promise<{ resultCode: ResultCode }> {
      const providerId = input.query.sessionId ?? input.query.token;
      const attempt = await attemptFor(input.reference, typeof providerId === "string" ? providerId : undefined);
      if (!attempt) return { resultCode: "Error" };
      const r = await settle(attempt, "return", input.query);
      if (!r) return { resultCode: "Error" };
      return { resultCode: r.resultCode };
    },

    /** Adyen's /payments/details: the provider's result for a redirectResult, applied once. */
    async details(providerName: string, details: Record<string, string>): Promise<ProviderResult | null> {
      const provider = providers.get(providerName);
      const r = provider ? await provider.submitDetails(details) : null;
      if (!r) return null;
      const ev = eventOf(r);
      if (ev) await apply(providerName, ev, "return");
      return r;
    },

    /** Applies the events of a provider's webhook; null when the call is not the provider's (401). */
    async webhook(providerName: string, body: unknown): Promise<{ answer: string; applied: number; duplicates: number } | null> {
      const provider = providers.get(providerName);
      if (!provider) return null;
      const events = provider.verifyWebhook(body);
      if (!events) return null;
      let applied = 0;
      let duplicates = 0;
      for (const ev of events) {
        const r = await apply(provider.name, ev, "webhook");
        if (r.duplicate) duplicates++;
        else applied++;
      }
      return { answer: provider.webhookAnswer, applied, duplicates };
    },

    /**
     * Gives money back for an order (cancellation after payment, a return, a payment that came
     * too late), once per idempotency key. A bank transfer has no provider: it is recorded for
     * staff to send back by hand ("manual").
     */
    async refund(input: {
      orderId: number;
      reference: string;
      amount: number;
      idempotencyKey: string;
      pspReference?: string;
    }): Promise<{ ok: boolean; status: string }> {
      const key = `refund-${input.idempotencyKey}`.slice(0, 200);
      const [paid] = input.pspReference
        ? [{ provider: (await attemptFor(input.reference))?.provider ?? cardProvider.name, pspReference: input.pspReference }]
        : await db
            .select({ provider: paymentAttempts.provider, pspReference: paymentAttempts.pspReference })
            .from(paymentAttempts)
            .where(and(eq(paymentAttempts.reference, input.reference), eq(paymentAttempts.status, "authorised")))
            .orderBy(desc(paymentAttempts.id))
            .limit(1);
      const inserted = await db
        .insert(paymentRefunds)
        .values({
          orderId: input.orderId,
          reference: input.reference,
          provider: paid?.provider ?? "transfer",
          amount: Math.max(1, input.amount),
          idempotencyKey: key,
          paymentPspReference: paid?.pspReference ?? null,
          status: paid?.pspReference ? "requested" : "manual",
        })
        .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
        .returning();
      const [row] = inserted.length ? inserted : await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      if (row.status !== "requested" || row.pspReference) return { ok: true, status: row.status };
      const provider = providers.get(row.provider);
      if (!provider || !row.paymentPspReference) return { ok: false, status: row.status };
      const { pspReference } = await provider.refund({
        pspReference: row.paymentPspReference,
        merchantReference: input.reference,
        amount: row.amount,
        idempotencyKey: key,
      });
      await db.update(paymentRefunds).set({ pspReference, updatedAt: sql`now()` }).where(eq(paymentRefunds.id, row.id));
      return { ok: true, status: "requested" };
    },

    /** The refunds of an order (staff and the order page). */
    refundsOf: (orderId: number) => db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id),
    /** The payment attempts of an order. */
    attemptsOf: (orderId: number) => db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(paymentAttempts.id),
    attemptFor,
    reconcile,

    /** Webhooks of the sandbox go through this process's own HTTP stack (set by app.ts). */
    setLocalTransport(t: Transport) {
      if (!config.payments.sandboxWebhookUrl) sandbox.setTransport(t);
    },
    /** Delivers the sandbox's due webhooks now (tests await it). */
    deliverWebhooks: () => sandbox.kick(),

    start() {
      if (config.nodeEnv === "production" && (config.payments.cardProvider === "sandbox" || config.payments.walletProvider === "sandbox")) {
        // Test cards pay orders here: fine for a demo, never for a shop that ships goods.
        log(40, "payments run on the embedded sandbox provider: no real money is taken (docs/decisions/017)");
      }
      if (!timer) {
        timer = setInterval(() => {
          void sandbox.kick();
          void reconcile().catch((err) => log(50, "reconciliation failed", { err: String(err) }));
        }, RECONCILE_EVERY_MS);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      sandbox.setTransport(null);
    },
  };
  return api;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
