import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { products, variants } from "./catalog.schema.ts";
import { priceHistory } from "./prices.schema.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";

describeEachDb("announced reductions follow the Omnibus rule (lowest price of the 30 days before)", (kind) => {
  let shop: TestShop;
  const db = () => shop.database.db as Db;

  beforeAll(async () => {
    shop = await createTestShop(kind, { seed: false });
    await seedStores(db());
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db(), { es: es.id, fr: fr.id });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const variant = async (ref: string) => (await db().select().from(variants).where(eq(variants.ref, ref)))[0];
  /** Lets time pass for an item's price history: every row moves `days` into the past. */
  const daysPass = (k: "variant" | "product", id: number, days: number) =>
    db()
      .update(priceHistory)
      .set({
        validFrom: sql`${priceHistory.validFrom} - make_interval(days => ${days})`,
        validTo: sql`${priceHistory.validTo} - make_interval(days => ${days})`,
      })
      .where(and(eq(priceHistory.kind, k), eq(priceHistory.itemId, id)));
  const setPrice = async (ref: string, pvpWeb: number, pvpOriginal: number | null) => {
    const [v] = await db().update(variants).set({ pvpWeb, pvpOriginal }).where(eq(variants.ref, ref)).returning();
    return v.pvpOriginal;
  };
  const shown = async (ref: string) => {
    await shop.services.catalog.catalogChanged();
    const res = await shop.app.inject({ url: `/api/catalog/v1/products/${SLUG}/variants/` });
    const v = (res.json().results as { ref: string; prices: { pvp_web: number; pvp_original: number | null } }[]).find((x) => x.ref === ref)!;
    return v.prices;
  };

  it("keeps a reduction brought with its previous price, and records both prices", async () => {
    const v = await variant("PD-RES-BL-70");
    expect(v).toMatchObject({ pvpWeb: 19_900, pvpOriginal: 24_900 });
    const rows = await db()
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.kind, "variant"), eq(priceHistory.itemId, v.id)))
      .orderBy(priceHistory.validFrom);
    expect(rows.map((r) => [r.price, r.validTo === null, r.referencePrice])).toEqual([
      [24_900, false, null],
      [19_900, true, 24_900],
    ]);
    expect(await shown("PD-RES-BL-70")).toMatchObject({ pvp_web: 19_900, pvp_original: 24_900 });
  });

  it("caps a 'before' price above the lowest of the last 30 days, and announces none when it was as cheap within them", async () => {
    const v = await variant("PD-RES-NE-80");
    expect(v).toMatchObject({ pvpWeb: 23_900, pvpOriginal: null });
    await daysPass("variant", v.id, 40);
    // 239 € for 40 days, now 199 € "before 299 €": the reference is 239 €.
    expect(await setPrice("PD-RES-NE-80", 19_900, 29_900)).toBe(23_900);
    expect(await shown("PD-RES-NE-80")).toMatchObject({ pvp_web: 19_900, pvp_original: 23_900 });
    // A week later back to 239 €, and five days after that "219 €, before 239 €": it was 199 € five
    // days ago, so no reduction may be announced at all.
    await daysPass("variant", v.id, 7);
    expect(await setPrice("PD-RES-NE-80", 23_900, null)).toBeNull();
    await daysPass("variant", v.id, 5);
    expect(await setPrice("PD-RES-NE-80", 21_900, 23_900)).toBeNull();
    expect(await shown("PD-RES-NE-80")).toMatchObject({ pvp_web: 21_900, pvp_original: null });
    // Down to 179 €: the reference is the 199 € of twelve days ago, not the 239 € announced.
    expect(await setPrice("PD-RES-NE-80", 17_900, 23_900)).toBe(19_900);
    // Changing only the announced price cannot raise it past the reference either.
    const [again] = await db().update(variants).set({ pvpOriginal: 99_900 }).where(eq(variants.id, v.id)).returning();
    expect(again.pvpOriginal).toBe(19_900);
    expect(await shown("PD-RES-NE-80")).toMatchObject({ pvp_web: 17_900, pvp_original: 19_900 });
  });

  it("applies to the from-price on cards (products) too", async () => {
    const [plain] = await db().select().from(products).where(sql`${products.pvpOriginal} is null`).limit(1);
    expect(plain).toBeTruthy();
    await daysPass("product", plain.id, 31);
    const lower = plain.pvpWeb - 1000;
    const [moved] = await db()
      .update(products)
      .set({ pvpWeb: lower, pvpOriginal: plain.pvpWeb + 5000 })
      .where(eq(products.id, plain.id))
      .returning();
    expect(moved.pvpOriginal).toBe(plain.pvpWeb);
  });
});
