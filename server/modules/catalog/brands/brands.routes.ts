import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../../core/catalog.schema.ts";
import { apiRoute } from "../../../lib/api-route.ts";
import type { Services } from "../../index.ts";
import { StoreQuery } from "../../stores/stores.query.ts";
import { MAX_PAGE_SIZE } from "../listing/cards.ts";
import { CATALOG as C, catalogContext, found, id, Paging, Slug, SortQ, UserTypeQ } from "../catalog.query.ts";

const TAG = "catalog";

/** Brands (suppliers), their collections, banners and categories. */
export async function brandsRoutes(app: FastifyInstance, services: Services) {
  const { catalog } = services;
  const ctxOf = (q: Parameters<typeof catalogContext>[1]) => catalogContext(services, q);

  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/brands/:slug/retrieve_by_slug/`,
      tag: TAG,
      summary: "A brand with its collections, banners and categories",
      params: Slug,
      query: StoreQuery,
      response: S.BrandDetail,
      errors: [404],
    },
    async ({ params, query }) => found(await catalog.brandBySlug(await ctxOf(query), params.slug), "catalog.brand_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/brands/web_list/`,
      tag: TAG,
      summary: "Brands with products in the store (paginated)",
      query: StoreQuery.extend({ page: Paging.page, page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(48).describe("Brands per page") }),
      response: S.paginatedSchema(S.BrandDto),
    },
    async ({ query }) => catalog.brands(await ctxOf(query), { page: query.page, page_size: query.page_size }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/brand-banners/`,
      tag: TAG,
      summary: "Banners of brand pages",
      query: StoreQuery.extend({ brand_id: id("Brand id").optional() }),
      response: S.resultsSchema(S.BannerDto),
    },
    async ({ query }) => ({ results: await catalog.brandBanners(await ctxOf(query), query.brand_id) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/brand-collections/web_list/`,
      tag: TAG,
      summary: "Collections (of one brand) with product counts",
      query: StoreQuery.extend({ brand_id: id("Brand id").optional() }),
      response: S.resultsSchema(S.CollectionDto),
    },
    async ({ query }) => ({ results: await catalog.brandCollections(await ctxOf(query), query.brand_id) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/brand-store-categories/web_list/`,
      tag: TAG,
      summary: "The store's categories where a brand has products, with counts",
      query: StoreQuery.extend({ brand_id: id("Brand id") }),
      response: S.resultsSchema(S.BrandCategoryDto),
    },
    async ({ query }) => ({ results: await catalog.brandCategories(await ctxOf(query), query.brand_id) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/products/collection/`,
      tag: "products",
      summary: "Products of a brand collection (paginated)",
      query: StoreQuery.extend({ collection: Slug.shape.slug.describe("Collection slug"), ...Paging, ...SortQ, ...UserTypeQ }),
      response: S.paginatedSchema(S.ProductCard),
      errors: [404],
    },
    async ({ query }) => found(await catalog.collection(await ctxOf(query), query.collection, query), "catalog.page_not_found"),
  );
}
