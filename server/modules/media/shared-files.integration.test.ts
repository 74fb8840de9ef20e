import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import { createShop, type Shop } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import type { Database, Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { createStaff } from "../../test/staff.ts";
import { createTestDatabase, testDbKinds } from "../../test/test-db.ts";
import type { TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { subOrders } from "../orders/orders.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

/**
 * Issue 39, "files live on one copy's disk": two copies of the shop on one PostgreSQL database,
 * each with its own DATA_DIR, as DATABASE_URL deployments run them (STORAGE unset: postgres).
 * What one copy wrote (the demo seed's images and PDFs, a customer's photo) the other serves.
 */
const onPostgres = testDbKinds().includes("postgres");
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** An empty, migrated database of its own, its URL, and copies started on it the way `npm start` does. */
async function copiesOn() {
  const holder = await createTestDatabase("postgres", { seed: false });
  const [{ name }] = rowsOf<{ name: string }>(await holder.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const secret = randomBytes(32).toString("hex");
  const dirs: string[] = [];
  const shops: Shop[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), "shop-copy-"));
    dirs.push(dir);
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: "3",
      DATA_DIR: dir,
      SECRET: secret,
      PAGE_CACHE: "off",
      ...env,
    });
    const shop = await createShop(config, { withSsr: false });
    shops.push(shop);
    return { shop, dir };
  };
  return {
    holder: holder as Database,
    start,
    async close() {
      for (const s of shops.reverse()) await s.close();
      await holder.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!onPostgres)("the demo's images and PDFs, seeded by one copy, served by another [postgres]", () => {
  let env: Awaited<ReturnType<typeof copiesOn>>;
  let a: { shop: Shop; dir: string };
  let b: { shop: Shop; dir: string };
  beforeAll(async () => {
    env = await copiesOn();
    a = await env.start(); // finds the database empty: loads the demo data
    b = await env.start(); // finds it seeded: loads nothing
  }, 180_000);
  afterAll(async () => env?.close());

  it("the copy that did not seed serves a product image and a technical sheet", async () => {
    // Neither copy keeps originals on its disk: they are in the database, once.
    expect(existsSync(join(a.dir, "media/originals"))).toBe(false);
    expect(existsSync(join(b.dir, "media/originals"))).toBe(false);
    const [{ svgs, pdfs }] = rowsOf<{ svgs: number; pdfs: number }>(
      await env.holder.db.execute(
        sql`select count(*) filter (where key like 'media/originals/%')::int as svgs, count(*) filter (where key like 'media/files/%')::int as pdfs from stored_files`,
      ),
    );
    expect(svgs).toBeGreaterThan(2000);
    expect(pdfs).toBeGreaterThan(500);

    const img = await b.shop.app.inject({ method: "GET", url: "/media/p/PD-RE-001/main-1/480.jpg" });
    expect(img.statusCode, img.body.slice(0, 200)).toBe(200);
    expect(img.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(img.rawPayload).metadata()).width).toBe(480);
    // The rendition is this copy's own cache, filled from the shared original.
    expect(readdirSync(join(b.dir, "media/cache/p/PD-RE-001/main-1"))).toEqual(["480.jpg"]);

    const pdf = await b.shop.app.inject({ method: "GET", url: "/media/files/pd-re-001-data-sheet.pdf" });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Either copy answers a revalidation of the other's answer (a balancer may switch copies).
    const fromA = await a.shop.app.inject({ method: "GET", url: "/media/files/pd-re-001-data-sheet.pdf" });
    expect(fromA.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const again = await b.shop.app.inject({
      method: "GET",
      url: "/media/files/pd-re-001-data-sheet.pdf",
      headers: { "if-none-match": String(fromA.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await b.shop.app.inject({ method: "GET", url: "/media/files/nope.pdf" })).statusCode).toBe(404);
    expect((await b.shop.app.inject({ method: "GET", url: "/media/p/NO-SUCH/main-1/480.jpg" })).statusCode).toBe(404);
  });

  it("a cached rendition and sheet are served without asking the database", async () => {
    await b.shop.app.inject({ method: "GET", url: "/media/c/platos-de-ducha/320.webp" });
    await b.shop.app.inject({ method: "GET", url: "/media/files/pd-re-001-data-sheet.pdf" });
    // The shared originals gone: what this copy already has still answers, from its own disk.
    await env.holder.db.execute(sql`update stored_files set key = 'gone/' || key where key like 'media/%'`);
    try {
      expect((await b.shop.app.inject({ method: "GET", url: "/media/c/platos-de-ducha/320.webp" })).statusCode).toBe(200);
      expect((await b.shop.app.inject({ method: "GET", url: "/media/files/pd-re-001-data-sheet.pdf" })).statusCode).toBe(200);
      expect((await b.shop.app.inject({ method: "GET", url: "/media/c/platos-de-ducha/160.webp" })).statusCode).toBe(404);
    } finally {
      await env.holder.db.execute(sql`update stored_files set key = substr(key, 6) where key like 'gone/media/%'`);
    }
  });
});

describe.skipIf(!onPostgres)("a request photo uploaded through one copy, read by staff through another [postgres]", () => {
  const SLUG = "plato-de-ducha-resina-pizarra-blanco";
  let env: Awaited<ReturnType<typeof copiesOn>>;
  let a: { shop: Shop; dir: string };
  let b: { shop: Shop; dir: string };
  let upload: string;
  let headers: Record<string, string>;
  let requestId: number;
  beforeAll(async () => {
    env = await copiesOn();
    a = await env.start({ SEED_ON_START: "off" });
    const db = a.shop.database.db as Db;
    await seedStores(db);
    await a.shop.services.stores.reload();
    const es = await a.shop.services.stores.byLanguage("es");
    const fr = await a.shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 1000 });
    b = await env.start({ SEED_ON_START: "off" });
    const api = (method: "GET" | "POST", url: string, opts: { headers?: Record<string, string>; payload?: unknown } = {}) =>
      a.shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });
    const attrs = Object.fromEntries(((await a.shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((x) => [x.slug, x])) as Record<
      string,
      AttributeDto
    >;
    const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
    const p = a.shop.services.payments as unknown as Record<string, unknown>;
    p.startPayment = async (_c: unknown, i: { reference: string }) => ({ type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" });
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const add = await api("POST", "/cart/v1/cart-rows/", { payload: { product: SLUG, selection } });
    expect(add.statusCode, add.body).toBe(201);
    headers = { "x-cart-token": add.json().cart_token };
    const placed = await api("POST", "/checkout/v1/place_order/", {
      headers,
      payload: {
        idempotency_key: `shared-files-${Date.now().toString(36)}-abcdefgh`,
        name: "Lucía",
        surnames: "Martín",
        email: "lucia.copias@example.es",
        phone: "612 345 678",
        shipping_address: "Calle Mayor",
        shipping_number: "1",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_business_name: "Lucía Martín",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "card",
        expected_total: add.json().cart.prices.pvp_total,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    const outcome = {
      reference: order.payment_reference,
      amount: order.prices.total,
      pspReference: `psp-${order.payment_reference.slice(-12)}`,
      resultCode: "Authorised",
      currency: "EUR",
      method: "card",
      provider: "test",
      source: "webhook",
    } as PaymentOutcome;
    await db.transaction((tx) => a.shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, outcome));
    const ctx = await a.shop.services.checkout.staffContext(es.id);
    for (const s of await db.select().from(subOrders).where(eq(subOrders.orderId, order.id))) {
      expect((await a.shop.services.checkout.moveSubOrder(ctx, s.id, { status: 600, agency: "SEUR", shipment_number: "S1" })).ok).toBe(true);
    }
    const req = await api("POST", `/orders/v1/orders/${order.id}/requests/`, { headers, payload: { kind: "incident", reason: "Llegó roto" } });
    expect(req.statusCode, req.body).toBe(201);
    requestId = req.json().requests[0].id;
    upload = `/api/orders/v1/orders/${order.id}/requests/${requestId}/photos/`;
  }, 180_000);
  afterAll(async () => env?.close());

  it("staff on the other copy see the photo the customer sent through the first", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const sent = await a.shop.app.inject({ method: "POST", url: upload, headers: { ...headers, "content-type": "image/png" }, payload: png });
    expect(sent.statusCode, sent.body).toBe(201);
    // Nothing of it on either copy's disk: it is in the database.
    expect(existsSync(join(a.dir, "requests"))).toBe(false);

    const crew = (await createStaff(b.shop as TestShop, "support")).headers;
    const queue = await b.shop.app.inject({ method: "GET", url: "/api/admin/v1/aftersale/", headers: crew });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().results.find((x: { kind: string; id: number }) => x.kind === "request" && x.id === requestId);
    expect(item?.photos).toHaveLength(1);
    const photo = await b.shop.app.inject({ method: "GET", url: item.photos[0].url, headers: crew });
    expect(photo.statusCode, photo.body.slice(0, 200)).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.headers["x-content-type-options"]).toBe("nosniff");
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: "png", width: 40, height: 30 });
  });
});
