import { asc } from "drizzle-orm";
import type { Language } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import { categories, categoryStores, categoryTranslations, filterOptions, filters, type I18nText } from "./catalog.schema.ts";
import type { CategoryRef } from "./catalog.types.ts";

export type CategoryTr = {
  slug: string;
  name: string;
  h1: string;
  seoTitle: string;
  seoDescription: string;
  seoText: string;
  originSeo: string | null;
};

export type CategoryNode = {
  id: number;
  parentId: number | null;
  position: number;
  illustration: string;
  animations: { enabled: boolean; kind?: string };
  active: boolean;
  stores: Set<number>;
  tr: Partial<Record<Language, CategoryTr>>;
  children: number[];
};

export type FilterDef = {
  id: number;
  categoryId: number;
  name: I18nText;
  slug: string;
  filterType: "range" | "bool" | "options";
  position: number;
  unit: string | null;
  options: {
    id: number;
    name: I18nText;
    image: string | null;
    slug: string;
    color: string | null;
    valueRangeMin: number | null;
    valueRangeMax: number | null;
    position: number;
    hidden: boolean;
  }[];
};

export type CatalogMeta = {
  categories: Map<number, CategoryNode>;
  bySlug: Map<string, number>;
  filtersByCategory: Map<number, FilterDef[]>;
  filterOfOption: Map<number, FilterDef>;
};

/**
 * The category tree and the filter definitions are a few hundred rows read on almost every
 * catalog call: they are kept in memory and dropped by catalogChanged() (on every copy,
 * through NOTIFY), so a listing costs one query for its products.
 */
export async function loadMeta(db: Db): Promise<CatalogMeta> {
  const [cats, trs, cs, fs, fos] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(categoryTranslations),
    db.select().from(categoryStores),
    db.select().from(filters).orderBy(asc(filters.categoryFilterPosition), asc(filters.id)),
    db.select().from(filterOptions).orderBy(asc(filterOptions.position), asc(filterOptions.id)),
  ]);
  const map = new Map<number, CategoryNode>();
  for (const c of cats) {
    map.set(c.id, {
      id: c.id,
      parentId: c.parentId,
      position: c.position,
      illustration: c.illustration,
      animations: c.animations,
      active: c.active,
      stores: new Set(),
      tr: {},
      children: [],
    });
  }
  for (const c of cats) if (c.parentId != null) map.get(c.parentId)?.children.push(c.id);
  const bySlug = new Map<string, number>();
  for (const t of trs) {
    const node = map.get(t.categoryId);
    if (!node) continue;
    node.tr[t.language as Language] = {
      slug: t.slug,
      name: t.name,
      h1: t.h1,
      seoTitle: t.seoTitle,
      seoDescription: t.seoDescription,
      seoText: t.seoText,
      originSeo: t.originSeo,
    };
    bySlug.set(`${t.language}|${t.slug}`, t.categoryId);
  }
  for (const s of cs) map.get(s.categoryId)?.stores.add(s.storeId);
  const filtersByCategory = new Map<number, FilterDef[]>();
  const byId = new Map<number, FilterDef>();
  for (const f of fs) {
    const def: FilterDef = {
      id: f.id,
      categoryId: f.categoryId,
      name: f.name,
      slug: f.slug,
      filterType: f.filterType,
      position: f.categoryFilterPosition,
      unit: f.unit,
      options: [],
    };
    byId.set(f.id, def);
    const list = filtersByCategory.get(f.categoryId) ?? [];
    list.push(def);
    filtersByCategory.set(f.categoryId, list);
  }
  const filterOfOption = new Map<number, FilterDef>();
  for (const o of fos) {
    const def = byId.get(o.filterId);
    if (!def) continue;
    def.options.push({
      id: o.id,
      name: o.name,
      image: o.image,
      slug: o.slug,
      color: o.color,
      valueRangeMin: o.valueRangeMin,
      valueRangeMax: o.valueRangeMax,
      position: o.position,
      hidden: o.hidden,
    });
    filterOfOption.set(o.id, def);
  }
  return { categories: map, bySlug, filtersByCategory, filterOfOption };
}

/** A category is visible in a store when it is active, listed for the store and translated. */
export function visible(node: CategoryNode | undefined, storeId: number, language: Language): node is CategoryNode {
  return !!node && node.active && node.stores.has(storeId) && !!node.tr[language];
}

export function categoryPath(slug: string): string {
  return `/${slug}/`;
}

export function categoryRef(node: CategoryNode, language: Language): CategoryRef {
  const t = node.tr[language]!;
  return { id: node.id, slug: t.slug, name: t.name, path: categoryPath(t.slug) };
}

/** The category and every visible descendant (its listing shows all their products). */
export function subtreeIds(meta: CatalogMeta, rootId: number, storeId: number, language: Language): number[] {
  const out: number[] = [];
  const stack = [rootId];
  const seen = new Set<number>();
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = meta.categories.get(id);
    if (!visible(node, storeId, language)) continue;
    out.push(id);
    stack.push(...node.children);
  }
  return out;
}

export function ancestors(meta: CatalogMeta, id: number): CategoryNode[] {
  const out: CategoryNode[] = [];
  const seen = new Set<number>();
  let node = meta.categories.get(id);
  while (node && node.parentId != null && !seen.has(node.parentId)) {
    seen.add(node.parentId);
    node = meta.categories.get(node.parentId);
    if (node) out.unshift(node);
  }
  return out;
}

/** A category's own filters, or those of its nearest ancestor that has some. */
export function filtersFor(meta: CatalogMeta, categoryId: number): FilterDef[] {
  let node = meta.categories.get(categoryId);
  const seen = new Set<number>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    const own = meta.filtersByCategory.get(node.id);
    if (own?.length) return own;
    node = node.parentId == null ? undefined : meta.categories.get(node.parentId);
  }
  return [];
}
