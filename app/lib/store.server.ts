import { type AppLoadContext, data } from "react-router";
import { type Language, languageFromPath, type StoreFeatures, stripLocale } from "../../core/stores.ts";
import { contextFor, type RequestContext } from "../../server/lib/request-context.ts";
import type { Store } from "../../server/modules/stores/stores.service.ts";

/** Route modules take the request context from here (a .server.ts file), never from server/ (docs/decisions/011). */
export { contextFor, type RequestContext };

/**
 * The store of a request, its language, the path inside the store, and the anonymous request
 * context the services take first (docs/decisions/011). Pages with a signed-in customer take
 * theirs from the session instead (session.server.ts).
 */
export type StoreRequest = { store: Store; lang: Language; url: URL; path: string; ctx: RequestContext };

/** The store of a request (its /fr prefix) and the path inside the store. */
export async function storeFor(request: Request, context: AppLoadContext): Promise<StoreRequest> {
  const url = new URL(request.url);
  const lang = languageFromPath(url.pathname);
  const store = await context.services.stores.byLanguage(lang);
  return { store, lang, url, path: stripLocale(url.pathname), ctx: contextFor(store) };
}

/** A section a store does not have (the French blog, installation service...) is a 404 there. */
export function requireFeature(store: Store, feature: keyof StoreFeatures): void {
  if (!store.features[feature]) throw notFound();
}

export function notFound(): Response {
  return data(null, { status: 404 }) as unknown as Response;
}
