import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { h1s } from "./test/html.ts";
import { describeEachDb, testDbKinds } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

// One storefront request rendered at a time (RENDER_CONCURRENCY=1, decision 037): every visitor in
// the line gets their own whole answer, whatever the answers around them (a page, a 404, a
// redirect, a HEAD). Every one of these paths must end its turn. A path that forgot would only
// slow the line here (the 50 ms hold gives its turn up), so this test does not catch it; it did
// stall when tried with the hold switched off.
describeEachDb("render gate: one render at a time", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { RENDER_CONCURRENCY: "1" } });
  });
  afterAll(() => shop?.close());

  it("answers 60 simultaneous visitors each with their own whole page, in a line of one", async () => {
    const product = /href="(\/[^"/]+\.html)"/.exec((await shop.app.inject({ url: "/platos-de-ducha/" })).body)![1];
    const asks = [
      { url: "/", status: 200, h1: true },
      { url: "/platos-de-ducha/", status: 200, h1: "Platos de ducha online al mejor precio" },
      { url: product, status: 200, h1: true },
      { url: "/marcas", status: 200, h1: true },
      { url: "/fr/", status: 200, h1: true },
      { url: "/no-such-page", status: 404, h1: "Parece que se rompió alguna tubería en el baño..." },
      { url: "/profile", status: 302, h1: false },
      { url: "/platos-de-ducha/", method: "HEAD" as const, status: 200, h1: false },
    ];
    const runs = Array.from({ length: 60 }, (_, i) => asks[i % asks.length]);
    const answers = await Promise.all(runs.map((a) => shop.app.inject({ url: a.url, method: a.method ?? "GET" })));
    answers.forEach((res, i) => {
      const ask = runs[i];
      expect(res.statusCode, ask.url).toBe(ask.status);
      if (ask.h1 === false) return;
      expect(res.body, ask.url).toMatch(/<\/html>$/);
      const h1 = h1s(res.body);
      expect(h1, ask.url).toHaveLength(1);
      if (typeof ask.h1 === "string") expect(h1[0], ask.url).toBe(ask.h1);
    });
    // Same page, same heading: no answer got another visitor's page.
    const productH1 = new Set(answers.filter((_, i) => runs[i].url === product).map((r) => h1s(r.body)[0]));
    expect(productH1.size).toBe(1);
  });
});

// A page waiting on the database (here: a table locked by another session) gives up its turn
// after 50 ms without stopping; the visitors behind it are served meanwhile.
describe.skipIf(!testDbKinds().includes("postgres"))("render gate: a slow page does not hold the line [postgres]", () => {
  let shop: TestShop;
  let locker: pg.Client;
  beforeAll(async () => {
    shop = await createTestShop("postgres", { ssr: true, env: { RENDER_CONCURRENCY: "1" } });
    const res = (await shop.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${res.rows[0].name}`;
    locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await shop?.close();
  });

  it("serves other pages while one waits for a locked table, then that one too", async () => {
    await locker.query("begin");
    await locker.query("lock table cms_pages in access exclusive mode");
    let slowDone = false;
    const slow = shop.app.inject({ url: "/cms/aviso-legal" }).then((r) => {
      slowDone = true;
      return r;
    });
    // The page's query is waiting for the lock (seen by the database, not guessed by a delay).
    await expect
      .poll(
        async () =>
          (await locker.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()")).rows[0].n,
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
    const others = await Promise.all(["/platos-de-ducha/", "/", "/marcas"].map((url) => shop.app.inject({ url })));
    expect(others.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(slowDone).toBe(false);
    await locker.query("commit");
    const page = await slow;
    expect(page.statusCode).toBe(200);
    expect(h1s(page.body)).toHaveLength(1);
  });
});
