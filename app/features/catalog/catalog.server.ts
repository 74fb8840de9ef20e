import { type AppLoadContext, data } from "react-router";
import type { CatalogService, StoreLang, UserType } from "../../../server/modules/catalog/catalog.types.ts";
import { type StoreRequest, storeFor } from "~/lib/store.server";

export type CatalogRequest = StoreRequest & { catalog: CatalogService; sl: StoreLang; userType: UserType };

/**
 * The catalog service of the load context, with the request's store and language. Until the
 * catalog module is wired into the services the pages answer 503 (a clear "try again"), not a crash.
 */
export async function catalogFor(request: Request, context: AppLoadContext): Promise<CatalogRequest> {
  const sr = await storeFor(request, context);
  const catalog = (context.services as unknown as { catalog?: CatalogService }).catalog;
  if (!catalog) throw data(null, { status: 503 });
  // Anonymous visitors are customers; the accounts module will pass the professional type here.
  return { ...sr, catalog, sl: { storeId: sr.store.id, language: sr.lang }, userType: "customer" };
}
