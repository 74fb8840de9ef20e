import { and, asc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Language, StoreCode } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { Lru } from "../../lib/lru.ts";
import { menuItems, type StoreFeatures, stores } from "./stores.schema.ts";

export type Store = {
  id: number;
  sourceCode: StoreCode;
  language: Language;
  locale: string;
  countryCode: string;
  currency: string;
  vatRateBp: number;
  pathPrefix: string;
  name: string;
  supportPhone: string | null;
  supportEmail: string | null;
  features: StoreFeatures;
};

export type MenuItem = { id: number; label: string; url: string; column: string | null; children: MenuItem[] };

export type StoresService = ReturnType<typeof createStoresService>;

/**
 * Stores change only with a deploy or the seed, so they are read once and kept;
 * `reload()` is called after a reseed.
 *
 * Menus are cached per store, menu and page, where "page" is one of the few paths that have
 * footer items of their own (read once with the menus): every other path, however many a
 * crawler invents, shares the entry of "no path". The LRU bound is a second fence.
 */
export function createStoresService(db: Db) {
  let cache: Store[] | undefined;
  const menuCache = new Lru<MenuItem[]>({ maxEntries: 500 });
  let footerPaths: Promise<Set<string>> | undefined;

  /** The paths (without slashes, as menu_items.path holds them) that have footer items of their own. */
  function pathsWithFooterItems(): Promise<Set<string>> {
    if (!footerPaths) {
      const p = db
        .selectDistinct({ path: menuItems.path })
        .from(menuItems)
        .where(and(eq(menuItems.menuType, "footer"), isNotNull(menuItems.path)))
        .then((rows) => new Set(rows.map((r) => r.path as string)));
      p.catch(() => {
        if (footerPaths === p) footerPaths = undefined;
      });
      footerPaths = p;
    }
    return footerPaths;
  }

  async function all(): Promise<Store[]> {
    if (!cache) {
      const rows = await db.select().from(stores).orderBy(asc(stores.id));
      cache = rows.map((r) => ({ ...r, sourceCode: r.sourceCode as StoreCode, language: r.language as Language }));
    }
    return cache;
  }

  return {
    all,
    /** Entries of the in-memory menu cache (bounded: stores x menus x paths with footer items of their own). */
    cacheStats() {
      return { menus: menuCache.size };
    },
    async reload() {
      cache = undefined;
      menuCache.clear();
      footerPaths = undefined;
      await all();
    },
    async byLanguage(language: Language): Promise<Store> {
      const s = (await all()).find((x) => x.language === language);
      if (!s) throw new AppError("store.unknown", 404);
      return s;
    },
    /** Resolves the `store` query parameter of the catalog calls: a source code (ESDB) or a store id. */
    async resolve(store: string | number): Promise<Store> {
      const list = await all();
      const s = list.find((x) => x.sourceCode === String(store).toUpperCase() || String(x.id) === String(store));
      if (!s) throw new AppError("store.unknown", 400);
      return s;
    },
    /**
     * menus/web-list: the main menu as a tree, or the footer menu of one page
     * (items without a path show on every page; items with one only there).
     */
    async menu(storeId: number, menuType: "main" | "footer", path?: string): Promise<MenuItem[]> {
      const given = menuType === "footer" ? (path ?? "").replace(/\//g, "") : "";
      // A path without footer items of its own shows exactly the "no path" menu: one entry for all of them.
      const cleanPath = given && (await pathsWithFooterItems()).has(given) ? given : "";
      const key = `${storeId}|${menuType}|${cleanPath}`;
      const hit = menuCache.get(key);
      if (hit) return hit;
      const pathCond = menuType === "footer" ? or(isNull(menuItems.path), eq(menuItems.path, cleanPath)) : isNull(menuItems.path);
      const rows = await db
        .select()
        .from(menuItems)
        .where(and(eq(menuItems.storeId, storeId), eq(menuItems.menuType, menuType), pathCond))
        .orderBy(asc(menuItems.position), asc(menuItems.id));
      const byId = new Map<number, MenuItem>();
      for (const r of rows) byId.set(r.id, { id: r.id, label: r.label, url: r.url, column: r.column, children: [] });
      const roots: MenuItem[] = [];
      for (const r of rows) {
        const item = byId.get(r.id)!;
        const parent = r.parentId == null ? undefined : byId.get(r.parentId);
        if (parent) parent.children.push(item);
        else roots.push(item);
      }
      menuCache.set(key, roots);
      return roots;
    },
  };
}
