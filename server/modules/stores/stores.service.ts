import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Language, StoreCode } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
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
 */
export function createStoresService(db: Db) {
  let cache: Store[] | undefined;
  const menuCache = new Map<string, MenuItem[]>();

  async function all(): Promise<Store[]> {
    if (!cache) {
      const rows = await db.select().from(stores).orderBy(asc(stores.id));
      cache = rows.map((r) => ({ ...r, sourceCode: r.sourceCode as StoreCode, language: r.language as Language }));
    }
    return cache;
  }

  return {
    all,
    async reload() {
      cache = undefined;
      menuCache.clear();
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
      const cleanPath = (path ?? "").replace(/\//g, "");
      const key = `${storeId}|${menuType}|${cleanPath}`;
      const hit = menuCache.get(key);
      if (hit) return hit;
      const pathCond =
        menuType === "footer" ? or(isNull(menuItems.path), eq(menuItems.path, cleanPath)) : isNull(menuItems.path);
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
