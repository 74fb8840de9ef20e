import { asc, eq, type SQL, sql } from "drizzle-orm";
import { type Language, localePath } from "../../../../core/stores.ts";
import type { Db } from "../../../db/client.ts";
import { promiseCache } from "../../../lib/promise-cache.ts";
import type { StockCache } from "../stock-cache.ts";
import { type CardCache, pageOf, paginated, SORT_COLUMNS, sortSql } from "./cards.ts";
import { ancestors, type CatalogMeta, type CategoryNode, categoryPath, categoryRef, type FilterDef, filtersFor, subtreeIds, visible } from "../catalog.meta.ts";
import { categoryBanners, categoryLinks } from "../catalog.schema.ts";
import { intArr, rows, tr } from "../catalog.sql.ts";
import type { BannerDto, CategoryDto, CategoryListing, FilterDto, ListQuery, SelectedFilters, Sort, Scope } from "../catalog.types.ts";

/** Store id of each language, for hreflang alternates. */
export type StoreIds = Record<Language, number | undefined>;

/**
 * Subcategory counts per store, kept with the category tree they were computed for: like the
 * tree (and the page cache), they last until catalogChanged() drops the tree. A root category
 * page then does not recount its 11k products on every request (bench/CATALOG-100K.md).
 */
const countCache = new WeakMap<CatalogMeta, Map<string, Promise<Map<number, number>>>>();

/**
 * Products of each root's subtree in the store, counted once even when filed under several
 * categories: one scan of catalog_listing (one row per product sold in the store), cached until
 * the catalog changes.
 */
export function subtreeCounts(db: Db, meta: CatalogMeta, scope: Scope, roots: number[]): Promise<Map<number, number>> {
  let perMeta = countCache.get(meta);
  if (!perMeta) {
    perMeta = new Map();
    countCache.set(meta, perMeta);
  }
  const key = `${scope.storeId}|${scope.language}|${roots.join(",")}`;
  let counts = perMeta.get(key);
  if (!counts) {
    const cache = perMeta;
    counts = countSubtrees(db, meta, scope, roots);
    counts.catch(() => cache.delete(key));
    cache.set(key, counts);
  }
  return counts;
}

async function countSubtrees(db: Db, meta: CatalogMeta, scope: Scope, roots: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(roots.map((r) => [r, 0]));
  const trees = roots.map((r) => ({ root: r, cats: subtreeIds(meta, r, scope.storeId, scope.language) })).filter((t) => t.cats.length > 0);
  if (trees.length === 0) return out;
  const res = await rows<{ n: number[] }>(
    db,
    sql`select array[${sql.join(
      trees.map((t) => sql`count(*) filter (where l.category_keys && ${categoryKeys(scope.storeId, t.cats)})::int`),
      sql`, `,
    )}] as n
      from catalog_listing l
      where l.category_keys && ${categoryKeys(
        scope.storeId,
        trees.flatMap((t) => t.cats),
      )}`,
  );
  for (const [i, t] of trees.entries()) out.set(t.root, res[0]?.n[i] ?? 0);
  return out;
}

export function alternatesOf(node: CategoryNode, storeIds: StoreIds): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  for (const lang of ["es", "fr"] as const) {
    const sid = storeIds[lang];
    if (sid !== undefined && visible(node, sid, lang)) out[lang] = localePath(lang, categoryPath(node.tr[lang]!.slug));
  }
  return out;
}

export async function categoryDto(db: Db, meta: CatalogMeta, scope: Scope, node: CategoryNode, storeIds: StoreIds): Promise<CategoryDto> {
  const t = node.tr[scope.language]!;
  const children = node.children.map((id) => meta.categories.get(id)).filter((c) => visible(c, scope.storeId, scope.language));
  const counts = await subtreeCounts(
    db,
    meta,
    scope,
    children.map((c) => c.id),
  );
  const parent = node.parentId == null ? undefined : meta.categories.get(node.parentId);
  return {
    id: node.id,
    slug: t.slug,
    path: categoryPath(t.slug),
    name: t.name,
    illustration: node.illustration,
    animations: node.animations,
    parent: visible(parent, scope.storeId, scope.language) ? categoryRef(parent, scope.language) : null,
    breadcrumbs: ancestors(meta, node.id)
      .filter((a) => visible(a, scope.storeId, scope.language))
      .map((a) => categoryRef(a, scope.language)),
    subcategories: children.map((c) => ({ ...categoryRef(c, scope.language), illustration: c.illustration, product_count: counts.get(c.id) ?? 0 })),
    seo: { title: t.seoTitle, description: t.seoDescription, h1: t.h1, text: t.seoText },
    origin_seo: t.originSeo,
    alternates: alternatesOf(node, storeIds),
  };
}

type Group = { filterId: number; cond: SQL };

/**
 * Turns the shopper's selection into one condition per filter: options of the same filter are
 * OR-ed, filters are AND-ed. A range matches a product whose own [min, max] overlaps it.
 * Ids that are not filters of this category are dropped (and left out of `selected`).
 */
function selectionGroups(defs: FilterDef[], sel: SelectedFilters | undefined): { groups: Group[]; selected: SelectedFilters } {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const optionFilter = new Map<number, FilterDef>();
  for (const d of defs) for (const o of d.options) optionFilter.set(o.id, d);
  const chosen = new Map<number, number[]>();
  const ranges = new Map<number, [number, number]>();
  const selected: SelectedFilters = { options: [], ranges: {} };
  for (const id of sel?.options ?? []) {
    const d = optionFilter.get(id);
    if (!d) continue;
    selected.options.push(id);
    if (d.filterType === "range") {
      // A range bucket chosen as an option: the union of the chosen buckets.
      const o = d.options.find((x) => x.id === id)!;
      if (o.valueRangeMin == null || o.valueRangeMax == null) continue;
      const prev = ranges.get(d.id);
      ranges.set(d.id, prev ? [Math.min(prev[0], o.valueRangeMin), Math.max(prev[1], o.valueRangeMax)] : [o.valueRangeMin, o.valueRangeMax]);
    } else {
      chosen.set(d.id, [...(chosen.get(d.id) ?? []), id]);
    }
  }
  for (const [k, v] of Object.entries(sel?.ranges ?? {})) {
    const d = byId.get(Number(k));
    if (d?.filterType !== "range") continue;
    // Clamped to int4: past it a range would spill into the next filter's keys.
    const [a, b] = (v[0] <= v[1] ? [v[0], v[1]] : [v[1], v[0]]).map(clampInt);
    selected.ranges[d.id] = [a, b];
    ranges.set(d.id, [a, b]);
  }
  const groups: Group[] = [];
  for (const [filterId, ids] of chosen) groups.push({ filterId, cond: sql`l.option_ids && ${intArr(ids)}` });
  for (const [filterId, [min, max]] of ranges) groups.push({ filterId, cond: sql`l.ranges && ${rangeKey(sql`${filterId}`, sql`${min}`, sql`${max}`)}` });
  return { groups, selected };
}

/** Subtree categories as catalog_listing.category_keys of the store (migration 0005). */
function categoryKeys(storeId: number, catIds: readonly number[]): SQL {
  return sql`${`{${catIds.map((c) => (BigInt(Math.trunc(storeId)) * 4294967296n + BigInt(Math.trunc(c))).toString()).join(",")}}`}::int8[]`;
}

const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;
const clampInt = (n: number) => Math.min(INT4_MAX, Math.max(INT4_MIN, Math.trunc(n)));

/**
 * [min, max] of range filter `f` in the key space of catalog_listing.ranges (migration 0005:
 * filter_id * 2^33 + value + 2^31), so one `&&` on the product's multirange tests the overlap.
 */
function rangeKey(f: SQL, min: SQL, max: SQL): SQL {
  return sql`int8range(${f}::int8 * 8589934592 + ${min}::int8 + 2147483648, ${f}::int8 * 8589934592 + ${max}::int8 + 2147483648, '[]')`;
}

/**
 * A listing's result as kept: the page's ids, and flat int arrays of (option, count) pairs and
 * (filter, min, max) triples (a few hundred bytes, where the arrays of arrays read from the
 * database took kilobytes per cached listing).
 */
type FacetResult = { total: number; page: number[]; counts: Int32Array; bounds: Int32Array };

/**
 * Listings' results (the page's ids, the total, the filters' counts and bounds) by store,
 * language, category, selection, sort and page, until catalog_listing changes (its triggers
 * notify LISTING_CHANGED_CHANNEL at commit, migration 0017) or the catalog does: a warm listing
 * runs no query. A crawler walking filter combinations only pushes old entries out.
 */
export function createFacetCache(max = 1000) {
  return promiseCache<FacetResult>(max);
}
export type FacetCache = ReturnType<typeof createFacetCache>;
/** The channel of catalog_listing's notifications (migration 0017). */
export const LISTING_CHANGED_CHANNEL = "listing_changed";

/** The caches a listing reads through: results, cards (stock apart) and stock. */
export type ListingCaches = { facets: FacetCache; cards: CardCache; stock: StockCache };

function facetKey(scope: Scope, node: CategoryNode, selected: SelectedFilters, page: { sort: Sort; limit: number; offset: number } | null): string {
  const options = [...selected.options].sort((a, b) => a - b).join(",");
  const ranges = Object.entries(selected.ranges)
    .map(([f, [a, b]]) => `${f}:${a}-${b}`)
    .sort()
    .join(",");
  return `${scope.storeId}|${scope.language}|${node.id}|${options}|${ranges}|${page ? `${page.sort}|${page.limit}|${page.offset}` : "all"}`;
}

/**
 * The whole listing in ONE query over catalog_listing (migration 0005: one row per product sold
 * in the store, with its categories, filter options, ranges and sort keys, kept by triggers):
 * the page's ids with their stock (the cards come from the card cache, cards.ts), the total,
 * the count of every filter option with the OTHER filters applied (classic faceting: choosing
 * "white" does not zero the other colours) and the bounds of the range filters. The subtree comes
 * from the GIN index on category_ids; everything else is evaluated on the row, with no
 * per-product join.
 * (A product sold in a store is translated into the store's language, a catalog invariant the
 * seed and the admin keep: checking it per row here cost a third of the listing at 100k products.)
 */
async function facetQuery(
  db: Db,
  scope: Scope,
  catIds: number[],
  defs: FilterDef[],
  groups: Group[],
  page: { sort: Sort; limit: number; offset: number } | null,
): Promise<FacetResult> {
  if (catIds.length === 0) return { total: 0, page: [], counts: new Int32Array(0), bounds: new Int32Array(0) };
  const g = (i: number) => sql.raw(`g${i}`);
  const groupCols = groups.length
    ? sql`, ${sql.join(
        groups.map((gr, i) => sql`(${gr.cond}) as ${g(i)}`),
        sql`, `,
      )}`
    : sql``;
  const optionDefs = defs.filter((d) => d.filterType !== "range");
  const optionIds = optionDefs.flatMap((d) => d.options.map((o) => o.id));
  const optionFilters = optionDefs.flatMap((d) => d.options.map(() => d.id));
  // A product that fails two filters counts for no option and is no hit: leaving it out of `m`
  // divides the rows the counts unnest and the query materialises when filters are chosen.
  const nearMiss =
    groups.length > 1
      ? sql`(${sql.join(
          groups.map((_, i) => sql`b.${g(i)}::int`),
          sql` + `,
        )}) >= ${groups.length - 1}`
      : sql`true`;
  // The one filter a row of `m` fails (null for a hit). Facet counts apply the OTHER filters: a
  // hit counts for all its options, a row failing filter F only for F's options.
  const miss = groups.length
    ? sql`case ${sql.join(
        groups.map((gr, i) => sql`when not b.${g(i)} then ${gr.filterId}::int`),
        sql` `,
      )} end`
    : sql`null::int`;
  const rangeDefs = defs.filter((d) => d.filterType === "range");
  const buckets = rangeDefs.flatMap((d) =>
    d.options
      .filter((o) => o.valueRangeMin != null && o.valueRangeMax != null)
      .map((o) => ({ id: o.id, fid: d.id, min: o.valueRangeMin!, max: o.valueRangeMax! })),
  );
  // Only the sort's columns are materialised; `offset 0` keeps the filter conditions computed
  // once per row (a flattened subquery would repeat them in the WHERE and the CASE).
  const sortCols = sql.raw((page ? SORT_COLUMNS[page.sort] : []).map((c) => `, l.${c}`).join(""));
  // The page's ids in the sort's order (the cards come from the card cache, their stock from the stock cache).
  const pageSql = page
    ? sql`(select coalesce(json_agg(s.id order by s.n), '[]') from (
        select p.id, row_number() over (order by ${sortSql(page.sort)}) as n from hits p
        order by ${sortSql(page.sort)} limit ${page.limit} offset ${page.offset}) s)`
    : sql`'[]'::json`;
  const countsSql = optionIds.length
    ? sql`(select coalesce(json_agg(json_build_array(s.o, s.n)), '[]') from (
        select x.o, count(*)::int as n from (select unnest(m.option_ids) as o, m.miss from m) x
        join unnest(${intArr(optionIds)}, ${intArr(optionFilters)}) as d(o, f) on d.o = x.o
        where x.miss is null or x.miss = d.f group by 1) s)`
    : sql`'[]'::json`;
  const bucketSql = buckets.length
    ? sql`(select coalesce(json_agg(json_build_array(s.o, s.n)), '[]') from (
        select ro.id as o, count(*)::int as n
        from unnest(${intArr(buckets.map((b) => b.id))}, ${intArr(buckets.map((b) => b.fid))}, ${intArr(buckets.map((b) => b.min))}, ${intArr(buckets.map((b) => b.max))}) as ro(id, fid, mn, mx)
        join m on m.ranges && ${rangeKey(sql`ro.fid`, sql`ro.mn`, sql`ro.mx`)}
        where m.miss is null or m.miss = ro.fid group by 1) s)`
    : sql`'[]'::json`;
  // Bounds over the whole listing (not the filtered hits): per filter, walk its values in order
  // (indexes pfr_range and pfr_max) until one belongs to the listing, usually within a few rows.
  const inListing = sql`exists (select 1 from catalog_listing l where l.product_id = r.product_id and l.store_id = ${scope.storeId}
    and l.category_keys && ${categoryKeys(scope.storeId, catIds)})`;
  const boundsSql = rangeDefs.length
    ? sql`(select coalesce(json_agg(json_build_array(s.f, s.mn, s.mx)), '[]') from (
        select f.id as f,
          (select r.min from product_filter_ranges r where r.filter_id = f.id and ${inListing} order by r.min limit 1) as mn,
          (select r.max from product_filter_ranges r where r.filter_id = f.id and ${inListing} order by r.max desc limit 1) as mx
        from unnest(${intArr(rangeDefs.map((d) => d.id))}) as f(id)) s where s.mn is not null)`
    : sql`'[]'::json`;
  const res = await rows<{
    total: number;
    page: number[];
    counts: [number, number][];
    buckets: [number, number][];
    bounds: [number, number, number][];
  }>(
    db,
    sql`with m as materialized (
        select b.*, ${miss} as miss from (
          select l.product_id as id, l.option_ids ${buckets.length ? sql`, l.ranges` : sql``} ${sortCols} ${groupCols}
          from catalog_listing l
          where l.category_keys && ${categoryKeys(scope.storeId, catIds)}
          offset 0
        ) b where ${nearMiss}
      ),
      hits as materialized (select * from m where m.miss is null)
      select (select count(*)::int from hits) as total, ${pageSql} as page, ${countsSql} as counts,
        ${bucketSql} as buckets, ${boundsSql} as bounds`,
  );
  const r = res[0];
  return { total: r.total, page: r.page, counts: Int32Array.from([...r.counts, ...r.buckets].flat()), bounds: Int32Array.from(r.bounds.flat()) };
}

function filterDtos(defs: FilterDef[], language: Language, facet: FacetResult): FilterDto[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < facet.counts.length; i += 2) counts.set(facet.counts[i], facet.counts[i + 1]);
  const bounds = new Map<number, { min: number; max: number }>();
  for (let i = 0; i < facet.bounds.length; i += 3) bounds.set(facet.bounds[i], { min: facet.bounds[i + 1], max: facet.bounds[i + 2] });
  return defs.map((d) => {
    const dto: FilterDto = {
      id: d.id,
      name: tr(d.name, language),
      slug: d.slug,
      filter_type: d.filterType,
      category_filter_position: d.position,
      unit: d.unit,
      options: d.options.map((o) => ({
        id: o.id,
        name: tr(o.name, language),
        image: o.image,
        slug: o.slug,
        color: o.color,
        value_range_min: o.valueRangeMin,
        value_range_max: o.valueRangeMax,
        position: o.position,
        hidden: o.hidden,
        count: counts.get(o.id) ?? 0,
      })),
    };
    if (d.filterType === "range") {
      const b = bounds.get(d.id);
      if (b) dto.range = b;
    }
    return dto;
  });
}

/**
 * A page of a category's listing: no statement on a warm cache (results, cards and stock from
 * `caches`), one when the results are not cached, plus one for cards and one for stock not seen
 * yet. `extras` are the store's category banners and the links of every category (cached with
 * the store's merchandising until the catalog changes).
 */
export async function listCategory(
  db: Db,
  meta: CatalogMeta,
  scope: Scope,
  node: CategoryNode,
  q: ListQuery,
  storeIds: StoreIds,
  extras: Promise<{ banners: CategoryBannerRow[]; links: CategoryLinkRow[] }>,
  caches: ListingCaches,
): Promise<CategoryListing> {
  const { page, pageSize, offset } = pageOf(q);
  const sort = q.sort ?? "best_seller";
  const defs = filtersFor(meta, node.id);
  const { groups, selected } = selectionGroups(defs, q.filters);
  const catIds = subtreeIds(meta, node.id, scope.storeId, scope.language);
  const pageQuery = { sort, limit: pageSize, offset };
  const [facet, category, { banners: allBanners, links: allLinks }] = await Promise.all([
    caches.facets.get(facetKey(scope, node, selected, pageQuery), () => facetQuery(db, scope, catIds, defs, groups, pageQuery)),
    categoryDto(db, meta, scope, node, storeIds),
    extras,
  ]);
  const banners = bannersOf(allBanners, node.id);
  const links = linksOf(allLinks, scope.language, node.id);
  const levels = await caches.stock.levels(facet.page, []);
  const cards = await caches.cards.cards(db, scope, facet.page, levels.product);
  return {
    ...paginated(cards, page, pageSize, facet.total),
    category,
    filters: filterDtos(defs, scope.language, facet),
    selected,
    sort,
    banners,
    links,
  };
}

/** category-filters/web_list: the category's filters with the counts of its whole listing. */
export async function filtersOfCategory(db: Db, meta: CatalogMeta, scope: Scope, node: CategoryNode, facets: FacetCache): Promise<FilterDto[]> {
  const defs = filtersFor(meta, node.id);
  if (defs.length === 0) return [];
  const facet = await facets.get(facetKey(scope, node, { options: [], ranges: {} }, null), () =>
    facetQuery(db, scope, subtreeIds(meta, node.id, scope.storeId, scope.language), defs, [], null),
  );
  return filterDtos(defs, scope.language, facet);
}

/** A store's category banners (all categories), as stored: read once per store and cached with the merchandising. */
export type CategoryBannerRow = BannerDto & { categoryId: number | null };
/** The category pages' links of every language, as stored: read with the merchandising. */
export type CategoryLinkRow = { categoryId: number; language: string; label: string; url: string };

export async function loadCategoryBanners(db: Db, storeId: number): Promise<CategoryBannerRow[]> {
  const list = await db
    .select()
    .from(categoryBanners)
    .where(eq(categoryBanners.storeId, storeId))
    .orderBy(asc(categoryBanners.gridPosition), asc(categoryBanners.id));
  return list.map((b) => ({
    id: b.id,
    categoryId: b.categoryId,
    title: b.title,
    subtitle: b.subtitle,
    url: b.url,
    illustration: b.illustration,
    grid_position: b.gridPosition,
  }));
}

export async function loadCategoryLinks(db: Db): Promise<CategoryLinkRow[]> {
  return db
    .select({ categoryId: categoryLinks.categoryId, language: categoryLinks.language, label: categoryLinks.label, url: categoryLinks.url })
    .from(categoryLinks)
    .orderBy(asc(categoryLinks.position), asc(categoryLinks.id));
}

/** Banners of a category page: its own and the store's banners for every category (category null); all of them without a category. */
export function bannersOf(all: CategoryBannerRow[], categoryId?: number): BannerDto[] {
  return all.filter((b) => categoryId === undefined || b.categoryId === categoryId || b.categoryId === null).map(({ categoryId: _, ...b }) => b);
}

export function linksOf(all: CategoryLinkRow[], language: Language, categoryId: number): { label: string; url: string }[] {
  return all.filter((l) => l.categoryId === categoryId && l.language === language).map((l) => ({ label: l.label, url: l.url }));
}
