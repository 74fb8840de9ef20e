import { type ReactNode, useRef, useState } from "react";
import { Link } from "~/components/link";
import type { CardView as Card } from "../../../core/card-view.ts";
import type { BannerDto } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { bannerTheme } from "./banners";
import { Picture } from "./picture";
import { ProductCard } from "./product-card";

function Arrow({ dir }: { dir: "prev" | "next" }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={dir === "prev" ? "m15 18-6-6 6-6" : "m9 18 6-6-6-6"} />
    </svg>
  );
}

/** Scroll a snap track by one slide (or one viewport of cards). */
function scrollTrack(track: HTMLElement | null, dir: 1 | -1, whole = false) {
  if (!track) return;
  const first = track.firstElementChild as HTMLElement | null;
  const step = whole ? track.clientWidth : (first?.offsetWidth ?? track.clientWidth);
  track.scrollBy({ left: dir * step, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

/**
 * The home hero: slides in a scroll-snap track (swipe works without JavaScript), previous/next
 * buttons and one button per slide. It never rotates by itself.
 */
export function HeroSlider({ slides }: { slides: BannerDto[] }) {
  const { t } = useI18n();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (!slides.length) return null;
  const go = (i: number) => {
    const el = track.current?.children[i] as HTMLElement | undefined;
    if (el && track.current) track.current.scrollTo({ left: el.offsetLeft - track.current.offsetLeft, behavior: "smooth" });
  };
  return (
    <section aria-roledescription="carousel" aria-label={t("home.hero.label")} className="relative">
      <ul
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        onScroll={(e) => {
          const el = e.currentTarget;
          setCurrent(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
        }}
      >
        {slides.map((s, i) => {
          const th = bannerTheme(s.theme);
          return (
            <li
              key={s.id}
              className={`relative w-full shrink-0 snap-start overflow-hidden ${th.box}`}
              aria-roledescription="slide"
              aria-label={t("home.hero.slide", { n: i + 1, total: slides.length })}
            >
              {/* The slide's drawn image (1600x600, piece on the right); the first one is the page's LCP. */}
              <div className="relative h-44 sm:h-56 md:absolute md:inset-0 md:h-auto" aria-hidden="true">
                <Picture
                  imageKey={s.illustration}
                  alt=""
                  width={1600}
                  height={600}
                  sizes="(min-width: 1280px) 1216px, 100vw"
                  widths={[640, 960, 1280]}
                  priority={i === 0}
                  className="h-full w-full object-cover object-[72%_50%]"
                />
                <div className={`absolute inset-0 hidden bg-gradient-to-r md:block ${th.veil} to-transparent`} />
              </div>
              <div className="relative flex px-6 pb-7 pt-5 sm:px-12 md:min-h-[24rem] md:items-center md:py-12 lg:min-h-[27rem] lg:px-16">
                <div className="max-w-xl">
                  {i === 0 ? (
                    <h1 className="text-[1.75rem] font-extrabold leading-[1.1] sm:text-4xl lg:text-5xl">{s.title}</h1>
                  ) : (
                    <h2 className="text-[1.75rem] font-extrabold leading-[1.1] sm:text-4xl lg:text-5xl">{s.title}</h2>
                  )}
                  {s.subtitle && <p className="mt-3 text-base opacity-90 sm:text-lg">{s.subtitle}</p>}
                  {/* Slide URLs are stored as site paths with their store prefix: used as they are. */}
                  <Link to={s.url} className={`mt-5 inline-flex min-h-12 items-center rounded-lg px-6 text-base font-bold shadow-sm ${th.cta}`}>
                    {s.cta || t("catalog.banner.cta")}
                  </Link>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {slides.length > 1 && (
        <div className="mt-3 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => go(Math.max(0, current - 1))}
            disabled={current === 0}
            className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-900 hover:bg-brand-50 disabled:opacity-40"
            aria-label={t("home.hero.prev")}
          >
            <Arrow dir="prev" />
          </button>
          <ul className="flex items-center">
            {slides.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => go(i)}
                  className="flex h-11 w-8 items-center justify-center"
                  aria-label={t("home.hero.goto", { n: i + 1, title: s.title })}
                  aria-current={i === current ? "true" : undefined}
                >
                  <span className={`block h-2.5 rounded-full transition-all ${i === current ? "w-6 bg-brand-800" : "w-2.5 bg-slate-400"}`} />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => go(Math.min(slides.length - 1, current + 1))}
            disabled={current === slides.length - 1}
            className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-900 hover:bg-brand-50 disabled:opacity-40"
            aria-label={t("home.hero.next")}
          >
            <Arrow dir="next" />
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * A rail's heading line: its title, its "see all" link and, once the rail has its cards, its own
 * controls (children). The home's rails that load near the viewport (lazy-rail.tsx) show the same
 * line before their cards come, so nothing moves when they do.
 */
export function RailHead({ id, title, more, children }: { id: string; title: string; more?: { to: string; label: string }; children?: ReactNode }) {
  const { href } = useI18n();
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
        {title}
      </h2>
      <div className="flex items-center gap-2">
        {more && (
          <Link to={href(more.to)} className="mr-2 text-sm font-semibold text-brand-700 underline hover:text-brand-900">
            {more.label}
          </Link>
        )}
        {children}
      </div>
    </div>
  );
}

/** A horizontal rail of product cards with a heading, a "see all" link and scroll buttons. */
export function ProductRail({ title, products, more, id }: { title: string; products: Card[]; more?: { to: string; label: string }; id: string }) {
  const { t } = useI18n();
  const track = useRef<HTMLUListElement>(null);
  if (!products.length) return null;
  return (
    <section aria-labelledby={id} className="py-8 sm:py-10">
      <RailHead id={id} title={title} more={more}>
        <button
          type="button"
          className="hidden h-10 w-10 items-center justify-center rounded-full border border-slate-300 hover:bg-brand-50 sm:flex"
          onClick={() => scrollTrack(track.current, -1, true)}
          aria-label={t("catalog.rail.prev", { title })}
        >
          <Arrow dir="prev" />
        </button>
        <button
          type="button"
          className="hidden h-10 w-10 items-center justify-center rounded-full border border-slate-300 hover:bg-brand-50 sm:flex"
          onClick={() => scrollTrack(track.current, 1, true)}
          aria-label={t("catalog.rail.next", { title })}
        >
          <Arrow dir="next" />
        </button>
      </RailHead>
      <ul ref={track} className="-mx-4 flex snap-x gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 sm:mx-0 sm:gap-5 sm:px-0 [scrollbar-width:thin]">
        {products.map((p) => (
          <li key={p.id} className="rail-item">
            <ProductCard product={p} sizes="(min-width: 1280px) 240px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
