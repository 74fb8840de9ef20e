import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { intArr } from "./catalog.sql.ts";

/**
 * Units in stock of products and variants, in one round trip: what the cart reads to flag
 * rows that ran out since they were added, and checks before a row is added or grows.
 * (Added for the cart, issue 8; meant to be exposed by the catalog service.)
 */
export type StockReader = (items: { productId: number; variantId: number | null }[], tx?: Db) => Promise<StockLevels>;
export type StockLevels = { product: Map<number, number>; variant: Map<number, number> };

/**
 * The stock of these products and variants as rows (kind 'p' or 'v', id, stock, ord 0): a part of
 * one statement, which a caller may extend with `union all` rows of its own kind and place (the
 * product page's related products, products/product-page.ts).
 */
export function stockRows(productIds: number[], variantIds: number[]): SQL {
  return sql`select 'p' as kind, id, stock, 0 as ord from products where id = any(${intArr(productIds)})
      union all
      select 'v' as kind, id, stock, 0 as ord from variants where id = any(${intArr(variantIds)})`;
}

/** Files a row of stockRows into the levels; false for a row of another kind (left to the caller). */
export function fileStockRow(levels: StockLevels, r: { kind: string; id: number; stock: number }): boolean {
  if (r.kind !== "p" && r.kind !== "v") return false;
  (r.kind === "p" ? levels.product : levels.variant).set(Number(r.id), Number(r.stock));
  return true;
}

export function createStockReader(db: Db): StockReader {
  // `tx`: the caller's open transaction (PGlite has one connection: a read beside it would wait for it).
  return async (items, tx = db) => {
    const productIds = [...new Set(items.filter((i) => i.variantId == null).map((i) => i.productId))];
    const variantIds = [...new Set(items.flatMap((i) => (i.variantId == null ? [] : [i.variantId])))];
    const levels: StockLevels = { product: new Map(), variant: new Map() };
    if (!productIds.length && !variantIds.length) return levels;
    const res = await tx.execute(stockRows(productIds, variantIds));
    for (const r of (res as unknown as { rows: { kind: string; id: number; stock: number }[] }).rows) fileStockRow(levels, r);
    return levels;
  };
}

/** Units available for an item (0 when the product or variant no longer exists). */
export function stockOf(levels: StockLevels, item: { productId: number; variantId: number | null }): number {
  return (item.variantId == null ? levels.product.get(item.productId) : levels.variant.get(item.variantId)) ?? 0;
}
