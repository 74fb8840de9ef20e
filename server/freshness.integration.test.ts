import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatPrice } from "../core/money.ts";
import { createShop, type Shop } from "./app.ts";
import { loadConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { relaxThrottling } from "./test/accounts.ts";
import { describeEachDb, testDbKinds } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/*
 * Issue 39, item 2 (docs/decisions/050): every change of a price or a stock, whoever makes it (an
 * operator's SQL, the shop's own sale, another copy), reaches every rendered page and every data
 * cache of every copy within a second, through the database's notifications; a copy whose
 * LISTEN connection was lost forgets everything when it is back and keeps listening; a product
 * whose variants are all at 0 is OutOfStock in its structured data.
 */

/** "Within 1 s": polled, never a fixed delay. */
const within1s = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1000, interval: 20 });

const PRODUCT = "grifo-de-lavabo-monomando-mistral";
const CATEGORY = "/grifos-de-lavabo/";
const NEW_PRICE = 12_345;
const OUT = "https://schema.org/OutOfStock";
const IN = "https://schema.org/InStock";

type Ids = {
  product: number;
  variants: { id: number; option: number; stock: number; price: number }[];
  attribute: number;
  productPrice: number;
  productStock: number;
};

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function idsOf(shop: Shop): Promise<Ids> {
  const db = shop.database.db;
  const [p] = rowsOf<{ id: number; pvp: number; stock: number }>(
    await db.execute(sql`select p.id, p.pvp_web as pvp, p.stock from products p join product_translations pt on pt.product_id = p.id
      where pt.language = 'es' and pt.slug = ${PRODUCT}`),
  );
  const vs = rowsOf<{ id: number; option: number; stock: number; price: number }>(
    await db.execute(sql`select id, (option_ids->>0)::int as option, stock, pvp_web as price from variants where product_id = ${p.id} order by id`),
  );
  const [a] = rowsOf<{ id: number }>(await db.execute(sql`select attribute_id as id from product_attributes where product_id = ${p.id}`));
  return {
    product: Number(p.id),
    productPrice: Number(p.pvp),
    productStock: Number(p.stock),
    variants: vs.map((v) => ({ ...v, id: Number(v.id) })),
    attribute: Number(a.id),
  };
}

async function page(shop: Shop, url: string): Promise<{ html: string; cache: string | undefined }> {
  const res = await shop.app.inject({ url, headers: { "accept-encoding": "identity" } });
  expect(res.statusCode).toBe(200);
  return { html: res.body, cache: res.headers["x-cache"] as string | undefined };
}

/** The product's card on the category page (its <article class="card">). */
async function card(shop: Shop): Promise<string> {
  const { html } = await page(shop, CATEGORY);
  const found = html
    .split('<article class="card">')
    .slice(1)
    .find((c) => c.includes(`/${PRODUCT}.html`));
  expect(found, "the product's card on its category page").toBeDefined();
  return found!.slice(0, found!.indexOf("</article>"));
}

/** The Product JSON-LD's offers.availability of the product page. */
async function availability(shop: Shop): Promise<string> {
  const { html } = await page(shop, `/${PRODUCT}.html`);
  const m = html.match(/"availability":"(https:\/\/schema\.org\/\w+)"/);
  expect(m, "the product page's JSON-LD availability").not.toBeNull();
  return m![1];
}

const shown = (cents: number) => formatPrice(cents, "es-ES").replace(/\s/g, " ");
const norm = (html: string) => html.replace(/\s|&nbsp;|&#160;/g, " ");

/** A guest adds one unit of a variant to a new cart: the add's answer (status and body). */
async function addToCart(shop: Shop, ids: Ids, variant: number) {
  const v = ids.variants[variant];
  return shop.app.inject({
    method: "POST",
    url: "/api/cart/v1/cart-rows/",
    payload: { product: PRODUCT, selection: { quantity: 1, options: { [ids.attribute]: v.option }, ranges: {}, texts: {}, complements: {} } },
  });
}

let orderKey = 0;
/** A guest buys one unit of a variant through the checkout (bank transfer): the shop's own sale. */
async function buy(shop: Shop, ids: Ids, variant: number) {
  const add = await addToCart(shop, ids, variant);
  expect(add.statusCode, add.body).toBe(201);
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/checkout/v1/place_order/",
    headers: { "x-cart-token": add.json().cart_token },
    payload: {
      idempotency_key: `fresh-${Date.now().toString(36)}-${++orderKey}-abcdefgh`,
      name: "Lucía",
      surnames: "Martín Ruiz",
      email: "lucia.fresh@example.es",
      billing_business_name: "Lucía Martín Ruiz",
      payment_method: "transfer",
      expected_total: add.json().cart.prices.pvp_total,
      phone: "612 345 678",
      shipping_address: "Calle Mayor",
      shipping_number: "12",
      shipping_postal_code: "28013",
      shipping_city: "Madrid",
      shipping_province: "Madrid",
      shipping_country: "ES",
      billing_tax_id_type: "dni",
      billing_tax_id: "12345678Z",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function restore(shop: Shop, ids: Ids) {
  const db = shop.database.db;
  await db.execute(sql`update products set pvp_web = ${ids.productPrice}, stock = ${ids.productStock} where id = ${ids.product}`);
  for (const v of ids.variants) await db.execute(sql`update variants set pvp_web = ${v.price}, stock = ${v.stock} where id = ${v.id}`);
}

/** Renders the product and category pages twice: with the page cache on, the second is a hit. */
async function warm(shop: Shop, cacheOn: boolean) {
  for (const url of [`/${PRODUCT}.html`, CATEGORY]) {
    await page(shop, url);
    expect((await page(shop, url)).cache).toBe(cacheOn ? "HIT" : undefined);
  }
}

describeEachDb("fresh prices and stock on every page and cache (decision 050)", (kind) => {
  for (const cacheOn of [true, false]) {
    describe(`page cache ${cacheOn ? "on" : "off"}`, () => {
      let shop: TestShop;
      let ids: Ids;
      beforeAll(async () => {
        shop = await createTestShop(kind, { ssr: true, env: { PAGE_CACHE: cacheOn ? "on" : "off" } });
        relaxThrottling(shop);
        ids = await idsOf(shop);
      });
      afterAll(() => shop?.close());

      it("shows a price changed by plain SQL on the product page, its card and a cart within 1 s", async () => {
        const [v] = ids.variants;
        // The cart's total is the row's price and the shipping (both prices under the free-shipping threshold).
        const shipping = (await addToCart(shop, ids, 0)).json().cart.prices.pvp_total - v.price;
        await warm(shop, cacheOn);
        expect(norm((await page(shop, `/${PRODUCT}.html`)).html)).not.toContain(shown(NEW_PRICE));
        // An operator's SQL console: no catalogChanged(), no shop code involved.
        await shop.database.db.transaction(async (tx) => {
          await tx.execute(sql`update products set pvp_web = ${NEW_PRICE} where id = ${ids.product}`);
          await tx.execute(sql`update variants set pvp_web = ${NEW_PRICE} where id = ${v.id}`);
        });
        try {
          await within1s(async () => norm((await page(shop, `/${PRODUCT}.html`)).html).includes(shown(NEW_PRICE))).toBe(true);
          await within1s(async () => norm(await card(shop)).includes(shown(NEW_PRICE))).toBe(true);
          await within1s(async () => (await addToCart(shop, ids, 0)).json().cart.prices.pvp_total).toBe(NEW_PRICE + shipping);
        } finally {
          await restore(shop, ids);
        }
        await within1s(async () => norm(await card(shop)).includes(shown(NEW_PRICE))).toBe(false);
      });

      it("shows the shop's own sale of the last units (OutOfStock: every variant at 0) and a stock set by SQL within 1 s", async () => {
        const [a, b] = ids.variants;
        await shop.database.db.execute(sql`update variants set stock = case when id = ${a.id} then 0 else 1 end where product_id = ${ids.product}`);
        try {
          await within1s(() => availability(shop)).toBe(IN);
          await warm(shop, cacheOn);
          // The product's own stock stays > 0: it is the variants' that is sold.
          expect(ids.productStock).toBeGreaterThan(0);
          await buy(shop, ids, ids.variants.indexOf(b));
          await within1s(() => availability(shop)).toBe(OUT);
          expect((await addToCart(shop, ids, 1)).statusCode).not.toBe(201);
          // A restock by SQL shows too, and so does a card's stock.
          await shop.database.db.execute(sql`update variants set stock = 3 where id = ${a.id}`);
          await within1s(() => availability(shop)).toBe(IN);
          expect(await card(shop)).not.toContain("card-out");
          await shop.database.db.execute(sql`update products set stock = 0 where id = ${ids.product}`);
          await within1s(async () => (await card(shop)).includes("card-out")).toBe(true);
        } finally {
          await restore(shop, ids);
        }
        await within1s(async () => (await card(shop)).includes("card-out")).toBe(false);
      });
    });
  }
});

// Two copies on one PostgreSQL database (as DATABASE_URL deployments run them), both with the
// page cache on (the default): each sees the other's sales and prices within 1 s, and a copy
// whose LISTEN connection is cut forgets what it missed and keeps listening.
describe.skipIf(!testDbKinds().includes("postgres"))("two copies on one database, page cache on [postgres]", () => {
  let a: TestShop;
  let b: Shop;
  let bDatabase: Database;
  let ids: Ids;
  beforeAll(async () => {
    a = await createTestShop("postgres", { ssr: true, env: { PAGE_CACHE: "on" } });
    relaxThrottling(a);
    const [{ name }] = rowsOf<{ name: string }>(await a.database.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    bDatabase = await openDatabase({ databaseUrl: url.toString(), poolSize: 3, reconnectDelayMs: 50 });
    b = await createShop(loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", PAGE_CACHE: "on", BUILD_DIR: inject("buildDir") }), {
      database: bDatabase,
      withSsr: true,
    });
    relaxThrottling(b as TestShop);
    ids = await idsOf(a);
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it("a sale on either copy shows on the other's cached product page within 1 s", async () => {
    const [v0, v1] = ids.variants;
    await a.database.db.execute(sql`update variants set stock = case when id = ${v0.id} then 0 else 2 end where product_id = ${ids.product}`);
    try {
      for (const shop of [a, b]) await within1s(() => availability(shop)).toBe(IN);
      await warm(a, true);
      await warm(b, true);
      await buy(a, ids, ids.variants.indexOf(v1));
      await buy(b, ids, ids.variants.indexOf(v1));
      for (const shop of [b, a]) await within1s(() => availability(shop)).toBe(OUT);
    } finally {
      await restore(a, ids);
    }
    for (const shop of [a, b]) await within1s(() => availability(shop)).toBe(IN);
  });

  it("a price changed through one copy's connection shows on the other's cached pages within 1 s", async () => {
    await warm(a, true);
    await bDatabase.db.execute(sql`update products set pvp_web = ${NEW_PRICE} where id = ${ids.product}`);
    try {
      await within1s(async () => norm(await card(a)).includes(shown(NEW_PRICE))).toBe(true);
      await within1s(async () => norm(await card(b)).includes(shown(NEW_PRICE))).toBe(true);
    } finally {
      await restore(a, ids);
    }
  });

  it("after its LISTEN connection is cut, a copy forgets what it missed and keeps listening", async () => {
    const listener = async () =>
      rowsOf<{ pid: number }>(
        await a.database.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid() order by backend_start`,
        ),
      ).map((r) => r.pid);
    // B's listener is the newest LISTEN connection of this database (A's opened first).
    const before = await listener();
    expect(before.length).toBe(2);
    const bPid = before[1];
    await warm(b, true);
    await a.database.db.execute(sql`select pg_terminate_backend(${bPid})`);
    // Missed while B was not listening (its notification reaches A only): B clears all once back.
    await a.database.db.execute(sql`update products set stock = 0 where id = ${ids.product}`);
    try {
      await expect.poll(async () => (await listener()).some((p) => !before.includes(p)), { timeout: 5000, interval: 20 }).toBe(true);
      await within1s(async () => (await card(b)).includes("card-out")).toBe(true);
      // Listening again: a later price change reaches B's cached pages too.
      await warm(b, true);
      await a.database.db.execute(sql`update products set pvp_web = ${NEW_PRICE} where id = ${ids.product}`);
      await within1s(async () => norm(await card(b)).includes(shown(NEW_PRICE))).toBe(true);
    } finally {
      await restore(a, ids);
    }
  });
});
