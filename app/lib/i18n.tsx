import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { loadAllMessages, messagesVersion, subscribeMessages } from "../../core/i18n/dictionaries.ts";
import { type Params, t } from "../../core/i18n/index.ts";
import { LOCALE_BY_LANGUAGE, type Language, localePath } from "../../core/stores.ts";
import { formatPrice } from "../../core/money.ts";

type I18n = {
  lang: Language;
  locale: string;
  t: (key: string, params?: Params) => string;
  /** A store path in the current language ("/marcas" -> "/fr/marcas" in French). */
  href: (path: string) => string;
  price: (cents: number) => string;
};

function make(lang: Language): I18n {
  const locale = LOCALE_BY_LANGUAGE[lang];
  return {
    lang,
    locale,
    t: (key, params) => t(lang, key, params),
    href: (path) => localePath(lang, path),
    price: (cents) => formatPrice(cents, locale),
  };
}

const cache = { es: make("es"), fr: make("fr") };
const I18nContext = createContext<I18n>(cache.es);

/**
 * The document carries only the messages its first render used (core/i18n): once the page has
 * loaded, the whole dictionary is fetched in the background for what comes next (another page,
 * a dialog, a form error), and every translated component renders again when it arrives.
 */
export function I18nProvider({ lang, children }: { lang: Language; children: React.ReactNode }) {
  const version = useSyncExternalStore(subscribeMessages, messagesVersion, () => 0);
  const value = useMemo(() => (version === 0 ? cache[lang] : { ...make(lang) }), [lang, version]);
  useEffect(() => {
    const load = () => void loadAllMessages(lang);
    if (document.readyState !== "complete") {
      window.addEventListener("load", load, { once: true });
      return () => window.removeEventListener("load", load);
    }
    const id = window.setTimeout(load, 200);
    return () => window.clearTimeout(id);
  }, [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
export const i18nFor = (lang: Language) => cache[lang];
