import type { LoaderFunctionArgs, AppLoadContext } from "react-router";
import { loadProductPage } from "~/features/product/product.server";

/**
 * The product branch of the catch-all route. Its meta tags are computed by the route's meta
 * function from this data (features/product/product-meta.ts, a small module): the catch-all
 * route's client chunk (the category listing, the most visited page) does not import the
 * product page module, which loads in its own chunk.
 */
export async function loadProductRoute(args: LoaderFunctionArgs<AppLoadContext>, slug: string) {
  return { kind: "product" as const, data: await loadProductPage(args, slug) };
}
