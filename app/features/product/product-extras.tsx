import { useEffect } from "react";
import type { CardView } from "../../../core/card-view.ts";
import type { ProductDetail, TechnicalDatum } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { type RecentlyViewedItem, rememberViewed } from "~/lib/local-store";
import { ProductCard as CatalogCard } from "~/features/catalog/product-card";
import { RecentlyViewed as RecentStrip } from "~/features/catalog/recently-viewed";
import { formatDecimal } from "../../../core/intl.ts";

/**
 * Wishlist heart: a guest's favourites stay in localStorage, a signed-in customer's on the server
 * (features/accounts/favourites.tsx); the header counter follows the same list.
 */
export { FavouriteButton as WishlistButton } from "~/features/accounts/favourites";

export function Stars({ average, count }: { average: number; count: number }) {
  const { t, locale } = useI18n();
  if (!count) return <p className="text-sm text-muted">{t("product.rating.none")}</p>;
  const pct = Math.max(0, Math.min(100, (average / 5) * 100));
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="relative inline-block text-lg leading-none tracking-wider" aria-hidden="true">
        <span className="text-slate-300">★★★★★</span>
        <span className="absolute inset-0 overflow-hidden text-amber-500" style={{ width: `${pct}%` }}>
          ★★★★★
        </span>
      </span>
      <span>
        {t(count === 1 ? "product.rating.summary_one" : "product.rating.summary", {
          average: formatDecimal(average, locale, 1),
          count,
        })}
      </span>
    </p>
  );
}

export function TechnicalData({ rows }: { rows: TechnicalDatum[] }) {
  const { t } = useI18n();
  if (!rows.length) return null;
  return (
    <section aria-labelledby="tech-title" className="mt-10">
      <h2 id="tech-title" className="text-xl font-bold text-brand-900">
        {t("product.technical.title")}
      </h2>
      {/* Row and cell styles are set once on the table (`tech-table`, app/app.css). */}
      <table className="tech-table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Files({ files }: { files: ProductDetail["files"] }) {
  const { t } = useI18n();
  if (!files.length) return null;
  return (
    <section aria-labelledby="files-title" className="mt-10">
      <h2 id="files-title" className="text-xl font-bold text-brand-900">
        {t("product.files.title")}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {files.map((f) => (
          <li key={f.id}>
            <a href={f.url} download className="flex items-center gap-3 rounded-lg border border-sand-200 p-3 text-sm hover:border-brand-500 hover:bg-brand-50">
              <span className="rounded bg-danger px-1.5 py-0.5 text-[11px] font-bold text-white" aria-hidden="true">
                PDF
              </span>
              <span>
                <span className="block font-semibold text-ink">{t(`product.files.type.${f.file_type}`)}</span>
                <span className="block text-xs text-muted">{f.name}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Related({ products }: { products: CardView[] }) {
  const { t } = useI18n();
  if (!products.length) return null;
  return (
    <section aria-labelledby="related-title" className="mt-12">
      <h2 id="related-title" className="text-xl font-bold text-brand-900 sm:text-2xl">
        {t("product.related.title")}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {products.slice(0, 8).map((p) => (
          <li key={p.id}>
            <CatalogCard product={p} sizes="(min-width: 1024px) 300px, 45vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Remembers this product (newest first) and shows the others seen before. */
export function RecentlyViewed({ current }: { current: RecentlyViewedItem }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one entry per product view
  useEffect(() => rememberViewed(current), [current.id]);
  return <RecentStrip exclude={current.id} />;
}
