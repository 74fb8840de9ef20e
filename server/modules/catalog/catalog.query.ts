import { z } from "zod";
import { CUSTOMER_TYPES, SORTS } from "../../../core/catalog.types.ts";
export { found } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { apiContext, type StoreQueryInput } from "../stores/stores.query.ts";
import { MAX_PAGE_SIZE } from "./listing/cards.ts";

/** Query parameters the catalog's routes share (with StoreQuery from the stores module). */

export const CATALOG = "/catalog/v1";

export const id = (what: string) => z.coerce.number().int().min(1).max(2_147_483_647).describe(what);

export const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe("Page, from 1"),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24).describe(`Products per page (1-${MAX_PAGE_SIZE})`),
};

/** The anonymous API's `user_type`: mapped into the request context's customer type. */
export const UserTypeQ = {
  user_type: z.enum(CUSTOMER_TYPES).default("customer").describe("professional adds pvp_professional"),
};

export const SortQ = { sort: z.enum(SORTS).default("best_seller").describe("Order of the products") };

export const idList = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, "must be a comma-separated list of ids, e.g. 12,15")
    .transform((s) => s.split(",").map(Number))
    .describe(what);

export const Slug = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9-]*$/, "must be a slug (a-z, 0-9, -)"),
});

export const SearchText = z.string().trim().min(1, "must not be empty").max(200).describe("Search text");

/**
 * The request context of a catalog call: the store of StoreQuery and, for the anonymous API,
 * the customer type its `user_type` asks for (the accounts module will set it from the user).
 */
export async function catalogContext(services: Services, q: StoreQueryInput & { user_type?: "customer" | "professional" }): Promise<RequestContext> {
  const ctx = await apiContext(services.stores, q);
  return q.user_type ? { ...ctx, customerType: q.user_type } : ctx;
}

/** range_<filterId>=min-max query parameters of a listing. */
export function rangesOf(raw: Record<string, unknown>): Record<number, [number, number]> {
  const out: Record<number, [number, number]> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = /^range_(\d{1,9})$/.exec(k);
    if (!key) continue;
    const m = typeof v === "string" ? /^(\d{1,9})-(\d{1,9})$/.exec(v.trim()) : null;
    if (!m) throw new z.ZodError([{ code: "custom", path: [k], message: "must be min-max in whole numbers, e.g. 70-120", input: v }]);
    const a = Number(m[1]);
    const b = Number(m[2]);
    out[Number(key[1])] = a <= b ? [a, b] : [b, a];
  }
  return out;
}
