import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../../lib/request-context.ts";
import { scopeOf } from "./catalog.types.ts";
import { createCardCache } from "./listing/cards.ts";
import { countQueries } from "../../test/query-counter.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

/*
 * The product page once warm (issue 12, docs/decisions/022, 036): its catalog part comes from the
 * catalog's cache, dropped on every catalog change; stock from the stock cache, which the
 * database's notifications keep (a change reaches it when its notification arrives: at once on
 * PGlite, within milliseconds on PostgreSQL, hence `poll`).
 */

const queries = countQueries();
/** The value `read` gives once it is `want` (a notification travels on its own connection). */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5000, interval: 20 });

describeEachDb("product page: cached catalog part, stock kept by notifications", (kind) => {
  let shop: TestShop;
  let path: string;
  let slug: string;
  const page = async (url: string) => {
    const res = await shop.app.inject({ url, headers: { "accept-encoding": "identity" } });
    return { status: res.statusCode, html: res.body };
  };
  const es = async () => contextFor(await shop.services.stores.byLanguage("es"));

  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true });
    // A configurable product with variants (the configurator's catalog is the big part).
    const [row] = (
      (await shop.database.db.execute(sql`select pt.slug from products p join product_translations pt on pt.product_id = p.id and pt.language = 'es'
        where p.active and exists (select 1 from variants v where v.product_id = p.id) and exists (select 1 from complements c where c.product_id = p.id)
        order by p.id limit 1`)) as unknown as { rows: { slug: string }[] }
    ).rows;
    slug = row.slug;
    path = `/${slug}.html`;
  });
  afterAll(() => shop?.close());

  it("renders a warm product page with no query (stock kept by the database's notifications, related products until the listing changes, reviews and questions until a publication)", async () => {
    expect((await page(path)).status).toBe(200);
    queries.on = true;
    queries.count = 0;
    const warm = await page(path);
    queries.on = false;
    expect(warm.status).toBe(200);
    expect(queries.count).toBe(0);
  });

  it("shows the related products the API gives, in its order, with their stock as it is now", async () => {
    const ctx = await es();
    const pageData = await shop.services.catalog.productPage(ctx, slug);
    const id = pageData!.product.id;
    const api = await shop.services.catalog.relatedProducts(ctx, id, 8);
    expect(api.length).toBeGreaterThan(1);
    expect(pageData!.related.map((c) => [c.id, c.stock])).toEqual(api.map((c) => [c.id, c.stock]));
    // A related product sells out: the next page shows it, no catalog change needed.
    const [first] = api;
    const db = shop.database.db;
    const [{ stock }] = ((await db.execute(sql`select stock from products where id = ${first.id}`)) as unknown as { rows: { stock: number }[] }).rows;
    await db.execute(sql`update products set stock = ${stock + 7} where id = ${first.id}`);
    try {
      await poll(async () => (await shop.services.catalog.productPage(ctx, slug))!.related.find((c) => c.id === first.id)!.stock).toBe(stock + 7);
      const again = await shop.services.catalog.productPage(ctx, slug);
      expect(again!.related.map((c) => c.id)).toEqual(api.map((c) => c.id));
    } finally {
      await db.execute(sql`update products set stock = ${stock} where id = ${first.id}`);
    }
  });

  it("shows a catalog change on the next render, and stock at once without one", async () => {
    const db = shop.database.db;
    const ctx = await es();
    const before = await shop.services.catalog.productPage(ctx, slug);
    expect(before).not.toBeNull();
    const id = before!.product.id;
    const variantId = before!.product.variants[0].id;

    // A sale is seen as soon as its notification arrives, with no catalog change.
    await db.execute(sql`update variants set stock = 0 where product_id = ${id}`);
    await db.execute(sql`update products set stock = 0 where id = ${id}`);
    await poll(async () => (await shop.services.catalog.productPage(ctx, slug))!.product.stock).toBe(0);
    await poll(async () => (await shop.services.catalog.productPage(ctx, slug))!.product.variants.every((v) => v.stock === 0)).toBe(true);
    expect((await page(path)).html).toContain('data-testid="out-of-stock"');

    // A name written by plain SQL: the table's trigger (migration 0027) tells every copy at commit,
    // which drops the cached answer (decision 050).
    expect(before!.product.name).not.toBe("Nombre cambiado");
    await db.execute(sql`update product_translations set name = 'Nombre cambiado' where product_id = ${id} and language = 'es'`);
    await poll(async () => (await shop.services.catalog.productPage(ctx, slug))!.product.name).toBe("Nombre cambiado");
    expect((await page(path)).html).toContain("Nombre cambiado");

    await db.execute(sql`update variants set stock = 5 where id = ${variantId}`);
    await poll(async () => (await shop.services.catalog.productPage(ctx, slug))!.product.variants.find((v) => v.id === variantId)!.stock).toBe(5);
  });

  it("never hands out the cached objects: a caller's copy does not change the next one", async () => {
    const ctx = await es();
    const a = await shop.services.catalog.productPage(ctx, slug);
    a!.product.variants[0].stock = 999;
    a!.product.stock = 999;
    const b = await shop.services.catalog.productPage(ctx, slug);
    expect(b!.product.variants[0].stock).not.toBe(999);
    expect(b!.product.stock).not.toBe(999);
  });

  it("is a 404 for an unknown slug, which is not cached", async () => {
    expect((await page("/no-existe-este-producto.html")).status).toBe(404);
    expect(await shop.services.catalog.productPage(await es(), "no-existe-este-producto")).toBeNull();
  });
});

describe("product page cache bound", () => {
  it("keeps at most its maximum of entries and drops reads that started before a change", async () => {
    const { productPageCache } = await import("./products/product-page.ts");
    let loads = 0;
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => (release = r));
    const cache = productPageCache(async (_scope, id) => {
      loads++;
      if (id === 99 && loads === 5) await gate;
      return { product: { id } } as never;
    }, 3);
    const scope = { storeId: 1, language: "es" as const, customerType: "customer" as const };
    for (const id of [1, 2, 3, 4]) await cache.get(scope, id);
    expect(cache.size).toBe(3);
    await cache.get(scope, 4);
    expect(loads).toBe(4);
    // A read in flight when the catalog changes is not kept.
    const pending = cache.get(scope, 99);
    cache.clear();
    release?.();
    await pending;
    await cache.get(scope, 99);
    expect(loads).toBe(6);
    await cache.get(scope, 99);
    expect(loads).toBe(6);
  });
});

describeEachDb("category listing: cached results and cards, stock kept by notifications", (kind) => {
  let shop: TestShop;
  const es = async () => contextFor(await shop.services.stores.byLanguage("es"));
  const list = async () => (await shop.services.catalog.listByCategory(await es(), "platos-de-ducha", {}))!.results;

  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true });
  });
  afterAll(() => shop?.close());

  it("renders a warm category page with no query, shows a stock change once notified and a catalog change on the next listing", async () => {
    const url = "/platos-de-ducha/";
    expect((await shop.app.inject({ url })).statusCode).toBe(200);
    queries.on = true;
    queries.count = 0;
    const warm = await shop.app.inject({ url });
    queries.on = false;
    expect(warm.statusCode).toBe(200);
    expect(queries.count).toBe(0);

    const db = shop.database.db;
    const first = (await list())[0];
    // A sale is seen as soon as its notification arrives, with no catalog change.
    await db.execute(sql`update products set stock = 0 where id = ${first.id}`);
    await poll(async () => (await list())[0].stock).toBe(0);
    await db.execute(sql`update products set stock = 7 where id = ${first.id}`);
    await poll(async () => (await list())[0].stock).toBe(7);
    // A name written by plain SQL reaches the cached listing through the table's trigger (every copy).
    expect(first.name).not.toBe("Plato renombrado");
    await db.execute(sql`update product_translations set name = 'Plato renombrado' where product_id = ${first.id} and language = 'es'`);
    await poll(async () => (await list())[0].name).toBe("Plato renombrado");
    // The cards handed out are copies: changing one does not change the next listing's.
    const mine = await list();
    mine[0].brand!.name = "cambiado";
    mine[0].colors.push({ name: "x", color: "#000" });
    const next = (await list())[0];
    expect(next.brand!.name).not.toBe("cambiado");
    expect(next.colors.some((c) => c.name === "x")).toBe(false);
  });

  it("does not keep cards whose load began before a catalog change", async () => {
    const cache = createCardCache();
    const scope = scopeOf(await es());
    const ids = (await list()).slice(0, 3).map((c) => c.id);
    const loading = cache.cards(shop.database.db, scope, ids, new Map());
    cache.clear(); // the catalog changed while the cards were being read
    expect((await loading).map((c) => c.id)).toEqual(ids);
    queries.on = true;
    queries.count = 0;
    await cache.cards(shop.database.db, scope, ids, new Map());
    expect(queries.count).toBe(1); // read again: the stale answer was not kept
    queries.count = 0;
    await cache.cards(shop.database.db, scope, ids, new Map());
    queries.on = false;
    expect(queries.count).toBe(0);
  });
});
