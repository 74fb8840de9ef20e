import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { Link } from "~/components/link";
import { type SavedCategoryPage, parseListingState, serialiseListingState } from "../../../core/catalog-filters.ts";
import type { CardView as Card } from "../../../core/card-view.ts";
import type { BannerDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { STORAGE_KEYS, readStorage, writeStorage } from "~/lib/local-store";
import { BannerCard } from "./banners";
import { type ListingPage, listingCards } from "./listing";
import { ProductCard } from "./product-card";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The query of the current URL with another page (range); other parameters kept. */
function withPage(search: string, page: { from: number; to: number }): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  const state = parseListingState(params);
  const extra: Record<string, string> = {};
  for (const [k, v] of params) if (!/^(f|sort|r_\d+(_min|_max)?)$/.test(k)) extra[k] = v;
  const qs = serialiseListingState({ ...state, page }, extra);
  return qs ? `?${qs}` : "?";
}

type Props = {
  listing: ListingPage;
  banners?: BannerDto[];
  /** Category listings remember where the shopper was (spec: db_product_category_page, product_position). */
  categoryId?: number;
  /** How many leading cards are above the fold on mobile (eager images). */
  eager?: number;
};

/**
 * A product grid that grows both ways: "load more" appends the next page, "load previous"
 * prepends the earlier one. Both are real links (?page=N) for JavaScript-off visitors and
 * crawlers; with JavaScript they fetch the route's loader for that page and the address bar
 * keeps the loaded range (?page=2-4), so a reload or a return shows the same products.
 */
export function ProductGrid({ listing, banners = [], categoryId, eager = 2 }: Props) {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ listing?: ListingPage }>();
  const [state, setState] = useState({ source: listing, items: listingCards(listing), from: listing.from, to: listing.to });
  const direction = useRef<"more" | "less" | null>(null);
  const anchor = useRef<{ id: number; top: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFirstNew = useRef<number | null>(null);

  // New loader data (filters, sort, navigation): start again from it.
  if (state.source !== listing) setState({ source: listing, items: listingCards(listing), from: listing.from, to: listing.to });

  useEffect(() => {
    const page = fetcher.data?.listing;
    if (fetcher.state !== "idle" || !page || !direction.current) return;
    const dir = direction.current;
    direction.current = null;
    setState((s) => {
      const seen = new Set(s.items.map((p) => p.id));
      const fresh = listingCards(page).filter((p) => !seen.has(p.id));
      focusFirstNew.current = fresh[0]?.id ?? null;
      const next = dir === "more" ? { ...s, items: [...s.items, ...fresh], to: page.to } : { ...s, items: [...fresh, ...s.items], from: page.from };
      window.history.replaceState(window.history.state, "", location.pathname + withPage(location.search, next));
      return next;
    });
  }, [fetcher.state, fetcher.data, location.pathname, location.search]);

  // Prepending must not push what the shopper is looking at down the page.
  useIsoLayoutEffect(() => {
    const a = anchor.current;
    if (a) {
      const el = listRef.current?.querySelector<HTMLElement>(`[data-product-id="${a.id}"]`);
      if (el) window.scrollBy(0, el.getBoundingClientRect().top - a.top);
      anchor.current = null;
    }
    if (focusFirstNew.current != null) {
      listRef.current?.querySelector<HTMLElement>(`[data-product-id="${focusFirstNew.current}"] a`)?.focus({ preventScroll: a != null });
      focusFirstNew.current = null;
    }
  }, [state.items]);

  // Back from a product: bring the product the shopper opened into view (spec: product_position).
  useEffect(() => {
    if (categoryId == null) return;
    const saved = readStorage<SavedCategoryPage | null>(STORAGE_KEYS.categoryPage, null);
    const position = readStorage<number | null>(STORAGE_KEYS.productPosition, null);
    if (!saved || saved.id !== categoryId || position == null) return;
    const here = location.search.replace(/^\?/, "");
    if (saved.paginator.query != null && saved.paginator.query !== here) {
      // Arrived on the bare category (a link, not "back"): reopen the pages the shopper had loaded.
      if (here === "") navigate(`?${saved.paginator.query}`, { replace: true, preventScrollReset: true });
      return;
    }
    writeStorage(STORAGE_KEYS.productPosition, undefined);
    const el = listRef.current?.querySelector<HTMLElement>(`[data-product-id="${position}"]`);
    if (el) {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: "center" });
    }
  }, [categoryId, location.search, navigate]);

  const load = (dir: "more" | "less") => (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (fetcher.state !== "idle") return;
    direction.current = dir;
    if (dir === "less") {
      const first = state.items[0];
      const el = first && listRef.current?.querySelector<HTMLElement>(`[data-product-id="${first.id}"]`);
      if (el) anchor.current = { id: first.id, top: el.getBoundingClientRect().top };
    }
    const page = dir === "more" ? state.to + 1 : state.from - 1;
    fetcher.load(location.pathname + withPage(location.search, { from: page, to: page }));
  };

  const onOpen = (p: Card) => {
    if (categoryId == null) return;
    const saved: SavedCategoryPage = {
      id: categoryId,
      products: state.items.map((i) => i.id),
      paginator: { less: state.from > 1, more: state.to < listing.pages, from: state.from, to: state.to, query: withPage(location.search, state).slice(1) },
    };
    writeStorage(STORAGE_KEYS.categoryPage, saved);
    writeStorage(STORAGE_KEYS.productPosition, p.id);
  };

  // Banners sit at their grid_position counted from the first product of the listing.
  const offset = (state.from - 1) * listing.page_size;
  const byPosition = new Map<number, BannerDto>();
  for (const b of banners) if (b.grid_position != null) byPosition.set(b.grid_position, b);
  const cells: React.ReactNode[] = [];
  state.items.forEach((p, i) => {
    const banner = byPosition.get(offset + i);
    if (banner) {
      cells.push(
        <li key={`b${banner.id}`} className="col-span-2 sm:col-span-1">
          <BannerCard banner={banner} tall />
        </li>,
      );
    }
    cells.push(
      <li key={p.id} data-product-id={p.id}>
        <ProductCard product={p} priority={i < eager && state.from === listing.from} onOpen={onOpen} />
      </li>,
    );
  });
  const busy = fetcher.state !== "idle";
  const shown = state.items.length;
  const moreHref = withPage(location.search, { from: state.to + 1, to: state.to + 1 });
  const lessHref = withPage(location.search, { from: state.from - 1, to: state.from - 1 });

  return (
    <div>
      {/* The cards' names are h3: the list has its h2, so the page's outline has no gap (h1, h2, h3). */}
      <h2 className="sr-only">{t("catalog.products")}</h2>
      {state.from > 1 && (
        <div className="mb-6 flex justify-center">
          <Link to={lessHref} onClick={load("less")} className="btn-secondary min-w-56" aria-disabled={busy || undefined} rel="prev" preventScrollReset>
            {busy && direction.current === "less" ? t("catalog.loading") : t("catalog.load_previous")}
          </Link>
        </div>
      )}
      <ul ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-4" aria-busy={busy} data-testid="product-grid">
        {cells}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {t("catalog.showing", { shown, total: listing.total })}
        </p>
        <div className="h-1.5 w-56 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-full bg-brand-600" style={{ width: `${listing.total ? Math.min(100, (shown / listing.total) * 100) : 100}%` }} />
        </div>
        {state.to < listing.pages && (
          <Link to={moreHref} onClick={load("more")} className="btn-dark mt-2 min-w-56" aria-disabled={busy || undefined} rel="next" preventScrollReset>
            {busy && direction.current === "more" ? t("catalog.loading") : t("catalog.load_more")}
          </Link>
        )}
      </div>
    </div>
  );
}
