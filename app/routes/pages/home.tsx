import { Link } from "~/components/link";
import { AwaitInPlace } from "~/lib/await-in-place";
import { cardView } from "../../../core/card-view.ts";
import { t } from "../../../core/i18n/index.ts";
import { ICONS, Icon } from "~/components/header";
import { BannerRow } from "~/features/catalog/banners";
import { BrandStrip } from "~/features/catalog/brand-tiles";
import { catalogFor } from "~/features/catalog/catalog.server";
import { CategoryTiles } from "~/features/catalog/category-tiles";
import { Illustration } from "~/features/catalog/illustration";
import { LazyRail } from "~/features/catalog/lazy-rail";
import { RecentlyViewed } from "~/features/catalog/recently-viewed";
import { HeroSlider, ProductRail } from "~/features/catalog/sliders";
import { HydrateLater } from "~/lib/hydrate-later";
import { useI18n } from "~/lib/i18n";
import { deferred } from "~/lib/deferred";
import { rootMeta, useRootData } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

/**
 * What is above the fold (slider, categories, highlighted products, banners) is awaited; the
 * brands further down are deferred (lib/deferred: in place when their query answers within a few
 * milliseconds, streamed after the page otherwise: the first bytes wait for it that long at
 * most); the offers and novelties rails load when the shopper comes near them (LazyRail,
 * docs/decisions/027). Cards carry only what they show.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog, ctx, lang } = await catalogFor(request, context);
  const brands = deferred(catalog.highlightSuppliers(ctx).then((list) => list.map(({ id, slug, path, name }) => ({ id, slug, path, name }))));
  const [sliders, banners, categories, products, seo] = await Promise.all([
    catalog.homeSliders(ctx),
    catalog.homeBanners(ctx),
    catalog.highlightCategories(ctx),
    catalog.highlightProducts(ctx),
    catalog.seoTexts(ctx, "home"),
    brands.ready,
  ]);
  const home = { sliders, banners, categories, products: products.map(cardView), seo_text: seo[0] ? { title: seo[0].title, body: seo[0].body } : null };
  return { home, brands: brands.settled(), lang, title: t(lang, "page.home.title"), description: t(lang, "page.home.intro") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const search = `${root.origin}${data.lang === "fr" ? "/fr" : ""}/buscar?q={search_term_string}`;
  return seoMeta({
    title: data.title,
    description: data.description,
    origin: root.origin,
    lang: data.lang,
    path: "/",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: "BañoDirecto",
        url: `${root.origin}${data.lang === "fr" ? "/fr" : "/"}`,
        potentialAction: { "@type": "SearchAction", target: search, "query-input": "required name=search_term_string" },
      },
      { "@context": "https://schema.org", "@type": "Organization", name: "BañoDirecto", url: root.origin, logo: `${root.origin}/favicon.svg` },
    ],
  });
};

function TrustBar() {
  const { t } = useI18n();
  const root = useRootData();
  const items = [
    { icon: ICONS.truck, title: t("home.trust.shipping"), text: t("home.trust.shipping_text") },
    root.store.features.installationService
      ? { icon: ICONS.tool, title: t("home.trust.installation"), text: t("home.trust.installation_text") }
      : { icon: ICONS.phone, title: t("home.trust.advice"), text: t("home.trust.advice_text") },
    { icon: ICONS.undo, title: t("home.trust.returns"), text: t("home.trust.returns_text") },
    { icon: "M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z", title: t("home.trust.warranty"), text: t("home.trust.warranty_text") },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 py-6 lg:grid-cols-4">
      {items.map((i) => (
        <li key={i.title} className="flex items-start gap-3 rounded-xl bg-sand-50 p-3 sm:p-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-sand-200">
            <Icon d={i.icon} className="h-5 w-5" />
          </span>
          <span>
            <span className="block text-sm font-bold text-brand-900">{i.title}</span>
            <span className="block text-xs text-muted sm:text-sm">{i.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Inspiration() {
  const { t, href } = useI18n();
  return (
    <section
      aria-labelledby="home-inspiration"
      className="my-8 grid items-center gap-6 overflow-hidden rounded-2xl bg-brand-900 p-6 text-white sm:p-10 md:grid-cols-2"
    >
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-200">{t("home.inspiration.kicker")}</p>
        <h2 id="home-inspiration" className="mt-2 text-2xl font-extrabold sm:text-3xl">
          {t("home.inspiration.title")}
        </h2>
        <p className="mt-3 text-brand-100">{t("home.inspiration.text")}</p>
        <Link to={href("/espacios")} className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-white px-5 font-bold text-brand-900 hover:bg-brand-50">
          {t("home.inspiration.cta")}
        </Link>
      </div>
      <Illustration name="bathroom" tone="#d5e9f0" className="h-48 w-full sm:h-60" />
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const h = loaderData.home;
  return (
    <div className="container-shop pb-10 pt-4 sm:pt-6">
      {h.sliders.length > 0 ? (
        <HydrateLater>
          <HeroSlider slides={h.sliders} />
        </HydrateLater>
      ) : (
        <h1 className="py-8 text-3xl font-extrabold text-brand-900">{loaderData.title}</h1>
      )}
      <HydrateLater>
        <TrustBar />
      </HydrateLater>
      {h.categories.length > 0 && (
        <HydrateLater>
          <section aria-labelledby="home-categories" className="py-6">
            <h2 id="home-categories" className="mb-4 text-2xl font-extrabold text-brand-900 sm:text-3xl">
              {t("home.categories.title")}
            </h2>
            <CategoryTiles categories={h.categories} />
          </section>
        </HydrateLater>
      )}
      <ProductRail id="home-highlighted" title={t("home.highlighted.title")} products={h.products} />
      {h.banners.length > 0 && (
        <HydrateLater>
          <section aria-label={t("home.banners.label")} className="py-4">
            <BannerRow banners={h.banners} />
          </section>
        </HydrateLater>
      )}
      <LazyRail id="home-offers" listing="offers" title={t("home.offers.title")} more={{ to: "/ofertas", label: t("home.offers.all") }} />
      <LazyRail id="home-novelties" listing="novelties" title={t("home.novelties.title")} more={{ to: "/novedades", label: t("home.novelties.all") }} />
      <HydrateLater>
        <Inspiration />
      </HydrateLater>
      <AwaitInPlace resolve={loaderData.brands} fallback={null} errorElement={null}>
        {(brands) => <BrandStrip brands={brands} />}
      </AwaitInPlace>
      <RecentlyViewed />
      {h.seo_text && (
        <section aria-labelledby="home-seo" className="mt-6 border-t border-slate-200 pt-8">
          <h2 id="home-seo" className="text-xl font-bold text-brand-900">
            {h.seo_text.title}
          </h2>
          {/* Editorial HTML from the catalog's SEO texts (written by the shop, not by visitors). */}
          <div className="prose-shop mt-3 max-w-4xl columns-1 gap-10 text-sm lg:columns-2" dangerouslySetInnerHTML={{ __html: h.seo_text.body }} />
        </section>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
