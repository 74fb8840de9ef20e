import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../core/catalog.schema.ts";
import { apiRoute } from "../../lib/api-route.ts";
import type { Services } from "../index.ts";
import { brandsRoutes } from "./brands/brands.routes.ts";
import { CATALOG } from "./catalog.query.ts";
import { listingRoutes } from "./listing/listing.routes.ts";
import { productsRoutes } from "./products/products.routes.ts";
import { searchRoutes } from "./search/search.routes.ts";

/**
 * The catalog calls of spec section 7, each sub-folder with its own routes (categories and
 * listings, products, brands, search). Store-scoped calls take StoreQuery and turn it into
 * the request context (catalog.query.ts); every route documents its answer (core/catalog.schema.ts).
 */
export async function catalogRoutes(app: FastifyInstance, services: Services) {
  await listingRoutes(app, services);
  await productsRoutes(app, services);
  await brandsRoutes(app, services);
  await searchRoutes(app, services);

  apiRoute(
    app,
    {
      method: "GET",
      url: `${CATALOG}/suppliers/sitemap/`,
      tag: "catalog",
      summary: "Sitemap entries of both stores (categories, products, brands) with hreflang alternates",
      query: z.object({ kind: z.enum(["category", "product", "brand"]).optional().describe("Only one kind of page") }),
      response: z.object({ results: z.array(S.SitemapEntry), total: z.number().int() }),
    },
    async ({ query }) => {
      const all = await services.catalog.sitemap();
      const results = query.kind ? all.filter((e) => e.kind === query.kind) : all;
      return { results, total: results.length };
    },
  );
}
