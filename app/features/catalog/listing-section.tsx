import type { ListingSort } from "../../../core/catalog-filters.ts";
import { useI18n } from "~/lib/i18n";
import { SortSelect } from "./filters";
import type { ListingPage } from "./listing";
import { ProductGrid } from "./product-grid";

/** Sortable, paginated products without filters (brands, special listings, search results). */
export function ListingSection({ listing, sort, sorts }: { listing: ListingPage; sort: ListingSort; sorts?: readonly ListingSort[] }) {
  const { t } = useI18n();
  return (
    <section aria-label={t("catalog.products")} className="mt-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t("catalog.products_count", { count: listing.total })}</p>
        <SortSelect selected={{ options: [], ranges: {} }} sort={sort} sorts={sorts} />
      </div>
      <ProductGrid listing={listing} />
    </section>
  );
}
