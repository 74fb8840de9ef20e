import { Link } from "~/components/link";
import { cardPath, cardView } from "../../../core/card-view.ts";
import { t } from "../../../core/i18n/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { catalogFor } from "~/features/catalog/catalog.server";
import { Picture } from "~/features/catalog/picture";
import { environmentBySlug, environments } from "~/features/catalog/environments.server";
import { ProductCard } from "~/features/catalog/product-card";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { breadcrumbJsonLd, itemListJsonLd, seoMeta } from "~/lib/seo";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/environment";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { catalog, ctx, lang } = await catalogFor(request, context);
  const env = environmentBySlug(lang, params.slug);
  if (!env) throw notFound();
  const products = env.refs.length ? (await catalog.weblistProducts(ctx, { refs: env.refs, page: 1, page_size: 48 })).results.map(cardView) : [];
  const others = environments(lang)
    .filter((e) => e.slug !== env.slug)
    .map(({ slug, title, illustration }) => ({ slug, title, illustration }));
  return { env, products, others, lang, section: t(lang, "env.title") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const base = root.origin + (data.lang === "fr" ? "/fr" : "");
  return seoMeta({
    title: data.env.title,
    description: data.env.intro,
    origin: root.origin,
    lang: data.lang,
    path: `/espacios/${data.env.slug}`,
    jsonLd: [
      breadcrumbJsonLd([
        { name: "BañoDirecto", url: `${base}/` },
        { name: data.section, url: `${base}/espacios` },
        { name: data.env.title, url: `${base}/espacios/${data.env.slug}` },
      ]),
      itemListJsonLd(
        data.env.title,
        data.products.map((p) => base + cardPath(p)),
      ),
    ],
  });
};

export default function EnvironmentPage({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const e = d.env;
  return (
    <div className="pb-12">
      <div className="container-shop pt-4">
        <Breadcrumbs items={[{ label: d.section, to: href("/espacios") }, { label: e.title }]} />
      </div>
      <header className="container-shop mt-4 grid items-center gap-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-700">{t("env.kicker")}</p>
          <h1 className="mt-2 text-3xl font-extrabold text-brand-900 sm:text-5xl">{e.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{e.intro}</p>
        </div>
        <Picture
          imageKey={e.illustration}
          alt=""
          width={1600}
          height={600}
          sizes="(min-width: 1024px) 50vw, 100vw"
          widths={[480, 640, 960, 1280]}
          className="aspect-[16/10] w-full overflow-hidden rounded-2xl object-cover"
        />
      </header>
      {d.products.length > 0 && (
        <section aria-labelledby="env-products" className="container-shop mt-10">
          <h2 id="env-products" className="mb-4 text-2xl font-extrabold text-brand-900">
            {t("env.products", { title: e.title })}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-4">
            {d.products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav aria-labelledby="env-others" className="container-shop mt-12">
        <h2 id="env-others" className="mb-4 text-xl font-bold text-brand-900">
          {t("env.others")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {d.others.map((o) => (
            <li key={o.slug}>
              <Link to={href(`/espacios/${o.slug}`)} className="group block overflow-hidden rounded-xl border border-slate-200 hover:shadow-md">
                <Picture
                  imageKey={o.illustration}
                  alt=""
                  width={1600}
                  height={600}
                  sizes="(min-width: 1024px) 50vw, 100vw"
                  widths={[480, 640, 960, 1280]}
                  className="aspect-[16/9] w-full object-cover"
                />
                <span className="block p-3 font-semibold text-brand-900 group-hover:underline">{o.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
