import { HydrateLater } from "~/lib/hydrate-later";
import { percentOff } from "../../../core/money.ts";
import { type CardView as Card, cardPath } from "../../../core/card-view.ts";
import { useI18n } from "~/lib/i18n";
import { Picture } from "./picture";
import { formatDecimal } from "../../../core/intl.ts";

// One formatter per locale (core/intl.ts): Number#toLocaleString builds a new one on every call
// (a hot spot of the listing's server render, 24 cards a page).
const ratingText = (n: number, locale: string) => formatDecimal(n, locale, 1);

// The card's look lives in app/app.css (card-*, rating, swatches, badge utilities): a listing
// repeats it 24 times, so each class list is written once in the stylesheet, not in every card.
// Its media box, image, body, brand and title take their look from `card`'s child selectors
// (`.card > div:first-child`, `.card img`, ...): no class attribute repeated per card.
/**
 * The rating as one element: the five stars and the count "(14)" are drawn by CSS from
 * `--r` (the filled share) and `data-n` (generated content, hidden from assistive technology);
 * the sentence a screen reader announces is the only child.
 */
export function Stars({ average, count, compact = false }: { average: number; count: number; compact?: boolean }) {
  const { t, locale } = useI18n();
  if (count <= 0) return null;
  const pct = Math.max(0, Math.min(100, (average / 5) * 100));
  const label = t(count === 1 ? "catalog.rating_one" : "catalog.rating", { rating: ratingText(average, locale), count });
  return (
    <span className="rating" style={{ "--r": `${pct}%` } as React.CSSProperties} data-n={compact ? undefined : count}>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * Colour dots as one element: up to six circles painted by CSS from `--c1`…`--c6` and `--n`, the
 * colour names in its title, "+N" from `data-more`; the sentence is for screen readers.
 */
function Swatches({ colors }: { colors: { name: string; color: string }[] }) {
  const { t } = useI18n();
  const shown = colors.slice(0, 6);
  const style: Record<string, string | number> = { "--n": shown.length };
  shown.forEach((c, i) => {
    style[`--c${i + 1}`] = c.color;
  });
  return (
    <p
      className="swatches"
      style={style as React.CSSProperties}
      title={shown.map((c) => c.name).join(", ")}
      data-more={colors.length > 6 ? colors.length - 6 : undefined}
    >
      <span className="sr-only">{t("catalog.colors", { count: colors.length })}</span>
    </p>
  );
}

export function PriceBlock({ prices, size = "md" }: { prices: Card["prices"]; size?: "md" | "lg" }) {
  const { t, price } = useI18n();
  const off = prices.pvp_original && prices.pvp_original > prices.pvp_web ? percentOff(prices.pvp_original, prices.pvp_web) : 0;
  return (
    <div className="price">
      <span className={size === "lg" ? `text-2xl font-extrabold ${off ? "text-accent-700" : "text-ink"}` : off ? "price-now-off" : "price-now"}>
        <span className="sr-only">{`${t("catalog.price")}: `}</span>
        {price(prices.pvp_web)}
      </span>
      {off > 0 && prices.pvp_original != null && (
        <>
          <s className="text-sm text-muted">
            <span className="sr-only">{`${t("catalog.price_before")}: `}</span>
            {price(prices.pvp_original)}
          </s>
          <span className="price-off">{`-${off}%`}</span>
        </>
      )}
      {prices.pvp_professional != null && <span className="price-pro">{`${t("catalog.professional_price")}: ${price(prices.pvp_professional)}`}</span>}
    </div>
  );
}

/**
 * No width/height on the card's image: its box is the media box's square (`.card > div:first-child`,
 * aspect-square) and the image fills it (object-contain), so the layout is reserved by the CSS.
 * The srcset starts at 320: a card's slot is never under 160 CSS px on the layouts of
 * CARD_SIZES (the smallest, 50vw, is 160 px only below a 320 px wide screen).
 */
const CARD_WIDTHS = [320, 480, 640] as const;
const CARD_SIZES = "(min-width:1280px) 280px,(min-width:1024px) 25vw,(min-width:640px) 33vw,50vw";

/**
 * A product in a grid or slider: image, brand, name, price (struck original and % off),
 * badges, colour dots, rating and stock. The whole card is one link (one tab stop): a plain
 * anchor that the root layout's click handler turns into a client-side navigation
 * (`card-link`), so a listing renders no router component per card.
 */
type CardProps = { product: Card; priority?: boolean; onOpen?: (p: Card) => void; sizes?: string };

/** A product's card; each card of a page is hydrated in a task of its own (app/lib/hydrate-later.tsx). */
export function ProductCard(props: CardProps) {
  return (
    <HydrateLater>
      <CardBody {...props} />
    </HydrateLater>
  );
}

function CardBody({ product, priority = false, onOpen, sizes }: CardProps) {
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
  const out = p.stock != null && p.stock <= 0;
  const img = p.image as (Card["image"] & { altSuffix?: string }) | null;
  return (
    <article className="card">
      <div>
        {img ? (
          <Picture
            imageKey={img.key}
            alt={img.alt || (img.altSuffix ? `${p.name} - ${img.altSuffix}` : p.name)}
            sizes={sizes ?? CARD_SIZES}
            widths={CARD_WIDTHS}
            priority={priority}
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
        {out && <span className="card-out">{t("catalog.out_of_stock")}</span>}
      </div>
      <div>
        {p.brand && <p>{p.brand.name}</p>}
        <h3>
          <a href={href(cardPath(p))} className="card-link" onClick={onOpen ? () => onOpen(p) : undefined}>
            {p.name}
          </a>
        </h3>
        {p.rating && <Stars average={p.rating.average} count={p.rating.count} />}
        {p.colors && p.colors.length > 1 && <Swatches colors={p.colors} />}
        <div>
          {(p.variant_count ?? 1) > 1 && <span>{`${t("catalog.from")} `}</span>}
          <PriceBlock prices={p.prices} />
        </div>
      </div>
    </article>
  );
}
