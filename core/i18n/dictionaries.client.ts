import type { Language } from "../stores.ts";

export type Dictionary = Record<string, string>;

/** The id of the JSON data element the server renders with the messages the page used. */
export const DICTIONARY_ELEMENT_ID = (language: Language) => `i18n-${language}`;

const cache: Partial<Record<Language, Dictionary>> = {};
const loading: Partial<Record<Language, Promise<void>>> = {};
const listeners = new Set<() => void>();
let version = 0;
/** A key the page's render asked for and the document did not carry, per language. */
const missed: Partial<Record<Language, boolean>> = {};

/**
 * Browser side: the messages of the page, read once from the document (the server embeds, as
 * application/json, exactly the keys its render used). Keys the page did not need at first
 * (another page after a client-side navigation, a dialog, a form error) come with the whole
 * dictionary, fetched once after load (loadAllMessages) or at the first key missing. Another
 * language is never needed without a full page load: the language switch is a plain link.
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

/** The URL of the whole dictionary, as the server wrote it on the data element. */
export const allMessagesUrl = (language: Language) => document.getElementById(DICTIONARY_ELEMENT_ID(language))?.dataset.src ?? `/i18n/${language}.json`;

/**
 * Fetches the whole dictionary of a language once. Components render again when it arrives only
 * if one of them asked for a key the document did not carry: otherwise the page's texts are
 * already right, and rendering the whole page again would cost a long task for nothing.
 */
export function loadAllMessages(language: Language): Promise<void> {
  let p = loading[language];
  if (!p) {
    p = fetch(allMessagesUrl(language), { credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<Dictionary>) : Promise.reject(new Error(`messages: ${r.status}`))))
      .then((all) => {
        cache[language] = { ...all, ...getDictionary(language) };
        if (!missed[language]) return;
        missed[language] = false;
        version++;
        for (const fn of listeners) fn();
      })
      .catch(() => {
        // Offline or a deploy in between: try again a little later, not on every render.
        setTimeout(() => {
          loading[language] = undefined;
        }, 10_000);
      });
    loading[language] = p;
  }
  return p;
}

/** Nothing to record in the browser. */
export function messageUsed(_key: string): void {}

/** A key the document did not carry: the whole dictionary is fetched; meanwhile the key shows. */
export function messageMissing(language: Language, _key: string): string | undefined {
  missed[language] = true;
  void loadAllMessages(language);
  return undefined;
}

export const messagesVersion = () => version;

export function subscribeMessages(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Server only (the SSR entry); never called in the browser. */
export function setMessageRecorder(_fn: ((key: string) => void) | null): void {}
export function pickMessages(language: Language, _keys: Iterable<string>): Dictionary {
  return getDictionary(language);
}
export const dictionaryVersion = (_language: Language) => "";
