import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { MAIN_CATEGORIES } from "../stores.ts";
import { createTestDatabase, describeEachDb } from "../../server/test/test-db.ts";
import { ENVIRONMENTS } from "./environments.ts";

describeEachDb("demo catalog seed", (kind) => {
  let database: Database;
  const q = async <T>(text: string): Promise<T[]> => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("sells at least 220 products in Spain and 110 in France, from at least 15 brands", async () => {
    const [row] = await q<{ es: number; fr: number; brands: number }>(`
      select (select count(*) from product_stores ps join stores s on s.id = ps.store_id where s.source_code = 'ESDB')::int es,
             (select count(*) from product_stores ps join stores s on s.id = ps.store_id where s.source_code = 'FRDB')::int fr,
             (select count(distinct brand_id) from products)::int brands`);
    expect(row.es).toBeGreaterThanOrEqual(220);
    expect(row.fr).toBeGreaterThanOrEqual(110);
    expect(row.brands).toBeGreaterThanOrEqual(15);
  });

  it("has every menu category in both languages and both stores", async () => {
    for (const c of MAIN_CATEGORIES) {
      const rows = await q<{ language: string; stores: number }>(
        `select t.language, (select count(*) from category_stores cs where cs.category_id = t.category_id)::int stores
         from category_translations t where (t.language = 'es' and t.slug = '${c.es}') or (t.language = 'fr' and t.slug = '${c.fr}')`,
      );
      expect(rows.map((r) => r.language).sort(), c.es).toEqual(["es", "fr"]);
      expect(rows[0].stores).toBe(2);
    }
    for (const slug of ["ofertas", "muebles-de-bano-modernos", "muebles-de-bano-vintage", "muebles-de-bano-rusticos", "muebles-de-bano-estilo-industrial"]) {
      expect((await q(`select 1 from category_translations where language = 'es' and slug = '${slug}'`)).length, slug).toBe(1);
    }
  });

  it("gives every variant options of its own product's attributes, one variant per full choice", async () => {
    const bad = await q(`
      select v.ref from variants v, jsonb_array_elements(v.option_ids) o(id)
      where not exists (select 1 from product_attributes pa where pa.product_id = v.product_id and pa.option_ids @> jsonb_build_array(o.id))`);
    expect(bad).toEqual([]);
    const dup = await q(`select product_id from variants group by product_id, option_ids having count(*) > 1`);
    expect(dup).toEqual([]);
    const price = await q(`select p.ref from products p where p.pvp_web <> (select min(v.pvp_web) from variants v where v.product_id = p.id)`);
    expect(price).toEqual([]);
  });

  it("has a main image for every product, MU-BA-LE cabinets and the special complements", async () => {
    expect(await q(`select ref from products p where not exists (select 1 from product_images i where i.product_id = p.id and i.image_type = 100)`)).toEqual(
      [],
    );
    const [cab] = await q<{ n: number }>(`select count(*)::int n from products where ref like 'MU-BA-LE%'`);
    expect(cab.n).toBeGreaterThan(10);
    // Every installable product (trays, screens, toilets, bathtubs, furniture, washbasins) offers both.
    const special = await q<{ family: string; n: number; products: number; min_price: number; max_price: number }>(
      `select split_part(p.ref, '-', 1) family, count(*)::int n, count(distinct c.product_id)::int products,
              min(c.price) filter (where c.id = 'installation-complement')::int min_price,
              max(c.price) filter (where c.id = 'installation-complement')::int max_price
       from complements c join products p on p.id = c.product_id
       where c.id in ('installation-complement', 'facility') group by 1 order by 1`,
    );
    expect(special.length).toBeGreaterThanOrEqual(4);
    for (const f of special) {
      expect(f.n).toBe(f.products * 2);
      expect(f.min_price).toBe(2000);
      expect(f.max_price).toBe(2000);
    }
    const [trays] = await q<{ n: number }>(
      `select count(*)::int n from products p where p.ref like 'PD-%'
       and not exists (select 1 from complements c where c.product_id = p.id and c.id = 'installation-complement')`,
    );
    expect(trays.n).toBe(0);
  });

  it("uses every field type, aesthetic attributes, blocked options and locked complements", async () => {
    const types = await q<{ field_type: string }>(
      `select distinct a.field_type from attributes a join product_attributes pa on pa.attribute_id = a.id order by 1`,
    );
    expect(types.map((t) => t.field_type)).toEqual(["color", "hiperlink", "open", "range", "select", "toggle"]);
    expect((await q(`select 1 from attribute_options where jsonb_array_length(block_options) > 0`)).length).toBeGreaterThan(0);
    expect((await q(`select 1 from attribute_options where jsonb_array_length(complements_locked) > 0`)).length).toBeGreaterThan(0);
    expect((await q(`select 1 from attributes where aesthetic and field_type = 'color'`)).length).toBeGreaterThan(3);
  });

  it("keeps facets consistent with the products of each category", async () => {
    const stray = await q(`
      select pfo.product_id from product_filter_options pfo
      join filter_options fo on fo.id = pfo.filter_option_id join filters f on f.id = fo.filter_id
      where not exists (select 1 from product_categories pc where pc.product_id = pfo.product_id and pc.category_id = f.category_id)`);
    expect(stray).toEqual([]);
    const [offers] = await q<{ n: number }>(`
      select count(*)::int n from product_categories pc join category_translations t on t.category_id = pc.category_id and t.language = 'es'
      join products p on p.id = pc.product_id where t.slug = 'ofertas' and p.is_offer and p.pvp_original > p.pvp_web`);
    expect(offers.n).toBeGreaterThan(10);
  });

  it("lists environments with real product refs", async () => {
    const refs = ENVIRONMENTS.flatMap((e) => e.refs);
    const found = await q<{ ref: string }>(`select ref from products where ref in (${refs.map((r) => `'${r}'`).join(",")})`);
    expect(new Set(found.map((f) => f.ref))).toEqual(new Set(refs));
  });
});
