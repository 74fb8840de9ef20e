import { type AppLoadContext, data } from "react-router";
import { type Language, languageFromPath, stripLocale } from "../../core/stores.ts";
import type { StoreFeatures } from "../../server/modules/stores/stores.schema.ts";
import type { Store } from "../../server/modules/stores/stores.service.ts";

export type StoreRequest = { store: Store; lang: Language; url: URL; path: string };

/** The store of a request (its /fr prefix) and the path inside the store. */
export async function storeFor(request: Request, context: AppLoadContext): Promise<StoreRequest> {
  const url = new URL(request.url);
  const lang = languageFromPath(url.pathname);
  const store = await context.services.stores.byLanguage(lang);
  return { store, lang, url, path: stripLocale(url.pathname) };
}

/** A section a store does not have (the French blog, installation service...) is a 404 there. */
export function requireFeature(store: Store, feature: keyof StoreFeatures): void {
  if (!store.features[feature]) throw notFound();
}

export function notFound(): Response {
  return data(null, { status: 404 }) as unknown as Response;
}
