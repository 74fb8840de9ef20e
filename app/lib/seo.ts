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
  /** Path per language when it differs between stores (translated slugs): store-relative, or with its prefix. */
  alternates?: Partial<Record<Language, string>>;
  jsonLd?: object[];
};

const SHOP = "BañoDirecto";

/** The address of one page in each store that has it (site paths, with the store prefix). */
export type Alternates = Partial<Record<Language, string>>;

/** Which stores a page exists in and under which path: what its hreflang links and its language switch say. */
export type PageLanguages = Pick<SeoInput, "path" | "languages" | "alternates">;

/** The page's address per language: the hreflang alternates, and the language switch's target. */
export function alternatePaths(s: PageLanguages, current?: Language): Alternates {
  const out: Alternates = {};
  for (const l of s.languages ?? ["es", "fr"]) {
    const path = localePath(l, s.alternates?.[l] ?? s.path);
    // Page N of a listing has no counterpart in the other store (other products, other counts):
    // there, the listing itself is the page's equivalent.
    out[l] = current && l !== current ? withoutPage(path) : path;
  }
  return out;
}

/** "/marcas/x?page=2&sort=news" -> "/marcas/x?sort=news". */
export function withoutPage(path: string): string {
  const q = path.indexOf("?");
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  params.delete("page");
  const rest = params.toString();
  return path.slice(0, q) + (rest ? `?${rest}` : "");
}

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
  const alternates = alternatePaths({ ...s, languages: langs }, s.lang);
  for (const l of langs) {
    out.push({ tagName: "link", rel: "alternate", hrefLang: l === "es" ? "es-ES" : "fr-FR", href: s.origin + alternates[l] });
  }
  if (alternates.es) out.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: s.origin + alternates.es });
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
