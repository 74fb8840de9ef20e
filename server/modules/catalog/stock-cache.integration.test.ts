import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createShop, type Shop } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase, RECONNECTED } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { countQueries } from "../../test/query-counter.ts";
import { describeEachDb, testDbKinds } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { createStockCache } from "./stock-cache.ts";

/*
 * What pages show of stock and listings, kept in memory and told of every change by the
 * database itself (migration 0017's triggers, docs/decisions/036): a write by any connection
 * (another copy of the shop, a checkout, an admin's SQL console) reaches the pages without the
 * writer telling the shop; a rolled-back write changes nothing; a read that raced a change is
 * not kept.
 */

const queries = countQueries();
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5000, interval: 20 });
type Row = { id: number; stock: number };

describeEachDb("stock and listings kept by the database's notifications", (kind) => {
  let shop: TestShop;
  const es = async () => contextFor(await shop.services.stores.byLanguage("es"));
  const list = async (sort?: "lower_price") => (await shop.services.catalog.listByCategory(await es(), "platos-de-ducha", { sort }))!.results;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await shop.database.db.execute(q)) as unknown as { rows: T[] }).rows[0];

  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true });
  });
  afterAll(() => shop?.close());

  it("shows a stock written by another connection once its transaction commits, and nothing of one rolled back", async () => {
    const first = (await list())[0];
    const { stock } = await one<Row>(sql`select id, stock from products where id = ${first.id}`);
    // Rolled back: no notification, the cached stock stands and is served without a query.
    await shop.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update products set stock = 0 where id = ${first.id}`);
        throw new Error("rollback");
      })
      .catch(() => {});
    queries.on = true;
    queries.count = 0;
    expect((await list())[0].stock).toBe(stock);
    queries.on = false;
    expect(queries.count).toBe(0);
    // Committed: every page shows it once notified.
    await shop.database.db.execute(sql`update products set stock = ${stock + 3} where id = ${first.id}`);
    await poll(async () => (await list())[0].stock).toBe(stock + 3);
    const html = (await shop.app.inject({ url: "/platos-de-ducha/", headers: { "accept-encoding": "identity" } })).body;
    expect(html).toContain(first.name);
    await shop.database.db.execute(sql`update products set stock = ${stock} where id = ${first.id}`);
    await poll(async () => (await list())[0].stock).toBe(stock);
  });

  it("never keeps a stale stock when 300 page reads race 60 committed changes", async () => {
    const first = (await list())[0];
    const { stock } = await one<Row>(sql`select id, stock from products where id = ${first.id}`);
    const jobs: Promise<unknown>[] = [];
    for (let i = 0; i < 360; i++) {
      jobs.push(i % 6 === 0 ? shop.database.db.execute(sql`update products set stock = ${1000 + i} where id = ${first.id}`) : list());
    }
    await Promise.all(jobs);
    const final = (await one<Row>(sql`select id, stock from products where id = ${first.id}`)).stock;
    // Whatever order the reads and the notifications crossed in, the cache ends on the database's value.
    await poll(async () => (await list())[0].stock).toBe(final);
    await new Promise((r) => setTimeout(r, 200));
    expect((await list())[0].stock).toBe(final);
    await shop.database.db.execute(sql`update products set stock = ${stock} where id = ${first.id}`);
    await poll(async () => (await list())[0].stock).toBe(stock);
  });

  it("re-sorts a listing when a price changes in the database, with no catalog change", async () => {
    const before = await list("lower_price");
    const last = before[before.length - 1];
    const { pvp } = await one<{ pvp: number }>(sql`select pvp_web as pvp from products where id = ${last.id}`);
    await shop.database.db.execute(sql`update products set pvp_web = 1 where id = ${last.id}`);
    try {
      await poll(async () => (await list("lower_price"))[0].id).toBe(last.id);
    } finally {
      await shop.database.db.execute(sql`update products set pvp_web = ${pvp} where id = ${last.id}`);
    }
    await poll(async () => (await list("lower_price")).map((c) => c.id)).toEqual(before.map((c) => c.id));
  });

  it("renders a warm home with no query; its highlighted products' stock and brands' counts follow the database", async () => {
    expect((await shop.app.inject({ url: "/" })).statusCode).toBe(200);
    queries.on = true;
    queries.count = 0;
    expect((await shop.app.inject({ url: "/" })).statusCode).toBe(200);
    queries.on = false;
    expect(queries.count).toBe(0);

    const ctx = await es();
    const [product] = await shop.services.catalog.highlightProducts(ctx);
    const { stock } = await one<Row>(sql`select id, stock from products where id = ${product.id}`);
    await shop.database.db.execute(sql`update products set stock = 0 where id = ${product.id}`);
    await poll(async () => (await shop.services.catalog.highlightProducts(ctx))[0].stock).toBe(0);
    await shop.database.db.execute(sql`update products set stock = ${stock} where id = ${product.id}`);

    const brand = (await shop.services.catalog.highlightSuppliers(ctx)).find((b) => b.product_count > 0)!;
    const { id } = await one<{ id: number }>(sql`select min(id) as id from products where brand_id = ${brand.id} and active`);
    await shop.database.db.execute(sql`update products set active = false where id = ${id}`);
    try {
      await poll(async () => (await shop.services.catalog.highlightSuppliers(ctx)).find((b) => b.id === brand.id)?.product_count).toBe(brand.product_count - 1);
    } finally {
      await shop.database.db.execute(sql`update products set active = true where id = ${id}`);
    }
  });

  it("does not keep a read that was in flight when a change arrived; forgets everything after a lost connection", async () => {
    const cache = createStockCache(shop.database.db);
    const [a, b] = (await list()).slice(0, 2).map((c) => c.id);
    const reading = cache.levels([a, b], []);
    cache.changed(`p:${b}`); // a notification arrives while the read is on its way
    expect((await reading).product.size).toBe(2);
    queries.on = true;
    queries.count = 0;
    await cache.levels([a, b], []);
    expect(queries.count).toBe(1); // read again: the racing answer was not kept
    queries.count = 0;
    await cache.levels([a, b], []);
    expect(queries.count).toBe(0);
    cache.changed(`p:${a}`);
    await cache.levels([b], []);
    expect(queries.count).toBe(0); // only what the notification names is forgotten
    cache.changed(RECONNECTED);
    await cache.levels([b], []);
    queries.on = false;
    expect(queries.count).toBe(1);
  });
});

// Two copies of the shop on one PostgreSQL database (as `DATABASE_URL` deployments run them):
// each keeps its own memory, the database's notifications keep both true.
describe.skipIf(!testDbKinds().includes("postgres"))("two copies on one database [postgres]", () => {
  let a: TestShop;
  let b: Shop;
  let bDatabase: Database;
  beforeAll(async () => {
    a = await createTestShop("postgres", { ssr: true });
    const res = (await a.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${res.rows[0].name}`;
    bDatabase = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    b = await createShop(loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", PAGE_CACHE: "off", BUILD_DIR: inject("buildDir") }), {
      database: bDatabase,
      withSsr: true,
    });
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it("a sale on one copy shows on the other's category and product pages, and so does the restock", async () => {
    const ctx = contextFor(await b.services.stores.byLanguage("es"));
    const listB = async () => (await b.services.catalog.listByCategory(ctx, "platos-de-ducha", {}))!.results;
    const first = (await listB())[0];
    const slug = first.path.replace(/^\/|\.html$/g, "");
    const pageB = async () => (await b.services.catalog.productPage(ctx, slug))!;
    expect((await pageB()).product.id).toBe(first.id);
    // Copy A sells the product's last units (checkout's conditional update, in a transaction).
    const { stock } = ((await a.database.db.execute(sql`select stock from products where id = ${first.id}`)) as unknown as { rows: Row[] }).rows[0];
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`update products set stock = stock - ${stock} where id = ${first.id} and stock >= ${stock}`);
    });
    await poll(async () => (await listB())[0].stock).toBe(0);
    await poll(async () => (await pageB()).product.stock).toBe(0);
    // What is sold of a product with variants is its variants' stock: its structured data follows them (decision 050).
    const html = (await b.app.inject({ url: `/${slug}.html`, headers: { "accept-encoding": "identity" } })).body;
    const inStock = (await pageB()).product.variants.some((v) => v.stock > 0);
    expect(html).toContain(`"availability":"https://schema.org/${inStock ? "InStock" : "OutOfStock"}"`);
    await a.database.db.execute(sql`update products set stock = ${stock} where id = ${first.id}`);
    await poll(async () => (await pageB()).product.stock).toBe(stock);
  });
});
