import type { Language } from "../stores.ts";

export type Dictionary = Record<string, string>;

/** The id of the JSON data element the root layout renders with the page language's messages. */
export const DICTIONARY_ELEMENT_ID = (language: Language) => `i18n-${language}`;

const cache: Partial<Record<Language, Dictionary>> = {};

/**
 * Browser side: the messages of the page's language, read once from the document (the root
 * layout embeds them as application/json). Another language is never needed without a full
 * page load: the language switch is a plain link.
 */
export function getDictionary(language: Language): Dictionary {
  let d = cache[language];
  if (!d) {
    const el = document.getElementById(DICTIONARY_ELEMENT_ID(language));
    d = el?.textContent ? (JSON.parse(el.textContent) as Dictionary) : {};
    cache[language] = d;
  }
  return d;
}
