import { HydrateLater } from "~/lib/hydrate-later";
import { Link } from "~/components/link";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BannerRow } from "~/features/catalog/banners";
import { CategoryTiles } from "~/features/catalog/category-tiles";
import { FiltersPanel, SelectedChips, SortSelect } from "~/features/catalog/filters";
import { listingCards } from "~/features/catalog/listing";
import { ProductGrid } from "~/features/catalog/product-grid";
import { RecentlyViewed } from "~/features/catalog/recently-viewed";
import { useI18n } from "~/lib/i18n";
import { unpack } from "~/lib/packed";
import type { Route } from "./+types/catalog-path";

/*
 * The category listing of the catch-all route (catalog-path.tsx), in its own chunk as the product
 * page is: a product page does not download the listing's code (filters, grid), nor a category
 * page the configurator's (docs/decisions/026).
 */

export type CategoryData = Extract<Route.ComponentProps["loaderData"], { kind: "category" }>;

export function CategoryPage({ d }: { d: CategoryData }) {
  const { t, href } = useI18n();
  const c = d.category;
  const ctx = { selected: d.selected, sort: d.sort, categoryId: c.id };
  const filters = unpack(d.filters);
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
        {/* The filters are hydrated in a task of their own (app/lib/hydrate-later.tsx). */}
        <HydrateLater>
          <aside aria-label={t("catalog.filters.title")} className="lg:sticky lg:top-36 lg:max-h-[calc(100vh-10rem)] lg:self-start lg:overflow-y-auto lg:pr-2">
            <div className="grid grid-cols-2 gap-2 lg:block">
              <FiltersPanel filters={filters} total={d.listing.total} {...ctx} />
              <div className="lg:hidden">
                <SortSelect {...ctx} id="sort-m" />
              </div>
            </div>
          </aside>
        </HydrateLater>
        <div>
          <HydrateLater>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <SelectedChips filters={filters} {...ctx} />
              <div className="ml-auto hidden lg:block">
                <SortSelect {...ctx} />
              </div>
            </div>
          </HydrateLater>
          {listingCards(d.listing).length > 0 ? (
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
