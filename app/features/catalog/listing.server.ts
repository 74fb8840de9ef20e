import { cardView } from "../../../core/card-view.ts";
import type { Paginated, ProductCard } from "../../../core/catalog.types.ts";
import type { PageRange } from "../../../core/catalog-filters.ts";
import { notFound } from "~/lib/store.server";
import type { ListingPage } from "./listing";

export const PAGE_SIZE = 24;

/**
 * Loads the pages of a range (cards trimmed to what they show) (`?page=2-4` after "load more", or one page) and merges them.
 * A page past the last one is a 404: search engines must not index empty listings.
 */
export async function loadRange(range: PageRange, fetchPage: (page: number) => Promise<Paginated<ProductCard>>): Promise<ListingPage> {
  const first = await fetchPage(range.from);
  const pages = Math.max(first.pages, 1);
  if (range.from > pages) throw notFound();
  const to = Math.min(range.to, pages);
  const rest = await Promise.all(Array.from({ length: to - range.from }, (_, i) => fetchPage(range.from + 1 + i)));
  return {
    results: [first, ...rest].flatMap((p) => p.results.map(cardView)),
    from: range.from,
    to,
    pages,
    total: first.total,
    page_size: first.page_size,
  };
}
