import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import { useFormResult } from "./form-parts";
import { REVIEW_MAX } from "./limits";
import { REVIEW_SORT_KEYS, type ReviewDto, type ReviewSort, type ReviewsPage } from "../../../core/product-page.types.ts";
import { useI18n } from "~/lib/i18n";
import type { ProductActionData } from "./product-actions.server";
import { dateFormat, formatDecimal } from "../../../core/intl.ts";

/** Five stars filled to a rating; the number is read out, the glyphs are decoration. */
export function StarRow({ rating, size = "text-base" }: { rating: number; size?: string }) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className={`star-row ${size}`} aria-hidden="true">
      <span>★★★★★</span>
      <span style={{ width: `${pct}%` }}>★★★★★</span>
    </span>
  );
}

const decimal = (n: number, locale: string) => formatDecimal(n, locale, 1, 1);

/**
 * The product's reviews (spec 3, 7): the average, the count per star, the reviews a page at a
 * time, newest or by rating. Pages and orders are links (?opiniones=2&orden=...) that work
 * without JavaScript; with it, the next page comes from the API without reloading the product.
 * Texts are the customers' own: rendered as text, never as HTML.
 */
export function Reviews({
  productId,
  initial,
  reviewer,
  path,
}: {
  productId: number;
  initial: ReviewsPage;
  reviewer: { signedIn: boolean; canReview: boolean; reviewed: boolean };
  path: string;
}) {
  const { t, lang, locale, href } = useI18n();
  const [page, setPage] = useState(initial);
  const [loading, setLoading] = useState(false);
  const listRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const sortId = useId();
  // A new page from the loader (another ?opiniones= or a new review) replaces the one shown; a mere
  // revalidation (a wishlist or cart action elsewhere on the page) must not send the shopper back to page 1.
  const initialKey = `${initial.page}|${initial.sort}|${initial.total}|${initial.stats.average}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by what the loader's page says, not by its identity
  useEffect(() => setPage(initial), [initialKey]);
  useEffect(() => {
    if (moved.current && !loading) listRef.current?.focus();
  }, [loading]);
  const { stats } = page;
  const link = (p: number, sort: ReviewSort) => {
    const q = new URLSearchParams();
    if (p > 1) q.set("opiniones", String(p));
    if (sort !== "newest") q.set("orden", sort);
    const s = q.toString();
    return `${href(path)}${s ? `?${s}` : ""}#opiniones`;
  };

  async function load(p: number, sort: ReviewSort, e?: React.MouseEvent) {
    e?.preventDefault();
    moved.current = true;
    setLoading(true);
    try {
      const res = await fetch(`/api/reviews/v1/reviews/?language=${lang}&product=${productId}&page=${p}&sort=${sort}`, {
        headers: { accept: "application/json" },
      });
      if (res.ok) setPage((await res.json()) as ReviewsPage);
      else window.location.assign(link(p, sort));
    } catch {
      window.location.assign(link(p, sort));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section id="opiniones" aria-labelledby="reviews-title" className="mt-12 scroll-mt-24" data-testid="reviews">
      <h2 id="reviews-title" className="text-xl font-bold text-brand-900 sm:text-2xl">
        {t("product.reviews.title")}
      </h2>
      {stats.count === 0 ? (
        <p className="mt-3 text-sm text-muted">{t("product.reviews.empty")}</p>
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div>
            <p className="flex items-end gap-3">
              <span className="text-5xl font-extrabold text-brand-900" data-testid="reviews-average">
                {decimal(stats.average, locale)}
              </span>
              <span className="pb-1">
                <StarRow rating={stats.average} size="text-xl" />
                <span className="block text-sm text-slate-700" data-testid="reviews-count">
                  {t(stats.count === 1 ? "product.reviews.count_one" : "product.reviews.count", { count: stats.count })}
                </span>
              </span>
            </p>
            <p className="sr-only">{t("product.reviews.average_sr", { average: decimal(stats.average, locale) })}</p>
            {/* Rows styled as children of `review-bars` (app/app.css): label, bar (its fill), count. */}
            <ul className="review-bars" aria-label={t("product.reviews.distribution")} data-testid="reviews-distribution">
              {([5, 4, 3, 2, 1] as const).map((star) => {
                const n = stats.distribution[String(star) as "1"];
                const pct = stats.count ? Math.round((n / stats.count) * 100) : 0;
                return (
                  <li key={star}>
                    <span>{t(star === 1 ? "product.reviews.stars_one" : "product.reviews.stars", { n: star })}</span>
                    <span aria-hidden="true">
                      <span style={{ width: `${pct}%` }} />
                    </span>
                    <span>
                      {n}
                      <span className="sr-only">{` ${t("product.reviews.of_count", { pct })}`}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>

          <div className="min-w-0">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 ref={listRef} tabIndex={-1} className="text-base font-semibold text-ink outline-none">
                {t("product.reviews.page", { page: page.page, pages: Math.max(1, page.pages) })}
              </h3>
              <form method="get" action={`${href(path)}#opiniones`} className="flex items-center gap-2">
                <label htmlFor={sortId} className="text-sm text-slate-700">
                  {t("product.reviews.sort")}
                </label>
                <select
                  id={sortId}
                  name="orden"
                  className="input w-auto py-1.5"
                  value={page.sort}
                  onChange={(e) => load(1, e.target.value as ReviewSort)}
                  data-testid="reviews-sort"
                >
                  {REVIEW_SORT_KEYS.map((s) => (
                    <option key={s} value={s}>
                      {t(`product.reviews.sort.${s}`)}
                    </option>
                  ))}
                </select>
                <noscript>
                  <button type="submit" className="btn-secondary py-1.5">
                    {t("product.reviews.sort_apply")}
                  </button>
                </noscript>
              </form>
            </div>
            <ol className={`mt-3 divide-y divide-sand-200 ${loading ? "opacity-60" : ""}`} aria-busy={loading} data-testid="reviews-list">
              {page.results.map((r) => (
                <ReviewItem key={r.id} r={r} />
              ))}
            </ol>
            {page.pages > 1 && (
              <nav aria-label={t("product.reviews.pages")} className="mt-4 flex flex-wrap items-center gap-2" data-testid="reviews-pagination">
                {page.page > 1 && (
                  <Link to={link(page.page - 1, page.sort)} className="btn-secondary" onClick={(e) => load(page.page - 1, page.sort, e)} preventScrollReset>
                    {t("product.reviews.prev")}
                  </Link>
                )}
                {Array.from({ length: page.pages }, (_, i) => i + 1).map((n) =>
                  n === page.page ? (
                    <span key={n} aria-current="page" className="page-current">
                      {n}
                    </span>
                  ) : (
                    <Link
                      key={n}
                      to={link(n, page.sort)}
                      onClick={(e) => load(n, page.sort, e)}
                      preventScrollReset
                      aria-label={t("product.reviews.goto", { n })}
                      className="page-link"
                    >
                      {n}
                    </Link>
                  ),
                )}
                {page.page < page.pages && (
                  <Link to={link(page.page + 1, page.sort)} className="btn-secondary" onClick={(e) => load(page.page + 1, page.sort, e)} preventScrollReset>
                    {t("product.reviews.next")}
                  </Link>
                )}
              </nav>
            )}
          </div>
        </div>
      )}
      <WriteReview reviewer={reviewer} path={path} />
    </section>
  );
}

function ReviewItem({ r }: { r: ReviewDto }) {
  const { t, lang, locale } = useI18n();
  const date = dateFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(r.created_at));
  return (
    <li className="review" data-testid="review">
      {/* Its head line and text are styled as children of `review` (app/app.css). */}
      <article aria-label={t("product.reviews.by", { author: r.author })}>
        <p>
          <StarRow rating={r.rating} />
          <span className="sr-only">{t("product.reviews.rating_sr", { rating: r.rating })}</span>
          <b>{r.author}</b>
          <time dateTime={r.created_at} suppressHydrationWarning>
            {date}
          </time>
          {r.verified && (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-ok" data-testid="review-verified">
              ✓ {t("product.reviews.verified")}
            </span>
          )}
        </p>
        {/* The customer's own words: plain text (React escapes it), line breaks kept. */}
        <p lang={r.language}>{r.body}</p>
        {r.language !== lang && <p className="mt-1 text-xs text-muted">{t(`product.reviews.written_in.${r.language}`)}</p>}
        {r.reply && (
          <div className="mt-2 border-l-4 border-slate-300 pl-3" data-testid="review-reply">
            <p className="text-sm font-semibold">{t("reviews.shop_reply")}</p>
            <p lang={r.language}>{r.reply}</p>
          </div>
        )}
      </article>
    </li>
  );
}

/** A customer whose order of this product was delivered may review it (once). */
function WriteReview({ reviewer, path }: { reviewer: { signedIn: boolean; canReview: boolean; reviewed: boolean }; path: string }) {
  const { t, href } = useI18n();
  const fetcher = useFetcher<ProductActionData>();
  const id = useId();
  const { result, errors, typed } = useFormResult(fetcher, "review");
  const [rating, setRating] = useState(() => Number(typed.rating) || 5);
  if (result?.ok) {
    return (
      <p role="status" className="mt-6 rounded-lg bg-green-50 p-3 text-sm font-medium text-ok">
        {result.message}
      </p>
    );
  }
  if (!reviewer.canReview) {
    return (
      <p className="mt-6 text-sm text-muted" data-testid="reviews-who">
        {reviewer.reviewed ? t("product.reviews.already") : t("product.reviews.who_can")}
        {!reviewer.signedIn && (
          <>
            {" "}
            <Link to={`${href("/login")}?next=${encodeURIComponent(`${href(path)}#opiniones`)}`} className="font-medium text-brand-800 underline">
              {t("product.reviews.sign_in")}
            </Link>
          </>
        )}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="mt-6 max-w-2xl space-y-3 rounded-xl border border-sand-200 p-4" data-testid="review-form" noValidate>
      <h3 className="text-base font-semibold text-ink">{t("product.reviews.write")}</h3>
      <input type="hidden" name="intent" value="review" />
      <fieldset>
        <legend className="label">{t("product.reviews.your_rating")}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="peer sr-only" />
              <span className={`text-2xl peer-focus-visible:outline-2 ${n <= rating ? "text-amber-600" : "text-slate-300"}`} aria-hidden="true">
                ★
              </span>
              <span className="sr-only">{t(n === 1 ? "product.reviews.stars_one" : "product.reviews.stars", { n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-body`} className="label">
          {t("product.reviews.body")}
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={4}
          maxLength={REVIEW_MAX}
          defaultValue={typed.body}
          className="input"
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-err` : undefined}
        />
        {errors.body && (
          <p id={`${id}-body-err`} className="mt-1 text-sm text-danger">
            {errors.body}
          </p>
        )}
      </div>
      {result && !result.ok && !result.fieldErrors && (
        <p role="alert" className="text-sm font-medium text-danger">
          {result.message}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
        {t("product.reviews.submit")}
      </button>
    </fetcher.Form>
  );
}
