import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";
import { STORAGE_KEYS, useStorage } from "~/lib/local-store";
import type { RecentCard } from "./listing";
import { Picture } from "./picture";

/**
 * The shopper's recently viewed products (newest first), read from localStorage on the client:
 * nothing is rendered on the server, so it never shifts the page above it (it sits at the end).
 * The product page writes the list; entries may be small cards or bare ids (ids are skipped).
 */
export function RecentlyViewed({ exclude }: { exclude?: number }) {
  const { t, href, price } = useI18n();
  const raw = useStorage<unknown[]>(STORAGE_KEYS.recentlyViewed, []);
  const items = (Array.isArray(raw) ? raw : []).filter(
    (x): x is RecentCard => !!x && typeof x === "object" && typeof (x as RecentCard).path === "string" && (x as RecentCard).id !== exclude,
  );
  if (!items.length) return null;
  return (
    <section aria-labelledby="recently-viewed" className="py-8">
      <h2 id="recently-viewed" className="mb-4 text-xl font-extrabold text-brand-900 sm:text-2xl">
        {t("catalog.recent.title")}
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {items.slice(0, 12).map((p) => (
          <li key={p.id} className="w-36 shrink-0 snap-start sm:w-44">
            <Link to={href(p.path)} className="block rounded-xl border border-slate-200 bg-white p-2 hover:shadow-md">
              <div className="aspect-square overflow-hidden rounded-lg bg-sand-50">
                {p.image && (
                  <Picture imageKey={p.image} alt="" width={480} height={480} sizes="176px" widths={[160, 320, 480]} className="h-full w-full object-contain" />
                )}
              </div>
              <span className="mt-2 line-clamp-2 text-sm font-medium text-ink">{p.name}</span>
              <span className="text-sm font-bold text-ink">{price(p.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
