import { redirect } from "react-router";
import { cardPath } from "../../../core/card-view.ts";
import { percentOff } from "../../../core/money.ts";
import { parseListingState } from "../../../core/catalog-filters.ts";
import { t } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/stores.ts";
import type { Paginated, ProductCard, SpecialListing } from "../../../core/catalog.types.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { catalogFor } from "~/features/catalog/catalog.server";
import { Illustration } from "~/features/catalog/illustration";
import { listingCards } from "~/features/catalog/listing";
import { ListingSection } from "~/features/catalog/listing-section";
import { PAGE_SIZE, loadRange } from "~/features/catalog/listing.server";
import { RecentlyViewed } from "~/features/catalog/recently-viewed";
import { useI18n } from "~/lib/i18n";
import type { LanguagesHandle } from "~/lib/language-switch";
import { rootMeta } from "~/lib/root-data";
import { itemListJsonLd, seoMeta } from "~/lib/seo";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/special-listing";
import CatalogPath, { handle as catalogPathHandle, loader as catalogPathLoader, meta as catalogPathMeta } from "./catalog-path";

/** The special listings of app/routes.ts (route ids) and what each one shows. */
const LISTINGS = {
  "/novedades": { key: "novelties", listing: "novelties", campaign: false, toilets: false },
  "/ofertas": { key: "offers", listing: "offers", campaign: false, toilets: false },
  "/rebajas": { key: "settlement", listing: "settlement", campaign: false, toilets: false },
  "/black-friday": { key: "black_friday", listing: "offers", campaign: true, toilets: false },
  "/black-friday-inodoros-18": { key: "black_friday_toilets", listing: "offers", campaign: true, toilets: true },
} as const satisfies Record<string, { key: string; listing: SpecialListing; campaign: boolean; toilets: boolean }>;

type Kind = keyof typeof LISTINGS;

/**
 * Route matching ignores a trailing slash, so "/ofertas/" lands here; but paths ending in "/" are
 * categories (spec section 2) and the catalog has one there (the Ofertas category, in the sitemap).
 * Serve it as the catch-all route would; with no category at that address, the listing is the page
 * the visitor meant: one permanent redirect to it.
 */
async function categoryAt(args: Route.LoaderArgs, listing: string) {
  try {
    return await catalogPathLoader(args as unknown as Parameters<typeof catalogPathLoader>[0]);
  } catch (e) {
    const status = e instanceof Response ? e.status : (e as { init?: { status?: number } } | null)?.init?.status;
    if (status === 404) throw redirect(listing, 301);
    throw e;
  }
}
const isToilet = (p: ProductCard) => /toilet|inodoro|wc/i.test(p.product_type);

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const { catalog, ctx, lang, path, url } = await catalogFor(request, context);
  if (path.endsWith("/")) return categoryAt(args, localePath(lang, path.slice(0, -1)) + url.search);
  const conf = LISTINGS[path as Kind];
  if (!conf) throw notFound();
  const state = parseListingState(url.searchParams);
  const q = { sort: state.sort, page_size: PAGE_SIZE, listing: conf.listing };
  let fetchPage: (page: number) => Promise<Paginated<ProductCard>>;
  if (conf.toilets) {
    // The toilets campaign: the store's offers that are toilets (a few dozen), paginated here.
    const head = await catalog.weblistProducts(ctx, { ...q, page: 1, page_size: 100 });
    const tail = await Promise.all(
      Array.from({ length: Math.min(head.pages, 10) - 1 }, (_, i) => catalog.weblistProducts(ctx, { ...q, page: i + 2, page_size: 100 })),
    );
    const all = [head, ...tail].flatMap((p) => p.results).filter(isToilet);
    const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
    fetchPage = async (page) => ({ results: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), page, page_size: PAGE_SIZE, total: all.length, pages });
  } else {
    fetchPage = (page) => catalog.weblistProducts(ctx, { ...q, page });
  }
  const listing = await loadRange(state.page, fetchPage);
  const best = listingCards(listing).reduce((m, p) => (p.prices.pvp_original ? Math.max(m, percentOff(p.prices.pvp_original, p.prices.pvp_web)) : m), 0);
  return {
    lang,
    path,
    key: conf.key,
    campaign: conf.campaign,
    listing,
    sort: state.sort,
    best,
    title: t(lang, `listing.${conf.key}.title`),
    intro: t(lang, `listing.${conf.key}.intro`),
  };
}

export const handle: LanguagesHandle<Route.ComponentProps["loaderData"]> = {
  languages: (d) => ("kind" in d ? catalogPathHandle.languages(d) : { path: d.path }),
};

export const meta: Route.MetaFunction = (args) => {
  const { data, matches } = args;
  if (!data) return [{ title: "BañoDirecto" }];
  if ("kind" in data) return catalogPathMeta(args as unknown as Parameters<typeof catalogPathMeta>[0]);
  const root = rootMeta(matches);
  const page = data.listing.from;
  const base = root.origin + (data.lang === "fr" ? "/fr" : "");
  return seoMeta({
    title: page > 1 ? `${data.title} (${page})` : data.title,
    description: data.intro,
    origin: root.origin,
    lang: data.lang,
    path: page > 1 ? `${data.path}?page=${page}` : data.path,
    noindex: data.listing.from !== data.listing.to,
    jsonLd: [
      itemListJsonLd(
        data.title,
        listingCards(data.listing).map((p) => base + cardPath(p)),
      ),
    ],
  });
};

function CampaignHero({ title, intro, best }: { title: string; intro: string; best: number }) {
  const { t } = useI18n();
  return (
    <header className="relative mt-4 overflow-hidden rounded-2xl bg-ink px-6 py-10 text-white sm:px-12 sm:py-14">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(217,83,30,.45),transparent_55%)]" aria-hidden="true" />
      <div className="relative grid items-center gap-6 md:grid-cols-[1.3fr_1fr]">
        <div>
          <p className="inline-block rounded bg-accent-600 px-3 py-1 text-sm font-bold uppercase tracking-widest">{t("listing.campaign.kicker")}</p>
          <h1 className="mt-4 text-3xl font-black uppercase leading-none tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 max-w-xl text-lg text-slate-200">{intro}</p>
          {best > 0 && <p className="mt-6 text-2xl font-extrabold text-amber-300 sm:text-3xl">{t("listing.campaign.up_to", { pct: best })}</p>}
        </div>
        <Illustration
          name={title.toLowerCase().includes("inodoro") || title.toLowerCase().includes("wc") ? "toilet" : "bathroom"}
          tone="#d9531e"
          className="h-44 w-full sm:h-56"
        />
      </div>
    </header>
  );
}

export default function SpecialListingPage(props: Route.ComponentProps) {
  if ("kind" in props.loaderData) return <CatalogPath {...(props as unknown as Parameters<typeof CatalogPath>[0])} />;
  return <ListingPage d={props.loaderData} />;
}

function ListingPage({ d }: { d: Exclude<Route.ComponentProps["loaderData"], { kind: string }> }) {
  const { t } = useI18n();
  return (
    <div className="container-shop pb-10 pt-4">
      <Breadcrumbs items={[{ label: d.title }]} />
      {d.campaign ? (
        <CampaignHero title={d.title} intro={d.intro} best={d.best} />
      ) : (
        <header className="mt-4 rounded-2xl bg-sand-50 px-6 py-8 sm:px-10">
          <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{d.title}</h1>
          <p className="mt-2 max-w-3xl text-slate-700">{d.intro}</p>
          {d.best > 0 && <p className="mt-3 font-bold text-accent-700">{t("listing.campaign.up_to", { pct: d.best })}</p>}
        </header>
      )}
      {d.listing.total > 0 ? (
        <ListingSection listing={d.listing} sort={d.sort} />
      ) : (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-muted">{t("listing.empty")}</p>
      )}
      <RecentlyViewed />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
