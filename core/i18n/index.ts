import type { Language } from "../stores.ts";
import esCatalog from "./es/catalog.json";
import esCommon from "./es/common.json";
import esContent from "./es/content.json";
import esErrors from "./es/errors.json";
import esMarketing from "./es/marketing.json";
import esPages from "./es/pages.json";
import esProduct from "./es/product.json";
import frCatalog from "./fr/catalog.json";
import frCommon from "./fr/common.json";
import frContent from "./fr/content.json";
import frErrors from "./fr/errors.json";
import frMarketing from "./fr/marketing.json";
import frPages from "./fr/pages.json";
import frProduct from "./fr/product.json";

/**
 * Flat dotted keys, one JSON file per domain and language. The Spanish files hold the
 * spec's exact wording; the French ones real French.
 */
const dictionaries: Record<Language, Record<string, string>> = {
  es: { ...esCommon, ...esErrors, ...esCatalog, ...esContent, ...esPages, ...esProduct, ...esMarketing },
  fr: { ...frCommon, ...frErrors, ...frCatalog, ...frContent, ...frPages, ...frProduct, ...frMarketing },
};

export type Params = Record<string, string | number>;

export function t(language: Language, key: string, params?: Params): string {
  const text = dictionaries[language][key] ?? dictionaries.es[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export function hasKey(language: Language, key: string): boolean {
  return key in dictionaries[language];
}

export type Translator = (key: string, params?: Params) => string;
export const translator =
  (language: Language): Translator =>
  (key, params) =>
    t(language, key, params);
