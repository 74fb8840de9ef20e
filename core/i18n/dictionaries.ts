import type { Language } from "../stores.ts";
import esAccounts from "./es/accounts.json";
import esCartPage from "./es/cart-page.json";
import esCart from "./es/cart.json";
import esAccount from "./es/account.json";
import esCatalog from "./es/catalog.json";
import esCommon from "./es/common.json";
import esContent from "./es/content.json";
import esErrors from "./es/errors.json";
import esMarketing from "./es/marketing.json";
import esPages from "./es/pages.json";
import esProduct from "./es/product.json";
import esCheckout from "./es/checkout.json";
import esOrders from "./es/orders.json";
import esPayments from "./es/payments.json";
import esInvoices from "./es/invoices.json";
import esProductPage from "./es/product-page.json";
import frAccounts from "./fr/accounts.json";
import frCartPage from "./fr/cart-page.json";
import frCart from "./fr/cart.json";
import frAccount from "./fr/account.json";
import frCatalog from "./fr/catalog.json";
import frCommon from "./fr/common.json";
import frContent from "./fr/content.json";
import frErrors from "./fr/errors.json";
import frMarketing from "./fr/marketing.json";
import frPages from "./fr/pages.json";
import frProduct from "./fr/product.json";
import frCheckout from "./fr/checkout.json";
import frOrders from "./fr/orders.json";
import frPayments from "./fr/payments.json";
import frInvoices from "./fr/invoices.json";
import frProductPage from "./fr/product-page.json";

import esAdmin from "./es/admin.json";
import esAdminOrders from "./es/admin-orders.json";
import esAdminMoney from "./es/admin-money.json";
import esAdminPeople from "./es/admin-people.json";
import esAdminAccounting from "./es/admin-accounting.json";
import frAdmin from "./fr/admin.json";
import frAdminOrders from "./fr/admin-orders.json";
import frAdminMoney from "./fr/admin-money.json";
import frAdminPeople from "./fr/admin-people.json";
import frAdminAccounting from "./fr/admin-accounting.json";

export type Dictionary = Record<string, string>;

const es: Dictionary = {
  ...esCommon,
  ...esErrors,
  ...esAdmin,
  ...esAdminOrders,
  ...esAdminMoney,
  ...esAdminPeople,
  ...esAdminAccounting,
  ...esCatalog,
  ...esContent,
  ...esPages,
  ...esProduct,
  ...esMarketing,
  ...esAccounts,
  ...esCartPage,
  ...esCart,
  ...esAccount,
  ...esCheckout,
  ...esOrders,
  ...esPayments,
  ...esInvoices,
  ...esProductPage,
};
// French falls back to Spanish key by key, so a missing translation never shows a raw key.
const fr: Dictionary = {
  ...es,
  ...frCommon,
  ...frErrors,
  ...frAdmin,
  ...frAdminOrders,
  ...frAdminMoney,
  ...frAdminPeople,
  ...frAdminAccounting,
  ...frCatalog,
  ...frContent,
  ...frPages,
  ...frProduct,
  ...frMarketing,
  ...frAccounts,
  ...frCartPage,
  ...frCart,
  ...frAccount,
  ...frCheckout,
  ...frOrders,
  ...frPayments,
  ...frInvoices,
  ...frProductPage,
};

/**
 * Server side (Node and the SSR bundle): every language, statically. The browser build gets
 * dictionaries.client.ts instead (vite.config.ts), which reads the messages of the page from
 * the document: messages are data, not JavaScript to download and parse.
 */
export function getDictionary(language: Language): Dictionary {
  return language === "fr" ? fr : es;
}

let recorder: ((key: string) => void) | null = null;

/**
 * Set once by the SSR entry (app/entry.server.tsx): it collects the keys each render uses, so
 * the document carries only those messages (docs/decisions/005).
 */
export function setMessageRecorder(fn: ((key: string) => void) | null): void {
  recorder = fn;
}

/** Called by t() for every key it finds. */
export function messageUsed(key: string): void {
  recorder?.(key);
}

/** Called by t() for a key it does not know: on the server there is nothing more to load. */
export function messageMissing(_language: Language, _key: string): string | undefined {
  return undefined;
}

/** The messages of these keys in this language (what one document carries). */
export function pickMessages(language: Language, keys: Iterable<string>): Dictionary {
  const d = getDictionary(language);
  const out: Dictionary = {};
  for (const k of [...keys].sort()) if (k in d) out[k] = d[k];
  return out;
}

const versions: Partial<Record<Language, string>> = {};

/** A short content hash of a language's whole dictionary: the version in its URL (immutable caching). */
export function dictionaryVersion(language: Language): string {
  let v = versions[language];
  if (!v) {
    // FNV-1a over the JSON: stable across processes and builds with the same messages.
    const json = JSON.stringify(getDictionary(language));
    let h = 0x811c9dc5;
    for (let i = 0; i < json.length; i++) h = Math.imul(h ^ json.charCodeAt(i), 0x01000193) >>> 0;
    v = h.toString(36);
    versions[language] = v;
  }
  return v;
}

/** Where the browser fetches a language's whole dictionary (app/routes/resources/messages.ts). */
export const allMessagesUrl = (language: Language) => `/i18n/${language}.json?v=${dictionaryVersion(language)}`;

/** Browser side only: resolves at once here. */
export function loadAllMessages(_language: Language): Promise<void> {
  return Promise.resolve();
}

/** Browser side only: how many times more messages arrived (0 on the server). */
export const messagesVersion = () => 0;

/** Browser side only: called when more messages arrive; never on the server. */
export function subscribeMessages(_fn: () => void): () => void {
  return () => {};
}
