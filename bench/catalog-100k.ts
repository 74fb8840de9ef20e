/**
 * Catalog at 100,000 products: generates a fresh PostgreSQL database (on the TEST_DATABASE_URL
 * server; created and dropped here), then times the catalog service directly:
 *   - a category listing with three filters (two colours, a bool, a width range), p50/p95 (goal p95 <= 30 ms)
 *   - a search (full-text, accent-free and typo queries), p95 (goal <= 50 ms)
 *   - suggest (as-you-type), and a listing without filters, for reference.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/catalog-100k.ts [products] [iterations]
 * BENCH_DB=name keeps the database for EXPLAIN and later runs; BENCH_ONLY=listing|search times only those.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { seedStores } from "../seed/stores.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { createCatalogService } from "../server/modules/catalog/catalog.service.ts";
import { contextFor, type RequestContext } from "../server/lib/request-context.ts";
import { createStoresService } from "../server/modules/stores/stores.service.ts";

const N = Number(process.argv[2] ?? 100_000);
const ITER = Number(process.argv[3] ?? 300);
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** BENCH_ONLY=listing or search: time only those measurements (quicker runs while tuning). */
const only = process.env.BENCH_ONLY;

const ROOTS = [
  ["platos-de-ducha", "receveurs-de-douche", "Plato de ducha", "Receveur de douche"],
  ["mamparas-de-ducha", "parois-de-douche", "Mampara de ducha", "Paroi de douche"],
  ["inodoros", "wc", "Inodoro", "WC"],
  ["baneras", "baignoires", "Bañera", "Baignoire"],
  ["muebles-de-bano", "meubles-de-salle-de-bain", "Mueble de baño", "Meuble de salle de bain"],
  ["lavabos", "vasques", "Lavabo", "Vasque"],
  ["grifos", "robinetterie", "Grifo", "Robinet"],
  ["espejos", "miroirs", "Espejo", "Miroir"],
  ["accesorios-de-bano", "accessoires-salle-de-bain", "Accesorio", "Accessoire"],
];
const CHILDREN = [
  ["resina", "resine", "de resina", "en résine"],
  ["ceramica", "ceramique", "de cerámica", "en céramique"],
  ["suspendido", "suspendu", "suspendido", "suspendu"],
  ["exento", "ilot", "exento isla", "îlot"],
];
const COLORS = [
  ["blanco", "blanc"],
  ["negro", "noir"],
  ["gris", "gris"],
  ["beige", "beige"],
  ["antracita", "anthracite"],
  ["roble", "chêne"],
  ["arena", "sable"],
  ["moka", "moka"],
];
const FINISH = [
  ["pizarra", "ardoise"],
  ["liso", "lisse"],
  ["piedra", "pierre"],
  ["mate", "mat"],
  ["brillo", "brillant"],
];

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
async function time(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i);
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  const r = { label, n, p50: +pct(t, 50).toFixed(2), p95: +pct(t, 95).toFixed(2), max: +t[t.length - 1].toFixed(2) };
  console.log(JSON.stringify(r));
  return r;
}

async function main() {
  // BENCH_DB=name keeps the generated database (and reuses it when it exists): for EXPLAIN between runs.
  const keep = process.env.BENCH_DB;
  const name = keep ?? `catalog_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = keep ? (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount : 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    const t0 = Date.now();
    await migrate(database);
    if (!exists) {
      await seedStores(database.db);
      await generate(database.exec, N);
      console.log(`generated ${N} products in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }

    const stores = createStoresService(database.db);
    const catalog = createCatalogService(database, stores);
    const es: RequestContext = contextFor(await stores.byLanguage("es"));
    const fr: RequestContext = contextFor(await stores.byLanguage("fr"));
    const root = await catalog.listByCategory(es, "platos-de-ducha", { page_size: 1 });
    const defs = root!.filters;
    const color = defs.find((f) => f.slug === "color")!;
    const bool = defs.find((f) => f.slug === "antideslizante")!;
    const width = defs.find((f) => f.slug === "ancho")!;
    console.log(`category platos-de-ducha: ${root!.total} products in ES; filters ${defs.map((f) => `${f.slug}(${f.options.length})`).join(", ")}`);
    const sorts = ["best_seller", "lower_price", "top_rated", "news", "offers", "settlement"] as const;
    const results = [];
    if (only !== "search") {
      results.push(
        await time("listing, 3 filters (2 colours + bool + width range), 24/page, rotating sorts/pages", ITER, (i) =>
          catalog.listByCategory(es, "platos-de-ducha", {
            page: 1 + (i % 3),
            sort: sorts[i % sorts.length],
            filters: { options: [color.options[i % 8].id, color.options[(i + 3) % 8].id, bool.options[0].id], ranges: { [width.id]: [70 + (i % 20), 110] } },
          }),
        ),
      );
      results.push(
        await time("listing, no filter, 24/page", ITER, (i) =>
          catalog.listByCategory(es, "platos-de-ducha", { page: 1 + (i % 5), sort: sorts[i % sorts.length] }),
        ),
      );
      results.push(
        await time("listing, subcategory with 3 filters", ITER, (i) =>
          catalog.listByCategory(fr, "receveurs-de-douche-en-resine", {
            filters: { options: [color.options[i % 8].id, bool.options[0].id], ranges: { [width.id]: [80, 100] } },
          }),
        ),
      );
    }
    if (only !== "listing") {
      const queries: [RequestContext, string][] = [
        [es, "mampara negra"],
        [es, "plato pizara"],
        [es, "inodoro suspendido"],
        [es, "lavabo ceramica"],
        [es, "lavabo"],
        [fr, "baignoire ilot"],
        [fr, "receveur ardoise"],
        [es, "banera exenta blanca"],
        [es, "espejo roble"],
        [fr, "vasque céramique"],
      ];
      results.push(
        await time("search (10 queries incl. typo and no accents), page 1", ITER, (i) => catalog.search(queries[i % 10][0], queries[i % 10][1], {})),
      );
      const partial = ["pla", "plato d", "mampa", "inodoro sus", "lavab", "baign", "recev", "espe"];
      results.push(await time("suggest (as-you-type prefixes)", ITER, (i) => catalog.suggest(i % 2 ? es : fr, partial[i % partial.length])));
    }
    console.log(JSON.stringify({ products: N, results }, null, 1));
  } finally {
    await database.close();
    if (!keep) {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    }
  }
}

/** The whole catalog in set-based SQL (deterministic: fixed modulo patterns, no random()). */
async function generate(exec: (sql: string) => Promise<void>, n: number) {
  const roots = ROOTS.length;
  const kids = CHILDREN.length;
  await exec(`
    insert into brands (slug, name, description, position)
      select 'marca-' || g, 'Marca ' || g, '{"es":"Marca","fr":"Marque"}'::jsonb, g from generate_series(1, 40) g;
    insert into categories (id, parent_id, position, illustration)
      select r, null, r, 'bathroom' from generate_series(1, ${roots}) r;
    insert into categories (id, parent_id, position, illustration)
      select 100 + r * 10 + k, r, k, 'bathroom' from generate_series(1, ${roots}) r, generate_series(1, ${kids}) k;
    select setval('categories_id_seq', 1000);
    insert into category_translations (category_id, language, slug, name, h1, seo_title, seo_description)
      select r, 'es', (${arr(ROOTS.map((x) => x[0]))})[r], (${arr(ROOTS.map((x) => x[2]))})[r], 'h1', 't', 'd' from generate_series(1, ${roots}) r
      union all
      select r, 'fr', (${arr(ROOTS.map((x) => x[1]))})[r], (${arr(ROOTS.map((x) => x[3]))})[r], 'h1', 't', 'd' from generate_series(1, ${roots}) r
      union all
      select 100 + r * 10 + k, 'es', (${arr(ROOTS.map((x) => x[0]))})[r] || '-' || (${arr(CHILDREN.map((x) => x[0]))})[k], 'sub', 'h1', 't', 'd'
        from generate_series(1, ${roots}) r, generate_series(1, ${kids}) k
      union all
      select 100 + r * 10 + k, 'fr', (${arr(ROOTS.map((x) => x[1]))})[r] || '-en-' || (${arr(CHILDREN.map((x) => x[1]))})[k], 'sub', 'h1', 't', 'd'
        from generate_series(1, ${roots}) r, generate_series(1, ${kids}) k;
    insert into category_stores (category_id, store_id) select c.id, s.id from categories c, stores s;
    -- Filters per root: colour (8 options), finish (5), anti-slip (bool), width (range).
    insert into filters (id, category_id, name, slug, filter_type, category_filter_position, unit)
      select r * 10 + 1, r, '{"es":"Color","fr":"Couleur"}'::jsonb, 'color', 'options', 1, null from generate_series(1, ${roots}) r
      union all select r * 10 + 2, r, '{"es":"Acabado","fr":"Finition"}'::jsonb, 'acabado', 'options', 2, null from generate_series(1, ${roots}) r
      union all select r * 10 + 3, r, '{"es":"Antideslizante","fr":"Antidérapant"}'::jsonb, 'antideslizante', 'bool', 3, null from generate_series(1, ${roots}) r
      union all select r * 10 + 4, r, '{"es":"Ancho","fr":"Largeur"}'::jsonb, 'ancho', 'range', 4, 'cm' from generate_series(1, ${roots}) r;
    select setval('filters_id_seq', 1000);
    insert into filter_options (id, filter_id, name, slug, position)
      select r * 100 + c, r * 10 + 1, jsonb_build_object('es', (${arr(COLORS.map((x) => x[0]))})[c], 'fr', (${arr(COLORS.map((x) => x[1]))})[c]), (${arr(COLORS.map((x) => x[0]))})[c], c
        from generate_series(1, ${roots}) r, generate_series(1, 8) c
      union all
      select r * 100 + 10 + f, r * 10 + 2, jsonb_build_object('es', (${arr(FINISH.map((x) => x[0]))})[f], 'fr', (${arr(FINISH.map((x) => x[1]))})[f]), (${arr(FINISH.map((x) => x[0]))})[f], f
        from generate_series(1, ${roots}) r, generate_series(1, 5) f
      union all
      select r * 100 + 20, r * 10 + 3, '{"es":"Sí","fr":"Oui"}'::jsonb, 'si', 1 from generate_series(1, ${roots}) r;
    select setval('filter_options_id_seq', 10000);
  `);
  // Products: root r = i % 9, child k = (i / 9) % 4, colour, finish; prices and counters vary by modulo.
  await exec(`
    insert into products (id, ref, brand_id, main_category_id, product_type, pvp_web, pvp_original, stock, is_novelty, is_offer,
        is_settlement, rating_avg, rating_count, professional_discount_bp, sales_count, created_at)
      select i, 'REF-' || i, 1 + i % 40, 100 + (1 + i % ${roots}) * 10 + (1 + (i / ${roots}) % ${kids}), 'item',
        5000 + (i * 7919) % 150000, case when i % 7 = 0 then 5000 + (i * 7919) % 150000 + 1000 + i % 9000 else null end,
        i % 50, i % 23 = 0, i % 7 = 0, i % 31 = 0, (i * 37) % 501, (i * 13) % 200, (i % 4) * 500, ((i::bigint * 104729) % 5000)::int,
        now() - ((i * 7) % 1000) * interval '1 day'
      from generate_series(1, ${n}) i;
    select setval('products_id_seq', ${n + 1});
  `);
  await exec(`
    insert into product_translations (product_id, language, slug, name, short_description, description, seo_title, seo_description)
      select i, 'es', 'p-' || i, name, 'Descripción corta', name || '. Producto de baño de calidad con garantía de tres años.', name, name
      from (select i, (${arr(ROOTS.map((x) => x[2]))})[1 + i % ${roots}] || ' ' || (${arr(CHILDREN.map((x) => x[2]))})[1 + (i / ${roots}) % ${kids}] || ' ' ||
        (${arr(FINISH.map((x) => x[0]))})[1 + (i / 3) % 5] || ' ' || (${arr(COLORS.map((x) => x[0]))})[1 + i % 8] || ' serie ' || (i % 997) as name
        from generate_series(1, ${n}) i) x;
    insert into product_translations (product_id, language, slug, name, short_description, description, seo_title, seo_description)
      select i, 'fr', 'p-' || i, name, 'Description courte', name || '. Produit de salle de bain de qualité, garanti trois ans.', name, name
      from (select i, (${arr(ROOTS.map((x) => x[3]))})[1 + i % ${roots}] || ' ' || (${arr(CHILDREN.map((x) => x[3]))})[1 + (i / ${roots}) % ${kids}] || ' ' ||
        (${arr(FINISH.map((x) => x[1]))})[1 + (i / 3) % 5] || ' ' || (${arr(COLORS.map((x) => x[1]))})[1 + i % 8] || ' série ' || (i % 997) as name
        from generate_series(1, ${n}) i) x;
  `);
  await exec(`
    insert into product_stores (product_id, store_id) select i, s.id from generate_series(1, ${n}) i, stores s where s.source_code = 'ESDB' or i % 5 <> 0;
    insert into product_categories (product_id, category_id) select id, main_category_id from products;
    insert into product_filter_options (product_id, filter_option_id)
      select i, (1 + i % ${roots}) * 100 + 1 + i % 8 from generate_series(1, ${n}) i
      union all select i, (1 + i % ${roots}) * 100 + 10 + 1 + (i / 3) % 5 from generate_series(1, ${n}) i
      union all select i, (1 + i % ${roots}) * 100 + 20 from generate_series(1, ${n}) i where i % 2 = 0;
    insert into product_filter_ranges (product_id, filter_id, min, max)
      select i, (1 + i % ${roots}) * 10 + 4, 60 + (i % 9) * 10, 60 + (i % 9) * 10 + 10 + (i % 5) * 10 from generate_series(1, ${n}) i;
    insert into attributes (id, src, slug, name, field_type) values (1, 'color', 'color', '{"es":"Color","fr":"Couleur"}', 'color');
    insert into attribute_options (id, attribute_id, ref, slug, value_string, color, position)
      select c, 1, 'C' || c, (${arr(COLORS.map((x) => x[0]))})[c], jsonb_build_object('es', (${arr(COLORS.map((x) => x[0]))})[c], 'fr', (${arr(COLORS.map((x) => x[1]))})[c]), '#777777', c
      from generate_series(1, 8) c;
    insert into variants (product_id, ref, option_ids, pvp_web)
      select i, 'REF-' || i || '-' || v, jsonb_build_array(1 + (i + v) % 8), 5000 + (i * 7919) % 150000 + v * 1000
      from generate_series(1, ${n}) i, generate_series(0, 1) v;
    insert into product_images (product_id, image_type, position, key, width, height, alt)
      select i, 100, 0, 'bench/' || i, 800, 800, '{"es":"img"}' from generate_series(1, ${n}) i;
  `);
  // The catalog_listing triggers (migrations 0005, 0006) rewrote each listing and search row once
  // per bulk statement above (several versions of 180k rows): compact both, as after a dump and
  // restore. Then set the visibility map (index-only scans) and the statistics, as autovacuum would.
  await exec("vacuum full catalog_listing");
  await exec("vacuum full catalog_search");
  await exec("vacuum analyze");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
