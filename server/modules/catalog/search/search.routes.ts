import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../../core/catalog.schema.ts";
import { SORTS } from "../../../../core/catalog.types.ts";
import { apiRoute } from "../../../lib/api-route.ts";
import type { Services } from "../../index.ts";
import { StoreQuery } from "../../stores/stores.query.ts";
import { CATALOG as C, catalogContext, Paging, SearchText, UserTypeQ } from "../catalog.query.ts";

const TAG = "products";

/** Full-text product search and the search box's suggestions. */
export async function searchRoutes(app: FastifyInstance, services: Services) {
  const { catalog } = services;
  const ctxOf = (q: Parameters<typeof catalogContext>[1]) => catalogContext(services, q);

  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/search/`,
      tag: TAG,
      summary: "Full-text product search (stemmed, accent-insensitive, typo-tolerant)",
      query: StoreQuery.extend({ q: SearchText, ...Paging, sort: z.enum(SORTS).optional().describe("Order (default: relevance)"), ...UserTypeQ }),
      response: S.paginatedSchema(S.ProductCard),
    },
    async ({ query }) => catalog.search(await ctxOf(query), query.q, query),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/search/suggest/`,
      tag: TAG,
      summary: "As-you-type suggestions: 6 products, 4 categories, 4 brands",
      query: StoreQuery.extend({ q: SearchText }),
      response: S.SearchSuggestion,
    },
    async ({ query }) => catalog.suggest(await ctxOf(query), query.q),
  );
}
