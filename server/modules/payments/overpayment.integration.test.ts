import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { relaxThrottling } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { createStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { orders } from "../cart/cart.schema.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { orderEvents } from "../orders/orders.schema.ts";
import { paymentAttempts, paymentRefunds, sandboxPayments, sandboxRefunds } from "./payments.schema.ts";
import { hmacSignature, type NotificationItem } from "./providers/adyen-hmac.ts";
import { MERCHANT_ACCOUNT } from "./providers/sandbox.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const ORIGIN = "http://localhost:3000";
type Headers = Record<string, string>;

/**
 * Money the shop cannot keep (issue 36, issue 39 item 4; docs/decisions/046): a second payment
 * of a paid order, a payment of another amount, are given back by the provider exactly once,
 * and staff see it on the order page; an open attempt is reused exactly while its provider
 * session can be paid; reconciliation reaches every open attempt and expires ended ones.
 */
describeEachDb("payments: money the shop cannot keep is refunded exactly once", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let key = 0;
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
  const db = () => shop.database.db as Db;
  const hmacKey = () => shop.services.config.payments.hmacKey;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN } });
    relaxThrottling(shop);
    await seedStores(db());
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db(), { es: es.id, fr: fr.id });
    await db().update(variants).set({ stock: 1000 }).where(eq(variants.ref, "PD-RES-BL-70"));
    const list = (await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? [];
    attrs = Object.fromEntries(list.map((a) => [a.slug, a]));
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const api = (method: "GET" | "POST", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });

  /** A placed card order waiting for payment, and its first payment session. */
  async function placed() {
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const row = await api("POST", "/cart/v1/cart-rows/", { payload: { product: SLUG, selection } });
    expect(row.statusCode, row.body).toBe(201);
    const c = row.json();
    const res = await api("POST", "/checkout/v1/place_order/", {
      headers: { "x-cart-token": c.cart_token },
      payload: {
        idempotency_key: `over-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        expected_total: c.cart.prices.pvp_total,
        name: "Lucía",
        surnames: "Martín Ruiz",
        phone: "612 345 678",
        email: "lucia.martin@example.es",
        shipping_address: "Calle Mayor",
        shipping_number: "12",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_business_name: "Lucía Martín Ruiz",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "card",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json();
    return {
      id: order.id as number,
      reference: order.payment_reference as string,
      total: order.prices.total as number,
      url: payment.url as string,
      cartToken: c.cart_token as string,
    };
  }
  type Placed = Awaited<ReturnType<typeof placed>>;

  const pagePath = (url: string) => new URL(url).pathname;
  const sessionIdOf = (url: string) => pagePath(url).split("/").pop()!;
  const submit = (path: string, form: Record<string, string>) =>
    shop.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      payload: new URLSearchParams(form).toString(),
    });
  const payByCard = (url: string) => submit(pagePath(url), { action: "card", number: "4111111111111111", expiry: "12/39", cvc: "123", holder: "Lucía Martín" });
  const back = (location: string) => {
    const u = new URL(location);
    return shop.services.payments.completeReturn(contextFor({} as never), {
      reference: u.pathname.split("/").pop()!,
      query: Object.fromEntries(u.searchParams),
    });
  };
  const statusOf = async (id: number) => (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
  const paidTransitions = async (id: number) =>
    (
      await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 400), sql`${orderEvents.fromStatus} in (300, 350)`))
    ).length;
  const refundsOf = (orderId: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id);
  const providerRefundsOf = (psp: string) => db().select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentPspReference, psp));
  const pspOf = async (sessionId: string) => (await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, sessionId)))[0].pspReference!;
  const localTransport = () =>
    shop.services.payments.setLocalTransport(async (body, headers) => {
      const res = await shop.app.inject({ method: "POST", url: "/api/payment/v1/sandbox/webhooks/", payload: body, headers });
      return { status: res.statusCode, body: res.body };
    });
  /** Delivers the sandbox's webhooks until the order's refunds all reached `status`. */
  const refundStatuses = async (orderId: number) => {
    await shop.services.payments.deliverWebhooks();
    return (await refundsOf(orderId)).map((r) => r.status);
  };

  /** Another payable session for the same order at the provider (a second tab, another device). */
  async function secondSession(o: Placed, amount = o.total) {
    const created = await shop.services.payments.providers.get("sandbox")!.createSession({
      reference: o.reference,
      amount,
      currency: "EUR",
      method: "card",
      language: "es",
      shopperEmail: "lucia.martin@example.es",
      description: "second tab",
      returnUrl: `${ORIGIN}/checkout/result/${o.reference}`,
      idempotencyKey: `second-${o.reference}-${amount}`,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    return created.redirectUrl;
  }

  function signed(item: Omit<NotificationItem, "additionalData" | "merchantAccountCode" | "eventDate">): NotificationItem {
    const full: NotificationItem = { merchantAccountCode: MERCHANT_ACCOUNT, eventDate: new Date().toISOString(), ...item };
    return { ...full, additionalData: { hmacSignature: hmacSignature(full, hmacKey()) } };
  }
  const webhook = (items: NotificationItem[]) =>
    api("POST", "/payment/v1/sandbox/webhooks/", { payload: { live: "false", notificationItems: items.map((i) => ({ NotificationRequestItem: i })) } });

  describe("a second payment of a paid order", () => {
    it("two sandbox sessions paid: the order is paid once and the second payment is refunded once by the provider", async () => {
      const o = await placed();
      const tab2 = await secondSession(o);
      const first = await payByCard(o.url);
      expect((await back(first.headers.location as string)).resultCode).toBe("Authorised");
      expect(await statusOf(o.id)).toBe(400);
      // The second tab is still payable, and the shopper pays there too.
      const second = await payByCard(tab2);
      expect(second.statusCode).toBe(303);
      await back(second.headers.location as string);
      await shop.services.payments.deliverWebhooks();
      const psp1 = await pspOf(sessionIdOf(o.url));
      const psp2 = await pspOf(sessionIdOf(tab2));
      await expect.poll(() => refundStatuses(o.id), { timeout: 10_000 }).toEqual(["refunded"]);
      const [refund] = await refundsOf(o.id);
      expect(refund).toMatchObject({ reason: "duplicate", amount: o.total, paymentPspReference: psp2 });
      expect(await providerRefundsOf(psp2)).toHaveLength(1);
      expect(await providerRefundsOf(psp1)).toHaveLength(0);
      expect(await paidTransitions(o.id)).toBe(1);
      // Giving back a payment the order never kept is not a refund of the order.
      const state = await db().execute(sql`select payment_state from orders where id = ${o.id}`);
      expect((state as unknown as { rows: { payment_state: string }[] }).rows[0].payment_state).toBe("paid");
      // Staff cancelling afterwards refund the payment that paid the order, not the one already given back.
      const boss = (await createStaff(shop, "owner")).headers;
      const cancel = await api("POST", `/admin/v1/orders/${o.id}/cancel/`, { headers: boss, payload: { reason: "Pedido duplicado" } });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await providerRefundsOf(psp1)).toHaveLength(1);
      expect(await providerRefundsOf(psp2)).toHaveLength(1);
    });

    it("a validly signed webhook with a new PSP reference for a paid order, replayed 60 times while returns race: one refund", async () => {
      const o = await placed();
      const paid = await payByCard(o.url);
      await back(paid.headers.location as string);
      expect(await statusOf(o.id)).toBe(400);
      // A second payment whose own notification got lost: the provider (or an attacker with a
      // captured, validly signed item) sends it again and again.
      shop.services.payments.sandbox.setTransport(null);
      try {
        const tab2 = await secondSession(o);
        const second = await payByCard(tab2);
        const psp2 = await pspOf(sessionIdOf(tab2));
        const item = signed({
          pspReference: psp2,
          merchantReference: o.reference,
          amount: { value: o.total, currency: "EUR" },
          eventCode: "AUTHORISATION",
          paymentMethod: "card",
          success: "true",
        });
        const redirectResult = new URL(second.headers.location as string).searchParams.get("redirectResult")!;
        const answers = await Promise.all([
          ...Array.from({ length: 60 }, () => webhook([item])),
          ...Array.from({ length: 5 }, () => api("POST", "/payment/v1/sandbox/payments/details/", { payload: { details: { redirectResult } } })),
          back(second.headers.location as string),
        ]);
        for (const a of answers.slice(0, 65)) expect((a as { statusCode: number }).statusCode).toBe(200);
        const refunds = await refundsOf(o.id);
        expect(refunds).toHaveLength(1);
        expect(refunds[0]).toMatchObject({ reason: "duplicate", paymentPspReference: psp2, amount: o.total });
        expect(refunds[0].pspReference).toMatch(/^[0-9A-F]{16}$/);
        expect(await providerRefundsOf(psp2)).toHaveLength(1);
        expect(await paidTransitions(o.id)).toBe(1);
      } finally {
        localTransport();
      }
      await expect.poll(() => refundStatuses(o.id), { timeout: 10_000 }).toEqual(["refunded"]);
      expect(await providerRefundsOf(await pspOf(sessionIdOf(o.url)))).toHaveLength(0);
    });

    it("a refund the provider does not take is retried by the job loop, with the same key, until it is", async () => {
      const o = await placed();
      await back((await payByCard(o.url)).headers.location as string);
      const sandbox = shop.services.payments.providers.get("sandbox")!;
      const refund = sandbox.refund;
      let down = true;
      const keys: string[] = [];
      sandbox.refund = async (input) => {
        keys.push(input.idempotencyKey);
        if (down) throw new Error("provider unavailable");
        return refund(input);
      };
      try {
        const tab2 = await secondSession(o);
        await payByCard(tab2);
        await shop.services.payments.deliverWebhooks();
        const [pending] = await refundsOf(o.id);
        expect(pending).toMatchObject({ reason: "duplicate", status: "requested", pspReference: null, lastError: "Error: provider unavailable", attempts: 1 });
        // Not due yet: the loop leaves it alone.
        await shop.services.payments.retryRefunds();
        expect(keys).toHaveLength(1);
        down = false;
        await db()
          .update(paymentRefunds)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(paymentRefunds.id, pending.id));
        await Promise.all([shop.services.payments.retryRefunds(), shop.services.payments.retryRefunds()]);
        expect(keys).toEqual([pending.idempotencyKey, pending.idempotencyKey]);
        expect(await providerRefundsOf(await pspOf(sessionIdOf(tab2)))).toHaveLength(1);
      } finally {
        sandbox.refund = refund;
      }
      await expect.poll(() => refundStatuses(o.id), { timeout: 10_000 }).toEqual(["refunded"]);
    });
  });

  describe("other money the order cannot keep", () => {
    it("a payment of another amount is refunded whole and the order stays waiting for its payment", async () => {
      const o = await placed();
      const wrong = await secondSession(o, o.total + 500);
      await payByCard(wrong);
      await shop.services.payments.deliverWebhooks();
      expect(await statusOf(o.id)).toBe(300);
      await expect.poll(() => refundStatuses(o.id), { timeout: 10_000 }).toEqual(["refunded"]);
      const [refund] = await refundsOf(o.id);
      expect(refund).toMatchObject({ reason: "amount_mismatch", amount: o.total + 500 });
      // The right amount still pays it.
      await back((await payByCard(o.url)).headers.location as string);
      expect(await statusOf(o.id)).toBe(400);
      expect(await refundsOf(o.id)).toHaveLength(1);
    });
  });

  describe("the order page", () => {
    it("shows the automatic refund with its label and state, in the payments panel and the timeline", async () => {
      const o = await placed();
      const tab2 = await secondSession(o);
      await back((await payByCard(o.url)).headers.location as string);
      await payByCard(tab2);
      await expect.poll(() => refundStatuses(o.id), { timeout: 10_000 }).toEqual(["refunded"]);
      const psp2 = await pspOf(sessionIdOf(tab2));
      const boss = await createStaff(shop, "owner", { language: "es" });
      const res = await api("GET", `/admin/v1/orders/${o.id}/`, { headers: boss.headers });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json();
      expect(d.payment_state).toBe("paid");
      expect(d.refunded_total).toBe(0);
      expect(d.refunds).toEqual([
        expect.objectContaining({
          automatic: true,
          reason: "duplicate",
          label: "Cobro duplicado devuelto automáticamente",
          status: "refunded",
          amount: o.total,
          payment_psp_reference: psp2,
        }),
      ]);
      const entry = d.timeline.find((e: { kind: string }) => e.kind === "refund");
      expect(entry.summary).toContain("Cobro duplicado devuelto automáticamente");
      expect(entry.summary).toContain("devuelto");
      expect(entry.data).toMatchObject({ reason: "duplicate", status: "refunded", payment_psp_reference: psp2 });
      const fr = await createStaff(shop, "owner", { language: "fr" });
      const inFrench = (await api("GET", `/admin/v1/orders/${o.id}/`, { headers: fr.headers })).json();
      expect(inFrench.refunds[0].label).toBe("Paiement en double remboursé automatiquement");
    });
  });

  describe("the open attempt and its provider session", () => {
    it("'Pagar' reuses the open session while it can be paid (57 minutes old), and opens a new one once it has ended", async () => {
      const o = await placed();
      const first = sessionIdOf(o.url);
      const ago = (min: number) => new Date(Date.now() - min * 60_000);
      // 57 minutes later the first tab is still payable (its session lives 60).
      const opened = ago(57);
      const ends = ago(-3);
      await db().update(paymentAttempts).set({ createdAt: opened, expiresAt: ends }).where(eq(paymentAttempts.providerId, first));
      await db().update(sandboxPayments).set({ createdAt: opened, expiresAt: ends }).where(eq(sandboxPayments.id, first));
      const pay = (k: string) =>
        api("POST", "/payment/v1/sandbox/payments/session/", {
          headers: { "x-cart-token": o.cartToken, "idempotency-key": `${k}-${o.id}-pagar` },
          payload: { reference: o.reference },
        });
      const again = await pay("again");
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().id).toBe(first);
      const [row] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, first));
      expect(again.json().expiresAt).toBe(row.expiresAt.toISOString());
      // Its session ended: a new one, which lives as long as the shop reuses it.
      await db()
        .update(paymentAttempts)
        .set({ expiresAt: ago(1) })
        .where(eq(paymentAttempts.providerId, first));
      await db()
        .update(sandboxPayments)
        .set({ expiresAt: ago(1) })
        .where(eq(sandboxPayments.id, first));
      const fresh = await pay("fresh");
      expect(fresh.statusCode, fresh.body).toBe(200);
      const id2 = fresh.json().id as string;
      expect(id2).not.toBe(first);
      const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.providerId, id2));
      const [session] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, id2));
      expect(attempt.expiresAt.toISOString()).toBe(session.expiresAt.toISOString());
      expect(Math.abs(session.expiresAt.getTime() - Date.now() - 60 * 60_000)).toBeLessThan(60_000);
      // The spec's call without a key of its own (the same fallback key) finds the new one too.
      const plain = await api("POST", "/payment/v1/sandbox/payments/session/", {
        headers: { "x-cart-token": o.cartToken },
        payload: { reference: o.reference },
      });
      expect(plain.json().id).toBe(id2);
    });

    it("reconciliation reaches an authorised attempt behind 60 abandoned ones, copies share the work, and ended attempts expire", async () => {
      shop.services.payments.sandbox.setTransport(null);
      try {
        // Everything open from earlier tests is settled or expired first, so that only this test's attempts are due.
        await db().update(paymentAttempts).set({ status: "expired" }).where(eq(paymentAttempts.status, "open"));
        const abandoned = await placed();
        const sandbox = shop.services.payments.providers.get("sandbox")!;
        for (let i = 0; i < 60; i++) {
          const s = await sandbox.createSession({
            reference: abandoned.reference,
            amount: abandoned.total,
            currency: "EUR",
            method: "card",
            language: "es",
            shopperEmail: "lucia.martin@example.es",
            description: "abandoned",
            returnUrl: `${ORIGIN}/checkout/result/${abandoned.reference}`,
            idempotencyKey: `abandoned-${abandoned.reference}-${i}`,
            expiresAt: new Date(Date.now() + 60 * 60_000),
          });
          await db()
            .insert(paymentAttempts)
            .values({
              orderId: abandoned.id,
              reference: abandoned.reference,
              provider: "sandbox",
              method: "card",
              amount: abandoned.total,
              idempotencyKey: `abandoned-${abandoned.reference}-${i}`,
              providerId: s.providerId,
              redirectUrl: s.redirectUrl,
            });
        }
        // Paid at the provider; the shopper never came back and the webhook got lost.
        const o = await placed();
        await payByCard(o.url);
        expect(await statusOf(o.id)).toBe(300);
        const due = sql`${paymentAttempts.status} = 'open'`;
        await db()
          .update(paymentAttempts)
          .set({ createdAt: new Date(Date.now() - 10 * 60_000), nextCheckAt: new Date(Date.now() - 60_000) })
          .where(due);
        // Two copies reconcile at once: together they reach everything, and no attempt is asked twice.
        const [a, b] = await Promise.all([shop.services.payments.reconcile(), shop.services.payments.reconcile()]);
        expect(a + b).toBe(1);
        expect(await statusOf(o.id)).toBe(400);
        const open = await db().select().from(paymentAttempts).where(due);
        expect(open).toHaveLength(61);
        expect(open.every((x) => x.checks === 1 && x.nextCheckAt.getTime() > Date.now())).toBe(true);
        // A minute later nothing is due yet: nobody polls them again.
        expect(await shop.services.payments.reconcile()).toBe(0);
        expect((await db().select().from(paymentAttempts).where(due)).every((x) => x.checks === 1)).toBe(true);
        // Their sessions end unpaid: the attempts end with them.
        const past = new Date(Date.now() - 60_000);
        await db().update(paymentAttempts).set({ expiresAt: past, nextCheckAt: past }).where(due);
        await db().update(sandboxPayments).set({ expiresAt: past }).where(eq(sandboxPayments.merchantReference, abandoned.reference));
        await shop.services.payments.reconcile();
        const after = await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, abandoned.id));
        expect(after.filter((x) => x.status === "expired")).toHaveLength(61);
        expect(after.filter((x) => x.status === "open")).toHaveLength(0);
      } finally {
        localTransport();
      }
    });
  });
});
