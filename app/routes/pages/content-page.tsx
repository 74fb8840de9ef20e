import { type AppLoadContext, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { formatPrice, multiply } from "../../../core/money.ts";
import type { Language } from "../../../core/stores.ts";
import type { PageDto } from "../../../core/content.types.ts";
import type { StoreFeatures } from "../../../core/stores.ts";
import { ArticleLayout } from "~/features/content/article-layout";
import { breadcrumbJsonLd, faqJsonLd } from "~/features/content/blocks";
import { rootMeta } from "~/lib/root-data";
import type { LanguagesHandle } from "~/lib/language-switch";
import { type PageLanguages, seoMeta } from "~/lib/seo";
import { notFound, type RequestContext, requireFeature, storeFor } from "~/lib/store.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** Pages that exist only in stores with a feature switch on (404 elsewhere, e.g. in France). */
const FEATURE_BY_SLUG: Record<string, keyof StoreFeatures> = {
  "reformistas-profesionales": "professionalsArea",
  "servicio-de-instalacion": "installationService",
};

type Data = { page: PageDto; lang: Language; path: string; languages: Language[] };

/**
 * /cms/{slug} serves the legal pages; every other content route (about us, guides, measure
 * pages...) serves the page whose slug is its own path, so each text has one address.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<Data> {
  const { store, lang, path, ctx } = await storeFor(request, context);
  const isCms = path.startsWith("/cms/");
  const slug = isCms ? (params.slug ?? "") : path.slice(1);
  const feature = FEATURE_BY_SLUG[slug];
  if (feature) requireFeature(store, feature);
  const found = await context.services.content.pageBySlug(ctx, slug, isCms ? ["legal"] : ["page", "guide", "measure"]);
  if (!found) throw notFound();
  const page = slug === "servicio-de-instalacion" ? await withInstallationPrices(found, ctx, context) : found;
  return { page, lang, path, languages: feature ? ["es"] : ["es", "fr"] };
}

/**
 * The installation page's price table comes from the database: the same facility options the
 * product page's wizard and the cart price with (its empty table in the page is filled here).
 */
async function withInstallationPrices(page: PageDto, ctx: RequestContext, context: AppLoadContext): Promise<PageDto> {
  const options = await context.services.installations.webList(ctx);
  const locale = ctx.store.locale;
  const vat = 1 + ctx.store.vatRateBp / 10_000;
  const eur = (cents: number) => formatPrice(cents, locale);
  // What the shopper pays, as the wizard shows it (VAT included): short enough for a phone's width.
  const withVat = (cents: number) => eur(multiply(cents, vat));
  const rows = options
    .filter((o) => o.attribute === "city")
    .sort((a, b) => a.value_string.localeCompare(b.value_string, "es"))
    .map((o) => {
      const quote = t(ctx.language, "installation.page.quote_only");
      if (o.budget || !o.prices) return [o.value_string, quote, quote];
      const near = o.prices["500"];
      const far = o.prices["520"];
      return [o.value_string, near == null ? "—" : withVat(near), far == null ? "—" : withVat(far)];
    });
  // The fees of the "Concepto" table too (disassembly, pre-measurement), in that table's "net + IVA (gross)" form.
  const netAndGross = (cents: number) => `${eur(cents)} + IVA (${eur(multiply(cents, vat))})`;
  const fee = (attribute: string) => options.find((o) => o.attribute === attribute);
  const disassembly = fee("disassembly")?.price;
  const premeasure = fee("premeasure")?.prices;
  const fees: Record<string, number | null | undefined> = {
    "Desmontaje y retirada del producto antiguo": disassembly,
    "Medición previa, hasta 30 km": premeasure?.["500"],
    "Medición previa, de 30 a 50 km": premeasure?.["520"],
  };
  const blocks = page.blocks.map((b) => {
    if (b.type !== "table") return b;
    if (b.rows.length === 0 && b.head[0] === "Provincia") return { ...b, rows };
    if (b.head[0] === "Concepto") return { ...b, rows: b.rows.map((r) => (fees[r[0]] != null ? [r[0], netAndGross(fees[r[0]] as number), ...r.slice(2)] : r)) };
    return b;
  });
  return { ...page, blocks };
}

/** Pages behind a feature switch exist in the Spanish store only: hreflang and the language switch say so. */
const pageLanguages = (d: Data): PageLanguages => ({ path: d.path, languages: d.languages });
export const handle: LanguagesHandle<Data> = { languages: pageLanguages };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  const { page, lang, path } = data;
  const home = lang === "fr" ? "Accueil" : "Inicio";
  return seoMeta({
    title: page.title,
    description: page.meta_description,
    origin: root.origin,
    lang,
    ...pageLanguages(data),
    jsonLd: [
      breadcrumbJsonLd(root.origin, [
        { name: home, url: lang === "fr" ? "/fr" : "/" },
        { name: page.title, url: (lang === "fr" ? "/fr" : "") + path },
      ]),
      ...faqJsonLd(page.blocks),
    ],
  });
};

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ArticleLayout
      crumbs={[{ label: page.title }]}
      title={page.title}
      intro={page.intro}
      blocks={page.blocks}
      updatedAt={page.kind === "legal" ? page.updated_at : undefined}
    />
  );
}
