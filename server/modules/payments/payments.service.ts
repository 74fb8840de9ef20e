import { and, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../../core/cart.types.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { MailService } from "../mail/mail.service.ts";
import { paymentAttempts, paymentEvents, paymentRefunds } from "./payments.schema.ts";
import {
  type OrderPayments,
  PAYMENT_SESSION_MINUTES,
  type PaymentOutcome,
  type ResultCode,
  type StartPaymentInput,
  type StartPaymentResult,
} from "./payments.types.ts";
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

function log(level: number, msg: string, extra: Record<string, unknown> = {}) {
  console.error(JSON.stringify({ level, time: Date.now(), name: "payments", msg, ...extra }));
}

type Attempt = typeof paymentAttempts.$inferSelect;
type Refund = typeof paymentRefunds.$inferSelect;

/** A refund's provider call is held this long by whoever claimed it (longer than the call's own timeout). */
const REFUND_LEASE_S = 60;
/** After this many failed provider calls a refund is marked failed: staff see it and act. */
const REFUND_MAX_ATTEMPTS = 12;
/** Open attempts reconciliation asks about per page (keyset by id: every open attempt is reached). */
const RECONCILE_PAGE = 50;

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
   * key makes a repeat (the webhook again, or the return after the webhook) change nothing. Money
   * the order cannot keep (a second payment, a late one, another amount) gets its refund row in
   * the same transaction, so exactly one refund exists per such payment however many deliveries
   * race (docs/decisions/046); the provider is asked after the commit, and again by the job loop
   * if it did not answer.
   */
  async function apply(provider: string, ev: Omit<ProviderEvent, "raw"> & { raw?: unknown }, source: PaymentOutcome["source"], attemptId?: number) {
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
        // The refunds of that payment first (the row lock sendRefund takes too): whichever of this
        // webhook and the provider's answer to the call comes second sees the other's write.
        if (ev.originalReference) {
          await tx
            .select({ id: paymentRefunds.id })
            .from(paymentRefunds)
            .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.paymentPspReference, ev.originalReference)))
            .for("update");
        }
        await tx
          .update(paymentRefunds)
          .set({ status: ev.success ? "refunded" : "failed", updatedAt: sql`now()` })
          .where(and(eq(paymentRefunds.pspReference, ev.pspReference), eq(paymentRefunds.provider, provider)));
        return { duplicate: false as const, result: null };
      }
      if (ev.eventCode !== "AUTHORISATION") return { duplicate: false as const, result: null };
      const resultCode: ResultCode = ev.success ? "Authorised" : ev.reason === "Cancelled" ? "Cancelled" : "Refused";
      const { attempt, own } = await attemptOf(tx, provider, ev.merchantReference, attemptId, ev.providerId);
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
      if (attempt && own) {
        // This attempt's session ended so (an expired one may still have been paid at its last second).
        await tx
          .update(paymentAttempts)
          .set({ status: resultCode.toLowerCase(), pspReference: ev.pspReference, updatedAt: sql`now()` })
          .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.status, ["open", "expired"])));
      }
      let refundId: number | null = null;
      if (result) {
        await tx
          .update(paymentEvents)
          .set({ orderStatus: result.status, changed: result.changed ? 1 : 0 })
          .where(eq(paymentEvents.id, inserted[0].id));
        if (result.refund && ev.success && ev.amount > 0) {
          // Claimed here, with the event: one row per payment (unique key and unique index).
          const [row] = await tx
            .insert(paymentRefunds)
            .values({
              orderId: result.orderId,
              reference: ev.merchantReference.slice(0, 200),
              provider,
              amount: ev.amount,
              idempotencyKey: `refund-auto-${provider}-${ev.pspReference}`.slice(0, 200),
              paymentPspReference: ev.pspReference.slice(0, 100),
              status: "requested",
              reason: result.refundReason ?? "late",
            })
            .onConflictDoNothing()
            .returning({ id: paymentRefunds.id });
          refundId = row?.id ?? null;
        }
      }
      return { duplicate: false as const, result, attempt, refundId };
    });
    if (!outcome.duplicate && outcome.result) {
      deps.orders().settled?.();
      if (outcome.refundId != null) {
        await sendRefund(outcome.refundId).catch((err) => log(50, "automatic refund not sent, will retry", { refund: outcome.refundId, err: String(err) }));
      }
    }
    return outcome;
  }

  /**
   * The attempt an event belongs to: the one asked about (return, poll), the session the provider
   * names, or the only open attempt of the reference (`own`). Otherwise the reference's latest
   * attempt only tells the method (`own` false: reconciliation settles each attempt itself).
   */
  async function attemptOf(
    tx: Db,
    provider: string,
    reference: string,
    attemptId?: number,
    providerId?: string | null,
  ): Promise<{ attempt: Attempt | null; own: boolean }> {
    if (attemptId != null) {
      const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
      if (a) return { attempt: a, own: true };
    }
    if (providerId) {
      const [a] = await tx
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.reference, reference), eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerId, providerId)));
      if (a) return { attempt: a, own: true };
    }
    const open = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.reference, reference), eq(paymentAttempts.status, "open")))
      .orderBy(desc(paymentAttempts.id))
      .limit(2);
    if (open.length) return { attempt: open[0], own: open.length === 1 };
    const [last] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)).orderBy(desc(paymentAttempts.id)).limit(1);
    return { attempt: last ?? null, own: false };
  }

  /**
   * Asks the provider for one refund row's money back, unless another call holds it: the claim
   * is a conditional UPDATE (a lease of REFUND_LEASE_S), the provider call carries the row's own
   * idempotency key, and a failure leaves the row for the job loop with a backoff.
   */
  async function sendRefund(id: number): Promise<Refund | null> {
    const [row] = await db
      .update(paymentRefunds)
      .set({
        attempts: sql`${paymentRefunds.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${REFUND_LEASE_S})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(paymentRefunds.id, id),
          eq(paymentRefunds.status, "requested"),
          isNull(paymentRefunds.pspReference),
          lte(paymentRefunds.nextAttemptAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) {
      const [now] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      return now ?? null;
    }
    const provider = providers.get(row.provider);
    if (!provider || !row.paymentPspReference) {
      const [failed] = await db
        .update(paymentRefunds)
        .set({ status: "failed", lastError: `no provider ${row.provider} for this refund`, updatedAt: sql`now()` })
        .where(eq(paymentRefunds.id, row.id))
        .returning();
      return failed;
    }
    try {
      const { pspReference } = await provider.refund({
        pspReference: row.paymentPspReference,
        merchantReference: row.reference,
        amount: row.amount,
        idempotencyKey: row.idempotencyKey,
      });
      // The refund's webhook may have come before this answer: its word is kept (under the row's
      // lock, which the webhook takes too, so one of the two always sees the other).
      return await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        await tx.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.id, row.id)).for("update");
        const [done] = await tx
          .update(paymentRefunds)
          .set({
            pspReference,
            lastError: null,
            status: sql`coalesce((select case when e.success = 1 then 'refunded' else 'failed' end from ${paymentEvents} e
              where e.provider = ${row.provider} and e.psp_reference = ${pspReference} and e.event_code = 'REFUND' order by e.id desc limit 1), ${paymentRefunds.status})`,
            updatedAt: sql`now()`,
          })
          .where(eq(paymentRefunds.id, row.id))
          .returning();
        return done;
      });
    } catch (err) {
      const wait = Math.min(3600, 30 * 2 ** Math.max(0, row.attempts - 1));
      const giveUp = row.attempts >= REFUND_MAX_ATTEMPTS;
      log(giveUp ? 50 : 40, giveUp ? "refund failed for good: staff must act" : "refund not taken by the provider, will retry", {
        refund: row.id,
        attempts: row.attempts,
        err: String(err),
      });
      const [left] = await db
        .update(paymentRefunds)
        .set({
          lastError: String(err).slice(0, 300),
          nextAttemptAt: sql`now() + make_interval(secs => ${wait})`,
          ...(giveUp ? { status: "failed" } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(paymentRefunds.id, row.id))
        .returning();
      return left;
    }
  }

  /** The job loop's turn: refunds the provider has not taken yet, due now (each claimed by sendRefund). */
  async function retryRefunds(): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const due = await db
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.status, "requested"),
            isNull(paymentRefunds.pspReference),
            lte(paymentRefunds.nextAttemptAt, sql`now()`),
            gt(paymentRefunds.id, after),
          ),
        )
        .orderBy(paymentRefunds.id)
        .limit(50);
      if (!due.length) return sent;
      for (const { id } of due) {
        const r = await sendRefund(id).catch((err) => {
          log(50, "refund retry failed", { refund: id, err: String(err) });
          return null;
        });
        if (r?.pspReference) sent++;
      }
      after = due[due.length - 1].id;
    }
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
    if (ev) {
      await apply(attempt.provider, ev, source, attempt.id);
      // Its final word closes this attempt even when the event came before (a webhook that could not tell which attempt).
      await db
        .update(paymentAttempts)
        .set({ status: result.resultCode.toLowerCase(), pspReference: ev.pspReference, updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.status, ["open", "expired"])));
    }
    return result;
  }

  /**
   * The payment that paid an order: the authorisation that moved it to paid (its event says so),
   * never a second payment the shop gave back by itself.
   */
  async function paymentOf(reference: string): Promise<{ provider: string; pspReference: string | null }[]> {
    const paying = await db
      .select({ provider: paymentEvents.provider, pspReference: paymentEvents.pspReference })
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.reference, reference),
          eq(paymentEvents.eventCode, "AUTHORISATION"),
          eq(paymentEvents.success, 1),
          eq(paymentEvents.changed, 1),
          sql`not exists (select 1 from payment_refunds r where r.provider = ${paymentEvents.provider}
                and r.payment_psp_reference = ${paymentEvents.pspReference} and r.reason is not null)`,
        ),
      )
      .orderBy(desc(paymentEvents.id))
      .limit(1);
    if (paying.length) return paying;
    return db
      .select({ provider: paymentAttempts.provider, pspReference: paymentAttempts.pspReference })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.reference, reference),
          eq(paymentAttempts.status, "authorised"),
          sql`not exists (select 1 from payment_refunds r where r.provider = ${paymentAttempts.provider}
                and r.payment_psp_reference = ${paymentAttempts.pspReference} and r.reason is not null)`,
        ),
      )
      .orderBy(desc(paymentAttempts.id))
      .limit(1);
  }

  async function attemptFor(reference: string, providerId?: string): Promise<Attempt | null> {
    const where = providerId
      ? and(eq(paymentAttempts.reference, reference), eq(paymentAttempts.providerId, providerId))
      : eq(paymentAttempts.reference, reference);
    const [a] = await db.select().from(paymentAttempts).where(where).orderBy(desc(paymentAttempts.id)).limit(1);
    return a ?? null;
  }

  /**
   * Attempts left open for a while (the shopper closed the tab, a webhook got lost): ask the
   * provider. Walks EVERY open attempt that is due, in keyset pages by id; each page is claimed
   * with one UPDATE … FOR UPDATE SKIP LOCKED that moves its rows' next_check_at on (a lease and a
   * backoff: 1, 2, 4… up to 15 minutes, and a look just after the session ends), so copies of the
   * shop share the work instead of polling the same rows. An attempt whose provider session ended
   * unpaid is marked expired (docs/decisions/046).
   */
  async function reconcile(now = Date.now()): Promise<number> {
    const at = new Date(now).toISOString();
    let after = 0;
    let settled = 0;
    for (;;) {
      const page = await db
        .update(paymentAttempts)
        .set({
          checks: sql`${paymentAttempts.checks} + 1`,
          nextCheckAt: sql`least(
            greatest(now(), ${at}::timestamptz) + make_interval(mins => least(15, power(2, least(${paymentAttempts.checks}, 10)))::int),
            greatest(${paymentAttempts.expiresAt} + interval '1 minute', greatest(now(), ${at}::timestamptz) + interval '1 minute'))`,
        })
        .where(
          sql`${paymentAttempts.id} in (select id from payment_attempts where status = 'open' and next_check_at <= ${at}::timestamptz and id > ${after}
                order by id limit ${RECONCILE_PAGE} for update skip locked)`,
        )
        .returning();
      if (!page.length) return settled;
      page.sort((a, b) => a.id - b.id);
      for (const a of page) {
        const r = await settle(a, "poll").catch((err) => {
          log(40, "reconciliation failed", { reference: a.reference, err: String(err) });
          return undefined;
        });
        if (r && r.resultCode !== "Pending" && r.resultCode !== "Error") settled++;
        else if (r !== undefined && a.expiresAt.getTime() <= now) {
          // Its session can no longer be paid: the attempt ends with it.
          await db
            .update(paymentAttempts)
            .set({ status: "expired", updatedAt: sql`now()` })
            .where(and(eq(paymentAttempts.id, a.id), eq(paymentAttempts.status, "open")));
        }
      }
      after = page[page.length - 1].id;
    }
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
      // One payable session per order: a retry, a second tab or the spec's call after placing finds
      // the open attempt again for exactly as long as its provider session can be paid.
      const [open] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.reference, input.reference),
            eq(paymentAttempts.method, input.method),
            eq(paymentAttempts.amount, input.amount),
            eq(paymentAttempts.status, "open"),
            gt(paymentAttempts.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      if (open?.redirectUrl && open.providerId) return { type: "redirect", url: open.redirectUrl, sessionId: open.providerId };
      const base = `pay-${input.idempotencyKey}`.slice(0, 180);
      let key = base;
      let attempt: Attempt | undefined;
      // The attempt of this key, or, once it is used up (ended, paid, expired), its successor's
      // (`{key}~{id}`: the same for concurrent retries, so they still open one session).
      for (let hop = 0; hop < 50; hop++) {
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
            expiresAt: new Date(Date.now() + PAYMENT_SESSION_MINUTES * 60_000),
          })
          .onConflictDoNothing({ target: paymentAttempts.idempotencyKey });
        [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, key));
        const payable = attempt.status === "open" && attempt.expiresAt.getTime() > Date.now();
        if (payable && attempt.redirectUrl && attempt.providerId) return { type: "redirect", url: attempt.redirectUrl, sessionId: attempt.providerId };
        if (payable && !attempt.providerId) break;
        key = `${base}~${attempt.id}`;
      }
      if (!attempt || attempt.idempotencyKey !== key) throw new Error(`no payment attempt could be opened for ${input.reference}`);
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
        expiresAt: attempt.expiresAt,
      });
      await db
        .update(paymentAttempts)
        .set({ providerId: created.providerId, redirectUrl: created.redirectUrl, expiresAt: created.expiresAt, updatedAt: sql`now()` })
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
        : await paymentOf(input.reference);
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
      // The provider is asked now; if it does not answer, the job loop asks again (same key).
      const sent = await sendRefund(row.id);
      if (!sent) return { ok: false, status: row.status };
      return { ok: sent.status !== "failed", status: sent.status };
    },

    /** The refunds of an order (staff and the order page). */
    refundsOf: (orderId: number) => db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id),
    /** The payment attempts of an order. */
    attemptsOf: (orderId: number) => db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(paymentAttempts.id),
    attemptFor,
    reconcile,
    /** Asks the provider again for refunds it has not taken yet (the job loop; tests call it). */
    retryRefunds,

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
          void retryRefunds().catch((err) => log(50, "refund retries failed", { err: String(err) }));
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
