import type { Db } from "../../../db/client.ts";
import { promiseCache } from "../../../lib/promise-cache.ts";
import type { CatalogMeta } from "../catalog.meta.ts";
import { rows } from "../catalog.sql.ts";
import type { ProductPageCatalog, Scope } from "../catalog.types.ts";
import type { StoreIds } from "../listing/category-listing.ts";
import type { StockCache } from "../stock-cache.ts";
import { attributesOf, complementsOf, complementTypesOf, productDetail, relatedQuery, technicalDataOf } from "./products.ts";

// A product page's catalog part (core/catalog.types.ts). Stock is in it too, but never shown
// from here: see `withFreshStock`.
export type { ProductPageCatalog };

export async function loadProductPageCatalog(
  db: Db,
  meta: CatalogMeta,
  scope: Scope,
  id: number,
  storeIds: StoreIds,
  withServices: boolean,
): Promise<ProductPageCatalog | null> {
  const [product, attributes, complements, complementTypes, technical] = await Promise.all([
    productDetail(db, meta, scope, id, storeIds),
    attributesOf(db, scope.language, [id]),
    complementsOf(db, scope, id, undefined, withServices),
    complementTypesOf(db, scope.language, id, withServices),
    technicalDataOf(db, scope.language, id),
  ]);
  if (!product) return null;
  return { product, attributes: attributes.get(id) ?? [], complements, complementTypes, technical };
}

/**
 * A bounded cache of product pages' catalog parts, keyed by store, language, customer type
 * (professionals see other prices) and product id: a finite set, at most `max` entries. The
 * catalog service clears it whenever the catalog changes, on every copy (its change signal
 * comes through the database's LISTEN/NOTIFY). Concurrent requests for one page share one read,
 * and a read that started before a change is not kept after it.
 */
export function productPageCache(load: (scope: Scope, id: number) => Promise<ProductPageCatalog | null>, max = 500) {
  const cache = promiseCache<ProductPageCatalog | null>(max, (value) => value !== null);
  return {
    get: (scope: Scope, id: number) => cache.get(`${scope.storeId}|${scope.language}|${scope.customerType}|${id}`, () => load(scope, id)),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}

/**
 * The related products' ids of a product in a store, in their order, until catalog_listing
 * changes (prices, sales, stores: its triggers notify at commit, migration 0017) or the catalog
 * does.
 */
export function createRelatedCache(max = 2000) {
  return promiseCache<number[]>(max);
}
export type RelatedCache = ReturnType<typeof createRelatedCache>;

/**
 * The cached catalog part with the stock of the product, its variants and its complements'
 * variants, and the page's related products with theirs: stock from the stock cache (kept by
 * the database's notifications, decision 036), related ids from theirs; no query once warm.
 * Returns copies: the cached objects are shared by every request.
 */
export async function withFreshStock(
  db: Db,
  c: ProductPageCatalog,
  related: { storeId: number; limit: number },
  caches: { stock: StockCache; related: RelatedCache },
): Promise<{ page: ProductPageCatalog; related: { id: number; stock: number }[] }> {
  const variantIds = [...c.product.variants.map((v) => v.id), ...c.complements.flatMap((x) => x.variants.map((v) => v.id))];
  const relatedIds = await caches.related.get(`${related.storeId}|${c.product.id}|${related.limit}`, async () =>
    (await rows<{ id: number }>(db, relatedQuery(c.product.id, related.storeId, related.limit))).map((r) => Number(r.id)),
  );
  const levels = await caches.stock.levels([c.product.id, ...relatedIds], variantIds);
  const variant = <V extends { id: number; stock: number }>(v: V): V => ({ ...v, stock: levels.variant.get(v.id) ?? 0 });
  return {
    page: {
      ...c,
      product: { ...c.product, stock: levels.product.get(c.product.id) ?? 0, variants: c.product.variants.map(variant) },
      complements: c.complements.map((x) => (x.variants.length ? { ...x, variants: x.variants.map(variant) } : x)),
    },
    related: relatedIds.map((id) => ({ id, stock: levels.product.get(id) ?? 0 })),
  };
}
