/**
 * The state of a product listing as it lives in the URL, browser-safe and pure:
 * `?page=3` (or a loaded range `?page=2-4`), `sort=lower_price`, `f=12,15` (selected option ids of
 * option/bool/colour filters) and `r_<filterId>=min-max` (range filters, e.g. width in cm).
 * Plain GET forms (JavaScript off) send `f=12&f=15` and `r_<id>_min`/`r_<id>_max`: both are read.
 */

import { SORTS, type SelectedFilters, type Sort } from "./catalog.types.ts";

/** The sorts of a listing: the catalog's own list (core/catalog.types.ts). */
export const LISTING_SORTS = SORTS;
export type ListingSort = Sort;
export const DEFAULT_SORT: ListingSort = "best_seller";

export type Selection = SelectedFilters;
/** Pages loaded on screen: `from` is above 1 when the shopper arrived on a later page. */
export type PageRange = { from: number; to: number };
export type ListingState = { page: PageRange; sort: ListingSort; selected: Selection };

const MAX_PAGE = 10_000;
/** Pages one URL may ask for at once (a range like 1-4); more is not a shopper's doing. */
export const MAX_PAGES_AT_ONCE = 6;

const int = (s: string | null | undefined): number | null => {
  if (s == null || !/^\d{1,9}$/.test(s.trim())) return null;
  return Number(s.trim());
};

export function parsePage(raw: string | null | undefined): PageRange {
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec((raw ?? "").trim());
  if (!m) return { from: 1, to: 1 };
  let from = Math.min(Math.max(Number(m[1]), 1), MAX_PAGE);
  const to = Math.min(Math.max(m[2] ? Number(m[2]) : from, 1), MAX_PAGE);
  if (from > to) from = to;
  return { from: Math.max(from, to - MAX_PAGES_AT_ONCE + 1), to };
}

export function serialisePage(p: PageRange): string | null {
  if (p.from === p.to) return p.to > 1 ? String(p.to) : null;
  return `${p.from}-${p.to}`;
}

export function parseSort(raw: string | null | undefined): ListingSort {
  return (LISTING_SORTS as readonly string[]).includes(raw ?? "") ? (raw as ListingSort) : DEFAULT_SORT;
}

export function parseListingState(params: URLSearchParams): ListingState {
  const options = new Set<number>();
  for (const v of params.getAll("f")) {
    for (const part of v.split(",")) {
      const n = int(part);
      if (n !== null) options.add(n);
    }
  }
  const ranges: Record<number, [number, number]> = {};
  const partial: Record<number, { min?: number; max?: number }> = {};
  for (const [key, value] of params) {
    const whole = /^r_(\d{1,9})$/.exec(key);
    if (whole) {
      const m = /^(\d{1,9})-(\d{1,9})$/.exec(value.trim());
      if (m) ranges[Number(whole[1])] = order(Number(m[1]), Number(m[2]));
      continue;
    }
    const half = /^r_(\d{1,9})_(min|max)$/.exec(key);
    const n = int(value);
    if (half && n !== null) {
      const id = Number(half[1]);
      partial[id] = { ...partial[id], [half[2]]: n };
    }
  }
  for (const [id, p] of Object.entries(partial)) {
    if (ranges[Number(id)] || p.min === undefined || p.max === undefined) continue;
    ranges[Number(id)] = order(p.min, p.max);
  }
  return {
    page: parsePage(params.get("page")),
    sort: parseSort(params.get("sort")),
    selected: { options: [...options].sort((a, b) => a - b), ranges },
  };
}

function order(a: number, b: number): [number, number] {
  return a <= b ? [a, b] : [b, a];
}

/** The canonical query string of a state (no leading "?"); defaults are left out, keys in a fixed order. */
export function serialiseListingState(s: Partial<ListingState>, extra?: Record<string, string>): string {
  const out = new URLSearchParams(extra);
  if (s.sort && s.sort !== DEFAULT_SORT) out.set("sort", s.sort);
  const sel = s.selected;
  if (sel?.options.length) out.set("f", [...sel.options].sort((a, b) => a - b).join(","));
  for (const id of Object.keys(sel?.ranges ?? {})
    .map(Number)
    .sort((a, b) => a - b)) {
    const [min, max] = (sel as Selection).ranges[id];
    out.set(`r_${id}`, `${min}-${max}`);
  }
  const page = s.page ? serialisePage(s.page) : null;
  if (page) out.set("page", page);
  // Commas are legal in a query: keep "f=12,15" readable.
  return out.toString().replace(/%2C/g, ",");
}

export const EMPTY_SELECTION: Selection = { options: [], ranges: {} };

export function hasSelection(s: Selection): boolean {
  return s.options.length > 0 || Object.keys(s.ranges).length > 0;
}

/** A change of one filter: an option id, or a range filter's [min, max]; `value` null or undefined means "no value". */
export type FilterChange = { kind: "option"; id: number; value?: number | null } | { kind: "range"; filterId: number; value?: [number, number] | null };

/**
 * The spec's rule: selecting an already selected filter removes it, and re-adds it only if the
 * change carries a value (0 counts as a value). A range always replaces its previous range;
 * an option given without a value toggles (removed when selected, added when not).
 */
export function selectFilter(sel: Selection, change: FilterChange): Selection {
  if (change.kind === "range") {
    const ranges = { ...sel.ranges };
    delete ranges[change.filterId];
    if (change.value != null) ranges[change.filterId] = order(change.value[0], change.value[1]);
    return { options: sel.options, ranges };
  }
  const was = sel.options.includes(change.id);
  const options = sel.options.filter((o) => o !== change.id);
  const value = change.value === undefined ? (was ? null : change.id) : change.value;
  if (value != null) options.push(value);
  return { options: [...new Set(options)].sort((a, b) => a - b), ranges: sel.ranges };
}

/** Same selection (order of ids does not matter)? */
export function sameSelection(a: Selection, b: Selection): boolean {
  return serialiseListingState({ selected: a }) === serialiseListingState({ selected: b });
}

/**
 * The state after the shopper changes filters or sort: back to page 1 (the old page numbers mean
 * nothing for another result set).
 */
export function withSelection(s: ListingState, selected: Selection): ListingState {
  return { ...s, selected, page: { from: 1, to: 1 } };
}

/** What the storefront keeps in localStorage to restore a category on return from a product. */
export type SavedCategoryPage = { id: number; products: number[]; paginator: { less: boolean; more: boolean; from: number; to: number; query?: string } };

/**
 * Changing filters clears the saved category page and product position, but only when they belong
 * to this category (another category's saved place is kept). Returns the keys to remove.
 */
export function savedKeysToClear(saved: SavedCategoryPage | null | undefined, categoryId: number, keys: { page: string; position: string }): string[] {
  if (!saved || saved.id !== categoryId) return [];
  return [keys.page, keys.position];
}
