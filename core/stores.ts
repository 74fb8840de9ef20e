/** Browser-safe facts about the two stores; the database holds the rest (features, VAT, phone). */
export type StoreCode = "ESDB" | "FRDB";
export type Language = "es" | "fr";

export const STORE_BY_LANGUAGE: Record<Language, StoreCode> = { es: "ESDB", fr: "FRDB" };
export const LANGUAGE_BY_STORE: Record<StoreCode, Language> = { ESDB: "es", FRDB: "fr" };
export const LOCALE_BY_LANGUAGE: Record<Language, string> = { es: "es-ES", fr: "fr-FR" };
export const TIME_ZONE = "Europe/Madrid";

/** The Spanish store has no prefix; the French one lives under /fr with the same paths. */
export function languageFromPath(pathname: string): Language {
  return pathname === "/fr" || pathname.startsWith("/fr/") ? "fr" : "es";
}

/** Path without the store prefix: "/fr/marcas" -> "/marcas". */
export function stripLocale(pathname: string): string {
  if (pathname === "/fr") return "/";
  return pathname.startsWith("/fr/") ? pathname.slice(3) : pathname;
}

/** A store-relative path in the given language: localePath("fr", "/marcas") -> "/fr/marcas". */
export function localePath(language: Language, path: string): string {
  if (!path.startsWith("/")) return path;
  if (language === "es") return path;
  return path === "/" ? "/fr" : `/fr${path}`;
}
