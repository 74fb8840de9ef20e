import { Link } from "~/components/link";
import { parseListingState } from "../../../core/catalog-filters.ts";
import { t } from "../../../core/i18n/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { catalogFor } from "~/features/catalog/catalog.server";
import { CategoryTiles } from "~/features/catalog/category-tiles";
import { ListingSection } from "~/features/catalog/listing-section";
import { PAGE_SIZE, loadRange } from "~/features/catalog/listing.server";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog, ctx, lang, url } = await catalogFor(request, context);
  // Whitespace collapsed and length capped: a search box, not a free-text API.
  const q = (url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  const state = parseListingState(url.searchParams);
  const base = { lang, q, sort: state.sort, title: q ? t(lang, "search.title_q", { q }) : t(lang, "page.search.title") };
  if (!q) {
    const home = await catalog.home(ctx);
    return { ...base, listing: null, suggestions: { categories: home.categories, brands: [] as { id: number; slug: string; name: string }[] } };
  }
  const listing = await loadRange(state.page, (page) => catalog.search(ctx, q, { page, sort: state.sort, page_size: PAGE_SIZE }));
  if (listing.total > 0) return { ...base, listing, suggestions: null };
  // No results: what is close to the words (categories, brands), or the shop's highlighted categories.
  const [close, home] = await Promise.all([catalog.suggest(ctx, q), catalog.home(ctx)]);
  const categories = close.categories.length ? home.categories.filter((c) => close.categories.some((x) => x.id === c.id)) : [];
  return { ...base, listing, suggestions: { categories: categories.length ? categories : home.categories, brands: close.brands } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  return seoMeta({ title: data.title, origin: root.origin, lang: data.lang, path: "/buscar", noindex: true });
};

export default function Search({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  return (
    <div className="container-shop pb-12 pt-4">
      <Breadcrumbs items={[{ label: t("page.search.title") }]} />
      <h1 className="mt-3 text-2xl font-extrabold text-brand-900 sm:text-4xl">{d.title}</h1>
      <form method="get" action={href("/buscar")} role="search" className="mt-4 flex max-w-2xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("header.search.label")}
        </label>
        <input id="search-page-q" name="q" type="search" defaultValue={d.q} className="input h-12" placeholder={t("header.search.placeholder")} />
        <button type="submit" className="btn-dark h-12">
          {t("header.search.submit")}
        </button>
      </form>
      {d.listing && d.listing.total > 0 && <ListingSection listing={d.listing} sort={d.sort} />}
      {d.suggestions && (
        <div className="mt-8">
          {d.q && (
            <div className="rounded-2xl bg-sand-50 p-6" role="status">
              <p className="text-lg font-bold text-brand-900">{t("search.none.title", { q: d.q })}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                <li>{t("search.none.tip_spelling")}</li>
                <li>{t("search.none.tip_general")}</li>
                <li>{t("search.none.tip_help")}</li>
              </ul>
            </div>
          )}
          {d.suggestions.brands.length > 0 && (
            <section className="mt-8" aria-labelledby="search-brands">
              <h2 id="search-brands" className="mb-3 text-xl font-bold text-brand-900">
                {t("search.brands")}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {d.suggestions.brands.map((b) => (
                  <li key={b.id}>
                    <Link
                      to={href(`/marcas/${b.slug}`)}
                      className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 font-medium text-brand-900 hover:bg-brand-50"
                    >
                      {b.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="mt-8" aria-labelledby="search-categories">
            <h2 id="search-categories" className="mb-3 text-xl font-bold text-brand-900">
              {t("search.categories")}
            </h2>
            <CategoryTiles categories={d.suggestions.categories} />
          </section>
        </div>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
