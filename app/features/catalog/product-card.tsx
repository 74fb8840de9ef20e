import { Link } from "react-router";
import { percentOff } from "../../../core/money.ts";
import type { CardView as Card } from "../../../core/card-view.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";

export function Stars({ average, count, compact = false }: { average: number; count: number; compact?: boolean }) {
  const { t, locale } = useI18n();
  if (count <= 0) return null;
  const pct = Math.max(0, Math.min(100, (average / 5) * 100));
  const label = t(count === 1 ? "catalog.rating_one" : "catalog.rating", { rating: average.toLocaleString(locale, { maximumFractionDigits: 1 }), count });
  return (
    <span className="flex items-center gap-1 text-xs text-muted">
      <span className="relative inline-block text-[13px] leading-none tracking-[1px] text-slate-300" aria-hidden="true">
        ★★★★★
        <span className="absolute inset-0 overflow-hidden text-amber-500" style={{ width: `${pct}%` }}>
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
  if (p.is_novelty) badges.push({ label: t("catalog.badge.novelty"), className: "bg-brand-700 text-white" });
  if (p.is_settlement) badges.push({ label: t("catalog.badge.settlement"), className: "bg-amber-300 text-ink" });
  else if (p.is_offer) badges.push({ label: t("catalog.badge.offer"), className: "bg-accent-600 text-white" });
  // Professionals see their discount (the price block shows their price); other shoppers are not told about it.
  const discountBp = p.prices.professional_discount_bp ?? 0;
  if (p.prices.pvp_professional != null && discountBp > 0) {
    badges.push({
      label: t("catalog.badge.professional", { pct: Math.round(discountBp / 100) }),
      className: "bg-sand-100 text-brand-900 ring-1 ring-sand-200",
    });
  }
  const out = p.stock <= 0;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-shadow hover:shadow-lg focus-within:shadow-lg"
      data-product-id={p.id}
    >
      <div className="relative aspect-square overflow-hidden bg-sand-50">
        {p.image ? (
          <Picture
            imageKey={p.image.key}
            alt={p.image.alt || p.name}
            width={p.image.width}
            height={p.image.height}
            sizes={sizes ?? "(min-width: 1280px) 280px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"}
            priority={priority}
            className="h-full w-full object-contain p-3 transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="h-full w-full" />
        )}
        {badges.length > 0 && (
          <ul className="absolute left-2 top-2 flex flex-col items-start gap-1">
            {badges.map((b) => (
              <li key={b.label} className={`rounded-md px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide ${b.className}`}>
                {b.label}
              </li>
            ))}
          </ul>
        )}
        {out && <span className="absolute inset-x-0 bottom-0 bg-ink/80 py-1 text-center text-xs font-semibold text-white">{t("catalog.out_of_stock")}</span>}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {p.brand && <p className="text-xs font-semibold uppercase tracking-wider text-muted">{p.brand.name}</p>}
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-ink sm:text-[15px]">
          <Link to={href(p.path)} className="after:absolute after:inset-0 focus:outline-none" onClick={() => onOpen?.(p)} prefetch="none">
            {p.name}
          </Link>
        </h3>
        {p.rating && <Stars average={p.rating.average} count={p.rating.count} />}
        {p.colors && p.colors.length > 1 && (
          <p className="flex items-center gap-1">
            <span className="sr-only">{t("catalog.colors", { count: p.colors.length })}</span>
            {p.colors.slice(0, 6).map((c) => (
              <span key={c.name} title={c.name} aria-hidden="true" className="h-3.5 w-3.5 rounded-full ring-1 ring-slate-300" style={{ background: c.color }} />
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
