import type { AppLoadContext } from "react-router";
import type { CatalogService } from "../../../server/modules/catalog/catalog.types.ts";
import { contextFor, sessionFor } from "~/lib/session.server";
import { type StoreRequest, storeFor } from "~/lib/store.server";

export type CatalogRequest = StoreRequest & { catalog: CatalogService };

/**
 * The catalog service of the load context (the storefront never talks HTTP to its own API)
 * with the request's store and context. A signed-in customer's context carries their type, so
 * a professional sees professional prices on every listing, product and search page (spec 6);
 * such pages are personal and never cached (the root marks them, session.server.ts).
 */
export async function catalogFor(request: Request, context: AppLoadContext): Promise<CatalogRequest> {
  const [sr, session] = await Promise.all([storeFor(request, context), sessionFor(request, context)]);
  return { ...sr, ctx: session.auth ? contextFor(sr.store, session.auth) : sr.ctx, catalog: context.services.catalog };
}
