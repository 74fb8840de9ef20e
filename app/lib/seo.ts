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
  /** Store-relative path per language when it differs between stores (translated category slugs). */
  alternates?: Partial<Record<Language, string>>;
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
  const pathIn = (l: Language) => s.alternates?.[l] ?? s.path;
  for (const l of langs) {
    out.push({ tagName: "link", rel: "alternate", hrefLang: l === "es" ? "es-ES" : "fr-FR", href: s.origin + localePath(l, pathIn(l)) });
  }
  if (langs.includes("es")) out.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: s.origin + pathIn("es") });
  if (s.noindex) out.push({ name: "robots", content: "noindex, follow" });
  for (const j of s.jsonLd ?? []) out.push({ "script:ld+json": j });
  return out;
}

/** schema.org BreadcrumbList from (label, absolute URL) pairs, home first. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((it, i) => ({ "@type": "ListItem", position: i + 1, name: it.name, item: it.url })),
  };
}

/** schema.org ItemList of the products a listing shows (URLs only: the product pages carry the details). */
export function itemListJsonLd(name: string, urls: string[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: urls.length,
    itemListElement: urls.map((url, i) => ({ "@type": "ListItem", position: i + 1, url })),
  };
}
