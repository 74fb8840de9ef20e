import { Link } from "~/components/link";
import { t } from "../../../core/i18n/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { environments } from "~/features/catalog/environments.server";
import { Picture } from "~/features/catalog/picture";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/environments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = await storeFor(request, context);
  const list = environments(lang).map(({ slug, title, intro, illustration }) => ({ slug, title, intro, illustration }));
  return { list, lang, title: t(lang, "env.title"), intro: t(lang, "env.intro") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  return seoMeta({ title: data.title, description: data.intro, origin: root.origin, lang: data.lang, path: "/espacios" });
};

export default function Environments({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  return (
    <div className="container-shop pb-12 pt-4">
      <Breadcrumbs items={[{ label: d.title }]} />
      <h1 className="mt-3 text-3xl font-extrabold text-brand-900 sm:text-4xl">{d.title}</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700">{d.intro}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        {d.list.map((e) => (
          <li key={e.slug}>
            <Link to={href(`/espacios/${e.slug}`)} className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white hover:shadow-lg">
              <Picture
                imageKey={e.illustration}
                alt=""
                width={1600}
                height={600}
                sizes="(min-width: 1024px) 50vw, 100vw"
                widths={[480, 640, 960, 1280]}
                className="aspect-[16/9] w-full object-cover"
              />
              <div className="p-5">
                <h2 className="text-xl font-extrabold text-brand-900 group-hover:underline">{e.title}</h2>
                <p className="mt-1 line-clamp-3 text-slate-700">{e.intro}</p>
                <span className="mt-3 inline-block text-sm font-semibold text-accent-700">{t("env.discover")} →</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
