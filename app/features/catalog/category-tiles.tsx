import type { CategoryRef } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";

type Tile = CategoryRef & { illustration: string; product_count?: number };

/**
 * Category tiles with their drawn illustration (home highlights, subcategories of a listing): plain
 * anchors in a `data-nav` list (client-side navigation by app/lib/delegated-links.ts).
 */
export function CategoryTiles({ categories, compact = false }: { categories: Tile[]; compact?: boolean }) {
  const { t, href } = useI18n();
  if (!categories.length) return null;
  return (
    <ul className={compact ? "tiles-compact" : "tiles"} data-nav>
      {categories.map((c) => (
        <li key={c.id} className={compact ? "tile-item-compact" : undefined}>
          <a href={href(c.path)} className="group tile">
            {/* The category's drawn tile (media key c/<slug>, 600x600). */}
            <Picture
              imageKey={`c/${c.slug}`}
              alt=""
              width={600}
              height={600}
              sizes={compact ? "96px" : "(min-width: 1024px) 160px, 30vw"}
              widths={[160, 320, 480]}
              className={compact ? "tile-img-compact" : "tile-img"}
            />
            <span className={compact ? "tile-name-compact" : "tile-name"}>{c.name}</span>
            {c.product_count != null && <span className="text-xs text-muted">{t("catalog.products_count", { count: c.product_count })}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
