import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../../core/catalog.schema.ts";
import { SORTS, SPECIAL_LISTINGS } from "../../../../core/catalog.types.ts";
import { apiRoute } from "../../../lib/api-route.ts";
import type { Services } from "../../index.ts";
import { StoreQuery } from "../../stores/stores.query.ts";
import { CATALOG as C, catalogContext, found, id, idList, Paging, rangesOf, Slug, SortQ, UserTypeQ } from "../catalog.query.ts";
import type { ListQuery } from "../catalog.types.ts";

const TAG = "catalog";
const TAG_P = "products";

const ListingQuery = StoreQuery.extend({
  ...Paging,
  ...SortQ,
  ...UserTypeQ,
  filters: idList("Selected filter option ids (OR within a filter, AND across filters)").optional(),
}).loose();

const SpecialQuery = StoreQuery.extend({ ...Paging, sort: z.enum(SORTS).optional().describe("Order (default: the listing's own)"), ...UserTypeQ });

/** Categories, their listings and the store's merchandising (home sliders, highlights, offers). */
export async function listingRoutes(app: FastifyInstance, services: Services) {
  const { catalog } = services;
  const ctxOf = (q: Parameters<typeof catalogContext>[1]) => catalogContext(services, q);

  // ---------------------------------------------------------------- categories
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/categories/:slug/retrieve_by_slug/`,
      tag: TAG,
      summary: "A category by its slug in the language",
      params: Slug,
      query: StoreQuery,
      response: S.CategoryDto,
      errors: [404],
    },
    async ({ params, query }) => found(await catalog.categoryBySlug(await ctxOf(query), params.slug), "catalog.category_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/category-links-highlight/web_list/`,
      tag: TAG,
      summary: "Quick links shown above a category's products",
      query: StoreQuery.extend({ category_id: id("Category id") }),
      response: S.resultsSchema(S.LinkDto),
    },
    async ({ query }) => ({ results: await catalog.categoryLinks(await ctxOf(query), query.category_id) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/category-filters/web_list/`,
      tag: TAG,
      summary: "A category's filters with option counts and range bounds",
      query: StoreQuery.extend({ category_id: id("Category id") }),
      response: S.resultsSchema(S.FilterDto),
    },
    async ({ query }) => ({ results: await catalog.categoryFilters(await ctxOf(query), query.category_id) }),
  );
  apiRoute(
    app,
    {
      method: "POST",
      url: `${C}/categories/get_seo_link/`,
      tag: TAG,
      summary: "What a store URL shows (category, product, brand, page) and its canonical URL",
      query: StoreQuery,
      body: z.object({ url: z.string().min(1).max(2000).describe("A store URL or path, e.g. /platos-de-ducha/ or /fr/xxx.html") }),
      response: S.SeoLink,
      errors: [404],
    },
    async ({ query, body }) => found(await catalog.seoLink(await ctxOf(query), body.url), "catalog.page_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-category-banners/web_list/`,
      tag: TAG,
      summary: "Banners of category pages (of one category and the store-wide ones)",
      query: StoreQuery.extend({ category_id: id("Category id").optional() }),
      response: S.resultsSchema(S.BannerDto),
    },
    async ({ query }) => ({ results: await catalog.categoryBanners(await ctxOf(query), query.category_id) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/products/:category/weblist_by_category/`,
      tag: TAG_P,
      summary: "One page of a category's products (and its subcategories') with filters, counts and sort",
      params: z.object({ category: Slug.shape.slug.describe("Category slug in the language") }),
      query: ListingQuery,
      extraQuery: [
        {
          name: "range_{filterId}",
          description: "Range filter: min-max (e.g. range_7=70-120); overlaps the product's own range",
          schema: { type: "string", pattern: "^\\d+-\\d+$" },
        },
      ],
      response: S.CategoryListing,
      errors: [404],
    },
    async ({ params, query }) => {
      const q: ListQuery = {
        page: query.page,
        page_size: query.page_size,
        sort: query.sort,
        filters: { options: query.filters ?? [], ranges: rangesOf(query as Record<string, unknown>) },
      };
      return found(await catalog.listByCategory(await ctxOf(query), params.category, q), "catalog.category_not_found");
    },
  );

  // ---------------------------------------------------------------- store merchandising
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-highlight-categories/web-list/`,
      tag: TAG,
      summary: "Highlighted categories of the home page",
      query: StoreQuery,
      response: S.resultsSchema(S.HighlightCategory),
    },
    async ({ query }) => ({ results: await catalog.highlightCategories(await ctxOf(query)) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-highlight-products/web-list/`,
      tag: TAG,
      summary: "Highlighted products of the home page",
      query: StoreQuery.extend(UserTypeQ),
      response: S.resultsSchema(S.ProductCard),
    },
    async ({ query }) => ({ results: await catalog.highlightProducts(await ctxOf(query)) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-highlight-suppliers/web-list/`,
      tag: TAG,
      summary: "Highlighted brands (suppliers) of the home page",
      query: StoreQuery,
      response: S.resultsSchema(S.BrandDto),
    },
    async ({ query }) => ({ results: await catalog.highlightSuppliers(await ctxOf(query)) }),
  );
  const special =
    (listing: "offers" | "novelties") =>
    async ({ query }: { query: z.output<typeof SpecialQuery> }) =>
      catalog.weblistProducts(await ctxOf(query), { listing, page: query.page, page_size: query.page_size, sort: query.sort });
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-offers/`,
      tag: TAG,
      summary: "Products on offer (paginated, biggest discount first)",
      query: SpecialQuery,
      response: S.paginatedSchema(S.ProductCard),
    },
    special("offers"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-novelties/web-list/`,
      tag: TAG,
      summary: "Novelties (paginated, newest first)",
      query: SpecialQuery,
      response: S.paginatedSchema(S.ProductCard),
    },
    special("novelties"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-home-sliders/web_list/`,
      tag: TAG,
      summary: "Home page sliders",
      query: StoreQuery,
      response: S.resultsSchema(S.BannerDto),
    },
    async ({ query }) => ({ results: await catalog.homeSliders(await ctxOf(query)) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-home-banners/web_list/`,
      tag: TAG,
      summary: "Home page banners",
      query: StoreQuery,
      response: S.resultsSchema(S.BannerDto),
    },
    async ({ query }) => ({ results: await catalog.homeBanners(await ctxOf(query)) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-seo-texts/web_list/`,
      tag: TAG,
      summary: "SEO text blocks of the store's pages",
      query: StoreQuery.extend({
        page: z
          .string()
          .min(1)
          .max(100)
          .regex(/^[a-z0-9-]+$/, "must be a page name such as home")
          .optional()
          .describe("Page name (home, ofertas ...)"),
      }),
      response: S.resultsSchema(S.SeoText),
    },
    async ({ query }) => ({ results: await catalog.seoTexts(await ctxOf(query), query.page) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/products/weblist_products/`,
      tag: TAG_P,
      summary: "Product cards by ids or refs (order kept), or a special listing",
      query: StoreQuery.extend({
        ids: idList("Product ids").optional(),
        refs: z
          .string()
          .regex(/^[\w.-]{1,60}(,[\w.-]{1,60}){0,199}$/, "must be a comma-separated list of product references")
          .transform((s) => s.split(","))
          .optional()
          .describe("Product references"),
        listing: z.enum(SPECIAL_LISTINGS).optional().describe("A special listing instead of ids/refs"),
        ...Paging,
        sort: z.enum(SORTS).optional().describe("Order of a listing"),
        ...UserTypeQ,
      }).refine((q) => q.ids || q.refs || q.listing, { message: "one of ids, refs or listing is required", path: ["ids"] }),
      response: S.paginatedSchema(S.ProductCard),
    },
    async ({ query }) => catalog.weblistProducts(await ctxOf(query), query),
  );
}
