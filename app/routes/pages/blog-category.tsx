import { type LoaderFunctionArgs, type MetaFunction, useLoaderData, type AppLoadContext } from "react-router";
import type { Language } from "../../../core/stores.ts";
import { t as tr } from "../../../core/i18n/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BLOG_PAGE_SIZE, CategoryNav, PostGrid, pageParam } from "~/features/content/blog";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { notFound, requireFeature, storeFor } from "~/lib/store.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { spanishOnly as handle } from "~/lib/language-switch";

export async function loader({ request, context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { store, lang, url, ctx } = await storeFor(request, context);
  requireFeature(store, "blog");
  const slug = params.slug ?? "";
  const page = pageParam(url);
  if (page == null || !/^[a-z0-9-]{1,120}$/.test(slug)) throw notFound();
  const { content } = context.services;
  const [category, categories, list] = await Promise.all([
    content.postCategoryBySlug(ctx, slug),
    content.listPostCategories(ctx),
    content.listPosts(ctx, { page, pageSize: BLOG_PAGE_SIZE, category: slug }),
  ]);
  if (!category || !list || (page > 1 && page > list.pages)) throw notFound();
  return { category, categories, list, page, lang: lang as Language };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const base = `/inspiracion/cat/${data.category.slug}`;
  return seoMeta({
    title: `${data.category.name} · ${tr(data.lang, "blog.title")}`,
    description: tr(data.lang, "blog.category.intro", { name: data.category.name.toLowerCase() }),
    origin: root.origin,
    lang: data.lang,
    path: data.page > 1 ? `${base}?page=${data.page}` : base,
    languages: ["es"],
  });
};

export default function BlogCategory() {
  const { category, categories, list } = useLoaderData<typeof loader>();
  const { t, href } = useI18n();
  return (
    <div className="container-shop py-8">
      <Breadcrumbs items={[{ label: t("blog.title"), to: href("/inspiracion") }, { label: category.name }]} />
      <h1 className="mt-4 text-3xl font-extrabold text-brand-900 sm:text-4xl">{category.name}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("blog.category.intro", { name: category.name.toLowerCase() })}</p>
      <CategoryNav categories={categories} current={category.slug} />
      <PostGrid list={list} basePath={`/inspiracion/cat/${category.slug}`} />
    </div>
  );
}
