import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { promiseCache } from "../../../lib/promise-cache.ts";
import type { CatalogMeta } from "../catalog.meta.ts";
import { rows } from "../catalog.sql.ts";
import { fileStockRow, type StockLevels, stockRows } from "../catalog.stock.ts";
import type { ProductPageCatalog, Scope } from "../catalog.types.ts";
import type { StoreIds } from "../listing/category-listing.ts";
import { attributesOf, complementsOf, complementTypesOf, productDetail, relatedQuery, technicalDataOf } from "./products.ts";

// A product page's catalog part (core/catalog.types.ts). Stock is in it too, but never trusted
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
 * The cached catalog part with the stock of the product, its variants and its complements'
 * variants read now, and the page's related products (with their stock), in one query: stock is
 * what shoppers race for, so a page never shows it from a cache. Returns copies: the cached
 * objects are shared by every request.
 */
export async function withFreshStock(
  db: Db,
  c: ProductPageCatalog,
  related: { storeId: number; limit: number },
): Promise<{ page: ProductPageCatalog; related: { id: number; stock: number }[] }> {
  const variantIds = [...c.product.variants.map((v) => v.id), ...c.complements.flatMap((x) => x.variants.map((v) => v.id))];
  const levels: StockLevels = { product: new Map(), variant: new Map() };
  const relatedList: { id: number; stock: number; ord: number }[] = [];
  const list = await rows<{ kind: "p" | "v" | "r"; id: number; stock: number; ord: number }>(
    db,
    sql`${stockRows([c.product.id], variantIds)}
      union all
      select 'r' as kind, id, stock, ord from (${relatedQuery(c.product.id, related.storeId, related.limit)}) related`,
  );
  for (const r of list) if (!fileStockRow(levels, r)) relatedList.push({ id: Number(r.id), stock: Number(r.stock), ord: Number(r.ord) });
  relatedList.sort((a, b) => a.ord - b.ord);
  const variant = <V extends { id: number; stock: number }>(v: V): V => ({ ...v, stock: levels.variant.get(v.id) ?? 0 });
  return {
    page: {
      ...c,
      product: { ...c.product, stock: levels.product.get(c.product.id) ?? 0, variants: c.product.variants.map(variant) },
      complements: c.complements.map((x) => (x.variants.length ? { ...x, variants: x.variants.map(variant) } : x)),
    },
    related: relatedList.map(({ id, stock }) => ({ id, stock })),
  };
}
