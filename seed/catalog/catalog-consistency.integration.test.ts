import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { configCatalog, evaluate, type Selection } from "../../core/configurator.ts";
import { contextFor } from "../../server/lib/request-context.ts";
import { describeEachDb } from "../../server/test/test-db.ts";
import { createTestShop, type TestShop } from "../../server/test/test-shop.ts";
import { reviewFits } from "../reviews.ts";

/**
 * The demo catalog as a careful buyer reads it (issue 11): collections hold what their name
 * says, descriptions never contradict the configurator (an "included" part sold as an extra),
 * prices grow with the size, one free-shipping promise everywhere, decimal commas in Spanish
 * and French, and ratings that are the stored reviews'. Checked on the seeded database.
 */

/** What each collection holds, as a buyer reads its name (SQL over the product `p` and its Spanish texts `t`). */
const COLLECTIONS: Record<string, string> = {
  "aqualis-stone": "p.product_type = 'shower_tray' AND t.name ILIKE '%pizarra%'",
  "pizarra-stone-natura": "p.product_type = 'shower_tray' AND t.name ILIKE '%pizarra%'",
  "pizarra-stone-urban": "p.product_type = 'shower_tray' AND t.name ILIKE '%pizarra%'",
  "aqualis-line": "p.product_type IN ('shower_screen_frontal', 'shower_screen_angular', 'shower_screen_semicircular', 'bath_screen')",
  "cristalux-slim": "p.product_type LIKE 'shower_screen%' AND t.name LIKE '% Slim %'",
  "cristalux-classic": "p.product_type = 'shower_screen_frontal' AND t.name NOT LIKE '% Slim %'",
  "nordbad-pure": "p.product_type IN ('toilet_floor', 'toilet_wall', 'toilet_compact') AND t.description ILIKE '%sin brida%'",
  "nordbad-form": "p.product_type = 'vanity' AND t.short_description ILIKE 'Suspendido%'",
  "loire-atelier": "p.product_type IN ('toilet_floor', 'toilet_wall', 'toilet_compact', 'washbasin_countertop', 'washbasin_wall')",
  "atelier-seine-haussmann": "p.product_type IN ('vanity', 'cabinet_column') AND t.name ILIKE '%vintage%'",
  "atelier-seine-marais": "p.product_type = 'mirror' AND t.description NOT LIKE '%LED%'",
  "terracota-douro": "p.product_type IN ('vanity', 'cabinet_column') AND (t.name ILIKE '%rústico%' OR t.name ILIKE '%vintage%')",
  "milano-bagno-brera": "p.product_type IN ('tap_basin', 'tap_bath', 'shower_column', 'vanity', 'cabinet_column')",
  "milano-bagno-navigli": "p.product_type = 'bathtub_freestanding'",
  "vetro-linea-luce": "p.product_type = 'mirror' AND t.description LIKE '%LED%'",
  "fjord-design-hygge":
    "p.product_type NOT LIKE 'shower%' AND p.product_type NOT LIKE 'toilet%' AND p.product_type NOT LIKE 'bathtub%' AND p.product_type NOT LIKE 'tap%'",
  "oxide-works-loft": "p.product_type NOT LIKE 'shower_tray' AND p.product_type NOT LIKE 'toilet%' AND p.product_type NOT LIKE 'bathtub%'",
  "levante-mar": "p.product_type = 'tap_basin'",
  "levante-termo": "p.product_type IN ('tap_bath', 'shower_column') AND (t.name ILIKE '%termost%' OR t.description ILIKE '%termost%')",
  "sole-confort": "p.product_type = 'bathtub_whirlpool'",
  "kobe-wabi": "p.product_type IN ('washbasin_countertop', 'washbasin_wall')",
  // Names that promise nothing specific ("Lo esencial", "Estilo clásico inglés"): any product of the brand.
  "arenal-basic": "TRUE",
  "marlow-heritage": "TRUE",
};

/** The words of a complement type in each language: a product selling it as an extra never says it is included. */
const COMPLEMENT_WORDS: Record<string, { es: string; fr: string }> = {
  valvula: { es: "válvula", fr: "bonde" },
  rejilla: { es: "rejilla", fr: "grille" },
  asiento: { es: "asiento", fr: "abattant" },
  patas: { es: "patas", fr: "pieds" },
  espejo: { es: "espejo", fr: "miroir" },
};

describeEachDb("demo catalog consistency", (kind) => {
  let shop: TestShop;
  const q = async <T>(text: string): Promise<T[]> => ((await shop.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  }, 180_000);
  afterAll(async () => shop?.close());

  it("every collection holds only what its name says, and only products of its own brand", async () => {
    const collections = await q<{ slug: string; n: number }>(
      `SELECT c.slug, count(p.id)::int n FROM brand_collections c LEFT JOIN products p ON p.collection_id = c.id GROUP BY c.slug ORDER BY c.slug`,
    );
    expect(collections.filter((c) => !(c.slug in COLLECTIONS)).map((c) => c.slug)).toEqual([]);
    for (const [slug, rule] of Object.entries(COLLECTIONS)) {
      const stray = await q<{ ref: string; name: string }>(`
        SELECT p.ref, t.name FROM products p JOIN brand_collections c ON c.id = p.collection_id
        JOIN product_translations t ON t.product_id = p.id AND t.language = 'es'
        WHERE c.slug = '${slug}' AND (p.brand_id <> c.brand_id OR NOT (${rule}))`);
      expect(stray, slug).toEqual([]);
    }
    // The "Stone" collection of textured trays holds textured trays (and has some).
    const [stone] = await q<{ n: number }>(
      `SELECT count(*)::int n FROM products p JOIN brand_collections c ON c.id = p.collection_id WHERE c.slug = 'aqualis-stone'`,
    );
    expect(stone.n).toBeGreaterThan(0);
  });

  it("never says a part is included when the configurator sells it as a complement", async () => {
    const rows = await q<{ ref: string; language: "es" | "fr"; type: string; text: string }>(`
      SELECT DISTINCT p.ref, t.language, ct.slug AS type,
             t.name || ' ' || t.short_description || ' ' || t.description || ' ' ||
             COALESCE((SELECT string_agg(td.label ->> t.language || ': ' || (td.value ->> t.language), ' ') FROM technical_data td WHERE td.product_id = p.id), '') AS text
      FROM products p JOIN product_translations t ON t.product_id = p.id
      JOIN complements c ON c.product_id = p.id AND c.complement_product_id IS NOT NULL
      JOIN complement_types ct ON ct.id = c.complement_type_id`);
    expect(rows.length).toBeGreaterThan(100);
    const contradictions: string[] = [];
    for (const r of rows) {
      const word = COMPLEMENT_WORDS[r.type]?.[r.language];
      if (!word) continue;
      // Sentence by sentence: the part and "included" together.
      for (const sentence of r.text.split(/(?<=[.;:])\s+/)) {
        const s = sentence.toLowerCase();
        if (s.includes(word) && /inclu(id|y|s)/.test(s)) contradictions.push(`${r.ref} ${r.language}: ${sentence}`);
      }
    }
    expect(contradictions).toEqual([]);
  });

  it("prices grow with the size: standard sizes by variant, cut-to-measure trays by size band, in the configurator", async () => {
    // Variants that differ only by a size option: the bigger never costs less.
    // A size option's number is its width (80) or width x 1000 + length (80120 for 80 x 120 cm): compare areas.
    const variants = await q<{ product: string; size_attr: number; size: number; others: string; price: number }>(`
      SELECT p.ref AS product, a.id AS size_attr,
             CASE WHEN o.value_numeric >= 1000 THEN floor(o.value_numeric / 1000) * (o.value_numeric::int % 1000) ELSE o.value_numeric END AS size,
             (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM jsonb_array_elements(v.option_ids) x WHERE x::int <> o.id) AS others,
             v.pvp_web AS price
      FROM variants v JOIN products p ON p.id = v.product_id
      JOIN attribute_options o ON v.option_ids @> jsonb_build_array(o.id)
      JOIN attributes a ON a.id = o.attribute_id
      WHERE a.unit = 'cm' AND a.field_type = 'select' AND o.value_numeric IS NOT NULL`);
    expect(variants.length).toBeGreaterThan(100);
    const groups = new Map<string, { size: number; price: number }[]>();
    for (const v of variants) {
      const k = `${v.product}|${v.size_attr}|${v.others}`;
      groups.set(k, [...(groups.get(k) ?? []), { size: v.size, price: v.price }]);
    }
    const shrinking: string[] = [];
    for (const [k, list] of groups) {
      list.sort((a, b) => a.size - b.size);
      for (let i = 1; i < list.length; i++)
        if (list[i].price < list[i - 1].price) shrinking.push(`${k}: ${list[i - 1].size} ${list[i - 1].price} > ${list[i].size} ${list[i].price}`);
    }
    expect(shrinking).toEqual([]);

    // Size bands of the range attributes: the price never drops as the measure grows, and it does grow.
    const bands = await q<{ slug: string; min: number; max: number; price: number }>(`
      SELECT a.slug, o.value_range_min AS min, o.value_range_max AS max, o.price FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id
      WHERE a.field_type = 'range' ORDER BY a.slug, o.value_range_min`);
    for (const slug of ["ancho", "largo"]) {
      const list = bands.filter((b) => b.slug === slug);
      expect(list.length, slug).toBeGreaterThan(3);
      for (let i = 1; i < list.length; i++) {
        expect(list[i].min, `${slug} bands are contiguous`).toBe(list[i - 1].max + 1);
        expect(list[i].price, slug).toBeGreaterThan(list[i - 1].price);
      }
    }

    // What the configurator (and so the cart) charges for the smallest and the largest tray it can cut.
    const es = await shop.services.stores.byLanguage("es");
    const ctx = contextFor(es);
    const cut = await q<{ slug: string }>(`
      SELECT t.slug FROM products p JOIN product_translations t ON t.product_id = p.id AND t.language = 'es' WHERE p.ref LIKE 'PD-ME-%' ORDER BY p.ref`);
    expect(cut.length).toBeGreaterThanOrEqual(5);
    for (const { slug } of cut) {
      const product = (await shop.services.catalog.productBySlug(ctx, slug))!;
      const cfg = configCatalog(
        {
          product,
          attributes: (await shop.services.catalog.productAttributes(ctx, slug)) ?? [],
          complements: [],
          complementTypes: [],
        },
        { installationService: false },
      );
      const width = cfg.attributes.find((a) => a.slug === "ancho")!;
      const length = cfg.attributes.find((a) => a.slug === "largo")!;
      const color = cfg.attributes.find((a) => a.field_type === "color")!;
      const sel = (w: number, l: number): Selection => ({
        quantity: 1,
        options: { [color.id]: color.options[0].id },
        ranges: { [width.id]: w, [length.id]: l },
        texts: {},
        complements: {},
      });
      const minW = width.range!.min;
      const minL = length.range!.min;
      const price = (w: number, l: number) => {
        const e = evaluate(cfg, sel(w, l));
        expect(e.status, `${slug} ${w}x${l}`).toBeNull();
        return e.price.total;
      };
      // Each measure on its own, centimetre by centimetre: the price never drops, and the largest costs more.
      for (const [from, to, at] of [
        [minW, width.range!.max, (v: number) => price(v, minL)],
        [minL, Math.min(length.range!.max, (product.max_combined_measure ?? 999) - minW), (v: number) => price(minW, v)],
      ] as const) {
        let last = at(from);
        const first = last;
        for (let v = from + 1; v <= to; v++) {
          const p = at(v);
          expect(p, `${slug} at ${v} cm`).toBeGreaterThanOrEqual(last);
          last = p;
        }
        expect(last, slug).toBeGreaterThan(first);
      }
    }
  });

  it("makes one free-shipping promise everywhere: free from 200 €", async () => {
    const texts = await q<{ source: string; text: string }>(`
      SELECT 'product ' || product_id AS source, short_description || ' ' || description || ' ' || seo_title || ' ' || seo_description AS text FROM product_translations
      UNION ALL SELECT 'category ' || category_id, COALESCE(seo_text, '') || ' ' || COALESCE(seo_title, '') || ' ' || COALESCE(seo_description, '') || ' ' || COALESCE(h1, '') FROM category_translations
      UNION ALL SELECT 'slider ' || id, row_to_json(s)::text FROM home_sliders s
      UNION ALL SELECT 'banner ' || id, row_to_json(b)::text FROM home_banners b
      UNION ALL SELECT 'category banner ' || id, row_to_json(b)::text FROM category_banners b
      UNION ALL SELECT 'brand ' || id, row_to_json(b)::text FROM brands b
      UNION ALL SELECT 'seo ' || id, row_to_json(x)::text FROM seo_texts x
      UNION ALL SELECT 'page ' || slug, row_to_json(c)::text FROM cms_pages c
      UNION ALL SELECT 'post ' || id, row_to_json(p)::text FROM posts p`);
    expect(texts.length).toBeGreaterThan(500);
    const promises: string[] = [];
    const FREE = /(env[ií]os? (?:gratis|gratuitos?)|livraison (?:offerte|gratuite)|sin gastos de env[ií]o|frais de port offerts)/gi;
    for (const { source, text } of texts) {
      for (const m of text.matchAll(FREE)) {
        const around = text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60);
        // The promise names its threshold; "no free shipping to the Balearic Islands" is not a promise.
        if (/200\s?€/.test(around) || /\b(sin|no tienen|pas de)\s+[a-zé ]{0,12}$/i.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
        promises.push(`${source}: …${around}…`);
      }
    }
    expect(promises).toEqual([]);
  });

  it("writes decimals with a comma in Spanish and French texts", async () => {
    const texts = await q<{ source: string; text: string }>(`
      SELECT 'product ' || product_id || ' ' || language AS source, name || ' ' || short_description || ' ' || description || ' ' || seo_description AS text FROM product_translations
      UNION ALL SELECT 'technical ' || product_id, label::text || ' ' || value::text FROM technical_data
      UNION ALL SELECT 'category ' || category_id, COALESCE(seo_text, '') || ' ' || COALESCE(seo_description, '') FROM category_translations
      UNION ALL SELECT 'option ' || id, value_string::text FROM attribute_options
      UNION ALL SELECT 'page ' || slug, row_to_json(c)::text FROM cms_pages c
      UNION ALL SELECT 'post ' || id, row_to_json(p)::text FROM posts p`);
    const dots: string[] = [];
    for (const { source, text } of texts) {
      // "3.5 cm" is English; "500.000 ciclos" (thousands) and dates or ISO stamps inside JSON are not decimals.
      const plain = text.replace(/"\w+_at":"[^"]*"/g, "").replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z?/g, "");
      for (const m of plain.matchAll(/\d\.\d{1,2}(?!\d)/g)) dots.push(`${source}: ${plain.slice(Math.max(0, m.index - 30), m.index + 20)}`);
    }
    expect(dots).toEqual([]);
  });

  it("rates each product with its stored reviews only", async () => {
    const wrong = await q(`
      SELECT p.ref FROM products p
      LEFT JOIN (SELECT product_id, count(*)::int n, round(avg(rating) * 100)::int a FROM reviews WHERE published GROUP BY product_id) r ON r.product_id = p.id
      WHERE p.rating_count <> COALESCE(r.n, 0) OR p.rating_avg <> COALESCE(r.a, 0)`);
    expect(wrong).toEqual([]);
    const [critical] = await q<{ n: number }>(`SELECT count(*)::int n FROM reviews WHERE rating <= 2`);
    expect(critical.n).toBeGreaterThan(5);
  });

  it("shows reviews that fit their product (no slate texture on a smooth tray, no gold profile on a chrome screen), never the same text twice", async () => {
    const rows = await q<{ ref: string; body: string; text: string; options: string }>(`
      SELECT p.ref, r.body,
             COALESCE((SELECT t.name || ' ' || t.description FROM product_translations t WHERE t.product_id = p.id AND t.language = 'es'), '') AS text,
             COALESCE((SELECT string_agg(DISTINCT o.value_string::text, ' ') FROM variants v JOIN attribute_options o ON v.option_ids @> jsonb_build_array(o.id)
                       WHERE v.product_id = p.id), '') AS options
      FROM reviews r JOIN products p ON p.id = r.product_id`);
    expect(rows.length).toBeGreaterThan(500);
    expect(rows.filter((r) => !reviewFits(r.body, r)).map((r) => `${r.ref}: ${r.body}`)).toEqual([]);
    const twice = await q(`SELECT product_id, body FROM reviews GROUP BY product_id, body HAVING count(*) > 1`);
    expect(twice).toEqual([]);
  });
});
