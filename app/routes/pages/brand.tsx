import { Link } from "~/components/link";
import { parseListingState } from "../../../core/catalog-filters.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BannerRow } from "~/features/catalog/banners";
import { BrandImage } from "~/features/catalog/brand-tiles";
import { catalogFor } from "~/features/catalog/catalog.server";
import { ListingSection } from "~/features/catalog/listing-section";
import { PAGE_SIZE, loadRange } from "~/features/catalog/listing.server";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { breadcrumbJsonLd, seoMeta } from "~/lib/seo";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/brand";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { catalog, ctx, lang, url } = await catalogFor(request, context);
  if (!/^[\w-]{1,200}$/.test(params.slug)) throw notFound();
  const brand = await catalog.brandBySlug(ctx, params.slug);
  if (!brand) throw notFound();
  const state = parseListingState(url.searchParams);
  const listing = await loadRange(state.page, (page) => catalog.brandProducts(ctx, brand.id, { page, sort: state.sort, page_size: PAGE_SIZE }));
  return { brand, listing, sort: state.sort, lang };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const b = data.brand;
  const base = root.origin + (data.lang === "fr" ? "/fr" : "");
  const page = data.listing.from;
  const description = b.description.replace(/<[^>]+>/g, "").slice(0, 160);
  return seoMeta({
    title: page > 1 ? `${b.name} (${page})` : b.name,
    description,
    origin: root.origin,
    lang: data.lang,
    path: page > 1 ? `${b.path}?page=${page}` : b.path,
    noindex: data.listing.from !== data.listing.to,
    jsonLd: [
      breadcrumbJsonLd([
        { name: "BañoDirecto", url: `${base}/` },
        { name: data.lang === "fr" ? "Marques" : "Marcas", url: `${base}/marcas` },
        { name: b.name, url: base + b.path },
      ]),
      { "@context": "https://schema.org", "@type": "Brand", name: b.name, url: base + b.path, description },
    ],
  });
};

export default function BrandPage({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const b = d.brand;
  return (
    <div className="container-shop pb-12 pt-4">
      <Breadcrumbs items={[{ label: t("page.brands.title"), to: href("/marcas") }, { label: b.name }]} />
      <header className="relative mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-sand-50 p-6 sm:p-10">
        <div className="absolute inset-y-0 right-0 w-2" style={{ background: b.color }} aria-hidden="true" />
        <BrandImage slug={b.slug} name={b.name} className="h-20 w-auto rounded-lg bg-white" />
        <h1 className="mt-5 text-3xl font-extrabold text-brand-900 sm:text-4xl">{b.name}</h1>
        {b.country && <p className="mt-1 text-sm text-muted">{t("catalog.brand.country", { country: b.country })}</p>}
        {/* Editorial text of the brand (written by the shop). */}
        <div className="prose-shop mt-3 max-w-3xl" dangerouslySetInnerHTML={{ __html: b.description }} />
      </header>
      {b.banners.length > 0 && (
        <div className="mt-6">
          <BannerRow banners={b.banners} />
        </div>
      )}
      {(b.categories.length > 0 || b.collections.length > 0) && (
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          {b.categories.length > 0 && (
            <section aria-labelledby="brand-categories">
              <h2 id="brand-categories" className="mb-3 text-xl font-bold text-brand-900">
                {t("catalog.brand.categories")}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {b.categories.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={href(c.path)}
                      className="inline-flex min-h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-brand-900 hover:border-brand-600 hover:bg-brand-50"
                    >
                      {c.name} <span className="text-xs text-muted">{c.product_count}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {b.collections.length > 0 && (
            <section aria-labelledby="brand-collections">
              <h2 id="brand-collections" className="mb-3 text-xl font-bold text-brand-900">
                {t("catalog.brand.collections")}
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {b.collections.map((c) => (
                  <li key={c.id} className="rounded-xl border border-slate-200 p-4">
                    <p className="font-semibold text-brand-900">{c.name}</p>
                    <p className="mt-1 line-clamp-2 text-sm text-muted">{c.description.replace(/<[^>]+>/g, "")}</p>
                    <p className="mt-1 text-xs text-muted">{t("catalog.products_count", { count: c.product_count })}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
      <h2 className="mt-10 text-2xl font-extrabold text-brand-900">{t("catalog.brand.all_products", { brand: b.name })}</h2>
      <ListingSection listing={d.listing} sort={d.sort} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
