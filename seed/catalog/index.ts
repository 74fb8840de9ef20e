import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../server/db/client.ts";
import * as S from "../../server/modules/catalog/catalog.schema.ts";
import { sanitizeRichText } from "../../server/lib/sanitize-html.ts";
import { openStorage } from "../../server/lib/storage.ts";
import { createMediaWriter } from "../../server/modules/media/media.service.ts";
import { stores } from "../../server/modules/stores/stores.schema.ts";
import type { SeedContext } from "../index.ts";
import { type CatalogRows, generateCatalog } from "./generate.ts";

/** Insert order: parents before children. Keys are CatalogRows fields. */
const TABLES: [keyof CatalogRows, PgTable, string | null][] = [
  ["brands", S.brands, "brands"],
  ["brandCollections", S.brandCollections, "brand_collections"],
  ["brandBanners", S.brandBanners, "brand_banners"],
  ["categories", S.categories, "categories"],
  ["categoryTranslations", S.categoryTranslations, null],
  ["categoryStores", S.categoryStores, null],
  ["categoryBanners", S.categoryBanners, "category_banners"],
  ["categoryLinks", S.categoryLinks, "category_links"],
  ["configurationGroups", S.configurationGroups, "configuration_groups"],
  ["attributes", S.attributes, "attributes"],
  ["attributeOptions", S.attributeOptions, "attribute_options"],
  ["complementTypes", S.complementTypes, "complement_types"],
  ["products", S.products, "products"],
  ["productTranslations", S.productTranslations, null],
  ["productStores", S.productStores, null],
  ["productCategories", S.productCategories, null],
  ["productImages", S.productImages, "product_images"],
  ["productFiles", S.productFiles, "product_files"],
  ["technicalData", S.technicalData, "technical_data"],
  ["productAttributes", S.productAttributes, null],
  ["variants", S.variants, "variants"],
  ["complements", S.complements, null],
  ["filters", S.filters, "filters"],
  ["filterOptions", S.filterOptions, "filter_options"],
  ["productFilterOptions", S.productFilterOptions, null],
  ["productFilterRanges", S.productFilterRanges, null],
  ["homeSliders", S.homeSliders, "home_sliders"],
  ["homeBanners", S.homeBanners, "home_banners"],
  ["storeHighlights", S.storeHighlights, "store_highlights"],
  ["seoTexts", S.seoTexts, "seo_texts"],
];

/**
 * The demo catalog: ~235 products (all in the Spanish store, about 6 in 10 also in the French one),
 * with configuration, complements, facets, merchandising, drawn images and PDF sheets.
 * Rows carry their ids, so serial sequences are moved past them afterwards.
 */
export async function seedCatalog(db: Db, ctx: SeedContext): Promise<void> {
  const all = await db.select({ id: stores.id, code: stores.sourceCode }).from(stores);
  const es = all.find((s) => s.code === "ESDB");
  const fr = all.find((s) => s.code === "FRDB");
  if (!es || !fr) throw new Error("catalog seed: the stores ESDB and FRDB must be seeded first");
  const t0 = Date.now();
  const { rows, images, files } = generateCatalog({ es: es.id, fr: fr.id });
  // Rich text the storefront renders as HTML is cleaned on its way into the database, as every write will be.
  for (const t of rows.categoryTranslations) if (t.seoText) t.seoText = sanitizeRichText(t.seoText);
  for (const b of rows.brands)
    b.description = { es: sanitizeRichText(b.description.es), ...(b.description.fr ? { fr: sanitizeRichText(b.description.fr) } : {}) };
  for (const s of rows.seoTexts) s.body = sanitizeRichText(s.body);
  const t1 = Date.now();
  for (const [name, table] of TABLES) {
    const list = rows[name] as Record<string, unknown>[];
    if (!list.length) continue;
    // Keep each statement well under PostgreSQL's 65 535 bind parameters.
    const cols = Object.keys(list[0]).length;
    const size = Math.max(1, Math.floor(20_000 / cols));
    for (let i = 0; i < list.length; i += size) await db.insert(table).values(list.slice(i, i + size) as never);
  }
  for (const [, , seqTable] of TABLES) {
    if (!seqTable) continue;
    await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${seqTable}', 'id'), GREATEST((SELECT COALESCE(max(id), 0) FROM "${seqTable}"), 1))`));
  }
  const t2 = Date.now();
  // The files go where every copy reads them (docs/decisions/052): in PostgreSQL, in the seed's own
  // transaction (under the migration lock, so once across copies); on disk, under DATA_DIR.
  const writer = createMediaWriter(openStorage(ctx.storage ?? "disk", { dataDir: ctx.dataDir, db }));
  await writer.writeAll(images, files);
  ctx.log(
    `catalog: ${rows.products.length} products, ${rows.variants.length} variants, ${images.length} images, ${files.length} PDFs ` +
      `(generate ${t1 - t0} ms, insert ${t2 - t1} ms, files ${Date.now() - t2} ms)`,
  );
}
