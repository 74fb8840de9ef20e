import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../../server/test/test-db.ts";
import { createTestShop, type TestShop } from "../../server/test/test-shop.ts";

/**
 * Every document link of every product, in both stores, as a shopper clicks it (issue 11): the
 * product's API answer lists its sheets, and each link answers 200 with a PDF.
 */
describeEachDb("product documents", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  }, 180_000);
  afterAll(async () => shop?.close());

  it("answers every document link of every product with a PDF", async () => {
    const products = (
      (await shop.database.db.execute(sql`
      SELECT t.slug, s.source_code AS store FROM product_translations t
      JOIN product_stores ps ON ps.product_id = t.product_id JOIN stores s ON s.id = ps.store_id AND s.language = t.language
      ORDER BY s.source_code, t.slug`)) as unknown as { rows: { slug: string; store: string }[] }
    ).rows;
    expect(products.length).toBeGreaterThan(330);
    const urls = new Set<string>();
    const broken: string[] = [];
    for (const p of products) {
      const res = await shop.app.inject({ url: `/api/catalog/v1/products/${p.slug}/retrieve_by_slug/?store=${p.store}` });
      expect(res.statusCode, `${p.store} ${p.slug}`).toBe(200);
      const files = res.json().files as { url: string; name: string }[];
      if (!files.length) broken.push(`${p.store} ${p.slug}: no documents`);
      for (const f of files) urls.add(f.url);
    }
    expect(urls.size).toBeGreaterThan(500);
    for (const url of urls) {
      const res = await shop.app.inject({ url });
      const ok =
        res.statusCode === 200 && String(res.headers["content-type"]).startsWith("application/pdf") && res.rawPayload.subarray(0, 5).toString() === "%PDF-";
      if (!ok) broken.push(`${url}: ${res.statusCode} ${res.headers["content-type"]}`);
    }
    expect(broken).toEqual([]);
  }, 300_000);
});
