import type { MetaDescriptor } from "react-router";
import { localePath, type Language } from "../../core/stores.ts";

export type SeoInput = {
  title: string;
  description?: string;
  origin: string;
  lang: Language;
  /** Store-relative path ("/marcas"); canonical and alternates are built from it. */
  path: string;
  /** Languages this page exists in (default both); a page only in Spanish gets no fr alternate. */
  languages?: Language[];
  noindex?: boolean;
  image?: string;
  jsonLd?: object[];
};

const SHOP = "BañoDirecto";

/** Title, description, canonical, hreflang es/fr (+x-default) and Open Graph for one page. */
export function seoMeta(s: SeoInput): MetaDescriptor[] {
  const title = s.title.includes(SHOP) ? s.title : `${s.title} | ${SHOP}`;
  const canonical = s.origin + localePath(s.lang, s.path);
  const langs = s.languages ?? ["es", "fr"];
  const out: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: s.lang === "fr" ? "fr_FR" : "es_ES" },
  ];
  if (s.description) {
    out.push({ name: "description", content: s.description }, { property: "og:description", content: s.description });
  }
  if (s.image) out.push({ property: "og:image", content: s.image.startsWith("http") ? s.image : s.origin + s.image });
  for (const l of langs) {
    out.push({ tagName: "link", rel: "alternate", hrefLang: l === "es" ? "es-ES" : "fr-FR", href: s.origin + localePath(l, s.path) });
  }
  if (langs.includes("es")) out.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: s.origin + s.path });
  if (s.noindex) out.push({ name: "robots", content: "noindex, follow" });
  for (const j of s.jsonLd ?? []) out.push({ "script:ld+json": j });
  return out;
}
