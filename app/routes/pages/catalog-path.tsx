import { lazy } from "react";
import { Link, data, redirect } from "react-router";
import { cardView, filterView } from "../../../core/card-view.ts";
import { parseListingState, serialiseListingState } from "../../../core/catalog-filters.ts";
import { localePath } from "../../../core/stores.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BannerRow } from "~/features/catalog/banners";
import { catalogFor } from "~/features/catalog/catalog.server";
import { CategoryTiles } from "~/features/catalog/category-tiles";
import { FiltersPanel, SelectedChips, SortSelect } from "~/features/catalog/filters";
import type { ListingPage } from "~/features/catalog/listing";
import { PAGE_SIZE } from "~/features/catalog/listing.server";
import { ProductGrid } from "~/features/catalog/product-grid";
import { RecentlyViewed } from "~/features/catalog/recently-viewed";
import { loadProductRoute } from "~/features/catalog/product-route.server";
import { productAction } from "~/features/product/product-actions.server";
import { productMeta } from "~/features/product/product-meta";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import type { LanguagesHandle } from "~/lib/language-switch";
import { breadcrumbJsonLd, itemListJsonLd, type PageLanguages, seoMeta } from "~/lib/seo";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/catalog-path";

async function loadCategory({ request, context }: Route.LoaderArgs) {
  const { catalog, ctx, lang, path, url } = await catalogFor(request, context);
  const segments = path.split("/").filter(Boolean);
  const slug = segments.at(-1);
  if (!slug || !/^[\w-]{1,200}$/.test(slug)) throw notFound();
  const state = parseListingState(url.searchParams);
  const q = { sort: state.sort, filters: state.selected, page_size: PAGE_SIZE };
  const first = await catalog.listByCategory(ctx, slug, { ...q, page: state.page.from });
  if (!first) throw notFound();
  // One canonical address per category (old nested paths, missing prefix segments...).
  if (first.category.path !== path) throw redirect(localePath(lang, first.category.path) + url.search, 301);
  // A plain form (JavaScript off) sends every range, even untouched ones, as r_<id>_min/_max: keep
  // only real choices and redirect to the short form of the address (one URL per listing).
  const cleaned = { ...state.selected, ranges: { ...state.selected.ranges } };
  for (const f of first.filters) {
    const r = cleaned.ranges[f.id];
    if (r && f.range && r[0] <= f.range.min && r[1] >= f.range.max) delete cleaned.ranges[f.id];
  }
  const canonicalQuery = serialiseListingState({ ...state, selected: cleaned });
  if (canonicalQuery !== url.search.replace(/^\?/, "") && /(^|&)r_\d+_m(in|ax)=|(^|&)f=[^&]*&(.*&)?f=/.test(url.search.slice(1))) {
    throw redirect(`${localePath(lang, path)}${canonicalQuery ? `?${canonicalQuery}` : ""}`);
  }
  const pages = Math.max(first.pages, 1);
  if (state.page.from > pages) throw notFound();
  const to = Math.min(state.page.to, pages);
  const rest = await Promise.all(
    Array.from({ length: to - state.page.from }, (_, i) => catalog.listByCategory(ctx, slug, { ...q, page: state.page.from + 1 + i })),
  );
  const listing: ListingPage = {
    results: [first, ...rest].flatMap((p) => (p?.results ?? []).map(cardView)),
    from: state.page.from,
    to,
    pages,
    total: first.total,
    page_size: first.page_size,
  };
  return {
    kind: "category" as const,
    lang,
    path,
    category: first.category,
    filters: first.filters.map(filterView),
    selected: state.selected,
    sort: state.sort,
    banners: first.banners,
    links: first.links,
    listing,
    /** Query of filters and sort only: filtered listings are not indexed (canonical to the plain category). */
    filterQuery: serialiseListingState({ sort: state.sort, selected: state.selected }),
  };
}

/** Category paths end with a slash, product paths with .html; anything else is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  const path = new URL(args.request.url).pathname;
  if (path.endsWith(".html")) {
    const slug = path.split("/").pop()?.slice(0, -".html".length) ?? "";
    if (!/^[\w-]{1,200}$/.test(slug)) throw notFound();
    return loadProductRoute(args, slug);
  }
  if (path.endsWith("/") && path.length > 1 && path !== "/fr/") return loadCategory(args);
  throw data(null, { status: 404 });
}

/** The product page's forms (a question, an installation quotation, a review) post to the product's address. */
export async function action(args: Route.ActionArgs) {
  const path = new URL(args.request.url).pathname;
  const slug = path.endsWith(".html") ? (path.split("/").pop()?.slice(0, -".html".length) ?? "") : "";
  if (!/^[\w-]{1,200}$/.test(slug)) throw data(null, { status: 405 });
  return productAction(args, slug);
}

/** A question or a quotation request changes nothing the page shows: no need to load the product again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  const intent = formData?.get("intent");
  if (intent === "question" || intent === "quote") return false;
  return defaultShouldRevalidate;
}

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * Category and product slugs are translated, and a record may be sold in one store only: the
 * catalog's alternates (paths with their store prefix) say where the page is in each store, for
 * the hreflang links and the language switch alike.
 */
function pageLanguages(d: LoaderData): PageLanguages {
  const { lang, path, alternates } =
    d.kind === "product"
      ? { lang: d.data.lang, path: d.data.path, alternates: d.data.product.alternates }
      : { lang: d.lang, path: d.category.path, alternates: d.category.alternates };
  return { path, languages: (["es", "fr"] as const).filter((l) => l === lang || alternates[l]), alternates };
}

export const handle: LanguagesHandle<LoaderData> = { languages: pageLanguages };

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  if (d.kind === "product") return productMeta(d.data, root);
  const c = d.category;
  const page = d.listing.from;
  const base = (p: string) => root.origin + localePath(d.lang, p);
  const crumbs = [
    { name: "BañoDirecto", url: base("/") },
    ...c.breadcrumbs.filter((b) => b.id !== c.id).map((b) => ({ name: b.name, url: base(b.path) })),
    { name: c.name, url: base(c.path) },
  ];
  const title = c.seo.title || c.name;
  return seoMeta({
    ...pageLanguages(d),
    title: page > 1 ? `${title} (${page})` : title,
    description: c.seo.description,
    origin: root.origin,
    lang: d.lang,
    path: page > 1 && !d.filterQuery ? `${c.path}?page=${page}` : c.path,
    noindex: d.filterQuery !== "",
    jsonLd: [
      breadcrumbJsonLd(crumbs),
      itemListJsonLd(
        c.name,
        d.listing.results.slice(0, 24).map((p) => base(p.path)),
      ),
    ],
  });
};

function CategoryPage({ d }: { d: Extract<Route.ComponentProps["loaderData"], { kind: "category" }> }) {
  const { t, href } = useI18n();
  const c = d.category;
  const ctx = { selected: d.selected, sort: d.sort, categoryId: c.id };
  const topBanners = d.banners.filter((b) => b.grid_position == null);
  return (
    <div className="container-shop pb-10 pt-4">
      <Breadcrumbs items={[...c.breadcrumbs.filter((b) => b.id !== c.id).map((b) => ({ label: b.name, to: href(b.path) })), { label: c.name }]} />
      <header className="mt-3 flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-extrabold text-brand-900 sm:text-4xl">{c.seo.h1 || c.name}</h1>
        <p className="text-sm text-muted">{t("catalog.products_count", { count: d.listing.total })}</p>
      </header>
      {c.subcategories.length > 0 && (
        <nav aria-label={t("catalog.subcategories")} className="mt-5">
          <CategoryTiles categories={c.subcategories} compact />
        </nav>
      )}
      {d.links.length > 0 && (
        <nav aria-label={t("catalog.related_links")} className="mt-4">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0" data-nav>
            {d.links.map((l) => (
              <li key={l.url} className="shrink-0">
                {/* Stored links are site paths with their store prefix, as the API gives them. */}
                <a href={l.url} className="link-chip">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {topBanners.length > 0 && (
        <div className="mt-6">
          <BannerRow banners={topBanners} />
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[270px_1fr] lg:gap-8">
        <aside aria-label={t("catalog.filters.title")} className="lg:sticky lg:top-36 lg:max-h-[calc(100vh-10rem)] lg:self-start lg:overflow-y-auto lg:pr-2">
          <div className="grid grid-cols-2 gap-2 lg:block">
            <FiltersPanel filters={d.filters} total={d.listing.total} {...ctx} />
            <div className="lg:hidden">
              <SortSelect {...ctx} id="sort-m" />
            </div>
          </div>
        </aside>
        <div>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <SelectedChips filters={d.filters} {...ctx} />
            <div className="ml-auto hidden lg:block">
              <SortSelect {...ctx} />
            </div>
          </div>
          {d.listing.results.length > 0 ? (
            <ProductGrid listing={d.listing} banners={d.banners} categoryId={c.id} />
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <p className="font-semibold text-brand-900">{t("catalog.empty.title")}</p>
              <p className="mt-1 text-sm text-muted">{t("catalog.empty.text")}</p>
              <Link to={href(c.path)} className="btn-secondary mt-4">
                {t("catalog.filters.clear_all")}
              </Link>
            </div>
          )}
        </div>
      </div>
      {c.seo.text && (
        <section className="mt-12 border-t border-slate-200 pt-8" aria-label={t("catalog.seo_text")}>
          {/* Editorial HTML of the category (written by the shop). */}
          <div className="prose-shop max-w-4xl text-sm" dangerouslySetInnerHTML={{ __html: c.seo.text }} />
        </section>
      )}
      <RecentlyViewed />
    </div>
  );
}

// Its own chunk: the category listing (the most visited page) must not download the configurator.
const ProductPage = lazy(() => import("~/features/product/product-page").then((m) => ({ default: m.ProductPage })));

export default function CatalogPath({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "product") return <ProductPage data={loaderData.data} />;
  return <CategoryPage d={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
