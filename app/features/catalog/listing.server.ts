import { cardView, type FilterView, filterView } from "../../../core/card-view.ts";
import type { FilterDto, Paginated, ProductCard } from "../../../core/catalog.types.ts";
import type { PageRange } from "../../../core/catalog-filters.ts";
import { packCache } from "~/lib/packed";
import { notFound } from "~/lib/store.server";
import type { ListingPage } from "./listing";

export const PAGE_SIZE = 24;

/*
 * A listing's cards and a category's filters leave the loader packed (lib/packed.ts): one text
 * each instead of ~300 and ~100 values for React Router's serialiser to walk on every request
 * (5-7 % of a category page's server time, decision 039). Packed once per distinct content: the
 * same listing, sort and stock give the same text to every visitor. A kept pack holds its JSON
 * key, its text and its views: ~25 KB for a page of 24 cards.
 */
const packCards = packCache(64);
const packFilters = packCache(64);

/** A category's filters as the page shows them, packed. */
export const filtersView = (filters: FilterDto[]) => packFilters<FilterView[]>(filters.map(filterView));

/**
 * Loads the pages of a range (cards trimmed to what they show) (`?page=2-4` after "load more", or one page) and merges them.
 * A page past the last one is a 404: search engines must not index empty listings. `first`: the
 * range's first page when the caller has already read it.
 */
export async function loadRange(
  range: PageRange,
  fetchPage: (page: number) => Promise<Paginated<ProductCard>>,
  first?: Paginated<ProductCard>,
): Promise<ListingPage> {
  const head = first ?? (await fetchPage(range.from));
  const pages = Math.max(head.pages, 1);
  if (range.from > pages) throw notFound();
  const to = Math.min(range.to, pages);
  const rest = await Promise.all(Array.from({ length: to - range.from }, (_, i) => fetchPage(range.from + 1 + i)));
  return {
    results: packCards([head, ...rest].flatMap((p) => p.results.map(cardView))),
    from: range.from,
    to,
    pages,
    total: head.total,
    page_size: head.page_size,
  };
}
