import { type LoaderFunctionArgs, type MetaFunction, useLoaderData, type AppLoadContext } from "react-router";
import { Link } from "~/components/link";
import type { Language } from "../../../core/stores.ts";
import type { PostSummaryDto } from "../../../core/content.types.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Blocks, breadcrumbJsonLd, faqJsonLd } from "~/features/content/blocks";
import { formatDate, PostCard } from "~/features/content/blog";
import { Illustration } from "~/features/content/illustrations";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { notFound, requireFeature, storeFor } from "~/lib/store.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { spanishOnly as handle } from "~/lib/language-switch";

export async function loader({ request, context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { store, lang, path, ctx } = await storeFor(request, context);
  requireFeature(store, "blog");
  const slug = params.slug ?? "";
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) throw notFound();
  const post = await context.services.content.postBySlug(ctx, slug);
  if (!post) throw notFound();
  return { post, path, lang: lang as Language };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const { post } = data;
  const crumbs = [
    { name: "Inicio", url: "/" },
    { name: "Inspiración", url: "/inspiracion" },
    ...(post.category ? [{ name: post.category.name, url: `/inspiracion/cat/${post.category.slug}` }] : []),
    { name: post.title, url: data.path },
  ];
  return [
    ...seoMeta({
      title: post.title,
      description: post.excerpt,
      origin: root.origin,
      lang: data.lang,
      path: data.path,
      languages: ["es"],
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          datePublished: post.published_at,
          mainEntityOfPage: root.origin + data.path,
          publisher: { "@type": "Organization", name: "BañoDirecto" },
        },
        breadcrumbJsonLd(root.origin, crumbs),
        ...faqJsonLd(post.blocks),
      ],
    }),
    { property: "article:published_time", content: post.published_at },
  ];
};

export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  const { t, href, locale } = useI18n();
  return (
    <div className="container-shop py-8">
      <Breadcrumbs
        items={[
          { label: t("blog.title"), to: href("/inspiracion") },
          ...(post.category ? [{ label: post.category.name, to: href(`/inspiracion/cat/${post.category.slug}`) }] : []),
          { label: post.title },
        ]}
      />
      <article className="mx-auto mt-6 max-w-3xl">
        <header>
          {post.category && (
            <Link to={href(`/inspiracion/cat/${post.category.slug}`)} className="text-sm font-bold uppercase tracking-wide text-accent-700 hover:underline">
              {post.category.name}
            </Link>
          )}
          <h1 className="mt-2 text-3xl font-extrabold leading-tight text-brand-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{post.excerpt}</p>
          <p className="mt-3 text-sm text-muted">
            <time dateTime={post.published_at}>{t("blog.published", { date: formatDate(post.published_at, locale) })}</time>
          </p>
          <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200">
            <Illustration name={post.illustration} label={post.title} className="aspect-[16/9] h-auto w-full" />
          </div>
        </header>
        <div className="prose-shop mt-8">
          <Blocks blocks={post.blocks} />
        </div>
        <p className="mt-10">
          <Link to={href("/inspiracion")} className="btn-secondary">
            ← {t("blog.back")}
          </Link>
        </p>
      </article>
      {post.related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold text-brand-900">
            {t("blog.related")}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {post.related.map((p: PostSummaryDto) => (
              <PostCard key={p.id} post={p} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
