import type { Language } from "../stores.ts";
import { getDictionary, messageMissing, messageUsed } from "./dictionaries.ts";

/**
 * Flat dotted keys, one JSON file per domain and language (core/i18n/<lang>/*.json). The
 * Spanish files hold the spec's exact wording; the French ones real French.
 *
 * Server side every use of a key is reported to dictionaries.ts (the document then carries only
 * the messages its render used); browser side a key the document did not carry asks for the
 * whole dictionary (dictionaries.client.ts).
 */
export type Params = Record<string, string | number>;

export function t(language: Language, key: string, params?: Params): string {
  const dict = getDictionary(language);
  let text = dict[key];
  if (text === undefined) text = messageMissing(language, key) ?? key;
  else messageUsed(key);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export function hasKey(language: Language, key: string): boolean {
  if (key in getDictionary(language)) {
    messageUsed(key);
    return true;
  }
  return messageMissing(language, key) !== undefined;
}

export type Translator = (key: string, params?: Params) => string;
export const translator =
  (language: Language): Translator =>
  (key, params) =>
    t(language, key, params);
