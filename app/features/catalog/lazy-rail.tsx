import { useEffect, useRef, useState } from "react";
import { type CardView, cardView } from "../../../core/card-view.ts";
import type { ProductCard } from "../../../core/catalog.types.ts";
import { useI18n } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { ProductRail, RailHead } from "./sliders";

/** How far below the viewport a rail starts loading: about two phone screens ahead of the shopper. */
const NEAR = "0px 0px 1200px 0px";

type Props = { id: string; title: string; listing: "offers" | "novelties"; more: { to: string; label: string } };

/**
 * A rail of the home page below the fold (offers, novelties) loaded when it comes near the
 * viewport, not written into the document (docs/decisions/027): its twelve cards would be the
 * page's HTML twice over (markup and hydration data) for shoppers who may never scroll there.
 * Until then it is its heading, its "see all" link and the room the cards will take; without
 * JavaScript the room holds a link to the full listing. The cards come from the catalog API
 * (`weblist_products`, the same listing the page's loader read), in the store, language and
 * customer type of the page.
 */
export function LazyRail({ id, title, listing, more }: Props) {
  const { lang, href } = useI18n();
  const root = useRootData();
  const store = root.store.sourceCode;
  const professional = root.user?.professional ?? false;
  const room = useRef<HTMLElement>(null);
  const [cards, setCards] = useState<CardView[] | null>(null);
  useEffect(() => {
    const el = room.current;
    if (!el) return;
    let started = false;
    let io: IntersectionObserver | null = null;
    const load = () => {
      if (started) return;
      started = true;
      io?.disconnect();
      const q = new URLSearchParams({ store, language: lang, listing, page_size: "12" });
      if (professional) q.set("user_type", "professional");
      fetch(`/api/catalog/v1/products/weblist_products/?${q}`, { headers: { accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ results: ProductCard[] }>) : Promise.reject(new Error(`${r.status}`))))
        .then(
          (page) => setCards(page.results.map(cardView)),
          () => undefined, // offline or refused: the heading's link still leads to the listing
        );
    };
    if (typeof IntersectionObserver === "function") {
      io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: NEAR });
      io.observe(el);
    } else load();
    return () => io?.disconnect();
  }, [store, lang, listing, professional]);

  if (cards) return <ProductRail id={id} title={title} products={cards} more={more} />;
  return (
    <section ref={room} aria-labelledby={id} className="py-8 sm:py-10">
      <RailHead id={id} title={title} more={more} />
      <div className="rail-room">
        <noscript>
          <a href={href(more.to)} className="btn-secondary">
            {more.label}
          </a>
        </noscript>
      </div>
    </section>
  );
}
