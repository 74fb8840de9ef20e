import { Link } from "react-router";
import { percentOff } from "../../../core/money.ts";
import type { CardView as Card } from "../../../core/card-view.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";

// One formatter per locale: Number#toLocaleString builds a new one on every call (a hot spot
// of the listing's server render, 24 cards a page).
const ratingFormats = new Map<string, Intl.NumberFormat>();
const ratingText = (n: number, locale: string) => {
  let f = ratingFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    ratingFormats.set(locale, f);
  }
  return f.format(n);
};

// The card's look lives in app/app.css (card-*, stars, swatch, badge utilities): a listing
// repeats it 24 times, so each class list is written once in the stylesheet, not in every card.
export function Stars({ average, count, compact = false }: { average: number; count: number; compact?: boolean }) {
  const { t, locale } = useI18n();
  if (count <= 0) return null;
  const pct = Math.max(0, Math.min(100, (average / 5) * 100));
  const label = t(count === 1 ? "catalog.rating_one" : "catalog.rating", { rating: ratingText(average, locale), count });
  return (
    <span className="flex items-center gap-1 text-xs text-muted">
      <span className="stars" aria-hidden="true">
        ★★★★★
        <span className="stars-fill" style={{ width: `${pct}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="sr-only">{label}</span>
      {!compact && <span aria-hidden="true">({count})</span>}
    </span>
  );
}

export function PriceBlock({ prices, size = "md" }: { prices: Card["prices"]; size?: "md" | "lg" }) {
  const { t, price } = useI18n();
  const off = prices.pvp_original && prices.pvp_original > prices.pvp_web ? percentOff(prices.pvp_original, prices.pvp_web) : 0;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span className={`${size === "lg" ? "text-2xl" : "text-lg"} font-extrabold ${off ? "text-accent-700" : "text-ink"}`}>
        <span className="sr-only">{t("catalog.price")}: </span>
        {price(prices.pvp_web)}
      </span>
      {off > 0 && prices.pvp_original != null && (
        <>
          <s className="text-sm text-muted">
            <span className="sr-only">{t("catalog.price_before")}: </span>
            {price(prices.pvp_original)}
          </s>
          <span className="rounded bg-accent-600 px-1.5 py-0.5 text-xs font-bold text-white">-{off}%</span>
        </>
      )}
      {prices.pvp_professional != null && (
        <span className="basis-full text-sm font-semibold text-brand-700">
          {t("catalog.professional_price")}: {price(prices.pvp_professional)}
        </span>
      )}
    </div>
  );
}

/**
 * A product in a grid or slider: image, brand, name, price (struck original and % off),
 * badges, colour dots, rating and stock. The whole card is one link (one tab stop).
 */
export function ProductCard({ product, priority = false, onOpen, sizes }: { product: Card; priority?: boolean; onOpen?: (p: Card) => void; sizes?: string }) {
  const { t, href } = useI18n();
  const p = product;
  const badges: { label: string; className: string }[] = [];
  if (p.is_novelty) badges.push({ label: t("catalog.badge.novelty"), className: "badge-novelty" });
  if (p.is_settlement) badges.push({ label: t("catalog.badge.settlement"), className: "badge-settlement" });
  else if (p.is_offer) badges.push({ label: t("catalog.badge.offer"), className: "badge-offer" });
  // Professionals see their discount (the price block shows their price); other shoppers are not told about it.
  const discountBp = p.prices.professional_discount_bp ?? 0;
  if (p.prices.pvp_professional != null && discountBp > 0) {
    badges.push({
      label: t("catalog.badge.professional", { pct: Math.round(discountBp / 100) }),
      className: "badge-pro",
    });
  }
  const out = p.stock <= 0;
  return (
    <article className="group card" data-product-id={p.id}>
      <div className="card-media">
        {p.image ? (
          <Picture
            imageKey={p.image.key}
            alt={p.image.alt || p.name}
            width={p.image.width}
            height={p.image.height}
            sizes={sizes ?? "(min-width: 1280px) 280px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"}
            priority={priority}
            className="card-img"
          />
        ) : (
          <div className="h-full w-full" />
        )}
        {badges.length > 0 && (
          <ul className="card-badges">
            {badges.map((b) => (
              <li key={b.label} className={`badge ${b.className}`}>
                {b.label}
              </li>
            ))}
          </ul>
        )}
        {out && <span className="absolute inset-x-0 bottom-0 bg-ink/80 py-1 text-center text-xs font-semibold text-white">{t("catalog.out_of_stock")}</span>}
      </div>
      <div className="card-body">
        {p.brand && <p className="card-brand">{p.brand.name}</p>}
        <h3 className="card-title">
          <Link to={href(p.path)} className="card-link" onClick={() => onOpen?.(p)} prefetch="none">
            {p.name}
          </Link>
        </h3>
        {p.rating && <Stars average={p.rating.average} count={p.rating.count} />}
        {p.colors && p.colors.length > 1 && (
          <p className="flex items-center gap-1">
            <span className="sr-only">{t("catalog.colors", { count: p.colors.length })}</span>
            {p.colors.slice(0, 6).map((c) => (
              <span key={c.name} title={c.name} aria-hidden="true" className="swatch" style={{ background: c.color }} />
            ))}
            {p.colors.length > 6 && <span className="text-xs text-muted">+{p.colors.length - 6}</span>}
          </p>
        )}
        <div className="mt-auto pt-1">
          {(p.variant_count ?? 1) > 1 && <span className="text-xs text-muted">{t("catalog.from")} </span>}
          <PriceBlock prices={p.prices} />
        </div>
      </div>
    </article>
  );
}
