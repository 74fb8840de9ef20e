import { Link } from "react-router";
import type { CategoryRef } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";

type Tile = CategoryRef & { illustration: string; product_count?: number };

/** Category tiles with their drawn illustration (home highlights, subcategories of a listing). */
export function CategoryTiles({ categories, compact = false }: { categories: Tile[]; compact?: boolean }) {
  const { t, href } = useI18n();
  if (!categories.length) return null;
  return (
    <ul
      className={
        compact
          ? "-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-4 sm:px-0 lg:grid-cols-6"
          : "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      }
    >
      {categories.map((c) => (
        <li key={c.id} className={compact ? "w-32 shrink-0 sm:w-auto" : undefined}>
          <Link
            to={href(c.path)}
            className="group flex h-full flex-col items-center rounded-xl border border-slate-200 bg-sand-50 p-3 text-center transition-colors hover:border-brand-200 hover:bg-brand-50"
          >
            {/* The category's drawn tile (media key c/<slug>, 600x600). */}
            <Picture
              imageKey={`c/${c.slug}`}
              alt=""
              width={600}
              height={600}
              sizes={compact ? "96px" : "(min-width: 1024px) 160px, 30vw"}
              widths={[160, 320, 480]}
              className={`${compact ? "h-16 w-16 sm:h-20 sm:w-20" : "h-28 w-28 sm:h-32 sm:w-32"} rounded-full object-cover transition-transform group-hover:scale-105`}
            />
            <span className={`mt-2 font-semibold text-brand-900 ${compact ? "text-sm" : "text-base"}`}>{c.name}</span>
            {c.product_count != null && <span className="text-xs text-muted">{t("catalog.products_count", { count: c.product_count })}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
