import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { madridDay } from "../../../core/dates.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { centsCell } from "../../lib/csv.ts";
import { contextFor } from "../../lib/request-context.ts";
import { relaxThrottling } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { countQueries } from "../../test/query-counter.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { invoices } from "../invoices/invoices.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const SLUG_FR = "receveur-de-douche-resine-ardoise-blanc";
type Headers = Record<string, string>;
type Placed = { id: number; payment_reference: string; prices: { total: number }; order_number: string };

describeEachDb("back office: invoices, VERI*FACTU, export and dashboard (/api/admin/v1)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let attrsFr: Record<string, AttributeDto>;
  let accountant: TestStaff;
  let warehouse: TestStaff;
  let support: TestStaff;
  let key = 0;
  const opt = (a: Record<string, AttributeDto>, attr: string, slug: string) => a[attr].options.find((o) => o.slug === slug)!.id;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { seed: false, env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    const db = shop.database.db;
    await seedStores(db);
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 100_000 });
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    attrsFr = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(fr), SLUG_FR)) ?? []).map((a) => [a.slug, a]));
    accountant = await createStaff(shop, "accountant");
    warehouse = await createStaff(shop, "warehouse");
    support = await createStaff(shop, "support");
    // The payment provider is outside this test: opening a payment is recorded, not sent.
    const p = shop.services.payments as unknown as Record<string, unknown>;
    p.startPayment = async (_c: unknown, i: { reference: string }) => ({ type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const db = () => shop.database.db as Db;
  const api = (method: "GET" | "POST", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });
  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

  const tray = (a: Record<string, AttributeDto>) => ({
    quantity: 1,
    options: { [a.color.id]: opt(a, "color", "blanco"), [a.acabado.id]: opt(a, "acabado", "mate") },
    ranges: { [a.ancho.id]: 75 },
    texts: {},
    complements: {},
  });

  /** A guest's order in the Spanish store (or the French one): card unless `transfer`. */
  async function placeOrder(opts: { fr?: boolean; transfer?: boolean; over?: Record<string, unknown> } = {}): Promise<Placed> {
    const qs = opts.fr ? "?store=FRDB" : "";
    const add = await api("POST", `/cart/v1/cart-rows/${qs}`, { payload: { product: opts.fr ? SLUG_FR : SLUG, selection: tray(opts.fr ? attrsFr : attrs) } });
    expect(add.statusCode, add.body).toBe(201);
    const form = opts.fr
      ? {
          phone: "06 12 34 56 78",
          shipping_address: "Rue de Rivoli",
          shipping_number: "10",
          shipping_postal_code: "75004",
          shipping_city: "Paris",
          shipping_province: "Paris",
          shipping_country: "FR",
          billing_tax_id_type: "dni",
          billing_tax_id: "123456789",
        }
      : {
          phone: "612 345 678",
          shipping_address: "Calle Mayor",
          shipping_number: "12",
          shipping_postal_code: "28013",
          shipping_city: "Madrid",
          shipping_province: "Madrid",
          shipping_country: "ES",
          billing_tax_id_type: "dni",
          billing_tax_id: "12345678Z",
        };
    const res = await api("POST", `/checkout/v1/place_order/${qs}`, {
      headers: { "x-cart-token": add.json().cart_token },
      payload: {
        idempotency_key: `acc-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        name: "Lucía",
        surnames: "Martín Ruiz",
        email: "lucia.guest@example.es",
        billing_business_name: "Lucía Martín Ruiz",
        payment_method: opts.transfer ? "transfer" : "card",
        expected_total: add.json().cart.prices.pvp_total,
        ...form,
        ...opts.over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order;
  }

  async function pay(o: Placed) {
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
    const r = await db().transaction((tx) => shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, outcome));
    expect(r?.status).toBe(400);
  }

  async function cancel(o: Placed) {
    const ctx = await shop.services.checkout.staffContext((await shop.services.stores.byLanguage("es")).id);
    const r = await shop.services.checkout.cancelOrder(ctx, o.id, "Sin stock del proveedor");
    expect(r.ok).toBe(true);
  }

  const invoiceOf = async (orderId: number, k: "invoice" | "credit_note" = "invoice") =>
    (await db().select().from(invoices).where(sql`${invoices.orderId} = ${orderId} and ${invoices.kind} = ${k}`))[0];

  const dashboard = async (h: Headers = accountant.headers) => {
    const r = await api("GET", "/admin/v1/dashboard/?fresh=1", { headers: h });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  type Link = { count: number; href: string };
  type StoreCard = {
    store: string;
    today: { orders: number; gross: number; net: number; refunds: number; href: string };
    month: { net: number };
    to_ship: Link;
    transfers: Link & { amount: number };
    aftersale: { href: string };
    quotations_expiring: Link;
  };
  const es = (d: { stores: StoreCard[] }) => d.stores.find((s) => s.store === "ESDB")!;

  describe("dashboard", () => {
    it("counts a paid order in today's sales, not a refunded one, and a transfer waiting; each figure links to its list", async () => {
      const before = es(await dashboard());
      const paid = await placeOrder();
      await pay(paid);
      const refunded = await placeOrder();
      await pay(refunded);
      await cancel(refunded);
      const transfer = await placeOrder({ transfer: true });
      const after = await dashboard();
      const now = es(after);
      expect(now.today.orders - before.today.orders).toBe(2);
      expect(now.today.gross - before.today.gross).toBe(paid.prices.total + refunded.prices.total);
      expect(now.today.refunds - before.today.refunds).toBe(refunded.prices.total);
      expect(now.today.net - before.today.net).toBe(paid.prices.total);
      expect(now.month.net - before.month.net).toBe(paid.prices.total);
      expect(now.to_ship.count - before.to_ship.count).toBe(1);
      expect(now.transfers.count - before.transfers.count).toBe(1);
      expect(now.transfers.amount - before.transfers.amount).toBe(transfer.prices.total);
      const day = madridDay(new Date());
      expect(after.day).toBe(day);
      expect(now.today.href).toBe(`/admin/orders?payment=paid&from=${day}&to=${day}&store=ESDB`);
      expect(now.to_ship.href).toBe("/admin/orders?status=400&status=450&status=500&status=600&store=ESDB");
      expect(now.transfers.href).toBe("/admin/money/transfers?store=ESDB");
      expect(now.aftersale.href).toMatch(/^\/admin\/aftersale/);
      expect(now.quotations_expiring.href).toMatch(/^\/admin\/quotations/);
      // Out of stock and low: the fixture's products without variants, the variants set to 100,000 are not.
      await db().execute(sql`update variants set stock = 0 where id = (select min(id) from variants)`);
      await db().execute(sql`update variants set stock = 3 where id = (select max(id) from variants)`);
      const s = (await dashboard()).stock;
      expect(s.out).toBeGreaterThanOrEqual(1);
      expect(s.low).toBeGreaterThanOrEqual(1);
      expect(s.items.some((i: { stock: number }) => i.stock === 0)).toBe(true);
      await db().update(variants).set({ stock: 100_000 });
    });

    it("costs the same few statements however many orders there are, and fewer when kept", async () => {
      const counter = countQueries();
      const measure = async (url: string) => {
        // Only the request's statements: the paid orders' mails leave first, and the job engine
        // (which polls the database on its own) is held while counting.
        await shop.services.jobs.drain("order-mail");
        await shop.services.jobs.stop();
        counter.count = 0;
        counter.on = true;
        const r = await api("GET", url, { headers: warehouse.headers });
        counter.on = false;
        await shop.services.jobs.start();
        expect(r.statusCode).toBe(200);
        return counter.count;
      };
      const first = await measure("/admin/v1/dashboard/?fresh=1");
      for (let i = 0; i < 3; i++) await pay(await placeOrder());
      const again = await measure("/admin/v1/dashboard/?fresh=1");
      expect(again).toBe(first);
      // The sales, lists and stock in two statements; the rest is the staff session.
      expect(first).toBeLessThanOrEqual(8);
      const kept = await measure("/admin/v1/dashboard/");
      expect(kept).toBe(first - 2);
    });
  });

  describe("invoices", () => {
    it("lists by store, series and Madrid days (the day starts at midnight in Madrid, not UTC), searches and pages by keyset", async () => {
      const fr = await shop.services.stores.byLanguage("fr");
      // Two documents of a past year, one second either side of midnight in Madrid (CET: 23:00 UTC).
      const orderIds = rowsOf<{ id: number }>(
        await db().execute(
          sql`insert into orders (store_id, order_number, status) values (${fr.id}, ${`B1-${kind}`}, 400), (${fr.id}, ${`B2-${kind}`}, 400) returning id`,
        ),
      ).map((r) => Number(r.id));
      const base = {
        storeId: fr.id,
        storeCode: "FRDB" as const,
        kind: "invoice" as const,
        type: "FA" as const,
        series: "F" as const,
        year: 2020,
        language: "fr" as const,
        seller: { name: "BañoDirecto France SAS", taxId: "SIREN 123 456 789", address: [] },
        lines: [],
        vatBreakdown: [{ rateBp: 2000, base: 1000, vat: 200, gross: 1200 }],
        base: 1000,
        vat: 200,
        total: 1200,
      };
      await db()
        .insert(invoices)
        .values([
          {
            ...base,
            orderId: orderIds[0],
            orderNumber: `B1-${kind}`,
            seq: 1,
            number: "FRDB-2020-000001",
            issuedAt: new Date("2020-03-09T22:59:59Z"),
            issueDate: "2020-03-09",
            buyer: { name: "Martine Dupont", taxId: null, address: [] },
          },
          {
            ...base,
            orderId: orderIds[1],
            orderNumber: `B2-${kind}`,
            seq: 2,
            number: "FRDB-2020-000002",
            issuedAt: new Date("2020-03-09T23:00:00Z"),
            issueDate: "2020-03-10",
            buyer: { name: "Plomberie Lefèvre", taxId: "FR40303265045", address: [] },
          },
        ]);
      const list = async (q: string) => {
        const r = await api("GET", `/admin/v1/invoices/?${q}`, { headers: accountant.headers });
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as { results: { number: string; store: string; series: string; verifactu_status: string | null }[]; next: number | null };
      };
      expect((await list("store=FRDB&from=2020-03-10&to=2020-03-10")).results.map((i) => i.number)).toEqual(["FRDB-2020-000002"]);
      expect((await list("store=FRDB&from=2020-03-09&to=2020-03-09")).results.map((i) => i.number)).toEqual(["FRDB-2020-000001"]);
      expect((await list("store=ESDB&from=2020-03-09&to=2020-03-10")).results).toEqual([]);
      // Series and store.
      const paid = await placeOrder();
      await pay(paid);
      await cancel(paid);
      const r = await list("store=ESDB&series=R");
      expect(r.results.length).toBeGreaterThan(0);
      expect(r.results.every((i) => i.store === "ESDB" && i.series === "R")).toBe(true);
      expect(r.results[0].verifactu_status).toBe("pending");
      expect((await list("store=FRDB")).results.every((i) => i.store === "FRDB")).toBe(true);
      // Search: number, order number, tax id, name (any case).
      expect((await list("q=FRDB-2020-000002")).results.map((i) => i.number)).toEqual(["FRDB-2020-000002"]);
      expect((await list(`q=B1-${kind}`)).results.map((i) => i.number)).toEqual(["FRDB-2020-000001"]);
      expect((await list("q=fr40303265045")).results.map((i) => i.number)).toEqual(["FRDB-2020-000002"]);
      expect((await list("q=martine")).results.map((i) => i.number)).toEqual(["FRDB-2020-000001"]);
      expect((await list("q=100%25")).results).toEqual([]);
      // Keyset pages: no overlap, nothing skipped.
      const all = (await list("limit=200")).results.map((i) => i.number);
      const seen: string[] = [];
      let next: number | null = null;
      do {
        const page = await list(`limit=2${next ? `&before=${next}` : ""}`);
        seen.push(...page.results.map((i) => i.number));
        next = page.next;
      } while (next);
      expect(seen).toEqual(all);
      // Bad input is a 400, never a 500.
      expect((await api("GET", "/admin/v1/invoices/?from=2020-03-10&to=2020-03-01", { headers: accountant.headers })).statusCode).toBe(400);
      expect((await api("GET", "/admin/v1/invoices/?q=%00x", { headers: accountant.headers })).statusCode).toBe(400);
      expect((await api("GET", "/admin/v1/invoices/?store=XX", { headers: accountant.headers })).statusCode).toBe(400);
      expect((await api("GET", "/admin/v1/invoices/99999999999/", { headers: accountant.headers })).statusCode).toBe(400);
    });

    it("a document shows its lines, order and VERI*FACTU record with its checks; the PDF downloads", async () => {
      const o = await placeOrder();
      await pay(o);
      const inv = await invoiceOf(o.id);
      const r = await api("GET", `/admin/v1/invoices/${inv.id}/`, { headers: accountant.headers });
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json();
      expect(d.number).toBe(inv.number);
      expect(d.total).toBe(o.prices.total);
      expect(d.lines.reduce((s: number, l: { gross: number }) => s + l.gross, 0)).toBe(o.prices.total);
      expect(d.order_detail).toMatchObject({ id: o.id, number: o.order_number });
      expect(d.verifactu.hash).toMatch(/^[0-9A-F]{64}$/);
      expect(d.verifactu).toMatchObject({ status: "pending", fingerprint_ok: true, link_ok: true, is_chain_head: true });
      expect(d.verifactu.qr_url).toContain(`numserie=${encodeURIComponent(inv.number)}`);
      const pdf = await api("GET", `/admin/v1/invoices/${inv.id}/pdf?download=1`, { headers: accountant.headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="${inv.number}.pdf"`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect((await api("GET", "/admin/v1/invoices/999999/", { headers: accountant.headers })).statusCode).toBe(404);
    });

    it("resends the PDF to the customer and records it in the audit log and the order's timeline", async () => {
      const o = await placeOrder();
      await pay(o);
      const inv = await invoiceOf(o.id);
      const r = await api("POST", `/admin/v1/invoices/${inv.id}/resend/`, { headers: accountant.headers, payload: {} });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ sent_to: "lucia.guest@example.es", number: inv.number });
      const mail = await smtp.last("lucia.guest@example.es", new RegExp(inv.number));
      const att = mail.raw.attachments.find((a) => a.filename === `${inv.number}.pdf`)!;
      expect(att.contentType).toBe("application/pdf");
      expect(att.content.subarray(0, 5).toString()).toBe("%PDF-");
      const entries = await auditEntries(shop, { orderId: o.id });
      expect(entries.find((e) => e.action === "invoice.resend")).toMatchObject({ staffId: accountant.id, entityType: "invoice", entityId: String(inv.id) });
      // To another address; a bad one is a 400.
      const other = await api("POST", `/admin/v1/invoices/${inv.id}/resend/`, { headers: accountant.headers, payload: { to: "Conta@Example.es" } });
      expect(other.json().sent_to).toBe("conta@example.es");
      expect((await api("POST", `/admin/v1/invoices/${inv.id}/resend/`, { headers: accountant.headers, payload: { to: "nope" } })).statusCode).toBe(400);
      expect((await api("POST", `/admin/v1/invoices/${inv.id}/resend/`, { headers: accountant.headers, payload: { x: 1 } })).statusCode).toBe(400);
    });

    it("the CSV export keeps a business name `=1+2` as text and the amounts exact, with the rectified invoice of a credit note", async () => {
      const o = await placeOrder({
        over: {
          billing_business_name: "=1+2",
          same_billing_data: false,
          billing_address: "Calle Mayor",
          billing_number: "12",
          billing_postal_code: "28013",
          billing_city: "Madrid",
          billing_province: "Madrid",
          billing_country: "ES",
        },
      });
      await pay(o);
      await cancel(o);
      const inv = await invoiceOf(o.id);
      const cn = await invoiceOf(o.id, "credit_note");
      expect(inv.buyer.name).toBe("=1+2");
      const day = madridDay(new Date());
      const res = await api("GET", `/admin/v1/invoices/export.csv?store=ESDB&from=${day}&to=${day}`, { headers: accountant.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("text/csv");
      expect(res.headers["content-disposition"]).toContain(`facturas-ESDB-${day}-${day}.csv`);
      const lines = res.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      const head = lines[0].split(";").map((c) => c.replace(/^"|"$/g, ""));
      expect(head).toEqual([
        "number",
        "series",
        "type",
        "issue_date",
        "store",
        "order",
        "customer_name",
        "customer_tax_id",
        "base_21%",
        "vat_21%",
        "base",
        "vat",
        "total",
        "rectified_invoice",
        "reason",
        "payment_method",
        "verifactu_hash",
      ]);
      const cells = (number: string) => {
        const line = lines.find((l) => l.startsWith(`"${number}";`))!;
        return Object.fromEntries(line.split(";").map((c, i) => [head[i], c]));
      };
      const a = cells(inv.number);
      expect(a.customer_name).toBe(`"'=1+2"`);
      expect(a.customer_tax_id).toBe(`"DNI 12345678Z"`);
      expect(a.total).toBe(`"${centsCell(inv.total)}"`);
      expect(a["base_21%"]).toBe(`"${centsCell(inv.base)}"`);
      expect(a.vat).toBe(`"${centsCell(inv.vat)}"`);
      expect(inv.base + inv.vat).toBe(inv.total);
      expect(a.verifactu_hash).toMatch(/^"[0-9A-F]{64}"$/);
      const c = cells(cn.number);
      expect(c.series).toBe(`"R"`);
      expect(c.rectified_invoice).toBe(`"${inv.number}"`);
      // A credit note's negative amount stays a number, not escaped text.
      expect(c.total).toBe(`"-${centsCell(inv.total)}"`);
      expect(res.body).not.toContain(";=1+2");
      // Only the documents of the series asked for.
      const r = await api("GET", `/admin/v1/invoices/export.csv?store=ESDB&series=R&from=${day}&to=${day}`, { headers: accountant.headers });
      expect(
        r.body
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n")
          .slice(1)
          .every((l) => l.startsWith('"ESDB-R-')),
      ).toBe(true);
      expect((await api("GET", `/admin/v1/invoices/export.csv?from=${day}&to=2000-01-01`, { headers: accountant.headers })).statusCode).toBe(400);
      expect((await api("GET", `/admin/v1/invoices/export.csv?from=${day}`, { headers: accountant.headers })).statusCode).toBe(400);
    });

    it("verifying the chain reports an intact chain per store and series, and the first broken link of a tampered one", async () => {
      const o = await placeOrder();
      await pay(o);
      const ok = await api("POST", "/admin/v1/invoices/verify/", { headers: accountant.headers, payload: {} });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().ok).toBe(true);
      const esF = ok.json().series.find((s: { store: string; series: string; year: number }) => s.store === "ESDB" && s.series === "F");
      expect(esF.documents).toBeGreaterThan(0);
      expect(esF.records).toBe(esF.documents);
      expect(esF.broken).toBeNull();
      expect(esF.gaps).toEqual([]);
      expect((await auditEntries(shop, { action: "invoice.verify_chain" })).length).toBeGreaterThan(0);
      const inv = await invoiceOf(o.id);
      const [rec] = rowsOf<{ id: number; total: string }>(await db().execute(sql`select id, total from verifactu_records where invoice_id = ${inv.id}`));
      await db().execute(sql`update verifactu_records set total = '0.01' where id = ${rec.id}`);
      try {
        const bad = (await api("POST", "/admin/v1/invoices/verify/", { headers: accountant.headers, payload: {} })).json();
        expect(bad.ok).toBe(false);
        const s = bad.series.find((x: { store: string; series: string; year: number }) => x.store === "ESDB" && x.series === "F" && x.year === inv.year);
        expect(s.broken).toEqual({ number: inv.number, record_id: Number(rec.id), reason: "fingerprint" });
        expect(bad.problems.join("\n")).toMatch(/fingerprint does not match/);
      } finally {
        await db().execute(sql`update verifactu_records set total = ${rec.total} where id = ${rec.id}`);
      }
      expect((await api("POST", "/admin/v1/invoices/verify/", { headers: accountant.headers, payload: {} })).json().ok).toBe(true);
    });

    it("a warehouse or support member gets 403 on invoices; the dashboard is everyone's", async () => {
      for (const s of [warehouse, support]) {
        expect((await api("GET", "/admin/v1/invoices/", { headers: s.headers })).statusCode).toBe(403);
        expect((await api("GET", "/admin/v1/invoices/1/", { headers: s.headers })).statusCode).toBe(403);
        expect((await api("GET", "/admin/v1/invoices/1/pdf", { headers: s.headers })).statusCode).toBe(403);
        expect((await api("GET", "/admin/v1/invoices/export.csv?from=2020-01-01&to=2020-01-02", { headers: s.headers })).statusCode).toBe(403);
        expect((await api("POST", "/admin/v1/invoices/verify/", { headers: s.headers, payload: {} })).statusCode).toBe(403);
        expect((await api("POST", "/admin/v1/invoices/1/resend/", { headers: s.headers, payload: {} })).statusCode).toBe(403);
        expect((await api("GET", "/admin/v1/dashboard/", { headers: s.headers })).statusCode).toBe(200);
      }
      expect((await api("GET", "/admin/v1/invoices/")).statusCode).toBe(401);
    });
  });
});
