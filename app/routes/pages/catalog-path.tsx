import * as ReactDOM from "react-dom";
import { data, redirect } from "react-router";
import { cardPath } from "../../../core/card-view.ts";
import { parseListingState, serialiseListingState } from "../../../core/catalog-filters.ts";
import { localePath } from "../../../core/stores.ts";
import { catalogFor } from "~/features/catalog/catalog.server";
import { listingCards } from "~/features/catalog/listing";
import { filtersView, loadRange, PAGE_SIZE } from "~/features/catalog/listing.server";
import { loadProductRoute } from "~/features/catalog/product-route.server";
import { productAction } from "~/features/product/product-actions.server";
import { productPageData } from "~/features/product/product-data";
import { productMeta } from "~/features/product/product-meta";
import { lazyView } from "~/lib/lazy-view";
import { rootMeta } from "~/lib/root-data";
import type { LanguagesHandle } from "~/lib/language-switch";
import { breadcrumbJsonLd, itemListJsonLd, type PageLanguages, seoMeta } from "~/lib/seo";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/catalog-path";
import viewPreloads from "virtual:shop/view-preloads";

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
  const listing = await loadRange(state.page, (page) => catalog.listByCategory(ctx, slug, { ...q, page }).then((p) => p ?? { ...first, results: [] }), first);
  return {
    kind: "category" as const,
    lang,
    path,
    category: first.category,
    filters: filtersView(first.filters),
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
      ? { lang: d.data.lang, path: d.data.path, alternates: productPageData(d.data).product.alternates }
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
        listingCards(d.listing)
          .slice(0, 24)
          .map((p) => base(cardPath(p))),
      ),
    ],
  });
};

// Each view in its own chunk (decisions 022 and 026): the category listing (the most visited page)
// must not download the configurator, nor a product page the listing's filters and grid.
const ProductPage = lazyView(() => import("~/features/product/product-page").then((m) => m.ProductPage));
const CategoryPage = lazyView(() => import("./category-view").then((m) => m.CategoryPage));
// In the browser this module is evaluated before the page hydrates: the view the address shows
// starts loading now, and hydration waits for it (app/lib/lazy-view.tsx).
if (typeof document !== "undefined") (window.location.pathname.endsWith(".html") ? ProductPage : CategoryPage).preload();

/**
 * The document asks for the view's code with the route's (a modulepreload React writes into the
 * head), not once hydration reaches the lazy component: no extra round trip before the page is
 * live. The URLs come from the client build (vite.config.ts, viewPreloads).
 */
function preloadView(view: "app/routes/pages/category-view.tsx" | "app/features/product/product-page.tsx") {
  if (typeof document !== "undefined") return;
  for (const href of viewPreloads[view] ?? []) ReactDOM.preloadModule(href, { as: "script" });
}

export default function CatalogPath({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "product") {
    preloadView("app/features/product/product-page.tsx");
    return <ProductPage data={loaderData.data} />;
  }
  preloadView("app/routes/pages/category-view.tsx");
  return <CategoryPage d={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
