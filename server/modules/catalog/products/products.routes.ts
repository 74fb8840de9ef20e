import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../../core/catalog.schema.ts";
import { apiRoute } from "../../../lib/api-route.ts";
import type { Services } from "../../index.ts";
import { StoreQuery } from "../../stores/stores.query.ts";
import { CATALOG, catalogContext, found, id, idList, Slug, UserTypeQ } from "../catalog.query.ts";

const TAG = "products";
const P = `${CATALOG}/products`;

/** A product page's data: the product, its attributes, complements, variants and related products. */
export async function productsRoutes(app: FastifyInstance, services: Services) {
  const { catalog } = services;
  const ctxOf = (q: Parameters<typeof catalogContext>[1]) => catalogContext(services, q);

  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/retrieve_by_slug/`,
      tag: TAG,
      summary: "Product page data",
      params: Slug,
      query: StoreQuery.extend(UserTypeQ),
      response: S.ProductDetail,
      errors: [404],
    },
    async ({ params, query }) => found(await catalog.productBySlug(await ctxOf(query), params.slug), "catalog.product_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/attributes/`,
      tag: TAG,
      summary: "Configurable attributes of a product (its options only)",
      params: Slug,
      query: StoreQuery,
      response: S.resultsSchema(S.AttributeDto),
      errors: [404],
    },
    async ({ params, query }) => ({ results: found(await catalog.productAttributes(await ctxOf(query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/technical_data/`,
      tag: TAG,
      summary: "Technical data of a product",
      params: Slug,
      query: StoreQuery,
      response: S.resultsSchema(S.TechnicalDatum),
      errors: [404],
    },
    async ({ params, query }) => ({ results: found(await catalog.technicalData(await ctxOf(query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/complements/`,
      tag: TAG,
      summary: "Complements of a product (with their type, attributes and variants)",
      params: Slug,
      query: StoreQuery.extend({ complement_type: id("Only complements of this type id").optional(), ...UserTypeQ }),
      response: S.resultsSchema(S.ComplementDto),
      errors: [404],
    },
    async ({ params, query }) => ({
      results: found(await catalog.complements(await ctxOf(query), params.slug, query.complement_type), "catalog.product_not_found"),
    }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/variants/`,
      tag: TAG,
      summary: "Variants of a product with prices",
      params: Slug,
      query: StoreQuery.extend(UserTypeQ),
      response: S.resultsSchema(S.VariantDto),
      errors: [404],
    },
    async ({ params, query }) => ({ results: found(await catalog.variants(await ctxOf(query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/complement_types/`,
      tag: TAG,
      summary: "Complement types of a product in configurator order",
      params: Slug,
      query: StoreQuery,
      response: S.resultsSchema(S.ComplementTypeDto),
      errors: [404],
    },
    async ({ params, query }) => ({ results: found(await catalog.complementTypes(await ctxOf(query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/attributes_many/`,
      tag: TAG,
      summary: "Attributes of several products, keyed by product id",
      query: StoreQuery.extend({ product_ids: idList("Product ids, e.g. 1,2") }),
      response: z.object({ results: z.record(z.string().regex(/^\d+$/), z.array(S.AttributeDto)).describe("Product id -> its attributes") }),
    },
    async ({ query }) => ({ results: await catalog.attributesMany(await ctxOf(query), query.product_ids) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/related_products/`,
      tag: TAG,
      summary: "Products of the same category at a similar price",
      query: StoreQuery.extend({ product_id: id("Product id"), limit: z.coerce.number().int().min(1).max(24).default(8).describe("How many"), ...UserTypeQ }),
      response: S.resultsSchema(S.ProductCard),
    },
    async ({ query }) => ({ results: await catalog.relatedProducts(await ctxOf(query), query.product_id, query.limit) }),
  );
}
