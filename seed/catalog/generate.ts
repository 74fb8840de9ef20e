/**
 * Turns the demo catalog data into table rows (ids assigned here, so rows can reference each
 * other without round trips) plus the media to write: SVG originals and PDF sheets.
 * Pure and deterministic apart from dates, which are relative to `now`. Each concern has its
 * builder in rows/; they run in this order because each references the ids of the ones before.
 */
import { buildSpecs } from "./families.ts";
import { createRng } from "./rng.ts";
import { addBrands } from "./rows/brands.ts";
import { addCategories, addCategoryLinks } from "./rows/categories.ts";
import { addComplements } from "./rows/complements.ts";
import { addConfiguration } from "./rows/configuration.ts";
import { type Catalog, createGen, type StoreIds } from "./rows/context.ts";
import { addFilters } from "./rows/filters.ts";
import { addMerchandising } from "./rows/merchandising.ts";
import { addProducts } from "./rows/products.ts";

export type { Catalog, CatalogRows, FileJob, MediaJob, StoreIds } from "./rows/context.ts";

/** Builds every row of the demo catalog for the two stores. */
export function generateCatalog(stores: StoreIds, now = new Date()): Catalog {
  const g = createGen(stores, now, createRng(20240611));
  addBrands(g);
  addCategories(g);
  addConfiguration(g);
  const specs = buildSpecs(g.rng);
  addProducts(g, specs);
  addComplements(g);
  // The home's best seller: the resin tray the spec's examples use.
  g.rows.products.find((p) => p.id === g.productIdByRef.get("PD-RE-001")!)!.salesCount = 1500;
  addFilters(g);
  addMerchandising(g, specs);
  addCategoryLinks(g);
  return { rows: g.rows, images: g.images, files: g.files };
}
