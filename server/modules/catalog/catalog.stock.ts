import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, variants } from "./catalog.schema.ts";

/**
 * Units in stock of products and variants, in one round trip per kind: what the cart reads to
 * flag rows that ran out since they were added, and checks before a row's quantity grows.
 * (Added for the cart, issue 8; meant to be exposed by the catalog service.)
 */
export type StockReader = (items: { productId: number; variantId: number | null }[], tx?: Db) => Promise<StockLevels>;
export type StockLevels = { product: Map<number, number>; variant: Map<number, number> };

export function createStockReader(db: Db): StockReader {
  // `tx`: the caller's open transaction (PGlite has one connection: a read beside it would wait for it).
  return async (items, tx = db) => {
    const productIds = [...new Set(items.filter((i) => i.variantId == null).map((i) => i.productId))];
    const variantIds = [...new Set(items.flatMap((i) => (i.variantId == null ? [] : [i.variantId])))];
    const [p, v] = await Promise.all([
      productIds.length ? tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, productIds)) : [],
      variantIds.length ? tx.select({ id: variants.id, stock: variants.stock }).from(variants).where(inArray(variants.id, variantIds)) : [],
    ]);
    return { product: new Map(p.map((r) => [r.id, r.stock])), variant: new Map(v.map((r) => [r.id, r.stock])) };
  };
}

/** Units available for an item (0 when the product or variant no longer exists). */
export function stockOf(levels: StockLevels, item: { productId: number; variantId: number | null }): number {
  return (item.variantId == null ? levels.product.get(item.productId) : levels.variant.get(item.variantId)) ?? 0;
}
