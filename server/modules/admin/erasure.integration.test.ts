import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser, uniqueEmail } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { installationQuoteRequests } from "../installations/installations.schema.ts";
import { subOrders } from "../orders/orders.schema.ts";
import { ORDER_LINK_DAYS } from "../orders/orders.service.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
type Headers = Record<string, string>;

/**
 * Issue 36, "erasure leaves personal data": after a customer's erasure nothing personal is left
 * but what the law makes the shop keep (docs/decisions/048). The search is generated from the
 * database's own catalogue: every text, JSON and array column of every table, so a table added
 * later that keeps the customer's data fails this test until the erasure handles it.
 */
describeEachDb("GDPR erasure leaves nothing personal but the invoices; order links expire", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let support: TestStaff;
  let key = 0;
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
  const db = () => shop.database.db as Db;
  const q = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const api = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { ssr: true, seed: false, env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    await seedStores(db());
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db(), { es: es.id, fr: fr.id });
    await db().update(variants).set({ stock: 100_000 });
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    support = await createStaff(shop, "support");
    // The payment provider is outside this test.
    const p = shop.services.payments as unknown as Record<string, unknown>;
    p.startPayment = async (_c: unknown, i: { reference: string }) => ({ type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const selection = () => ({
    quantity: 1,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: 75 },
    texts: {},
    complements: {},
  });

  const person = {
    name: "Eustaquia",
    surnames: "Quintanilla Borrego",
    phone: "699 887 766",
    street: "Calle Zurbarán Escondida",
    taxId: "12345678Z",
  };

  /** Places an order for a customer (or a guest with that email), with the person's data everywhere. */
  async function placeOrder(who: { user?: TestUser; email: string }) {
    const auth: Headers = who.user ? who.user.auth : {};
    const add = await api("POST", "/cart/v1/cart-rows/", { headers: auth, payload: { product: SLUG, selection: selection() } });
    expect(add.statusCode, add.body).toBe(201);
    const headers: Headers = { ...auth, ...(who.user ? {} : { "x-cart-token": add.json().cart_token }) };
    const res = await api("POST", "/checkout/v1/place_order/", {
      headers,
      payload: {
        idempotency_key: `erase-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        name: person.name,
        surnames: person.surnames,
        email: who.email,
        phone: person.phone,
        shipping_address: person.street,
        shipping_number: "77",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_tax_id_type: "dni",
        billing_tax_id: person.taxId,
        billing_business_name: `${person.name} ${person.surnames}`,
        observations: `Llamar a ${person.name} al ${person.phone}`,
        payment_method: "card",
        expected_total: add.json().cart.prices.pvp_total,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = new URL(res.json().order_url).searchParams.get("t")!;
    return { order: res.json().order as { id: number; payment_reference: string; prices: { total: number } }, link, headers };
  }

  async function pay(o: { payment_reference: string; prices: { total: number } }) {
    const outcome = {
      reference: o.payment_reference,
      amount: o.prices.total,
      pspReference: `psp-${o.payment_reference.slice(-12)}`,
      resultCode: "Authorised",
      currency: "EUR",
      method: "card",
      provider: "test",
      source: "webhook",
    } as PaymentOutcome;
    await db().transaction((tx) => shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, outcome));
  }

  async function moveAll(orderId: number, statuses: number[]) {
    const ctx = await shop.services.checkout.staffContext((await shop.services.stores.byLanguage("es")).id);
    const subs = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId));
    for (const s of subs) {
      for (const status of statuses) {
        const r = await shop.services.checkout.moveSubOrder(ctx, s.id, { status, ...(status === 600 ? { agency: "SEUR", shipment_number: "S1" } : {}) });
        expect(r.ok, JSON.stringify(r)).toBe(true);
      }
    }
  }

  /**
   * Every place the database still holds one of the needles: each text, varchar, JSON and array
   * column of each table of the shop's schema, read from information_schema (nothing listed by hand).
   */
  async function findings(needles: string[]): Promise<{ table: string; column: string; id: string }[]> {
    const cols = await q<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      order by c.table_name, c.column_name`);
    expect(cols.length).toBeGreaterThan(100);
    const found: { table: string; column: string; id: string }[] = [];
    for (const c of cols) {
      const hasId =
        (
          await q<{ n: number }>(
            sql`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = ${c.table_name} and column_name = 'id'`,
          )
        )[0].n > 0;
      for (const needle of needles) {
        const rows = await q<{ id: string }>(
          sql`select ${sql.raw(hasId ? `"id"::text` : "''")} as id from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text ilike ${`%${needle}%`}`,
        );
        for (const r of rows) found.push({ table: c.table_name, column: c.column_name, id: r.id });
      }
    }
    return found;
  }

  describe("a customer with orders, a cart, a quotation, a review, a question, a withdrawal, a quote request", () => {
    let customer: TestUser;
    let email: string;
    const orders: Record<"delivered" | "delivering" | "pending" | "guest", { id: number; link: string }> = {} as never;
    let quotationId = 0;

    beforeAll(async () => {
      email = uniqueEmail("eustaquia");
      customer = await createCustomer(shop, smtp, { name: person.name, email });
      const patch = await api("PATCH", `/auth-users/v1/clients/${customer.id}/`, {
        headers: customer.auth,
        payload: { surnames: person.surnames, phone: person.phone },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const addr = await api("POST", "/auth-users/v1/shipping-addresses/", {
        headers: customer.auth,
        payload: {
          name: person.name,
          phone: person.phone,
          address: person.street,
          number: "77",
          postal_code: "28013",
          city: "Madrid",
          province: "Madrid",
          country: "ES",
        },
      });
      expect(addr.statusCode, addr.body).toBe(201);
      // An order delivered (invoiced), reviewed and withdrawn from.
      const a = await placeOrder({ user: customer, email });
      await pay(a.order);
      await moveAll(a.order.id, [600, 700]);
      orders.delivered = { id: a.order.id, link: a.link };
      const review = await api("POST", "/reviews/v1/reviews/", {
        headers: customer.auth,
        payload: { product: SLUG, rating: 4, body: "Muy buen plato de ducha." },
      });
      expect(review.statusCode, review.body).toBe(201);
      expect(review.json().review.author).toBe(person.name);
      const w = await api("POST", `/orders/v1/orders/${a.order.id}/withdrawal/`, {
        headers: customer.auth,
        payload: { confirm: true, statement: "No me convence" },
      });
      expect(w.statusCode, w.body).toBeLessThan(300);
      // An order paid and still on its way (invoiced, its packages not delivered yet).
      const b = await placeOrder({ user: customer, email });
      await pay(b.order);
      orders.delivering = { id: b.order.id, link: b.link };
      // An order never paid (no invoice), and one placed as a guest with the same email.
      const c = await placeOrder({ user: customer, email });
      orders.pending = { id: c.order.id, link: c.link };
      const g = await placeOrder({ email });
      orders.guest = { id: g.order.id, link: g.link };
      // An open cart with the checkout form filled in.
      const cart = await api("POST", "/cart/v1/cart-rows/", { headers: customer.auth, payload: { product: SLUG, selection: selection() } });
      expect(cart.statusCode, cart.body).toBe(201);
      const put = await api("PUT", `/cart/v1/carts/${cart.json().cart.id}/`, {
        headers: customer.auth,
        payload: { name: person.name, surnames: person.surnames, phone: person.phone, email, shipping_address: person.street, shipping_city: "Madrid" },
      });
      expect(put.statusCode, put.body).toBe(200);
      // A quotation staff made for them.
      const quote = await shop.app.inject({
        method: "POST",
        url: "/api/admin/v1/quotations/",
        headers: support.headers,
        payload: { customer_id: customer.id },
      });
      expect(quote.statusCode, quote.body).toBeLessThan(300);
      quotationId = quote.json().id;
      // A product question and an installation quote request sent with their email.
      const question = await api("POST", "/reviews/v1/questions/", {
        payload: {
          product: SLUG,
          name: `${person.name} ${person.surnames}`,
          email,
          phone: person.phone,
          question: "¿Se puede cortar a medida?",
          privacy: true,
        },
      });
      expect(question.statusCode, question.body).toBe(201);
      const es = await shop.services.stores.byLanguage("es");
      await db()
        .insert(installationQuoteRequests)
        .values({ storeId: es.id, language: "es", name: person.name, email, phone: person.phone, message: `Soy ${person.name}`, town: "Girona" });
    }, 180_000);

    it("holds the customer's data everywhere before the erasure (the search finds what it looks for)", async () => {
      const before = new Set((await findings([email, person.surnames, person.street])).map((f) => f.table));
      for (const table of ["users", "addresses", "orders", "invoices", "withdrawals", "product_questions", "installation_quote_requests"]) {
        expect(before, table).toContain(table);
      }
      expect((await api("GET", `/orders/v1/orders/${orders.guest.id}/?t=${orders.guest.link}`)).statusCode).toBe(200);
    });

    it("erases it all but the invoices and what an invoiced order must keep; the review stays, anonymous", async () => {
      const del = await api("DELETE", `/auth-users/v1/clients/${customer.id}/`, { headers: customer.auth, payload: { password: customer.password } });
      expect(del.statusCode, del.body).toBeLessThan(300);

      const invoiced = new Set((await q<{ order_id: number }>(sql`select order_id from invoices where kind = 'invoice'`)).map((r) => String(r.order_id)));
      // What an invoiced order keeps: the buyer's identity its invoice names; and, while its
      // packages are on their way, where and to whom they go.
      const buyer = new Set(["name", "surnames", "billing_business_name", "billing_tax_id", "billing_address"]);
      const delivery = new Set(["name", "surnames", "phone", "shipping_address"]);
      const left = (await findings([email, person.name, person.surnames, person.phone, person.phone.replace(/ /g, ""), person.street])).filter(
        (f) =>
          !(f.table === "invoices") &&
          !(f.table === "orders" && invoiced.has(f.id) && buyer.has(f.column)) &&
          !(f.table === "orders" && f.id === String(orders.delivering.id) && delivery.has(f.column)) &&
          // The staff audit log is append-only evidence of what staff did (decision 048).
          !(f.table === "audit_log"),
      );
      expect(left).toEqual([]);

      // What people see: the review under an anonymous name, the order links refused.
      const reviews = await api("GET", `/reviews/v1/reviews/?product=${SLUG}`);
      expect(reviews.statusCode, reviews.body).toBe(200);
      const authors = reviews.json().results.map((r: { author: string }) => r.author);
      expect(authors).toContain("Cliente");
      expect(authors).not.toContain(person.name);
      for (const o of Object.values(orders)) {
        const res = await api("GET", `/orders/v1/orders/${o.id}/?t=${o.link}`);
        expect(res.statusCode, `order ${o.id}`).toBe(404);
      }
      const page = await shop.app.inject({ method: "GET", url: `/order/${orders.guest.id}?t=${orders.guest.link}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(person.street);
      // The quotation is still there for the shop's books, but names no one.
      const [quotation] = await q<{ email: string | null; name: string | null; phone: string | null }>(
        sql`select email, name, phone from orders where id = ${quotationId}`,
      );
      expect(quotation).toEqual({ email: null, name: null, phone: null });
    });

    it("clears the delivery data of the order on its way once its packages are delivered", async () => {
      await moveAll(orders.delivering.id, [600, 700]);
      const [o] = await q<{ phone: string | null; shipping_address: string | null; billing_tax_id: string | null }>(
        sql`select phone, shipping_address, billing_tax_id from orders where id = ${orders.delivering.id}`,
      );
      expect(o).toEqual({ phone: null, shipping_address: null, billing_tax_id: person.taxId });
    });
  });

  describe("the mailed order link", () => {
    it(`opens the order for ${ORDER_LINK_DAYS} days after its last change, and is refused after`, async () => {
      const g = await placeOrder({ email: uniqueEmail("caduca") });
      const url = `/orders/v1/orders/${g.order.id}/?t=${g.link}`;
      const age = async (days: number) =>
        q(
          sql`update orders set updated_at = now() - make_interval(days => ${days}), status_changed_at = now() - make_interval(days => ${days}),
              placed_at = now() - make_interval(days => ${days}) where id = ${g.order.id}`,
        );
      await age(ORDER_LINK_DAYS - 1);
      expect((await api("GET", url)).statusCode).toBe(200);
      await age(ORDER_LINK_DAYS + 1);
      const res = await api("GET", url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(person.street);
      // The storefront's order page too; the guest's own cart token still works.
      expect((await shop.app.inject({ method: "GET", url: `/order/${g.order.id}?t=${g.link}` })).statusCode).toBe(404);
      expect((await api("GET", `/orders/v1/orders/${g.order.id}/`, { headers: g.headers })).statusCode).toBe(200);
    });
  });
});
