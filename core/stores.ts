/** Browser-safe facts about the two stores; the database holds the rest (features, VAT, phone). */
import type { z } from "zod";
import type * as S from "./stores.schema.ts";

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

/** True for a path already inside the French store ("/fr", "/fr/...", "/fr?page=2"). */
export function hasFrenchPrefix(path: string): boolean {
  return /^\/fr(?:[/?#]|$)/.test(path);
}

/**
 * A store-relative path in the given language: localePath("fr", "/marcas") -> "/fr/marcas".
 * Idempotent: a path that already carries the French prefix (a URL stored with it, as menus,
 * sliders and banners are) is returned as it is, never "/fr/fr/...". Absolute URLs, "#..." and
 * protocol-relative "//..." addresses are not store paths and pass through unchanged.
 */
export function localePath(language: Language, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  if (language === "es" || hasFrenchPrefix(path)) return path;
  if (path === "/") return "/fr";
  return path.startsWith("/?") || path.startsWith("/#") ? `/fr${path.slice(1)}` : `/fr${path}`;
}

export type StoreFeatures = z.infer<typeof S.StoreFeatures>;
/** A store as the API and the storefront see it (its switches, VAT, support contacts). */
export type StoreDto = z.infer<typeof S.StoreDto>;
export type MenuItem = z.infer<typeof S.MenuItem>;
