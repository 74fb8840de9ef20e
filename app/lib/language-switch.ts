import { useLocation, useMatches } from "react-router";
import { type Language, localePath, stripLocale } from "../../core/stores.ts";
import { alternatePaths, type PageLanguages } from "./seo";

/**
 * Route `handle` of a page that does not live at the same path in both stores (translated category
 * and product slugs, Spanish-only sections). Its meta passes the same PageLanguages to seoMeta, so
 * the language switch and the hreflang alternates can never disagree.
 */
export type LanguagesHandle<D = never> = { languages: (data: D) => PageLanguages };

/**
 * Where the language switch goes: the same page in the other store, or that store's home when the
 * page has no counterpart there. Pages without a handle exist at the same path in both stores.
 * Every page route has a loader, so a page without data is showing its error (404, 500): the
 * other store's home, rather than a guess at a path that may not exist either.
 */
export function useLanguageSwitch(target: Language): string {
  const matches = useMatches();
  const location = useLocation();
  const home = localePath(target, "/");
  const page = matches.at(-1);
  if (!page || page.loaderData === undefined) return home;
  const handle = page.handle as Partial<LanguagesHandle<unknown>> | undefined;
  const languages = handle?.languages ? handle.languages(page.loaderData) : { path: stripLocale(location.pathname) };
  return alternatePaths(languages, target === "es" ? "fr" : "es")[target] ?? home;
}

/** Handle of a section only the Spanish store has (the blog, the popup page): the switch leads to the French home. */
export const spanishOnly: LanguagesHandle<unknown> = { languages: () => ({ path: "/", languages: ["es"] }) };
