import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { orders } from "../cart/cart.schema.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { installationQuoteRequests } from "../installations/installations.schema.ts";

const ORIGIN = "http://localhost:3000";
const SLUG = "plato-de-ducha-resina-pizarra-blanco";
type Headers = Record<string, string>;

describeEachDb("back office: quotations as draft orders", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let support: TestStaff;
  let warehouse: TestStaff;
  let alice: TestUser;
  const db = () => shop.database.db as Db;
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
  const selection = (q = 1, ancho = 75) => ({
    quantity: q,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: ancho },
    texts: {},
    complements: {},
  });
  const api = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN } });
    relaxThrottling(shop);
    await seedStores(db());
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db(), { es: es.id, fr: fr.id });
    await db().update(variants).set({ stock: 100_000 });
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    support = await createStaff(shop, "support");
    warehouse = await createStaff(shop, "warehouse");
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  async function draftWithTwoRows() {
    const created = await api("POST", "/admin/v1/quotations/", { headers: support.headers, payload: { email: alice.email.toUpperCase() } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().status).toBe(200);
    const a = await api("POST", `/admin/v1/quotations/${id}/rows/`, { headers: support.headers, payload: { product: SLUG, selection: selection(1) } });
    expect(a.statusCode, a.body).toBe(201);
    const b = await api("POST", `/admin/v1/quotations/${id}/rows/`, { headers: support.headers, payload: { product: SLUG, selection: selection(2, 90) } });
    expect(b.statusCode, b.body).toBe(201);
    return { id, q: b.json() };
  }

  it("create, two rows, 10 % off one line, totals in cents; send with a PDF and a link; the customer pays the quoted total", async () => {
    const { id, q } = await draftWithTwoRows();
    expect(q.rows).toHaveLength(2);
    const [r1, r2] = q.rows;
    const d = await api("PUT", `/admin/v1/quotations/${id}/rows/${r2.id}/`, {
      headers: support.headers,
      payload: { discount: { kind: "percent", value: 10 } },
    });
    expect(d.statusCode, d.body).toBe(200);
    const after = d.json();
    const off = Math.round((r2.total * 10) / 100);
    expect(after.rows[1].discount).toEqual({ kind: "percent", value: 10, amount: off });
    expect(after.rows[1].discount_total).toBe(off);
    expect(after.prices.subtotal).toBe(r1.total + r2.total);
    expect(after.prices.discount).toBe(off);
    const shipping = after.rows[0].shipping + after.rows[1].shipping;
    expect(after.prices.shipping).toBe(shipping);
    expect(after.prices.total).toBe(r1.total + r2.total - off + shipping);
    expect(after.rows[1].final_total).toBe(r2.total - off + after.rows[1].shipping);
    // VAT included: base + VAT = total, the base at 21 %.
    expect(after.vat.rate_bp).toBe(2100);
    expect(after.vat.base + after.vat.amount).toBe(after.prices.total);
    expect(after.vat.base).toBe(Math.round((after.prices.total * 10_000) / 12_100));

    // A discount over the row total is refused, and nothing changes.
    const tooMuch = await api("PUT", `/admin/v1/quotations/${id}/rows/${r1.id}/`, {
      headers: support.headers,
      payload: { discount: { kind: "cents", value: r1.total + 1 } },
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe("quotation.discount_too_large");
    expect((await api("GET", `/admin/v1/quotations/${id}/`, { headers: support.headers })).json().prices.total).toBe(after.prices.total);

    const sent = await api("POST", `/admin/v1/quotations/${id}/send/`, { headers: support.headers, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const expires = new Date(sent.json().expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(120_000);
    const mail = await smtp.last(alice.email, /presupuesto/i);
    expect(mail.raw.attachments?.[0]?.contentType).toBe("application/pdf");
    expect(mail.raw.attachments?.[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
    const link = mail.text.match(/https?:\/\/\S+\/order\/\d+\?t=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    expect(link).toContain(`/order/${id}?t=`);

    // The customer sees it in their quotations and pays it at the quoted total (pay my order, the sandbox page).
    const mine = await api("GET", "/orders/v1/orders/?kind=quotation&store=ESDB", { headers: alice.auth });
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = mine.json().results.find((o: { id: number }) => o.id === id);
    expect(listed).toBeTruthy();
    const pay = await api("POST", `/checkout/v1/orders/${id}/pay/?store=ESDB`, { headers: alice.auth, payload: { payment_method: "card" } });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().order.prices.total).toBe(after.prices.total);
    const page = new URL(pay.json().payment.url).pathname;
    const paid = await shop.app.inject({
      method: "POST",
      url: page,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      payload: new URLSearchParams({ action: "card", number: "4111111111111111", expiry: "12/39", cvc: "123", holder: "Alicia García" }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const u = new URL(paid.headers.location as string);
    const back = await shop.services.payments.completeReturn(contextFor({} as never), {
      reference: u.pathname.split("/").pop()!,
      query: Object.fromEntries(u.searchParams),
    });
    expect(back.resultCode).toBe("Authorised");
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(o.status).toBe(400);
    expect(o.total).toBe(after.prices.total);

    // Paid: no longer a quotation to edit or convert.
    const late = await api("POST", `/admin/v1/quotations/${id}/convert/`, { headers: support.headers, payload: {} });
    expect(late.statusCode).toBe(409);

    const entries = await auditEntries(shop, { orderId: id });
    const actions = entries.map((e) => e.action);
    for (const a of ["quotation.create", "quotation.row_add", "quotation.row_update", "quotation.send"]) expect(actions).toContain(a);
    for (const e of entries.filter((x) => x.action.startsWith("quotation."))) {
      expect(e.after).toBeTruthy();
      if (e.action !== "quotation.create") expect(e.before).toBeTruthy();
    }
  });

  it("converts once: ten conversions at once, one 200 and the others 409; extend moves the expiry", async () => {
    const { id } = await draftWithTwoRows();
    const before = (await api("GET", `/admin/v1/quotations/${id}/`, { headers: support.headers })).json();
    const ext = await api("POST", `/admin/v1/quotations/${id}/extend/`, { headers: support.headers, payload: { days: 10 } });
    expect(ext.statusCode, ext.body).toBe(200);
    expect(new Date(ext.json().expires_at).getTime() - new Date(before.expires_at).getTime()).toBeGreaterThanOrEqual(10 * 86_400_000 - 1000);
    const all = await Promise.all(
      Array.from({ length: 10 }, () => api("POST", `/admin/v1/quotations/${id}/convert/`, { headers: support.headers, payload: { payment_method: "card" } })),
    );
    const codes = all.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const ok = all.find((r) => r.statusCode === 200)!.json();
    expect(ok.status).toBe(300);
    expect(ok.total).toBe(before.prices.total);
    const again = await api("POST", `/admin/v1/quotations/${id}/convert/`, { headers: support.headers, payload: {} });
    expect(again.statusCode).toBe(409);
    const entries = await auditEntries(shop, { orderId: id });
    const conv = entries.filter((e) => e.action === "quotation.convert");
    expect(conv).toHaveLength(1);
    expect((conv[0].before as { status: number }).status).toBe(200);
    expect((conv[0].after as { status: number }).status).toBe(300);
    expect(entries.find((e) => e.action === "quotation.extend")?.before).toBeTruthy();
  });

  it("a warehouse member gets 403; bad input is 400; lists filter by store, days left and number or email", async () => {
    expect((await api("GET", "/admin/v1/quotations/", { headers: warehouse.headers })).statusCode).toBe(403);
    expect((await api("POST", "/admin/v1/quotations/", { headers: warehouse.headers, payload: { email: alice.email } })).statusCode).toBe(403);
    expect((await api("POST", "/admin/v1/quotations/", { headers: support.headers, payload: {} })).statusCode).toBe(400);
    expect((await api("GET", "/admin/v1/quotations/99999999999/", { headers: support.headers })).statusCode).toBe(400);
    const { id } = await draftWithTwoRows();
    const bad = await api("PUT", `/admin/v1/quotations/${id}/rows/1/`, { headers: support.headers, payload: { discount: { kind: "percent", value: 150 } } });
    expect(bad.statusCode).toBe(400);
    const list = await api("GET", "/admin/v1/quotations/?store=ESDB&expiring_days=31", { headers: support.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.some((r: { id: number }) => r.id === id)).toBe(true);
    const exp = list.json().results.map((r: { expires_at: string }) => r.expires_at);
    expect([...exp].sort()).toEqual(exp);
    const none = await api("GET", "/admin/v1/quotations/?store=FRDB", { headers: support.headers });
    expect(none.json().results.some((r: { id: number }) => r.id === id)).toBe(false);
    const byNumber = await api("GET", `/admin/v1/quotations/?q=${encodeURIComponent(list.json().results.find((r: { id: number }) => r.id === id).number)}`, {
      headers: support.headers,
    });
    expect(byNumber.json().results.map((r: { id: number }) => r.id)).toEqual([id]);
    const products = await api("GET", "/admin/v1/quotations/products/?store=ESDB&q=pizarra", { headers: support.headers });
    expect(products.statusCode, products.body).toBe(200);
    expect(products.json().results.some((p: { slug: string }) => p.slug === SLUG)).toBe(true);
  });

  it("an installation quote request becomes a quotation draft once", async () => {
    const es = await shop.services.stores.byLanguage("es");
    const [r] = await db()
      .insert(installationQuoteRequests)
      .values({
        storeId: es.id,
        language: "es",
        name: "Jordi Puig",
        email: "jordi.puig@example.es",
        town: "Girona",
        postalCode: "17001",
        message: "Instalación",
      })
      .returning();
    const res = await api("POST", `/admin/v1/quote-requests/${r.id}/quotation/`, { headers: support.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer.email).toBe("jordi.puig@example.es");
    expect(res.json().customer.name).toBe("Jordi");
    expect(res.json().shipping.city).toBe("Girona");
    expect(res.json().quote_request).toBe(r.id);
    const [after] = await db().select().from(installationQuoteRequests).where(eq(installationQuoteRequests.id, r.id));
    expect(after.status).toBe("answered");
    const twice = await api("POST", `/admin/v1/quote-requests/${r.id}/quotation/`, { headers: support.headers });
    expect(twice.statusCode).toBe(409);
    const entries = await auditEntries(shop, { orderId: res.json().id });
    expect(entries.find((e) => e.action === "quotation.from_quote_request")?.before).toEqual({ request_status: "open" });
  });

  describe("errors", () => {
    it("an unknown customer is 404", async () => {
      const res = await api("POST", "/admin/v1/quotations/", { headers: support.headers, payload: { email: "nadie@example.es" } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("quotation.customer_not_found");
    });
  });
});
