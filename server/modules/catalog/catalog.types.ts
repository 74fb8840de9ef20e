/**
 * The catalog module's own types. The shapes it sends (cards, listings, product pages...) live
 * in core/catalog.types.ts, inferred from the Zod schemas the API documents; they are
 * re-exported here for the module's files. See docs/decisions/011.
 */
import type { CustomerType, SelectedFilters, Sort } from "../../../core/catalog.types.ts";
import type { Language } from "../../../core/stores.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { createCatalogService } from "./catalog.service.ts";

export type * from "../../../core/catalog.types.ts";
export { CUSTOMER_TYPES, SORTS, SPECIAL_LISTINGS } from "../../../core/catalog.types.ts";

/**
 * What one catalog query is about, read once from the request context: the store (only the
 * products it sells), its language (names and slugs of that translation) and whose prices.
 */
export type Scope = { storeId: number; language: Language; customerType: CustomerType };

export function scopeOf(ctx: RequestContext): Scope {
  return { storeId: ctx.store.id, language: ctx.language, customerType: ctx.customerType };
}

/** A page of a listing: paging, order and selected filters (prices follow the context's customer type). */
export type ListQuery = {
  page?: number;
  page_size?: number;
  sort?: Sort;
  filters?: SelectedFilters;
};

/**
 * The catalog's use cases, as implemented (catalog.service.ts). `null` means "no such record
 * in this store and language" (the REST API answers 404, the storefront its 404 page).
 */
export type CatalogService = ReturnType<typeof createCatalogService>;
