import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { intArr } from "./catalog.sql.ts";

/**
 * Units in stock of products and variants, in one round trip: what the cart reads to flag
 * rows that ran out since they were added, and checks before a row is added or grows.
 * (Added for the cart, issue 8; meant to be exposed by the catalog service.)
 */
export type StockReader = (items: { productId: number; variantId: number | null }[], tx?: Db) => Promise<StockLevels>;
export type StockLevels = { product: Map<number, number>; variant: Map<number, number> };

export function createStockReader(db: Db): StockReader {
  // `tx`: the caller's open transaction (PGlite has one connection: a read beside it would wait for it).
  return async (items, tx = db) => {
    const productIds = [...new Set(items.filter((i) => i.variantId == null).map((i) => i.productId))];
    const variantIds = [...new Set(items.flatMap((i) => (i.variantId == null ? [] : [i.variantId])))];
    const levels: StockLevels = { product: new Map(), variant: new Map() };
    if (!productIds.length && !variantIds.length) return levels;
    const res = await tx.execute(sql`
      select 'p' as kind, id, stock from products where id = any(${intArr(productIds)})
      union all
      select 'v' as kind, id, stock from variants where id = any(${intArr(variantIds)})`);
    for (const r of (res as unknown as { rows: { kind: string; id: number; stock: number }[] }).rows) {
      (r.kind === "p" ? levels.product : levels.variant).set(Number(r.id), Number(r.stock));
    }
    return levels;
  };
}

/** Units available for an item (0 when the product or variant no longer exists). */
export function stockOf(levels: StockLevels, item: { productId: number; variantId: number | null }): number {
  return (item.variantId == null ? levels.product.get(item.productId) : levels.variant.get(item.variantId)) ?? 0;
}
