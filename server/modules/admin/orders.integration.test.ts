import { eq, sql } from "drizzle-orm";
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
import { variants } from "../catalog/catalog.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
type Headers = Record<string, string>;
type ListBody = { results: { id: number; order_number: string; items: number }[]; next: string | null; has_more: boolean; count?: number };

describeEachDb("back office: orders (/api/admin/v1/orders)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let support: TestStaff;
  let warehouse: TestStaff;
  let accountant: TestStaff;
  let alice: TestUser;
  let esId = 0;
  let frId = 0;
  let key = 0;
  let seq = 0;
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
    frId = fr.id;
    await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 1000 }).where(eq(variants.ref, "PD-RES-BL-70"));
    const list = (await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? [];
    attrs = Object.fromEntries(list.map((a) => [a.slug, a]));
    support = await createStaff(shop, "support");
    warehouse = await createStaff(shop, "warehouse");
    accountant = await createStaff(shop, "accountant");
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const db = () => shop.database.db as Db;
  const api = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });
  const list = async (qs: string, who: TestStaff = support): Promise<ListBody> => {
    const res = await api("GET", `/admin/v1/orders/?${qs}`, { headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = (b: ListBody) => b.results.map((r) => r.id);

  const tray = (q = 1) => ({
    quantity: q,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: 75 },
    texts: {},
    complements: {},
  });

  /** A real order of `user` (checkout), `rows` cart rows of one tray each, paid by transfer. */
  async function paidOrder(user: TestUser, rows = 1) {
    let total = 0;
    for (let i = 0; i < rows; i++) {
      const add = await api("POST", "/cart/v1/cart-rows/", { headers: user.auth, payload: { product: SLUG, selection: tray(1) } });
      expect(add.statusCode, add.body).toBe(201);
      total = add.json().cart.prices.pvp_total;
    }
    const res = await api("POST", "/checkout/v1/place_order/", {
      headers: user.auth,
      payload: {
        idempotency_key: `k-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        name: "Lucía",
        surnames: "Martín Ruiz",
        phone: "612 345 678",
        email: user.email,
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
        expected_total: total,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    await db().transaction((tx) =>
      shop.services.checkout.orderPayments.applyOutcome(
        tx as unknown as Db,
        {
          reference: order.payment_reference,
          amount: order.prices.total,
          pspReference: `psp-${order.payment_reference.slice(-8)}`,
          resultCode: "Authorised",
          currency: "EUR",
          method: "transfer",
          provider: "test",
          source: "webhook",
        } as PaymentOutcome,
      ),
    );
    return order as { id: number; order_number: string; payment_reference: string };
  }

  /** An order written straight into the tables (the list's filters read only columns and joins). */
  async function rawOrder(o: {
    store?: number;
    status?: number;
    at?: string;
    email?: string;
    name?: string;
    phone?: string;
    postal?: string;
    method?: string;
    paid?: boolean;
    professional?: boolean;
    coupon?: string | null;
    total?: number;
    ref?: string;
    installation?: boolean;
    refunded?: number;
    packages?: number[];
  }): Promise<{ id: number; number: string; reference: string }> {
    const n = ++seq;
    const number = `T${kind[0].toUpperCase()}${String(n).padStart(6, "0")}`;
    const reference = `ESDB-test-${kind}-${n}-${"x".repeat(12)}`;
    const at = o.at ?? "2024-03-10T10:00:00Z";
    const res = await db().execute(sql`
      insert into orders (store_id, status, order_number, email, name, surnames, phone, shipping_postal_code, payment_method_selected,
                          placed_at, created_at, paid_at, professional, coupon_code, total, payment_reference)
      values (${o.store ?? esId}, ${o.status ?? 400}, ${number}, ${o.email ?? `c${n}@example.es`}, ${o.name ?? "Cliente"}, ${"Prueba"},
              ${o.phone ?? "600000000"}, ${o.postal ?? "41001"}, ${o.method ?? "card"}, ${at}::timestamptz, ${at}::timestamptz,
              ${o.paid === false ? null : at}::timestamptz, ${o.professional ?? false}, ${o.coupon ?? null}, ${o.total ?? 10_000}, ${reference})
      returning id`);
    const id = Number((res as unknown as { rows: { id: number }[] }).rows[0].id);
    const lines = o.installation
      ? [{ kind: "service", id: "installation-complement", name: "Instalación", ref: "INST", quantity: 1, unit: 1, follows: true }]
      : [];
    await db().execute(sql`
      insert into order_rows (order_id, product_id, selection, lines, summary, quantity, name, ref, product_slug, product_ref, product_type, unit_pvp, shipping_amount)
      values (${id}, 1, '{}'::jsonb, ${JSON.stringify(lines)}::jsonb, '[]'::jsonb, 2, 'Plato', ${o.ref ?? `REF-${n}`}, 'plato', ${o.ref ?? `REF-${n}`}, 'plato', 5000, 0)`);
    let p = 0;
    for (const st of o.packages ?? []) await db().execute(sql`insert into sub_orders (order_id, package, status) values (${id}, ${++p}, ${st})`);
    if (o.refunded)
      await db().execute(sql`insert into payment_refunds (order_id, reference, provider, amount, idempotency_key, status)
                             values (${id}, ${reference}, 'test', ${o.refunded}, ${`r-${kind}-${n}`}, 'refunded')`);
    return { id, number, reference };
  }

  describe("list filters and search", () => {
    it("filters by store, status, payment method and state, shipping, professional, installation and coupon", async () => {
      const a = await rawOrder({ status: 400, method: "card", packages: [100], installation: true, coupon: "VERANO10" });
      const b = await rawOrder({ status: 450, method: "transfer", store: frId, professional: true, packages: [600, 100] });
      const c = await rawOrder({ status: 300, method: "bizum", paid: false });
      const d = await rawOrder({ status: 650, refunded: 10_000, packages: [700] });
      const e = await rawOrder({ status: 650, refunded: 2_000, packages: [600] });
      const mine = (b: ListBody, ...want: number[]) => want.filter((x) => ids(b).includes(x));
      const all = [a.id, b.id, c.id, d.id, e.id];
      expect(mine(await list("store=FRDB&limit=200"), ...all)).toEqual([b.id]);
      expect(mine(await list("store=ESDB&limit=200"), ...all).sort()).toEqual([a.id, c.id, d.id, e.id].sort());
      expect(mine(await list("status=400&status=450&limit=200"), ...all).sort()).toEqual([a.id, b.id].sort());
      expect(mine(await list("status=300,650&limit=200"), ...all).sort()).toEqual([c.id, d.id, e.id].sort());
      expect(mine(await list("method=transfer&limit=200"), ...all)).toEqual([b.id]);
      expect(mine(await list("payment=unpaid&limit=200"), ...all)).toEqual([c.id]);
      expect(mine(await list("payment=refunded&limit=200"), ...all)).toEqual([d.id]);
      expect(mine(await list("payment=partially_refunded&limit=200"), ...all)).toEqual([e.id]);
      expect(mine(await list("payment=paid&limit=200"), ...all).sort()).toEqual([a.id, b.id].sort());
      expect(mine(await list("shipping=partial&limit=200"), ...all)).toEqual([b.id]);
      expect(mine(await list("shipping=pending&limit=200"), ...all)).toEqual([a.id]);
      expect(mine(await list("shipping=none&limit=200"), ...all)).toEqual([c.id]);
      expect(mine(await list("shipping=delivered&limit=200"), ...all)).toEqual([d.id]);
      expect(mine(await list("shipping=shipped&limit=200"), ...all)).toEqual([e.id]);
      expect(mine(await list("professional=true&limit=200"), ...all)).toEqual([b.id]);
      expect(mine(await list("professional=false&limit=200"), ...all)).not.toContain(b.id);
      expect(mine(await list("installation=true&limit=200"), ...all)).toEqual([a.id]);
      expect(mine(await list("installation=false&limit=200"), ...all)).not.toContain(a.id);
      expect(mine(await list("coupon=verano10&limit=200"), ...all)).toEqual([a.id]);
      const row = (await list("coupon=VERANO10")).results.find((r) => r.id === a.id)!;
      expect(row).toMatchObject({
        store: "ESDB",
        status: 400,
        payment_state: "paid",
        shipping_state: "pending",
        items: 2,
        has_installation: true,
        total: 10_000,
      });
      // Bad input is a 400, not a 500.
      expect((await api("GET", "/admin/v1/orders/?status=123", { headers: support.headers })).statusCode).toBe(400);
      expect((await api("GET", "/admin/v1/orders/?after=garbage", { headers: support.headers })).statusCode).toBe(400);
      expect((await api("GET", "/admin/v1/orders/?from=2024-13-01", { headers: support.headers })).statusCode).toBe(400);
    });

    it("searches by number, payment reference, email, name, phone, postal code and product reference", async () => {
      const x = await rawOrder({ email: "marta.gil@ejemplo.es", name: "Marta Zubizarreta", phone: "699112233", postal: "50001", ref: "PD-SEARCH-77" });
      const y = await rawOrder({ email: "otro@ejemplo.es", name: "Pedro", phone: "611000000", postal: "08001", ref: "MP-OTRO-1" });
      for (const q of [x.number, x.reference, "marta.gil@ejemplo.es", "MARTA.GIL", "zubizarreta", "699112233", "50001", "pd-search", "PD-SEARCH-77"]) {
        const found = ids(await list(`q=${encodeURIComponent(q)}&limit=200`));
        expect(found, q).toContain(x.id);
        expect(found, q).not.toContain(y.id);
      }
      // A product reference matches from its start only; % and _ are literal.
      expect(ids(await list("q=SEARCH-77&limit=200"))).not.toContain(x.id);
      expect(ids(await list(`q=${encodeURIComponent("%")}&limit=200`))).toEqual([]);
    });

    it("takes Europe/Madrid days: 23:30 on the last day is in, 00:30 the next day is out", async () => {
      // 2024-07-15 23:30 in Madrid (summer, UTC+2) is 21:30 UTC; 2024-07-16 00:30 is 22:30 UTC on the 15th.
      const inside = await rawOrder({ at: "2024-07-15T21:30:00Z" });
      const outside = await rawOrder({ at: "2024-07-15T22:30:00Z" });
      // 2024-07-14 00:30 Madrid is 2024-07-13 22:30 UTC: in from the 14th; 2024-07-13 23:30 Madrid is out.
      const first = await rawOrder({ at: "2024-07-13T22:30:00Z" });
      const before = await rawOrder({ at: "2024-07-13T21:30:00Z" });
      const found = ids(await list("from=2024-07-14&to=2024-07-15&limit=200"));
      expect(found).toContain(inside.id);
      expect(found).toContain(first.id);
      expect(found).not.toContain(outside.id);
      expect(found).not.toContain(before.id);
      // Winter (UTC+1): 2024-01-31 23:30 Madrid = 22:30 UTC in; 2024-02-01 00:30 Madrid = 23:30 UTC out.
      const w1 = await rawOrder({ at: "2024-01-31T22:30:00Z" });
      const w2 = await rawOrder({ at: "2024-01-31T23:30:00Z" });
      const winter = ids(await list("to=2024-01-31&from=2024-01-31&limit=200"));
      expect(winter).toContain(w1.id);
      expect(winter).not.toContain(w2.id);
    });

    it("walks keyset pages by date, total and number without repeating or skipping", async () => {
      // Several orders with the same date and total: the id breaks ties.
      for (let i = 0; i < 12; i++) await rawOrder({ at: `2023-05-0${1 + (i % 3)}T08:00:00Z`, total: 5_000 + (i % 4) * 100, coupon: "PAGES" });
      const expected = ids(await list("coupon=PAGES&limit=200"));
      expect(expected).toHaveLength(12);
      for (const sort of ["date", "total", "number"])
        for (const dir of ["asc", "desc"]) {
          const seen: number[] = [];
          let after: string | null = null;
          let first = true;
          do {
            const page: ListBody = await list(`coupon=PAGES&sort=${sort}&dir=${dir}&limit=5${after ? `&after=${after}` : ""}`);
            if (first) expect(page.count).toBe(12);
            first = false;
            seen.push(...ids(page));
            after = page.next;
          } while (after);
          expect(new Set(seen).size, `${sort} ${dir}`).toBe(seen.length);
          expect([...seen].sort(), `${sort} ${dir}`).toEqual([...expected].sort());
        }
      const byTotal = (await list("coupon=PAGES&sort=total&dir=asc&limit=200")).results as unknown as { total: number }[];
      expect(byTotal.map((r) => r.total)).toEqual([...byTotal.map((r) => r.total)].sort((a, b) => a - b));
    });

    it("needs orders.read: a customer token or no session is 401", async () => {
      expect((await api("GET", "/admin/v1/orders/")).statusCode).toBe(401);
      expect((await api("GET", "/admin/v1/orders/", { headers: alice.auth })).statusCode).toBe(401);
      expect((await api("POST", "/admin/v1/orders/bulk/export/", { headers: warehouse.headers, payload: { target: { ids: [1] } } })).statusCode).toBe(403);
    });
  });

  describe("order page, notes and addresses", () => {
    it("counts what the shopper bought: one tray is one article in the customer's list", async () => {
      const order = await paidOrder(alice, 1);
      const mine = await api("GET", "/orders/v1/orders/", { headers: alice.auth });
      const row = mine.json().results.find((o: { id: number }) => o.id === order.id);
      expect(row.size).toBe(1);
      const staffRow = (await list(`q=${order.order_number}`)).results.find((r) => r.id === order.id)!;
      expect(staffRow.items).toBe(1);
    });

    it("keeps internal notes off the customer's answer, audits notes and address edits, and locks the address once shipped", async () => {
      const order = await paidOrder(alice, 1);
      const note = await api("POST", `/admin/v1/orders/${order.id}/notes/`, {
        headers: support.headers,
        payload: { body: "Cliente llama: entregar por la tarde ZXQ-NOTA" },
      });
      expect(note.statusCode, note.body).toBe(201);
      const customer = await api("GET", `/orders/v1/orders/${order.id}/`, { headers: alice.auth });
      expect(customer.statusCode).toBe(200);
      expect(customer.body).not.toContain("ZXQ-NOTA");
      const detail = await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers });
      expect(detail.statusCode, detail.body).toBe(200);
      const d = detail.json();
      expect(d.notes[0].body).toContain("ZXQ-NOTA");
      expect(d.timeline.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(["event", "note", "audit"]));
      expect(d).toMatchObject({ payment_state: "paid", shipping_state: "pending", address_editable: true });
      expect(d.invoices.length).toBeGreaterThanOrEqual(0);

      const patch = await api("PATCH", `/admin/v1/orders/${order.id}/`, {
        headers: support.headers,
        payload: { shipping_city: "Alcalá de Henares", shipping_postal_code: "28801" },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json().changed.sort()).toEqual(["shipping_city", "shipping_postal_code"]);
      const entries = await auditEntries(shop, { orderId: order.id });
      const addr = entries.find((e) => e.action === "order.address")!;
      expect(addr.before).toEqual({ shipping_city: "Madrid", shipping_postal_code: "28013" });
      expect(addr.after).toEqual({ shipping_city: "Alcalá de Henares", shipping_postal_code: "28801" });
      expect(entries.find((e) => e.action === "order.note")!.after).toMatchObject({ body: expect.stringContaining("ZXQ-NOTA") });
      // Warehouse may not edit orders; bad bodies are 400.
      expect((await api("PATCH", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers, payload: { shipping_city: "X" } })).statusCode).toBe(403);
      expect((await api("PATCH", `/admin/v1/orders/${order.id}/`, { headers: support.headers, payload: { nope: 1 } })).statusCode).toBe(400);
      expect((await api("POST", `/admin/v1/orders/${order.id}/notes/`, { headers: support.headers, payload: { body: "a\u0000b" } })).statusCode).toBe(400);

      const sub = d.order.sub_orders[0];
      const ship = await api("PUT", `/cart/v1/sub-orders/${sub.id}/`, {
        headers: warehouse.headers,
        payload: { status: 600, agency: "SEUR", shipment_number: "SE1" },
      });
      expect(ship.statusCode, ship.body).toBe(200);
      const locked = await api("PATCH", `/admin/v1/orders/${order.id}/`, { headers: support.headers, payload: { shipping_city: "Toledo" } });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error.code).toBe("admin_orders.address_locked");
      expect((await api("GET", `/admin/v1/orders/999999/`, { headers: support.headers })).statusCode).toBe(404);
    });
  });

  describe("bulk actions", () => {
    it("moves legal orders, reports illegal ones with their reason, and audits each move", async () => {
      const okOrder = await rawOrder({ status: 400 });
      const shipped = await rawOrder({ status: 650 });
      const res = await api("POST", "/admin/v1/orders/bulk/status/", {
        headers: support.headers,
        payload: { target: { ids: [okOrder.id, shipped.id, 999_999] }, status: 450 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ ok: 1, failed: 2 });
      expect(body.results).toEqual([
        { id: okOrder.id, order_number: okOrder.number, ok: true },
        { id: shipped.id, order_number: shipped.number, ok: false, code: "order.illegal_transition", message: expect.stringContaining("no puede pasar") },
        { id: 999_999, order_number: null, ok: false, code: "order.not_found", message: expect.any(String) },
      ]);
      const a = await auditEntries(shop, { orderId: okOrder.id });
      expect(a.find((e) => e.action === "order.status")).toMatchObject({ before: { status: 400 }, after: { status: 450 } });
      expect((await auditEntries(shop, { orderId: shipped.id })).filter((e) => e.action === "order.status")).toEqual([]);
      // Single move: illegal is 409.
      expect((await api("PUT", `/admin/v1/orders/${shipped.id}/status/`, { headers: support.headers, payload: { status: 500 } })).statusCode).toBe(409);
      expect((await api("PUT", `/admin/v1/orders/${okOrder.id}/status/`, { headers: support.headers, payload: { status: 500 } })).statusCode).toBe(200);
    });

    it("applies to all orders matching a filter, exports CSV and prints packing slips", async () => {
      const a = await rawOrder({ coupon: "BULKCSV", name: "=HYPERLINK(1)" });
      const b = await rawOrder({ coupon: "BULKCSV", status: 450 });
      const csv = await api("POST", "/admin/v1/orders/bulk/export/", { headers: accountant.headers, payload: { target: { filter: { coupon: "BULKCSV" } } } });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers["content-type"]).toContain("text/csv");
      expect(csv.body).toContain(a.number);
      expect(csv.body).toContain(b.number);
      expect(csv.body).toContain("'=HYPERLINK(1)");
      expect(csv.body).toContain("100,00");
      const moved = await api("POST", "/admin/v1/orders/bulk/status/", {
        headers: support.headers,
        payload: { target: { filter: { coupon: "BULKCSV" } }, status: 500 },
      });
      expect(moved.json()).toMatchObject({ ok: 2, failed: 0 });
      const pdf = await api("POST", "/admin/v1/orders/bulk/packing-slips/", { headers: support.headers, payload: { target: { ids: [a.id, b.id] } } });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect((await auditEntries(shop, { action: "order.export" })).length).toBeGreaterThan(0);
      // Either ids or a filter.
      expect((await api("POST", "/admin/v1/orders/bulk/export/", { headers: accountant.headers, payload: { target: {} } })).statusCode).toBe(400);
    });

    it("resends mails, refusing those that do not fit the order", async () => {
      const order = await paidOrder(alice, 1);
      const res = await api("POST", "/admin/v1/orders/bulk/mail/", { headers: support.headers, payload: { target: { ids: [order.id] }, kind: "transfer" } });
      expect(res.json().results[0]).toMatchObject({ ok: false, code: "admin_orders.mail_not_applicable" });
      const again = await api("POST", "/admin/v1/orders/bulk/mail/", {
        headers: support.headers,
        payload: { target: { ids: [order.id] }, kind: "confirmation" },
      });
      expect(again.json()).toMatchObject({ ok: 1, failed: 0 });
      await shop.services.checkout.flushMails();
      const mails = await db().execute(sql`select key, sent_at from order_mails where order_id = ${order.id} and key like 'confirmation:resend:%'`);
      expect((mails as unknown as { rows: { sent_at: unknown }[] }).rows[0].sent_at).not.toBeNull();
    });
  });

  describe("packages", () => {
    it("splits, ships one package (order 600, customer mailed), ships the last (650), merges and audits each move", async () => {
      const order = await paidOrder(alice, 3);
      let d = (await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json();
      expect(d.order.sub_orders).toHaveLength(1);
      const [r1, r2, r3] = d.order.rows.map((r: { id: number }) => r.id);
      // The accountant has no packages.write.
      expect((await api("POST", `/admin/v1/orders/${order.id}/packages/`, { headers: accountant.headers, payload: { row_ids: [r2] } })).statusCode).toBe(403);
      const split = await api("POST", `/admin/v1/orders/${order.id}/packages/`, { headers: warehouse.headers, payload: { row_ids: [r2] } });
      expect(split.statusCode, split.body).toBe(201);
      const split2 = await api("POST", `/admin/v1/orders/${order.id}/packages/`, { headers: warehouse.headers, payload: { row_ids: [r3] } });
      expect(split2.statusCode, split2.body).toBe(201);
      d = (await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json();
      expect(d.order.sub_orders.map((s: { rows: number[] }) => s.rows)).toEqual([[r1], [r2], [r3]]);
      // Merge the third back into the second.
      const merge = await api("POST", `/admin/v1/orders/${order.id}/packages/merge/`, {
        headers: warehouse.headers,
        payload: { from: d.order.sub_orders[2].id, into: d.order.sub_orders[1].id },
      });
      expect(merge.statusCode, merge.body).toBe(200);
      d = (await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json();
      expect(d.order.sub_orders.map((s: { rows: number[] }) => s.rows.sort())).toEqual([[r1], [r2, r3].sort()]);
      const [p1, p2] = d.order.sub_orders;
      // A row of another order is refused.
      const other = await rawOrder({ status: 400, packages: [100] });
      const [otherRow] = (await api("GET", `/admin/v1/orders/${other.id}/`, { headers: warehouse.headers })).json().order.rows;
      expect(
        (await api("POST", `/admin/v1/orders/${order.id}/packages/`, { headers: warehouse.headers, payload: { row_ids: [otherRow.id] } })).statusCode,
      ).toBe(422);

      const first = await api("PUT", `/cart/v1/sub-orders/${p1.id}/`, {
        headers: warehouse.headers,
        payload: { status: 600, agency: "SEUR", shipment_number: "SE-111" },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect((await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json().order.status).toBe(600);
      await shop.services.checkout.flushMails();
      const mail = await smtp.last(alice.email, new RegExp(`${order.order_number} está en camino`));
      expect(mail.text).toContain("SE-111");
      // A shipped package cannot be split or merged any more.
      expect((await api("POST", `/admin/v1/orders/${order.id}/packages/`, { headers: warehouse.headers, payload: { row_ids: [r1] } })).statusCode).toBe(409);

      const last = await api("PUT", `/cart/v1/sub-orders/${p2.id}/`, {
        headers: warehouse.headers,
        payload: { status: 600, agency: "MRW", shipment_number: "MRW-222" },
      });
      expect(last.statusCode, last.body).toBe(200);
      expect((await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json()).toMatchObject({
        order: { status: 650 },
        shipping_state: "shipped",
      });
      const delivered = await api("PUT", `/cart/v1/sub-orders/${p2.id}/`, { headers: warehouse.headers, payload: { status: 700 } });
      expect(delivered.statusCode).toBe(200);
      const incident = await api("PUT", `/cart/v1/sub-orders/${p1.id}/`, { headers: warehouse.headers, payload: { status: 900 } });
      expect(incident.statusCode).toBe(200);

      const entries = await auditEntries(shop, { orderId: order.id });
      const moves = entries.filter((e) => e.action === "package.status");
      expect(moves).toHaveLength(4);
      expect(
        moves.find((e) => (e.after as { shipment_number: string; status: number }).status === 600 && e.entityId === String(p1.id)),
        JSON.stringify(moves),
      ).toMatchObject({
        before: { status: 100, order_status: 400 },
        after: { status: 600, order_status: 600 },
      });
      expect(entries.filter((e) => e.action === "package.create")).toHaveLength(2);
      expect(entries.filter((e) => e.action === "package.merge")).toHaveLength(1);
      // The accountant lacks packages.write on the spec path too.
      expect((await api("PUT", `/cart/v1/sub-orders/${p2.id}/`, { headers: accountant.headers, payload: { status: 800 } })).statusCode).toBe(403);
    });
  });

  describe("payment and shipping states kept by the database (migration 0019 triggers)", () => {
    type States = { payment_state: string; shipping_state: string; refunded_cents: number; has_installation: boolean };
    const states = async (id: number): Promise<States> => {
      const res = await db().execute(sql`select payment_state, shipping_state, refunded_cents, has_installation from orders where id = ${id}`);
      const r = (res as unknown as { rows: Record<string, unknown>[] }).rows[0];
      return {
        payment_state: String(r.payment_state),
        shipping_state: String(r.shipping_state),
        refunded_cents: Number(r.refunded_cents),
        has_installation: Boolean(r.has_installation),
      };
    };
    /** The row the staff list shows for `id` (filtered by the state it should be in). */
    const listed = async (id: number, qs: string) => (await list(`${qs}&limit=200`)).results.find((r) => r.id === id);
    let refundSeq = 0;
    const refund = async (id: number, amount: number, status = "refunded") => {
      const res = await db().execute(sql`insert into payment_refunds (order_id, reference, provider, amount, idempotency_key, status)
        values (${id}, ${`R-${id}`}, 'test', ${amount}, ${`st-${kind}-${id}-${++refundSeq}`}, ${status}) returning id`);
      return Number((res as unknown as { rows: { id: number }[] }).rows[0].id);
    };

    it("follows refunds: paid, then partially_refunded, then refunded; failed or removed refunds do not count", async () => {
      const o = await rawOrder({ status: 650, total: 10_000 });
      expect(await states(o.id)).toMatchObject({ payment_state: "paid", refunded_cents: 0 });
      const r1 = await refund(o.id, 3_000);
      expect(await states(o.id)).toMatchObject({ payment_state: "partially_refunded", refunded_cents: 3_000 });
      expect(await listed(o.id, "payment=partially_refunded")).toMatchObject({ payment_state: "partially_refunded" });
      expect(await listed(o.id, "payment=paid")).toBeUndefined();
      // A refund that fails does not count; one still pending does.
      const failed = await refund(o.id, 7_000, "failed");
      expect(await states(o.id)).toMatchObject({ payment_state: "partially_refunded", refunded_cents: 3_000 });
      const r2 = await refund(o.id, 7_000, "pending");
      expect(await states(o.id)).toMatchObject({ payment_state: "refunded", refunded_cents: 10_000 });
      expect(await listed(o.id, "payment=refunded")).toMatchObject({ payment_state: "refunded" });
      // The provider reports the second one failed: back to partially refunded.
      await db().execute(sql`update payment_refunds set status = 'failed' where id = ${r2}`);
      expect(await states(o.id)).toMatchObject({ payment_state: "partially_refunded", refunded_cents: 3_000 });
      // A failed one retried successfully.
      await db().execute(sql`update payment_refunds set status = 'refunded' where id = ${failed}`);
      expect(await states(o.id)).toMatchObject({ payment_state: "refunded", refunded_cents: 10_000 });
      // Removed refunds (and a multi-row statement) recount once.
      await db().execute(sql`delete from payment_refunds where id in (${r1}, ${failed})`);
      expect(await states(o.id)).toMatchObject({ payment_state: "paid", refunded_cents: 0 });
      expect(await listed(o.id, "payment=paid")).toMatchObject({ payment_state: "paid" });
    });

    it("follows the payment and the total: unpaid until paid_at, refunded again when the total drops to the refunded sum", async () => {
      const o = await rawOrder({ status: 300, paid: false, total: 8_000 });
      expect(await states(o.id)).toMatchObject({ payment_state: "unpaid" });
      expect(await listed(o.id, "payment=unpaid")).toBeDefined();
      await db().execute(sql`update orders set paid_at = now(), status = 400 where id = ${o.id}`);
      expect(await states(o.id)).toMatchObject({ payment_state: "paid" });
      await refund(o.id, 5_000);
      expect(await states(o.id)).toMatchObject({ payment_state: "partially_refunded" });
      await db().execute(sql`update orders set total = 5000 where id = ${o.id}`);
      expect(await states(o.id)).toMatchObject({ payment_state: "refunded" });
      // The detail page reads the same states.
      const d = (await api("GET", `/admin/v1/orders/${o.id}/`, { headers: support.headers })).json();
      expect(d).toMatchObject({ payment_state: "refunded", refunded_total: 5_000 });
      // A copy of the order (INSERT … SELECT of every column) starts with no refunds of its own.
      const copy = await db().execute(sql`
        insert into orders select (jsonb_populate_record(null::orders, to_jsonb(x) || jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('orders', 'id')), 'payment_reference', ${`${o.reference}-copy`}::text,
          'order_number', ${`${o.number}-C`}::text))).* from orders x where x.id = ${o.id}
        returning id`);
      const copyId = Number((copy as unknown as { rows: { id: number }[] }).rows[0].id);
      expect(await states(copyId)).toMatchObject({ payment_state: "paid", refunded_cents: 0, shipping_state: "none" });
      // The states are the database's: a direct write of payment_state is recomputed.
      await db().execute(sql`update orders set payment_state = 'unpaid' where id = ${o.id}`);
      expect(await states(o.id)).toMatchObject({ payment_state: "refunded" });
    });

    it("follows packages: none, pending, partial after one of two ships, shipped, delivered, incident; cancelled ones do not count", async () => {
      const o = await rawOrder({ status: 400 });
      expect(await states(o.id)).toMatchObject({ shipping_state: "none" });
      await db().execute(sql`insert into sub_orders (order_id, package, status) values (${o.id}, 1, 100), (${o.id}, 2, 100)`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "pending" });
      const subs = (await db().execute(sql`select id from sub_orders where order_id = ${o.id} order by package`)) as unknown as { rows: { id: number }[] };
      const [p1, p2] = subs.rows.map((r) => Number(r.id));
      await db().execute(sql`update sub_orders set status = 600 where id = ${p1}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "partial" });
      expect(await listed(o.id, "shipping=partial")).toMatchObject({ shipping_state: "partial" });
      expect(await listed(o.id, "shipping=pending")).toBeUndefined();
      await db().execute(sql`update sub_orders set status = 600 where id = ${p2}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "shipped" });
      await db().execute(sql`update sub_orders set status = 700 where order_id = ${o.id}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "delivered" });
      await db().execute(sql`update sub_orders set status = 900 where id = ${p2}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "incident" });
      expect(await listed(o.id, "shipping=incident")).toBeDefined();
      // A cancelled package does not count; deleting packages goes back to none.
      await db().execute(sql`update sub_orders set status = 550 where id = ${p2}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "delivered" });
      await db().execute(sql`delete from sub_orders where order_id = ${o.id}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "none" });
      // A package moved to another order recounts both orders.
      const other = await rawOrder({ status: 400, packages: [600] });
      await db().execute(sql`insert into sub_orders (order_id, package, status) values (${o.id}, 1, 100)`);
      await db().execute(sql`update sub_orders set order_id = ${o.id}, package = 2 where order_id = ${other.id}`);
      expect(await states(o.id)).toMatchObject({ shipping_state: "partial" });
      expect(await states(other.id)).toMatchObject({ shipping_state: "none" });
    });

    it("follows the real flows: a placed order, packages shipped through the staff route, and an installation line", async () => {
      const order = await paidOrder(alice, 2);
      expect(await states(order.id)).toMatchObject({ payment_state: "paid", shipping_state: "pending", has_installation: false });
      let d = (await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json();
      const [, r2] = d.order.rows.map((r: { id: number }) => r.id);
      const split = await api("POST", `/admin/v1/orders/${order.id}/packages/`, { headers: warehouse.headers, payload: { row_ids: [r2] } });
      expect(split.statusCode, split.body).toBe(201);
      d = (await api("GET", `/admin/v1/orders/${order.id}/`, { headers: warehouse.headers })).json();
      const [p1, p2] = d.order.sub_orders;
      const ship = (id: number, n: string) =>
        api("PUT", `/cart/v1/sub-orders/${id}/`, { headers: warehouse.headers, payload: { status: 600, agency: "SEUR", shipment_number: n } });
      expect((await ship(p1.id, "SE-1")).statusCode).toBe(200);
      expect(await states(order.id)).toMatchObject({ shipping_state: "partial" });
      expect(await listed(order.id, "shipping=partial")).toBeDefined();
      expect((await ship(p2.id, "SE-2")).statusCode).toBe(200);
      expect(await states(order.id)).toMatchObject({ shipping_state: "shipped" });
      expect(await listed(order.id, "shipping=shipped")).toBeDefined();
      // A service line on a row (added, then removed) moves the installation flag.
      await db().execute(
        sql`update order_rows set lines = lines || '[{"kind":"service","id":"installation-complement","name":"Instalación","ref":"INST","quantity":1,"unit":1}]'::jsonb where id = ${r2}`,
      );
      expect(await states(order.id)).toMatchObject({ has_installation: true });
      expect(await listed(order.id, "installation=true")).toMatchObject({ has_installation: true });
      await db().execute(sql`update order_rows set lines = '[]'::jsonb where id = ${r2}`);
      expect(await states(order.id)).toMatchObject({ has_installation: false });
      expect(await listed(order.id, "installation=true")).toBeUndefined();
    });

    it("stays exact under concurrent refunds and package moves of one order", async () => {
      const o = await rawOrder({ status: 650, total: 100_000, packages: [100, 100] });
      // Ten refunds at once, each in its own transaction that lingers before committing.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          db().transaction(async (tx) => {
            await tx.execute(sql`insert into payment_refunds (order_id, reference, provider, amount, idempotency_key, status)
              values (${o.id}, ${"R"}, 'test', 1000, ${`cc-${kind}-${o.id}-${i}`}, 'refunded')`);
            if (kind === "postgres") await tx.execute(sql`select pg_sleep(0.05)`);
          }),
        ),
      );
      expect(await states(o.id)).toMatchObject({ payment_state: "partially_refunded", refunded_cents: 10_000 });
      // Both packages ship at the same time: the second must see the first (shipped, not partial).
      await Promise.all(
        [1, 2].map((pkg) =>
          db().transaction(async (tx) => {
            await tx.execute(sql`update sub_orders set status = 600 where order_id = ${o.id} and package = ${pkg}`);
            if (kind === "postgres") await tx.execute(sql`select pg_sleep(0.2)`);
          }),
        ),
      );
      expect(await states(o.id)).toMatchObject({ shipping_state: "shipped" });
    });
  });
});
