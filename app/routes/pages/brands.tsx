import { t } from "../../../core/i18n/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BrandTile } from "~/features/catalog/brand-tiles";
import { catalogFor } from "~/features/catalog/catalog.server";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { itemListJsonLd, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/brands";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog, ctx, lang } = await catalogFor(request, context);
  const brands = (await catalog.brands(ctx, { page: 1, page_size: 500 })).results;
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  brands.sort((a, b) => collator.compare(a.name, b.name));
  return { brands, lang, title: t(lang, "page.brands.title"), intro: t(lang, "page.brands.intro") };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const base = root.origin + (data.lang === "fr" ? "/fr" : "");
  return seoMeta({
    title: data.title,
    description: data.intro,
    origin: root.origin,
    lang: data.lang,
    path: "/marcas",
    jsonLd: [
      itemListJsonLd(
        data.title,
        data.brands.map((b) => base + b.path),
      ),
    ],
  });
};

/** Brands grouped by initial letter (A-Z), with a jump bar to each letter. */
export default function Brands({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  const groups = new Map<string, typeof d.brands>();
  for (const b of d.brands) {
    const letter = b.name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .charAt(0)
      .toUpperCase();
    const key = /[A-Z]/.test(letter) ? letter : "#";
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return (
    <div className="container-shop pb-12 pt-4">
      <Breadcrumbs items={[{ label: d.title }]} />
      <h1 className="mt-3 text-3xl font-extrabold text-brand-900 sm:text-4xl">{d.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{d.intro}</p>
      <nav aria-label={t("catalog.brands.letters")} className="mt-6">
        <ul className="flex flex-wrap gap-1.5">
          {[...groups.keys()].map((l) => (
            <li key={l}>
              <a
                href={`#marca-${l}`}
                className="flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 font-bold text-brand-800 hover:bg-brand-50"
              >
                {l}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {[...groups.entries()].map(([letter, list]) => (
        <section key={letter} id={`marca-${letter}`} aria-labelledby={`marca-h-${letter}`} className="mt-8 scroll-mt-40">
          <h2 id={`marca-h-${letter}`} className="mb-3 border-b border-slate-200 pb-2 text-2xl font-extrabold text-brand-900">
            {letter}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {list.map((b) => (
              <li key={b.id}>
                <BrandTile brand={b} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
