import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { createStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { orders } from "../cart/cart.schema.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { orderEvents } from "../orders/orders.schema.ts";
import { hmacSignature, type NotificationItem } from "./providers/adyen-hmac.ts";
import { MERCHANT_ACCOUNT } from "./providers/sandbox.ts";
import { paymentEvents, paymentRefunds, sandboxNotifications, sandboxPayments } from "./payments.schema.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const ORIGIN = "http://localhost:3000";
type Headers = Record<string, string>;

describeEachDb("payments: the sandbox provider, its hosted page and its signed webhooks", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let alice: TestUser;
  let bob: TestUser;
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
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
    bob = await createCustomer(shop, smtp, { name: "Bruno" });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const api = (method: "GET" | "POST", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });

  async function cartOf(headers: Headers = {}) {
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const res = await api("POST", "/cart/v1/cart-rows/", { headers, payload: { product: SLUG, selection } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return {
      headers: { ...headers, ...(body.cart_token ? { "x-cart-token": body.cart_token } : {}) },
      id: body.cart.id as number,
      total: body.cart.prices.pvp_total as number,
    };
  }

  /** A placed order waiting for payment with `method`, and where its payment starts. */
  async function placed(method: string, headers: Headers = {}) {
    const cart = await cartOf(headers);
    const res = await api("POST", "/checkout/v1/place_order/", {
      headers: cart.headers,
      payload: {
        idempotency_key: `pay-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        expected_total: cart.total,
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
        payment_method: method,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json();
    return { cart, order, payment, reference: order.payment_reference as string, id: order.id as number };
  }

  const pagePath = (url: string) => new URL(url).pathname;
  const submit = (path: string, form: Record<string, string>) =>
    shop.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      payload: new URLSearchParams(form).toString(),
    });
  const card = (number: string) => ({ action: "card", number, expiry: "12/39", cvc: "123", holder: "Lucía Martín" });
  const statusOf = async (id: number) => (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
  /** The shopper's browser back at the shop: what the result page hands to the payments module. */
  const back = (location: string) => {
    const u = new URL(location);
    const reference = u.pathname.split("/").pop()!;
    return shop.services.payments.completeReturn(contextFor({} as never), { reference, query: Object.fromEntries(u.searchParams) });
  };
  const paidTransitions = async (id: number) =>
    (
      await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, id), eq(orderEvents.fromStatus, 300), eq(orderEvents.toStatus, 400)))
    ).length;

  function signed(item: Omit<NotificationItem, "additionalData" | "merchantAccountCode" | "eventDate">, keyHex = hmacKey()): NotificationItem {
    const full: NotificationItem = { merchantAccountCode: MERCHANT_ACCOUNT, eventDate: new Date().toISOString(), ...item };
    return { ...full, additionalData: { hmacSignature: hmacSignature(full, keyHex) } };
  }
  const webhook = (items: NotificationItem[]) =>
    api("POST", "/payment/v1/sandbox/webhooks/", { payload: { live: "false", notificationItems: items.map((i) => ({ NotificationRequestItem: i })) } });

  describe("card on the hosted page", () => {
    it("authorises 4111 1111 1111 1111: back at the shop the order is paid, and the webhook that follows changes nothing", async () => {
      const o = await placed("card");
      expect(o.payment.type).toBe("redirect");
      expect(o.payment.url).toMatch(new RegExp(`^${ORIGIN}/sandbox-pay/CS[0-9A-F]{24}$`));
      const page = await shop.app.inject({ method: "GET", url: pagePath(o.payment.url) });
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain('<html lang="es">');
      expect(page.body).toContain("Número de tarjeta");
      expect(page.body).toMatch(/\d+,\d{2}\s€/);
      const paid = await submit(pagePath(o.payment.url), card("4111 1111 1111 1111"));
      expect(paid.statusCode).toBe(303);
      const location = paid.headers.location as string;
      expect(location).toMatch(new RegExp(`^${ORIGIN}/checkout/result/${o.reference}\\?sessionId=CS.+&redirectResult=`));
      expect((await back(location)).resultCode).toBe("Authorised");
      expect(await statusOf(o.id)).toBe(400);
      await shop.services.payments.deliverWebhooks();
      const [n] = await db().select().from(sandboxNotifications).where(sql`${sandboxNotifications.item}->>'merchantReference' = ${o.reference}`);
      expect(n.deliveredAt).not.toBeNull();
      const events = await db().select().from(paymentEvents).where(eq(paymentEvents.reference, o.reference));
      expect(events).toHaveLength(1);
      expect(await paidTransitions(o.id)).toBe(1);
      // The page is closed now: it sends the shopper back instead of taking a second payment.
      const again = await shop.app.inject({ method: "GET", url: pagePath(o.payment.url) });
      expect(again.statusCode).toBe(303);
      const twice = await submit(pagePath(o.payment.url), card("4111111111111111"));
      expect(twice.statusCode).toBe(303);
      expect(await paidTransitions(o.id)).toBe(1);
    });

    it("refuses 4000 0000 0000 0002: Refused, and the shopper gets the cart back with its row", async () => {
      const o = await placed("card");
      const r = await submit(pagePath(o.payment.url), card("4000000000000002"));
      expect((await back(r.headers.location as string)).resultCode).toBe("Refused");
      expect(await statusOf(o.id)).toBe(100);
      const cart = await api("GET", `/cart/v1/carts/${o.id}/`, { headers: o.cart.headers });
      expect(cart.statusCode, cart.body).toBe(200);
      expect(cart.json().rows).toHaveLength(1);
    });

    it("asks 4000 0000 0000 3220 for the 3-D Secure code: a wrong code is said, 1234 authorises", async () => {
      const o = await placed("card");
      const path = pagePath(o.payment.url);
      const r = await submit(path, card("4000 0000 0000 3220"));
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe(path);
      const challenge = await shop.app.inject({ method: "GET", url: path });
      expect(challenge.body).toContain("3-D Secure");
      const wrong = await submit(path, { action: "challenge", code: "0000" });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain("El código no es correcto");
      const right = await submit(path, { action: "challenge", code: "1234" });
      expect((await back(right.headers.location as string)).resultCode).toBe("Authorised");
      expect(await statusOf(o.id)).toBe(400);
    });

    it("says what is wrong with a card form (Luhn, expiry, CVC, holder) and takes nothing", async () => {
      const o = await placed("card");
      const r = await submit(pagePath(o.payment.url), { action: "card", number: "4111 1111 1111 1112", expiry: "01/20", cvc: "1", holder: "" });
      expect(r.statusCode).toBe(422);
      for (const m of [
        "El número de tarjeta no es válido.",
        "La fecha de caducidad no es válida.",
        "El código de seguridad debe tener 3 o 4 cifras.",
        "Escribe el nombre del titular.",
      ]) {
        expect(r.body).toContain(m);
      }
      expect(r.body).toContain('aria-invalid="true"');
      expect(await statusOf(o.id)).toBe(300);
    });

    it("cancelling goes back to the shop as Cancelled and gives the cart back", async () => {
      const o = await placed("card");
      const r = await submit(pagePath(o.payment.url), { action: "cancel" });
      expect((await back(r.headers.location as string)).resultCode).toBe("Cancelled");
      expect(await statusOf(o.id)).toBe(100);
    });

    it("refuses a form posted from another site (403) and an unknown session (404)", async () => {
      const o = await placed("card");
      const forged = await shop.app.inject({
        method: "POST",
        url: pagePath(o.payment.url),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        payload: "action=cancel",
      });
      expect(forged.statusCode).toBe(403);
      expect(await statusOf(o.id)).toBe(300);
      expect((await shop.app.inject({ method: "GET", url: "/sandbox-pay/CS000000000000000000000000" })).statusCode).toBe(404);
      expect((await shop.app.inject({ method: "GET", url: "/sandbox-pay/..%2Fetc" })).statusCode).toBe(404);
      // A session past its time says so, offers the way back, and takes no card.
      const id = pagePath(o.payment.url).split("/").pop()!;
      await db()
        .update(sandboxPayments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sandboxPayments.id, id));
      const expired = await shop.app.inject({ method: "GET", url: pagePath(o.payment.url) });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain("Esta sesión de pago ha caducado.");
      expect(expired.body).toContain(`/checkout/result/${o.reference}?sessionId=`);
      expect((await submit(pagePath(o.payment.url), card("4111111111111111"))).statusCode).toBe(410);
      expect((await back(`${ORIGIN}/checkout/result/${o.reference}?sessionId=${id}`)).resultCode).toBe("Cancelled");
      expect(await statusOf(o.id)).toBe(100);
    });
  });

  describe("wallets and instalments", () => {
    it("PayPal: create_order, the payer approves, the shop captures on the return: COMPLETED and paid once", async () => {
      const o = await placed("paypal");
      expect(pagePath(o.payment.url)).toMatch(/^\/sandbox-pay\/[0-9A-F]{17}$/);
      const id = pagePath(o.payment.url).split("/").pop()!;
      // The spec's create_order call answers the same order for the same reference (no second one).
      const created = await api("POST", "/payment/v1/sandbox/payments/create_order/", { headers: o.cart.headers, payload: { reference: o.reference } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ id, status: "PAYER_ACTION_REQUIRED", purchase_units: [{ custom_id: o.reference }] });
      const approved = await submit(pagePath(o.payment.url), { action: "approve" });
      const location = approved.headers.location as string;
      expect(location).toContain(`token=${id}`);
      expect(location).toContain("PayerID=");
      expect((await api("GET", `/payment/v1/sandbox/payments/order_details/?id=${id}`)).json().status).toBe("APPROVED");
      // The return and a second return (reload) race: one capture, one paid transition.
      const [a, b] = await Promise.all([back(location), back(location)]);
      expect([a.resultCode, b.resultCode]).toEqual(["Authorised", "Authorised"]);
      const details = (await api("GET", `/payment/v1/sandbox/payments/order_details/?id=${id}`)).json();
      expect(details.status).toBe("COMPLETED");
      expect(details.purchase_units[0].payments.captures).toHaveLength(1);
      expect(await statusOf(o.id)).toBe(400);
      expect(await paidTransitions(o.id)).toBe(1);
    });

    it("Bizum asks for a valid phone; Klarna shows its 3 instalments and a failure gives the cart back", async () => {
      const bizum = await placed("bizum");
      const page = await shop.app.inject({ method: "GET", url: pagePath(bizum.payment.url) });
      expect(page.body).toContain("Teléfono asociado a Bizum");
      const bad = await submit(pagePath(bizum.payment.url), { action: "approve", phone: "123" });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain("Introduce un número de teléfono correcto");
      const ok = await submit(pagePath(bizum.payment.url), { action: "approve", phone: "612345678" });
      expect((await back(ok.headers.location as string)).resultCode).toBe("Authorised");
      expect(await statusOf(bizum.id)).toBe(400);

      const klarna = await placed("klarna_account");
      const kp = await shop.app.inject({ method: "GET", url: pagePath(klarna.payment.url) });
      expect(kp.body).toMatch(/3 plazos de \d+,\d{2}\s€ cada 30 días/);
      const fail = await submit(pagePath(klarna.payment.url), { action: "fail" });
      expect((await back(fail.headers.location as string)).resultCode).toBe("Refused");
      expect(await statusOf(klarna.id)).toBe(100);
    });
  });

  describe("webhooks", () => {
    it("refuses a missing or wrong signature with 401 and applies nothing", async () => {
      const o = await placed("card");
      const item = signed({
        pspReference: "PSPTEST000000001",
        merchantReference: o.reference,
        amount: { value: o.order.prices.total, currency: "EUR" },
        eventCode: "AUTHORISATION",
        success: "true",
      });
      const unsigned = { ...item, additionalData: {} };
      expect((await webhook([unsigned])).statusCode).toBe(401);
      const otherKey = signed({ ...item }, "00".repeat(32));
      expect((await webhook([otherKey])).statusCode).toBe(401);
      const altered = { ...item, amount: { value: 1, currency: "EUR" } };
      expect((await webhook([altered])).statusCode).toBe(401);
      // One bad item spoils the whole call.
      expect((await webhook([item, unsigned])).statusCode).toBe(401);
      expect(await statusOf(o.id)).toBe(300);
      expect((await api("POST", "/payment/v1/sandbox/webhooks/", { payload: { nope: 1 } })).statusCode).toBe(400);
      expect((await api("POST", "/payment/v1/unknown/webhooks/", { payload: { notificationItems: [{ NotificationRequestItem: item }] } })).statusCode).toBe(
        404,
      );
    });

    it("a webhook delivered 10 times while the shopper comes back: one paid transition, one event", async () => {
      const o = await placed("card");
      const r = await submit(pagePath(o.payment.url), card("4111111111111111"));
      const location = r.headers.location as string;
      // The sandbox queued its notification; deliver the very same signed item ten times at once.
      const [n] = await db().select().from(sandboxNotifications).where(sql`${sandboxNotifications.item}->>'merchantReference' = ${o.reference}`);
      const item = n.item as NotificationItem;
      const answers = await Promise.all([...Array.from({ length: 10 }, () => webhook([item])), back(location), back(location)]);
      for (const a of answers.slice(0, 10) as { statusCode: number; body: string }[]) {
        expect(a.statusCode).toBe(200);
        expect(a.body).toBe("[accepted]");
      }
      expect(await statusOf(o.id)).toBe(400);
      expect(await paidTransitions(o.id)).toBe(1);
      expect(await db().select().from(paymentEvents).where(eq(paymentEvents.reference, o.reference))).toHaveLength(1);
    });

    it("an event out of order never moves an order back: a refusal after the payment changes nothing", async () => {
      const o = await placed("card");
      const amount = { value: o.order.prices.total, currency: "EUR" };
      expect(
        (await webhook([signed({ pspReference: "PSPORDER00000001", merchantReference: o.reference, amount, eventCode: "AUTHORISATION", success: "true" })]))
          .statusCode,
      ).toBe(200);
      expect(await statusOf(o.id)).toBe(400);
      await webhook([
        signed({ pspReference: "PSPORDER00000002", merchantReference: o.reference, amount, eventCode: "AUTHORISATION", success: "false", reason: "Refused" }),
      ]);
      expect(await statusOf(o.id)).toBe(400);
      expect(await paidTransitions(o.id)).toBe(1);
    });

    it("money that arrives for an order that can no longer take it is refunded, and the refund's webhook closes it", async () => {
      const o = await placed("card");
      const boss = (await createStaff(shop, "owner")).headers;
      const cancel = await api("POST", `/admin/v1/orders/${o.id}/cancel/`, { headers: boss, payload: { reason: "Pedido duplicado" } });
      expect(cancel.statusCode, cancel.body).toBe(200);
      // The shopper still had the payment page open, and pays.
      const r = await submit(pagePath(o.payment.url), card("4111111111111111"));
      expect((await back(r.headers.location as string)).resultCode).toBe("Authorised");
      expect(await statusOf(o.id)).toBe(700);
      // The return or the sandbox's webhook (whichever came first) asked for the refund; let the webhook land.
      await shop.services.payments.deliverWebhooks();
      const [refund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, o.id));
      expect(refund).toMatchObject({ amount: o.order.prices.total });
      expect(["requested", "refunded"]).toContain(refund.status);
      expect(refund.pspReference).toMatch(/^[0-9A-F]{16}$/);
      // The refund's own webhook closes it (delivered from the outbox, maybe in a later round).
      const refundStatus = async (orderId: number) => {
        await shop.services.payments.deliverWebhooks();
        return (await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)))[0]?.status;
      };
      await expect.poll(() => refundStatus(o.id), { timeout: 10_000 }).toBe("refunded");
      // A webhook for a payment the sandbox never took: its refund fails, and says so.
      const o2 = await placed("card");
      await api("POST", `/admin/v1/orders/${o2.id}/cancel/`, { headers: boss, payload: { reason: "Pedido duplicado" } });
      await webhook([
        signed({
          pspReference: "PSPLATE000000001",
          merchantReference: o2.reference,
          amount: { value: o2.order.prices.total, currency: "EUR" },
          eventCode: "AUTHORISATION",
          success: "true",
        }),
      ]);
      await expect.poll(() => refundStatus(o2.id), { timeout: 10_000 }).toBe("failed");
      const [failed] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, o2.id));
      expect(failed).toMatchObject({ paymentPspReference: "PSPLATE000000001", status: "failed" });
    });

    it("retries a delivery the shop did not accept, later, until it is accepted", async () => {
      const o = await placed("card");
      let fail = true;
      const calls: number[] = [];
      shop.services.payments.sandbox.setTransport(async (body, headers) => {
        calls.push(1);
        if (fail) return { status: 503, body: "busy" };
        const res = await shop.app.inject({ method: "POST", url: "/api/payment/v1/sandbox/webhooks/", payload: body, headers });
        return { status: res.statusCode, body: res.body };
      });
      try {
        await submit(pagePath(o.payment.url), card("4111111111111111"));
        await shop.services.payments.deliverWebhooks();
        const mine = sql`${sandboxNotifications.item}->>'merchantReference' = ${o.reference}`;
        const [queued] = await db().select().from(sandboxNotifications).where(mine);
        expect(queued).toMatchObject({ deliveredAt: null, attempts: 1, lastError: "HTTP 503: busy" });
        expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
        expect(await statusOf(o.id)).toBe(300);
        fail = false;
        await db()
          .update(sandboxNotifications)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(mine);
        await shop.services.payments.deliverWebhooks();
        const [done] = await db().select().from(sandboxNotifications).where(mine);
        expect(done.deliveredAt).not.toBeNull();
        expect(await statusOf(o.id)).toBe(400);
      } finally {
        shop.services.payments.setLocalTransport(async (body, headers) => {
          const res = await shop.app.inject({ method: "POST", url: "/api/payment/v1/sandbox/webhooks/", payload: body, headers });
          return { status: res.statusCode, body: res.body };
        });
      }
    });
  });

  describe("reconciliation", () => {
    it("an order paid by a shopper who never came back, whose webhook got lost, is paid by the next reconciliation (card and PayPal)", async () => {
      shop.services.payments.sandbox.setTransport(null);
      try {
        const cardOrder = await placed("card");
        await submit(pagePath(cardOrder.payment.url), card("4111111111111111"));
        const paypal = await placed("paypal");
        await submit(pagePath(paypal.payment.url), { action: "approve" });
        const open = await placed("card");
        // Too recent to ask about: nothing changes.
        await shop.services.payments.reconcile();
        expect(await statusOf(cardOrder.id)).toBe(300);
        const settled = await shop.services.payments.reconcile(Date.now() + 4 * 60_000);
        expect(settled).toBeGreaterThanOrEqual(2);
        expect(await statusOf(cardOrder.id)).toBe(400);
        expect(await statusOf(paypal.id)).toBe(400);
        // Nobody paid this one: it stays waiting (and expires with the order's own timer).
        expect(await statusOf(open.id)).toBe(300);
      } finally {
        shop.services.payments.setLocalTransport(async (body, headers) => {
          const res = await shop.app.inject({ method: "POST", url: "/api/payment/v1/sandbox/webhooks/", payload: body, headers });
          return { status: res.statusCode, body: res.body };
        });
      }
    });
  });

  describe("the spec's payment calls", () => {
    it("session/: the same session for a retry; 404 for someone else's order; 409 for another method or a paid order", async () => {
      const mine = await placed("card", { authorization: `Bearer ${alice.access}` });
      const auth = { authorization: `Bearer ${alice.access}` };
      const s1 = await api("POST", "/payment/v1/sandbox/payments/session/", {
        headers: { ...auth, "idempotency-key": "retry-key-0001" },
        payload: { reference: mine.reference },
      });
      expect(s1.statusCode, s1.body).toBe(200);
      expect(s1.json()).toMatchObject({ reference: mine.reference, amount: { value: mine.order.prices.total, currency: "EUR" }, shopperLocale: "es-ES" });
      const s2 = await api("POST", "/payment/v1/sandbox/payments/session/", {
        headers: { ...auth, "idempotency-key": "retry-key-0001" },
        payload: { reference: mine.reference },
      });
      expect(s2.json().id).toBe(s1.json().id);
      expect(s1.headers["cache-control"]).toBe("private, no-store");
      const bobs = await api("POST", "/payment/v1/sandbox/payments/session/", {
        headers: { authorization: `Bearer ${bob.access}` },
        payload: { reference: mine.reference },
      });
      expect(bobs.statusCode).toBe(404);
      const anonymous = await api("POST", "/payment/v1/sandbox/payments/session/", { payload: { reference: mine.reference } });
      expect(anonymous.statusCode).toBe(404);
      const wrongShape = await api("POST", "/payment/v1/sandbox/payments/create_order/", { headers: auth, payload: { reference: mine.reference } });
      expect(wrongShape.statusCode).toBe(409);
      const transfer = await placed("transfer");
      const t = await api("POST", "/payment/v1/sandbox/payments/session/", { headers: transfer.cart.headers, payload: { reference: transfer.reference } });
      expect(t.statusCode).toBe(409);
      expect(t.json().error.message).toBe("Este pedido se paga con otro método de pago");
      expect((await api("POST", "/payment/v1/adyen/payments/session/", { headers: auth, payload: { reference: mine.reference } })).statusCode).toBe(404);
      expect((await api("POST", "/payment/v1/sandbox/payments/session/", { headers: auth, payload: { reference: "x" } })).statusCode).toBe(400);
    });

    it("details/: the shopper's redirectResult gives the result, applied once; a forged one is refused", async () => {
      const o = await placed("card");
      const r = await submit(pagePath(o.payment.url), card("4111111111111111"));
      const redirectResult = new URL(r.headers.location as string).searchParams.get("redirectResult")!;
      const first = await api("POST", "/payment/v1/sandbox/payments/details/", { payload: { details: { redirectResult } } });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ resultCode: "Authorised", merchantReference: o.reference });
      expect(await statusOf(o.id)).toBe(400);
      const forged = Buffer.from(`${pagePath(o.payment.url).split("/").pop()}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`).toString("base64url");
      const bad = await api("POST", "/payment/v1/sandbox/payments/details/", { payload: { details: { redirectResult: forged } } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.message).toBe("El resultado del pago no es válido o ha caducado");
    });

    it("transfer: the bank details and the reference; staff confirm the transfer and the order is paid", async () => {
      const o = await placed("transfer");
      expect(o.reference).toMatch(/^ESDB-\d{13}-[0-9a-f-]{36}$/);
      const bank = await api("GET", `/payment/v1/transfer/${o.reference}/`, { headers: o.cart.headers });
      expect(bank.statusCode, bank.body).toBe(200);
      expect(bank.json()).toMatchObject({
        reference: o.reference,
        amount: o.order.prices.total,
        bank: { iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" },
      });
      expect((await api("GET", `/payment/v1/transfer/${o.reference}/`)).statusCode).toBe(404);
      const confirm = await api("POST", `/admin/v1/orders/${o.id}/confirm-transfer/`, { headers: (await createStaff(shop, "support")).headers });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(await statusOf(o.id)).toBe(400);
      expect((await api("GET", `/payment/v1/transfer/${o.reference}/`, { headers: o.cart.headers })).statusCode).toBe(409);
    });
  });
});
