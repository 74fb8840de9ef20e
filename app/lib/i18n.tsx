import { createContext, useContext } from "react";
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

export function I18nProvider({ lang, children }: { lang: Language; children: React.ReactNode }) {
  return <I18nContext.Provider value={cache[lang]}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
export const i18nFor = (lang: Language) => cache[lang];
