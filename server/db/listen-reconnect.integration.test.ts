import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKinds } from "../test/test-db.ts";
import { createTestShop, type TestShop } from "../test/test-shop.ts";

/**
 * Cross-copy invalidation survives a lost LISTEN connection (PostgreSQL restart, failover,
 * idle-connection killer): the connection comes back, LISTENs again, and the caches that may
 * have missed notifications meanwhile are dropped. PGlite has no second process to notify.
 */
// PGlite has no connection to lose (its LISTEN is in-process): this is PostgreSQL's case only,
// run whenever a server is configured (CI always has one).
const kind = "postgres" as const;
describe.skipIf(!testDbKinds().includes("postgres"))("LISTEN connection lost and back [postgres]", () => {
  let shop: TestShop;
  let dbUrl: string;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { PAGE_CACHE: "on" } });
    const res = (await shop.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${res.rows[0].name}`;
    dbUrl = url.toString();
  });
  afterAll(() => shop?.close());

  /** Another copy of the shop, or an admin: a connection of its own to the same database. */
  async function other<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  const page = (url: string) => shop.app.inject({ url, headers: { "accept-encoding": "identity" } });

  it("reconnects, listens again and clears the caches that may have missed a change", async () => {
    expect((await page("/marcas")).headers["x-cache"]).toBe("MISS");
    expect((await page("/marcas")).headers["x-cache"]).toBe("HIT");

    const killed = await other(async (c) => {
      const r = await c.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'",
      );
      return r.rows.length;
    });
    expect(killed).toBe(1);
    // Another copy changes the catalog while this one is not listening: its NOTIFY is lost.
    const renamed = `Marca renombrada ${Date.now()}`;
    await other(async (c) => {
      await c.query("update brands set name = $1 where id = (select min(id) from brands)", [renamed]);
      await c.query("select pg_notify('catalog_changed', 'lost')");
    });

    expect(await until(() => shop.services.pageCache.stats().entries === 0), "the page cache is cleared once the connection is back").toBe(true);
    const fresh = await page("/marcas");
    expect(fresh.headers["x-cache"]).toBe("MISS");
    expect(fresh.body).toContain(renamed);

    // Listening again: a later change from another copy reaches this one.
    expect((await page("/marcas")).headers["x-cache"]).toBe("HIT");
    const listening = await other(async (c) => {
      const r = await c.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN%'");
      return r.rows[0].n as number;
    });
    expect(listening).toBe(1);
    await other((c) => c.query("select pg_notify('catalog_changed', 'after')"));
    expect(await until(() => shop.services.pageCache.stats().entries === 0, 5000)).toBe(true);
  });

  it("comes back each time it is cut, and still invalidates", async () => {
    // Cut the listener three times in a row, each new connection as soon as it LISTENs.
    for (let i = 0; i < 3; i++) {
      expect(
        await until(async () =>
          other(async (c) => {
            const r = await c.query(
              "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'",
            );
            return r.rows.length === 1;
          }),
        ),
      ).toBe(true);
    }
    await page("/rebajas");
    expect(await until(async () => (await page("/rebajas")).headers["x-cache"] === "HIT")).toBe(true);
    await other((c) => c.query("select pg_notify('catalog_changed', 'x')"));
    expect(await until(() => shop.services.pageCache.stats().entries === 0)).toBe(true);
  });
});
