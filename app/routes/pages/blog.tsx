import { type LoaderFunctionArgs, type MetaFunction, useLoaderData, type AppLoadContext } from "react-router";
import type { Language } from "../../../core/stores.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FaqList } from "~/features/content/blocks";
import { BLOG_PAGE_SIZE, CategoryNav, PostGrid, pageParam } from "~/features/content/blog";
import { AwaitInPlace } from "~/lib/await-in-place";
import { deferred } from "~/lib/deferred";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { notFound, requireFeature, storeFor } from "~/lib/store.server";
import { t as tr } from "../../../core/i18n/index.ts";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { spanishOnly as handle } from "~/lib/language-switch";

/** The blog's FAQ block reads this page; deferred (lib/deferred), it may fail alone. */
const FAQ_PAGE = "faq-inspiracion";

export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>) {
  const { store, lang, url, ctx } = await storeFor(request, context);
  requireFeature(store, "blog");
  const page = pageParam(url);
  if (page == null) throw notFound();
  const { content } = context.services;
  const faqs = deferred(content.faqs(ctx, FAQ_PAGE));
  const [list, categories] = await Promise.all([content.listPosts(ctx, { page, pageSize: BLOG_PAGE_SIZE }), content.listPostCategories(ctx), faqs.ready]);
  if (!list || (page > 1 && page > list.pages)) throw notFound();
  return { list, categories, faqs: faqs.settled(), lang: lang as Language, page };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const title = tr(data.lang, "blog.title") + (data.page > 1 ? ` · ${tr(data.lang, "blog.page", { page: data.page, pages: data.list.pages })}` : "");
  return seoMeta({
    title,
    description: tr(data.lang, "blog.intro"),
    origin: root.origin,
    lang: data.lang,
    path: data.page > 1 ? `/inspiracion?page=${data.page}` : "/inspiracion",
    languages: ["es"],
  });
};

export default function Blog() {
  const { list, categories, faqs } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="container-shop py-8">
      <Breadcrumbs items={[{ label: t("blog.title") }]} />
      <h1 className="mt-4 text-3xl font-extrabold text-brand-900 sm:text-4xl">{t("blog.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("blog.intro")}</p>
      <CategoryNav categories={categories} />
      <PostGrid list={list} basePath="/inspiracion" />
      <section aria-labelledby="blog-faq" className="prose-shop mx-auto mt-16 max-w-3xl">
        <h2 id="blog-faq">{t("blog.faq.title")}</h2>
        <AwaitInPlace
          resolve={faqs}
          fallback={<p aria-busy="true">{t("content.faq.loading")}</p>}
          errorElement={
            <p role="alert" className="rounded-lg border border-danger/30 bg-red-50 px-4 py-3 font-medium text-danger">
              {t("content.faq.error")}
            </p>
          }
        >
          {(items) => <FaqList items={items} />}
        </AwaitInPlace>
      </section>
    </div>
  );
}
