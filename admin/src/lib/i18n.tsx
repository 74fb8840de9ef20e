import { createContext, useContext } from "react";

export type Lang = "es" | "fr";
export type Messages = { es: Record<string, string>; fr: Record<string, string> };

export const LangContext = createContext<Lang>("es");
export const useLang = () => useContext(LangContext);

/**
 * A screen's texts: each screen folder keeps its own Spanish and French messages (a new screen
 * is one folder), read with the staff member's language. `{name}` placeholders are filled.
 */
export function useT<M extends Messages>(messages: M) {
  const lang = useLang();
  return (key: keyof M["es"] & string, params?: Record<string, string | number>) => {
    const text = messages[lang][key] ?? messages.es[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : text;
  };
}

export function defineMessages<E extends Record<string, string>>(m: { es: E; fr: Record<keyof E, string> }): { es: E; fr: Record<keyof E, string> } {
  return m;
}
