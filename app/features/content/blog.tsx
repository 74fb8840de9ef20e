import { Link } from "~/components/link";
import type { PostCategoryDto, PostPage, PostSummaryDto } from "../../../core/content.types.ts";
import { useI18n } from "~/lib/i18n";
import { Illustration } from "./illustrations";
import { dateFormat } from "../../../core/intl.ts";

export const BLOG_PAGE_SIZE = 6;

export function formatDate(iso: string, locale: string): string {
  return dateFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(iso));
}

/** The ?page= of a listing: 1 when absent; null when it is not a positive integer (a 404). */
export function pageParam(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw == null) return 1;
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
}

export function CategoryNav({ categories, current }: { categories: PostCategoryDto[]; current?: string }) {
  const { t, href } = useI18n();
  const pill = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-brand-800 hover:border-brand-500"}`;
  return (
    <nav aria-label={t("blog.categories")} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={href("/inspiracion")} className={pill(!current)} aria-current={!current ? "page" : undefined}>
            {t("blog.all")}
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <Link to={href(`/inspiracion/cat/${c.slug}`)} className={pill(current === c.slug)} aria-current={current === c.slug ? "page" : undefined}>
              {c.name} <span className="ml-1 opacity-70">({c.post_count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummaryDto; headingLevel?: 2 | 3 }) {
  const { t, href, locale } = useI18n();
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Illustration name={post.illustration} label="" className="aspect-[16/9] h-auto w-full" />
      <div className="flex flex-1 flex-col p-5">
        {post.category && <p className="text-xs font-bold uppercase tracking-wide text-accent-700">{post.category.name}</p>}
        <H className="mt-1 text-lg font-bold leading-snug text-brand-900">
          <Link to={href(`/inspiracion/${post.slug}`)} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </H>
        <p className="mt-2 flex-1 text-sm text-slate-700">{post.excerpt}</p>
        <p className="mt-4 flex items-center justify-between text-sm">
          <time dateTime={post.published_at} className="text-muted">
            {formatDate(post.published_at, locale)}
          </time>
          <span className="font-semibold text-brand-700" aria-hidden="true">
            {t("blog.read_more")} →
          </span>
        </p>
      </div>
    </article>
  );
}

/** A pager's end (no earlier or later page): greyed as a disabled button, with text still at 4.5:1. */
const PAGER_OFF = "btn whitespace-nowrap border border-slate-300 bg-white text-slate-500";

export function PostGrid({ list, basePath }: { list: PostPage; basePath: string }) {
  const { t, href } = useI18n();
  if (list.results.length === 0) return <p className="mt-10 text-slate-700">{t("blog.empty")}</p>;
  const pageUrl = (n: number) => href(n === 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.results.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </div>
      {list.pages > 1 && (
        <nav aria-label={t("blog.pagination")} className="mt-10 flex flex-wrap items-center justify-center gap-3 sm:gap-4">
          {list.page > 1 ? (
            <Link to={pageUrl(list.page - 1)} className="btn-secondary whitespace-nowrap" rel="prev">
              ← {t("blog.prev")}
            </Link>
          ) : (
            <span className={PAGER_OFF} aria-hidden="true">
              ← {t("blog.prev")}
            </span>
          )}
          {/* On a phone the page count goes above the two buttons (the three do not fit on one line at 360 px). */}
          <span className="order-first w-full text-center text-sm text-slate-700 sm:order-none sm:w-auto">
            {t("blog.page", { page: list.page, pages: list.pages })}
          </span>
          {list.page < list.pages ? (
            <Link to={pageUrl(list.page + 1)} className="btn-secondary whitespace-nowrap" rel="next">
              {t("blog.next")} →
            </Link>
          ) : (
            <span className={PAGER_OFF} aria-hidden="true">
              {t("blog.next")} →
            </span>
          )}
        </nav>
      )}
    </>
  );
}
