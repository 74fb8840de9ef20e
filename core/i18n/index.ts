import type { Language } from "../stores.ts";
import { getDictionary } from "./dictionaries.ts";

/**
 * Flat dotted keys, one JSON file per domain and language (core/i18n/<lang>/*.json). The
 * Spanish files hold the spec's exact wording; the French ones real French.
 */
export type Params = Record<string, string | number>;

export function t(language: Language, key: string, params?: Params): string {
  const text = getDictionary(language)[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export function hasKey(language: Language, key: string): boolean {
  return key in getDictionary(language);
}

export type Translator = (key: string, params?: Params) => string;
export const translator =
  (language: Language): Translator =>
  (key, params) =>
    t(language, key, params);
