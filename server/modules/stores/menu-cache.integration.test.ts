import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

describeEachDb("menu cache", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop?.close());

  it("does not grow with the number of distinct paths visitors (or crawlers) ask for", async () => {
    const { stores } = shop.services;
    const es = await stores.byLanguage("es");
    const plain = await stores.menu(es.id, "footer", "/");
    for (let i = 0; i < 3000; i++) {
      const items = await stores.menu(es.id, "footer", `/no-existe-${i}/`);
      if (i === 0) expect(items).toEqual(plain);
    }
    expect(stores.cacheStats().menus).toBeLessThan(10);
  });

  it("still gives a path with footer items of its own its own menu", async () => {
    const res = (await shop.database.db.execute(
      sql`select m.path, m.store_id as "storeId", m.label from menu_items m where m.menu_type = 'footer' and m.path is not null limit 1`,
    )) as unknown as { rows: { path: string; storeId: number; label: string }[] };
    const row = res.rows[0];
    expect(row, "the demo data has a footer item of one page").toBeDefined();
    const own = await shop.services.stores.menu(row.storeId, "footer", `/${row.path}/`);
    const labels = JSON.stringify(own);
    expect(labels).toContain(JSON.stringify(row.label));
    const elsewhere = await shop.services.stores.menu(row.storeId, "footer", "/otra-cosa/");
    expect(JSON.stringify(elsewhere)).not.toContain(JSON.stringify(row.label));
  });
});
