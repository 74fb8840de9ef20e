import { RECONNECTED } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { Lru } from "../../lib/lru.ts";
import { tagPage } from "../../lib/page-cache.ts";
import { fileStockRow, type StockLevels, stockRows } from "./catalog.stock.ts";
import { rows } from "./catalog.sql.ts";

/**
 * The channel of migration 0017's triggers: every committed UPDATE statement of `products` or
 * `variants` that changes a stock sends `p:<ids>` or `v:<ids>` (comma-separated; `p:*` / `v:*`
 * when the ids would not fit a notification), at its transaction's commit.
 */
export const STOCK_CHANGED_CHANNEL = "stock_changed";

/**
 * Units in stock of products and variants as the pages show them (decision 036): read from the
 * database once, then kept in memory until the database says they changed. Every writer of a
 * stock (checkout's holds and releases, the catalog's tools, a SQL console) goes through an
 * UPDATE, and the database's triggers notify every copy of the shop at commit: no code path can
 * forget to. What shoppers race for is still decided in the database (checkout's conditional
 * updates); this is what a page shows, as fresh as a read made when the notification arrived.
 *
 * A read that was in flight while any change arrived is returned to its request but not kept
 * (it may hold the value the change replaced); a lost LISTEN connection (RECONNECTED) and a
 * catalog change drop everything. Every read tags the page being rendered with the ids it
 * shows (page-cache.ts tagPage): the page cache drops exactly those pages on a change.
 */
export function createStockCache(db: Db, maxEntries = 50_000) {
  const product = new Lru<number>({ maxEntries });
  const variant = new Lru<number>({ maxEntries });
  let generation = 0;

  function clear() {
    generation++;
    product.clear();
    variant.clear();
  }

  return {
    /** The stock of these products and variants: from memory, the rest in one query. */
    async levels(productIds: readonly number[], variantIds: readonly number[]): Promise<StockLevels> {
      // The page being rendered shows these: its cached copy goes when one of them changes (decision 050).
      tagPage(productIds, variantIds);
      const levels: StockLevels = { product: new Map(), variant: new Map() };
      const missingP: number[] = [];
      const missingV: number[] = [];
      for (const id of productIds) {
        const n = product.get(String(id));
        if (n === undefined) missingP.push(id);
        else levels.product.set(id, n);
      }
      for (const id of variantIds) {
        const n = variant.get(String(id));
        if (n === undefined) missingV.push(id);
        else levels.variant.set(id, n);
      }
      if (missingP.length === 0 && missingV.length === 0) return levels;
      const gen = generation;
      const read = await rows<{ kind: string; id: number; stock: number }>(db, stockRows(missingP, missingV));
      const keep = gen === generation;
      for (const r of read) {
        fileStockRow(levels, r);
        if (keep) (r.kind === "p" ? product : variant).set(String(r.id), Number(r.stock));
      }
      return levels;
    },
    /** A notification of STOCK_CHANGED_CHANNEL (or RECONNECTED): forgets what it names. */
    changed(payload: string) {
      const kind = payload.slice(0, 2);
      const ids = payload.slice(2);
      if (payload === RECONNECTED || (kind !== "p:" && kind !== "v:") || ids === "*") return clear();
      generation++;
      const lru = kind === "p:" ? product : variant;
      for (const id of ids.split(",")) lru.delete(id);
    },
    clear,
    get size() {
      return product.size + variant.size;
    },
  };
}

export type StockCache = ReturnType<typeof createStockCache>;
