import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { type AuthUser, contextFor, type RequestContext } from "../../lib/request-context.ts";
import type { Store, StoresService } from "./stores.service.ts";

/**
 * The `store` and `language` query parameters every store-scoped call takes (spec 7: "catalog
 * calls carry store and language as query parameters"). Either may be left out: the store
 * defaults to the language's store, the language to the store's; given both, they must agree.
 */
export const StoreQuery = z.object({
  store: z
    .union([z.string().trim().min(1).max(20), z.number().int().positive()])
    .optional()
    .describe("Store: source code (ESDB, FRDB) or store id; defaults to the language's store (ESDB)"),
  language: z.enum(["es", "fr"]).optional().describe("Language; must be the store's (es for ESDB, fr for FRDB)"),
});
export type StoreQueryInput = z.output<typeof StoreQuery>;

/** The one resolver of StoreQuery: 400 for an unknown store or a language that is not the store's. */
export async function resolveStore(stores: StoresService, q: StoreQueryInput): Promise<Store> {
  const store = q.store !== undefined ? await stores.resolve(q.store) : await stores.byLanguage(q.language ?? "es");
  if (q.language && q.language !== store.language) throw new AppError("store.language_mismatch", 400);
  return store;
}

/** The request context of an API call: its store (from StoreQuery) and its caller. */
export async function apiContext(stores: StoresService, q: StoreQueryInput, user: AuthUser | null = null): Promise<RequestContext> {
  return contextFor(await resolveStore(stores, q), user);
}

/** The store of a request that has no store parameter: the body's, else the page's language. */
export function languageOfRequest(req: FastifyRequest): "es" | "fr" {
  const q = (req.query as Record<string, unknown> | undefined)?.language;
  return q === "fr" ? "fr" : "es";
}
