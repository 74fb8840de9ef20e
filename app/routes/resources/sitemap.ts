import type { Language } from "../../../core/stores.ts";
import { localePath } from "../../../core/stores.ts";
import type { SitemapEntry } from "../../../core/catalog.types.ts";
import { ENVIRONMENT_SLUGS } from "~/features/catalog/environments.server";
import type { Route } from "./+types/sitemap";

type StaticPage = { path: string; feature?: "blog" | "installationService" | "professionalsArea"; only?: Language };

/** Pages of app/routes.ts that exist in a store without a database record behind them. */
const STATIC_PAGES: StaticPage[] = [
  { path: "/" },
  { path: "/marcas" },
  { path: "/novedades" },
  { path: "/ofertas" },
  { path: "/rebajas" },
  { path: "/black-friday" },
  { path: "/black-friday-inodoros-18" },
  { path: "/espacios" },
  ...ENVIRONMENT_SLUGS.map((s) => ({ path: `/espacios/${s}` })),
  { path: "/inspiracion", feature: "blog" },
  { path: "/quienes-somos" },
  { path: "/reformistas-profesionales", feature: "professionalsArea" },
  { path: "/servicio-de-instalacion", feature: "installationService" },
  { path: "/como-elegir-baneras-de-hidromasaje-16" },
  { path: "/como-elegir-tu-plato-de-ducha-15" },
  { path: "/como-medir-una-mampara" },
  { path: "/como-medir-una-mampara-frontal" },
  { path: "/como-medir-una-mampara-angular" },
  { path: "/como-medir-una-mampara-semicircular" },
];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const HREFLANG: Record<Language, string> = { es: "es-ES", fr: "fr-FR" };

/** sitemap.xml of both stores: the catalog's categories, products and brands plus the static pages, with hreflang alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const { stores, config } = context.services;
  const { catalog } = context.services;
  const origin = config.publicUrl;
  const [es, fr] = await Promise.all([stores.byLanguage("es"), stores.byLanguage("fr")]);
  const today = new Date().toISOString().slice(0, 10);
  const entries: SitemapEntry[] = [];
  for (const page of STATIC_PAGES) {
    const langs = (
      [
        ["es", es],
        ["fr", fr],
      ] as const
    )
      .filter(([, s]) => !page.feature || s.features[page.feature])
      .map(([l]) => l);
    const alternates = Object.fromEntries(langs.map((l) => [l, localePath(l, page.path)]));
    for (const l of langs) entries.push({ path: localePath(l, page.path), language: l, lastmod: today, alternates });
  }
  entries.push(...(await catalog.sitemap()));
  const body = entries
    .map((e) => {
      const alts = Object.entries(e.alternates) as [Language, string][];
      const links = alts.length > 1 ? alts.map(([l, p]) => `<xhtml:link rel="alternate" hreflang="${HREFLANG[l]}" href="${esc(origin + p)}"/>`).join("") : "";
      return `<url><loc>${esc(origin + e.path)}</loc><lastmod>${e.lastmod}</lastmod>${links}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
