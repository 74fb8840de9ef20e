import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { ORDER_STATUSES, ORDER_TRANSITIONS } from "../../../core/orders.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser, uniqueEmail } from "../../test/accounts.ts";
import { buildCatalogFixture, type CatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { createStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { addresses } from "../accounts/accounts.schema.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { orders } from "../cart/cart.schema.ts";
import { orderEvents, orderMails, subOrders } from "../orders/orders.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
type Headers = Record<string, string>;

describeEachDb("checkout: placing orders (/api/checkout/v1)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let _fx: CatalogFixture;
  let attrs: Record<string, AttributeDto>;
  let alice: TestUser;
  let bob: TestUser;
  let key = 0;
  let esId = 0;
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { seed: false, env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    const db = shop.database.db;
    await seedStores(db);
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    esId = es.id;
    _fx = await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await setStock("PD-RES-BL-70", 1000);
    const list = (await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? [];
    attrs = Object.fromEntries(list.map((a) => [a.slug, a]));
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
    bob = await createCustomer(shop, smtp, { name: "Bruno" });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const db = () => shop.database.db as Db;
  async function setStock(ref: string, stock: number) {
    await db().update(variants).set({ stock }).where(eq(variants.ref, ref));
  }
  async function stockOf(ref: string): Promise<number> {
    const [v] = await db().select({ stock: variants.stock }).from(variants).where(eq(variants.ref, ref));
    return v.stock;
  }
  const api = (method: "GET" | "POST" | "PUT", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });

  /** The white tray at 75 cm (PD-RES-BL-70, 199 €), matte, quantity q. */
  const tray = (q = 1) => ({
    quantity: q,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: 75 },
    texts: {},
    complements: {},
  });

  async function guestCart(q = 1): Promise<{ token: string; id: number; total: number; headers: Headers }> {
    const res = await api("POST", "/cart/v1/cart-rows/", { payload: { product: SLUG, selection: tray(q) } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { token: body.cart_token, id: body.cart.id, total: body.cart.prices.pvp_total, headers: { "x-cart-token": body.cart_token } };
  }

  const form = (over: Record<string, unknown> = {}) => ({
    idempotency_key: `k-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
    name: "Lucía",
    surnames: "Martín Ruiz",
    phone: "612 345 678",
    email: "lucia.martin@example.es",
    shipping_address: "Calle Mayor",
    shipping_number: "12, 3º B",
    shipping_postal_code: "28013",
    shipping_city: "Madrid",
    shipping_province: "Madrid",
    shipping_country: "ES",
    billing_business_name: "Lucía Martín Ruiz",
    billing_tax_id_type: "dni",
    billing_tax_id: "12345678Z",
    payment_method: "transfer",
    ...over,
  });

  async function place(cart: { headers: Headers; total: number }, over: Record<string, unknown> = {}, headers: Headers = {}) {
    return api("POST", "/checkout/v1/place_order/", { headers: { ...cart.headers, ...headers }, payload: form({ expected_total: cart.total, ...over }) });
  }

  async function apply(outcome: Partial<PaymentOutcome> & { reference: string; amount: number }) {
    return db().transaction((tx) =>
      shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, {
        pspReference: `psp-${outcome.reference.slice(-8)}`,
        resultCode: "Authorised",
        currency: "EUR",
        method: "card",
        provider: "test",
        source: "webhook",
        ...outcome,
      }),
    );
  }

  describe("placing an order", () => {
    it("freezes the prices, takes the stock, gives a payment reference, and mails the transfer instructions", async () => {
      const before = await stockOf("PD-RES-BL-70");
      const cart = await guestCart(2);
      const res = await place(cart);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const { order, payment, existing, order_url } = res.json();
      expect(existing).toBe(false);
      expect(order.status).toBe(300);
      expect(order.kind).toBe("order");
      expect(order.payment_method).toBe("transfer");
      expect(order.payment_reference).toMatch(/^ESDB-\d{13}-[0-9a-f-]{36}$/);
      expect(order.prices.total).toBe(cart.total);
      expect(order.prices.total).toBe(order.prices.subtotal - order.prices.coupon_discount + order.prices.shipping + order.prices.paypal_commission);
      expect(order.vat.base + order.vat.amount).toBe(order.prices.total);
      expect(order.rows).toHaveLength(1);
      expect(order.rows[0].final_total).toBe(order.prices.total);
      expect(order.beneficiary).toEqual({ name: "Lucía", surnames: "Martín Ruiz", email: "lucia.martin@example.es", phone: "612345678" });
      expect(order.billing).toMatchObject({
        business_name: "Lucía Martín Ruiz",
        tax_id_type: "dni",
        tax_id: "12345678Z",
        address: "Calle Mayor",
        postal_code: "28013",
      });
      expect(payment).toMatchObject({ type: "transfer", reference: order.payment_reference, amount: order.prices.total });
      expect(payment.bank.iban).toMatch(/^ES\d{2}/);
      expect(order_url).toMatch(new RegExp(`/order/${order.id}\\?t=[A-Za-z0-9_-]{32}$`));
      expect(await stockOf("PD-RES-BL-70")).toBe(before - 2);
      // The placed order is no longer a cart: the cart calls do not reach it.
      expect((await api("GET", `/cart/v1/carts/${cart.id}/`, { headers: cart.headers })).statusCode).toBe(404);
      // Its guest reads it with the same token; the mailed link works without it.
      expect((await api("GET", `/orders/v1/orders/${order.id}/`, { headers: cart.headers })).statusCode).toBe(200);
      const link = new URL(order_url);
      expect((await api("GET", `/orders/v1/orders/${order.id}/?t=${link.searchParams.get("t")}`)).json().id).toBe(order.id);
      await shop.services.checkout.flushMails();
      const mail = await smtp.last("lucia.martin@example.es", /.+/);
      expect(mail.text).toContain(order.order_number);
    });

    it("refuses the spec's invalid fields word for word, all at once, and places nothing", async () => {
      const cart = await guestCart();
      const res = await place(cart, {
        phone: "12345",
        billing_tax_id: "12345678A",
        payment_method: undefined,
        shipping_postal_code: "2801",
        shipping_country: "",
      });
      expect(res.statusCode).toBe(400);
      const { code, details } = res.json().error;
      expect(code).toBe("checkout.invalid");
      expect(details.phone).toBe("Introduce un número de teléfono correcto");
      expect(details.payment_method).toBe("Selecciona un método de pago");
      expect(details.shipping_postal_code).toBe("El código postal debe tener 5 dígitos");
      expect(details.shipping_country).toBe("Selecciona un país");
      const dni = await place(cart, { billing_tax_id: "12345678A" });
      expect(dni.json().error.details.billing_tax_id).toBe("El formato del DNI no es correcto");
      const nie = await place(cart, { billing_tax_id_type: "nie", billing_tax_id: "X1234567A" });
      expect(nie.json().error.details.billing_tax_id).toBe("El formato del NIE no es correcto");
      const canary = await place(cart, { shipping_postal_code: "35001" });
      expect(canary.statusCode).toBe(400);
      expect(canary.json().error.details.shipping_postal_code).toBe("Lo sentimos, no realizamos envíos a este código postal");
      const tampered = await place(cart, { total: 1, status: 400 });
      expect(tampered.statusCode).toBe(400);
      expect(tampered.json().error.details.total).toBe("Este campo no se puede enviar");
      expect((await api("GET", `/cart/v1/carts/${cart.id}/`, { headers: cart.headers })).json().status).toBe(100);
    });

    it("answers in French in the French store", async () => {
      const res = await api("POST", "/checkout/v1/place_order/?store=FRDB", { payload: form({ expected_total: 0, phone: "612", payment_method: "x" }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.payment_method).toBe("Sélectionnez un moyen de paiement");
    });

    it("does not place an order whose total changed since the shopper saw it, and shows the new total", async () => {
      const cart = await guestCart();
      const res = await place({ ...cart, total: cart.total - 100 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe("No coinciden los importes entre el pago y el importe del pedido, continúa para actualizar los precios.");
      expect(res.json().error.details.cart.prices.pvp_total).toBe(cart.total);
      // The data typed is kept on the cart; the next try with the new total goes through.
      const again = await api("GET", `/cart/v1/carts/${cart.id}/`, { headers: cart.headers });
      expect(again.json().email).toBe("lucia.martin@example.es");
      expect((await place(cart)).statusCode).toBe(201);
    });

    it("takes a coupon that lapsed off the cart and asks the shopper to look at the new total", async () => {
      const cart = await guestCart();
      const code = `LAPSE${kind}`.toUpperCase();
      await db()
        .insert(coupons)
        .values({ storeId: esId, code, kind: "amount", value: 1000, validTo: new Date(Date.now() + 3_600_000) });
      const applied = await api("POST", "/cart/v1/coupons/validate-coupon/", { headers: cart.headers, payload: { code } });
      expect(applied.statusCode, applied.body).toBe(200);
      const withCoupon = applied.json().cart.prices.pvp_total;
      await db().execute(sql`update coupons set valid_to = now() - interval '1 minute' where code = ${code}`);
      const res = await place({ ...cart, total: withCoupon });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("checkout.price_mismatch");
      expect(res.json().error.details.cart.coupon).toBeNull();
      expect(res.json().error.details.cart.prices.pvp_total).toBe(cart.total);
    });

    it("adds the PayPal commission on the server and checks the total before it", async () => {
      const cart = await guestCart();
      const res = await place(cart, { payment_method: "paypal" });
      // Payments may or may not be able to open a PayPal order here; the order's money is what matters.
      const order = res.statusCode === 201 ? res.json().order : null;
      if (order) {
        expect(order.prices.paypal_commission).toBe(Math.round(cart.total * 0.02));
        expect(order.prices.total).toBe(cart.total + order.prices.paypal_commission);
      } else {
        expect(res.json().error.code).not.toBe("checkout.price_mismatch");
      }
    });
  });

  describe("idempotency and races", () => {
    it("places one order for the same idempotency key sent 100 times at once", async () => {
      const cart = await guestCart();
      const payload = form({ expected_total: cart.total });
      const answers = await Promise.all(Array.from({ length: 100 }, () => api("POST", "/checkout/v1/place_order/", { headers: cart.headers, payload })));
      const ok = answers.filter((a) => a.statusCode === 201 || a.statusCode === 200);
      expect(ok.length, answers.find((a) => a.statusCode >= 300)?.body).toBe(100);
      expect(ok.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(new Set(ok.map((a) => a.json().order.id))).toEqual(new Set([cart.id]));
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, cart.id));
      expect(events.filter((e) => e.toStatus === 300)).toHaveLength(1);
    });

    it("sells the last 10 units to exactly 10 of 200 concurrent checkouts, and never below zero", async () => {
      await setStock("PD-RES-BL-70", 1000);
      const carts = [];
      for (let i = 0; i < 200; i++) carts.push(await guestCart());
      await setStock("PD-RES-BL-70", 10);
      const answers = await Promise.all(carts.map((c) => place(c)));
      const placed = answers.filter((a) => a.statusCode === 201);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(placed).toHaveLength(10);
      expect(refused).toHaveLength(190);
      expect(new Set(refused.map((a) => a.json().error.message))).toEqual(new Set(["Articulo fuera de stock."]));
      expect(await stockOf("PD-RES-BL-70")).toBe(0);
      // The 190 carts are intact and say why they cannot check out.
      const back = await api("GET", `/cart/v1/carts/${carts[0].id}/`, { headers: carts[0].headers });
      const c0 = answers[0].statusCode === 201 ? null : back.json();
      if (c0) expect(c0.blockers).toContain("cart.out_of_stock");
      await setStock("PD-RES-BL-70", 1000);
    }, 120_000);
  });

  describe("payment outcomes (applied exactly once, never backwards)", () => {
    async function placedOrder(q = 1, method = "transfer") {
      const cart = await guestCart(q);
      const res = await place(cart, { payment_method: method });
      expect(res.statusCode, res.body).toBe(201);
      return { cart, order: res.json().order };
    }

    it("pays an order once however many times the provider says so, with packages and a payment mail", async () => {
      const { order } = await placedOrder();
      const results = await Promise.all(Array.from({ length: 10 }, () => apply({ reference: order.payment_reference, amount: order.prices.total })));
      expect(results.filter((r) => r?.changed)).toHaveLength(1);
      const [o] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(o.status).toBe(400);
      expect(o.paidAt).not.toBeNull();
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.filter((e) => e.toStatus === 400)).toHaveLength(1);
      const subs = await db().select().from(subOrders).where(eq(subOrders.orderId, order.id));
      expect(subs).toHaveLength(1);
      expect(subs[0].deliveryFrom! <= subs[0].deliveryTo!).toBe(true);
      const mails = await db().select().from(orderMails).where(eq(orderMails.orderId, order.id));
      expect(mails.map((m) => m.kind).sort()).toEqual(["paid", "transfer"]);
      // A refusal arriving late does not move a paid order back.
      const late = await apply({ reference: order.payment_reference, amount: order.prices.total, resultCode: "Refused" });
      expect(late).toMatchObject({ status: 400, changed: false });
    });

    it("gives the shopper their cart back, stock included, when the payment is refused", async () => {
      const before = await stockOf("PD-RES-BL-70");
      const { cart, order } = await placedOrder(3, "card").catch(async () => {
        // Without a card provider able to open a session the checkout itself gives the cart back: place by transfer instead.
        return placedOrder(3, "transfer");
      });
      if (order.payment_method === "transfer") await db().update(orders).set({ paymentMethodSelected: "card" }).where(eq(orders.id, order.id));
      expect(await stockOf("PD-RES-BL-70")).toBe(before - 3);
      const r = await apply({ reference: order.payment_reference, amount: order.prices.total, resultCode: "Refused" });
      expect(r).toMatchObject({ status: 100, changed: true });
      expect(await stockOf("PD-RES-BL-70")).toBe(before);
      const back = await api("GET", `/cart/v1/carts/${cart.id}/`, { headers: cart.headers });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 100, size: 1 });
      // Money that arrives afterwards for it must go back to the shopper.
      const late = await apply({ reference: order.payment_reference, amount: order.prices.total });
      expect(late).toMatchObject({ status: 100, changed: false, refund: true });
    });

    it("refunds an authorisation for the wrong amount instead of paying the order", async () => {
      const { order } = await placedOrder();
      const r = await apply({ reference: order.payment_reference, amount: order.prices.total - 1 });
      expect(r).toMatchObject({ status: 300, changed: false, refund: true });
    });

    it("abandons unpaid orders past their time (stock back), and pays one later only if its stock is still there", async () => {
      const before = await stockOf("PD-RES-BL-70");
      const { order } = await placedOrder(2);
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, order.id));
      const n = await shop.services.checkout.expire();
      expect(n.orders).toBeGreaterThanOrEqual(1);
      expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe(350);
      expect(await stockOf("PD-RES-BL-70")).toBe(before);
      const late = await apply({ reference: order.payment_reference, amount: order.prices.total });
      expect(late).toMatchObject({ status: 400, changed: true });
      expect(await stockOf("PD-RES-BL-70")).toBe(before - 2);
    });

    it("lets staff confirm a transfer (customers may not)", async () => {
      const { order } = await placedOrder();
      expect((await api("POST", `/admin/v1/orders/${order.id}/confirm-transfer/`, { headers: alice.auth })).statusCode).toBe(401);
      const member = (await createStaff(shop, "support")).headers;
      const ok = await api("POST", `/admin/v1/orders/${order.id}/confirm-transfer/`, { headers: member });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().status).toBe(400);
      expect((await api("POST", `/admin/v1/orders/${order.id}/confirm-transfer/`, { headers: member })).statusCode).toBe(409);
    });
  });

  describe("quotations", () => {
    it("saves a quotation without taking stock, then pay-my-order takes it and opens the payment", async () => {
      const before = await stockOf("PD-RES-BL-70");
      const cart = await guestCart(2);
      const res = await place(cart, { quotation: true });
      expect(res.statusCode, res.body).toBe(201);
      const { order, payment } = res.json();
      expect(order).toMatchObject({ status: 200, kind: "quotation" });
      expect(payment).toEqual({ type: "none" });
      expect(new Date(order.expires_at).getTime()).toBeGreaterThan(Date.now() + 14 * 86_400_000);
      expect(await stockOf("PD-RES-BL-70")).toBe(before);
      const paid = await api("POST", `/checkout/v1/orders/${order.id}/pay/`, { headers: cart.headers, payload: { payment_method: "transfer" } });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().order.status).toBe(300);
      expect(paid.json().payment.type).toBe("transfer");
      expect(await stockOf("PD-RES-BL-70")).toBe(before - 2);
    });

    it("pay-my-order with PayPal adds PayPal's commission to a quotation saved for a transfer (and the provider is asked for that total)", async () => {
      const cart = await guestCart(1);
      const { order } = (await place(cart, { quotation: true, payment_method: "transfer" })).json();
      expect(order.prices.paypal_commission).toBe(0);
      const paid = await api("POST", `/checkout/v1/orders/${order.id}/pay/`, { headers: cart.headers, payload: { payment_method: "paypal" } });
      expect(paid.statusCode, paid.body).toBe(200);
      const commission = Math.round(order.prices.total * 0.02);
      expect(paid.json().order.prices).toMatchObject({ paypal_commission: commission, total: order.prices.total + commission });
      expect(paid.json().payment.type).toBe("redirect");
      const id = new URL(paid.json().payment.url).pathname.split("/").pop();
      const details = (await api("GET", `/payment/v1/sandbox/payments/order_details/?id=${id}`)).json();
      expect(details.purchase_units[0].amount.value).toBe(((order.prices.total + commission) / 100).toFixed(2));
    });

    it("expires quotations past their date (250), which can no longer be paid", async () => {
      const cart = await guestCart();
      const { order } = (await place(cart, { quotation: true })).json();
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, order.id));
      await shop.services.checkout.expire();
      const o = await api("GET", `/orders/v1/orders/${order.id}/`, { headers: cart.headers });
      expect(o.json()).toMatchObject({ status: 250, actions: { pay: false } });
      expect((await api("POST", `/checkout/v1/orders/${order.id}/pay/`, { headers: cart.headers, payload: {} })).statusCode).toBe(409);
    });
  });

  describe("customers, access and staff", () => {
    async function customerOrder(user: TestUser) {
      const add = await api("POST", "/cart/v1/cart-rows/", { headers: user.auth, payload: { product: SLUG, selection: tray(1) } });
      expect(add.statusCode, add.body).toBe(201);
      const res = await place({ headers: user.auth, total: add.json().cart.prices.pvp_total }, { email: user.email });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order;
    }

    it("lists a customer's orders, and answers another customer's order with 404 for every call", async () => {
      const order = await customerOrder(alice);
      const mine = await api("GET", "/orders/v1/orders/", { headers: alice.auth });
      expect(mine.json().results.map((o: { id: number }) => o.id)).toContain(order.id);
      expect((await api("GET", "/orders/v1/orders/", { headers: bob.auth })).json().results.map((o: { id: number }) => o.id)).not.toContain(order.id);
      expect((await api("GET", `/orders/v1/orders/${order.id}/`, { headers: bob.auth })).statusCode).toBe(404);
      expect((await api("GET", `/orders/v1/orders/${order.id}/`)).statusCode).toBe(404);
      expect((await api("GET", `/orders/v1/orders/${order.id}/?t=${"x".repeat(32)}`)).statusCode).toBe(404);
      expect((await api("POST", `/checkout/v1/orders/${order.id}/pay/`, { headers: bob.auth, payload: {} })).statusCode).toBe(404);
      expect((await api("POST", `/orders/v1/orders/${order.id}/requests/`, { headers: bob.auth, payload: { kind: "incident", reason: "x" } })).statusCode).toBe(
        404,
      );
      expect((await api("GET", `/cart/v1/sub-orders/?order=${order.id}`, { headers: bob.auth })).statusCode).toBe(404);
      // The staff order list is the back office's: a customer's token is no staff session.
      expect((await api("GET", "/admin/v1/orders/", { headers: alice.auth })).statusCode).toBe(401);
      expect((await api("GET", `/orders/v1/orders/${order.id}/`, { headers: alice.auth })).json().customer).toBe(alice.id);
      // The customer's GDPR export lists their orders.
      const exported = (await api("GET", `/auth-users/v1/clients/${alice.id}/export/`, { headers: alice.auth })).json();
      expect(exported.orders.map((o: { order_number: string }) => o.order_number)).toContain(order.order_number);
    });

    it("creates the guest's account when they give a password, and refuses an email that has one", async () => {
      const cart = await guestCart();
      const email = uniqueEmail("invitada");
      const res = await place(cart, { email, password: "secreto-456" });
      expect(res.statusCode, res.body).toBe(201);
      const userId = res.json().order.customer;
      expect(userId).toEqual(expect.any(Number));
      // The addresses typed at checkout are the new account's defaults (the next checkout is filled in).
      const saved = await db().select().from(addresses).where(eq(addresses.userId, userId));
      expect(saved.map((a) => [a.type, a.isDefault, a.postalCode, a.phone ?? ""]).sort()).toEqual([
        ["billing", true, "28013", ""],
        ["shipping", true, "28013", "612345678"],
      ]);
      expect(saved.find((a) => a.type === "billing")).toMatchObject({ taxType: "dni", taxId: "12345678Z", businessName: "Lucía Martín Ruiz" });
      const taken = await place(await guestCart(), { email: alice.email, password: "otra-clave-1" });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe("checkout.email_taken");
    });

    it("moves packages with staff: shipping needs a tracking number, all shipped makes the order shipped, then delivered", async () => {
      const order = await customerOrder(alice);
      await apply({ reference: order.payment_reference, amount: order.prices.total, method: "transfer" });
      const o = (await api("GET", `/orders/v1/orders/${order.id}/`, { headers: alice.auth })).json();
      const sub = o.sub_orders[0];
      // Packages move with a staff member's packages.write (the back office), not a customer token.
      const staff = (await createStaff(shop, "warehouse")).headers;
      expect((await api("PUT", `/cart/v1/sub-orders/${sub.id}/`, { headers: alice.auth, payload: { status: 600 } })).statusCode).toBe(401);
      expect((await api("PUT", `/cart/v1/sub-orders/${sub.id}/`, { headers: staff, payload: { status: 600 } })).statusCode).toBe(409);
      const shipped = await api("PUT", `/cart/v1/sub-orders/${sub.id}/`, {
        headers: staff,
        payload: { status: 600, agency: "SEUR", shipment_number: "SE123456789" },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json()).toMatchObject({ status: 600, agency: "SEUR", shipment_number: "SE123456789" });
      const after = (await api("GET", `/orders/v1/orders/${order.id}/`, { headers: alice.auth })).json();
      expect(after.status).toBe(650);
      expect(after.actions).toMatchObject({ incident: true, return: false });
      // Backwards is refused.
      expect((await api("PUT", `/cart/v1/sub-orders/${sub.id}/`, { headers: staff, payload: { status: 100 } })).statusCode).toBe(409);
      const delivered = await api("PUT", `/cart/v1/sub-orders/${sub.id}/`, { headers: staff, payload: { status: 700 } });
      expect(delivered.statusCode).toBe(200);
      const final = (await api("GET", `/orders/v1/orders/${order.id}/`, { headers: alice.auth })).json();
      expect(final.actions).toMatchObject({ return: true, incident: true });
      const req = await api("POST", `/orders/v1/orders/${order.id}/requests/`, {
        headers: alice.auth,
        payload: { kind: "return", reason: "No cabe en el baño", message: "Medidas equivocadas" },
      });
      expect(req.statusCode, req.body).toBe(201);
      expect(req.json().requests).toEqual([expect.objectContaining({ kind: "return", status: "open", reason: "No cabe en el baño" })]);
      await shop.services.checkout.flushMails();
      const mail = await smtp.last(alice.email, /.+/);
      expect(mail.text).toContain(order.order_number);
    });

    it("refuses every order move the state machine does not list", async () => {
      const order = await customerOrder(bob);
      const ctx = contextFor(await shop.services.stores.byLanguage("es"));
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[300].includes(to)) continue;
        const r = await shop.services.orders.moveOrder(ctx, order.id, to, { actor: "staff" });
        expect(r.ok, `300 -> ${to}`).toBe(false);
      }
      const member = await createStaff(shop, "support");
      const illegal = await api("PUT", `/admin/v1/orders/${order.id}/status/`, { headers: member.headers, payload: { status: 450 } });
      expect(illegal.statusCode).toBe(409);
      expect(illegal.json().error.message).toBe("El pedido no puede pasar a ese estado desde el estado en que está");
      const cancelled = await api("POST", `/admin/v1/orders/${order.id}/cancel/`, { headers: member.headers, payload: { reason: "Cliente lo pide" } });
      expect(cancelled.json()).toMatchObject({ status: 700, credit_note: null });
      expect((await api("POST", `/admin/v1/orders/${order.id}/cancel/`, { headers: member.headers, payload: { reason: "otra vez" } })).statusCode).toBe(409);
    });
  });
});
