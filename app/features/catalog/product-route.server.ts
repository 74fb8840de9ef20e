import type { LoaderFunctionArgs, MetaDescriptor } from "react-router";
import { productMeta } from "~/features/product/product-page";
import { loadProductPage } from "~/features/product/product.server";
import type { RootData } from "~/lib/root-data";
import { storeFor } from "~/lib/store.server";

/**
 * The product branch of the catch-all route. The product's meta tags are computed here, on the
 * server, so that the catch-all route's client chunk (the category listing, the most visited
 * page) does not import the product page module: that one loads in its own chunk.
 */
export async function loadProductRoute(args: LoaderFunctionArgs, slug: string) {
  const data = await loadProductPage(args, slug);
  const { store, lang } = await storeFor(args.request, args.context);
  const root: RootData = {
    lang,
    origin: args.context.services.config.publicUrl,
    store: { sourceCode: store.sourceCode, name: store.name, supportPhone: store.supportPhone, supportEmail: store.supportEmail, features: store.features },
    menus: { main: [], footer: [] },
    consent: null,
    year: new Date().getFullYear(),
    // The meta tags only need the store: no customer data here.
    user: null,
    favourites: [],
    cart: null,
  };
  return { kind: "product" as const, data, meta: productMeta(data, root) as MetaDescriptor[] };
}
