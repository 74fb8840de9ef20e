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

export type Dictionary = Record<string, string>;

const es: Dictionary = {
  ...esCommon,
  ...esErrors,
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
 * dictionaries.client.ts instead (vite.config.ts), which reads the one language of the page
 * from the document: messages are data, not JavaScript to download and parse.
 */
export function getDictionary(language: Language): Dictionary {
  return language === "fr" ? fr : es;
}
