import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { resolveStore, StoreQuery, type StoreQueryInput } from "../stores/stores.query.ts";
import type { Services } from "../index.ts";
import { MAX_PAGE_SIZE } from "./catalog.cards.ts";
import { type ListQuery, SORTS, type StoreLang } from "./catalog.types.ts";

const TAG = "catalog";
const TAG_P = "products";

// ------------------------------------------------------------------ shared query schemas
const id = (what: string) => z.coerce.number().int().min(1).max(2_147_483_647).describe(what);
const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe("Page, from 1"),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24).describe(`Products per page (1-${MAX_PAGE_SIZE})`),
};
const UserTypeQ = { user_type: z.enum(["customer", "professional"]).default("customer").describe("professional adds pvp_professional") };
const SortQ = { sort: z.enum(SORTS).default("best_seller").describe("Order of the products") };
const idList = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, "must be a comma-separated list of ids, e.g. 12,15")
    .transform((s) => s.split(",").map(Number))
    .describe(what);
const Slug = z.object({ slug: z.string().min(1).max(200).regex(/^[a-z0-9][a-z0-9-]*$/, "must be a slug (a-z, 0-9, -)") });
const Q = z.string().trim().min(1, "must not be empty").max(200).describe("Search text");

/** The store of the request and its language (the language must be the store's). */
async function storeLang(services: Services, q: StoreQueryInput): Promise<StoreLang> {
  const store = await resolveStore(services.stores, q);
  return { storeId: store.id, language: store.language };
}

function found<T>(value: T | null, code: string): T {
  if (value === null) throw new AppError(code, 404);
  return value;
}

/** range_<filterId>=min-max query parameters of a listing. */
function rangesOf(raw: Record<string, unknown>): Record<number, [number, number]> {
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

const ListingQuery = StoreQuery.extend({
  ...Paging,
  ...SortQ,
  ...UserTypeQ,
  filters: idList("Selected filter option ids (OR within a filter, AND across filters)").optional(),
}).loose();

export async function catalogRoutes(app: FastifyInstance, services: Services) {
  const { catalog } = services;
  const C = "/catalog/v1";

  // ---------------------------------------------------------------- categories
  apiRoute(
    app,
    { method: "GET", url: `${C}/categories/:slug/retrieve_by_slug/`, tag: TAG, summary: "A category by its slug in the language", params: Slug, query: StoreQuery, notFound: true },
    async ({ params, query }) => found(await catalog.categoryBySlug(await storeLang(services, query), params.slug), "catalog.category_not_found"),
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/category-links-highlight/web_list/`, tag: TAG, summary: "Quick links shown above a category's products", query: StoreQuery.extend({ category_id: id("Category id") }) },
    async ({ query }) => ({ results: await catalog.categoryLinks(await storeLang(services, query), query.category_id) }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/category-filters/web_list/`, tag: TAG, summary: "A category's filters with option counts and range bounds", query: StoreQuery.extend({ category_id: id("Category id") }) },
    async ({ query }) => ({ results: await catalog.categoryFilters(await storeLang(services, query), query.category_id) }),
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
      notFound: true,
    },
    async ({ query, body }) => found(await catalog.seoLink(await storeLang(services, query), body.url), "catalog.page_not_found"),
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/store-category-banners/web_list/`, tag: TAG, summary: "Banners of category pages (of one category and the store-wide ones)", query: StoreQuery.extend({ category_id: id("Category id").optional() }) },
    async ({ query }) => ({ results: await catalog.categoryBanners(await storeLang(services, query), query.category_id) }),
  );

  // ---------------------------------------------------------------- store merchandising
  apiRoute(app, { method: "GET", url: `${C}/store-highlight-categories/web-list/`, tag: TAG, summary: "Highlighted categories of the home page", query: StoreQuery }, async ({ query }) => ({
    results: await catalog.highlightCategories(await storeLang(services, query)),
  }));
  apiRoute(
    app,
    { method: "GET", url: `${C}/store-highlight-products/web-list/`, tag: TAG, summary: "Highlighted products of the home page", query: StoreQuery.extend(UserTypeQ) },
    async ({ query }) => ({ results: await catalog.highlightProducts(await storeLang(services, query), query.user_type) }),
  );
  apiRoute(app, { method: "GET", url: `${C}/store-highlight-suppliers/web-list/`, tag: TAG, summary: "Highlighted brands (suppliers) of the home page", query: StoreQuery }, async ({ query }) => ({
    results: await catalog.highlightSuppliers(await storeLang(services, query)),
  }));
  const special = (listing: "offers" | "novelties") => async ({ query }: { query: z.output<typeof SpecialQuery> }) =>
    catalog.weblistProducts(await storeLang(services, query), { listing, page: query.page, page_size: query.page_size, sort: query.sort, user_type: query.user_type });
  const SpecialQuery = StoreQuery.extend({ ...Paging, sort: z.enum(SORTS).optional().describe("Order (default: the listing's own)"), ...UserTypeQ });
  apiRoute(app, { method: "GET", url: `${C}/store-offers/`, tag: TAG, summary: "Products on offer (paginated, biggest discount first)", query: SpecialQuery }, special("offers"));
  apiRoute(app, { method: "GET", url: `${C}/store-novelties/web-list/`, tag: TAG, summary: "Novelties (paginated, newest first)", query: SpecialQuery }, special("novelties"));
  apiRoute(app, { method: "GET", url: `${C}/store-home-sliders/web_list/`, tag: TAG, summary: "Home page sliders", query: StoreQuery }, async ({ query }) => ({
    results: await catalog.homeSliders(await storeLang(services, query)),
  }));
  apiRoute(app, { method: "GET", url: `${C}/store-home-banners/web_list/`, tag: TAG, summary: "Home page banners", query: StoreQuery }, async ({ query }) => ({
    results: await catalog.homeBanners(await storeLang(services, query)),
  }));
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/store-seo-texts/web_list/`,
      tag: TAG,
      summary: "SEO text blocks of the store's pages",
      query: StoreQuery.extend({ page: z.string().min(1).max(100).regex(/^[a-z0-9-]+$/, "must be a page name such as home").optional().describe("Page name (home, ofertas ...)") }),
    },
    async ({ query }) => ({ results: await catalog.seoTexts(await storeLang(services, query), query.page) }),
  );

  // ---------------------------------------------------------------- brands
  apiRoute(
    app,
    { method: "GET", url: `${C}/brands/:slug/retrieve_by_slug/`, tag: TAG, summary: "A brand with its collections, banners and categories", params: Slug, query: StoreQuery, notFound: true },
    async ({ params, query }) => found(await catalog.brandBySlug(await storeLang(services, query), params.slug), "catalog.brand_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/brands/web_list/`,
      tag: TAG,
      summary: "Brands with products in the store (paginated)",
      query: StoreQuery.extend({ page: Paging.page, page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(48).describe("Brands per page") }),
    },
    async ({ query }) => catalog.brands(await storeLang(services, query), { page: query.page, page_size: query.page_size }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/brand-banners/`, tag: TAG, summary: "Banners of brand pages", query: StoreQuery.extend({ brand_id: id("Brand id").optional() }) },
    async ({ query }) => ({ results: await catalog.brandBanners(await storeLang(services, query), query.brand_id) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/suppliers/sitemap/`,
      tag: TAG,
      summary: "Sitemap entries of both stores (categories, products, brands) with hreflang alternates",
      query: z.object({ kind: z.enum(["category", "product", "brand"]).optional().describe("Only one kind of page") }),
    },
    async ({ query }) => {
      const all = await catalog.sitemap();
      const results = query.kind ? all.filter((e) => e.kind === query.kind) : all;
      return { results, total: results.length };
    },
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/brand-collections/web_list/`, tag: TAG, summary: "Collections (of one brand) with product counts", query: StoreQuery.extend({ brand_id: id("Brand id").optional() }) },
    async ({ query }) => ({ results: await catalog.brandCollections(await storeLang(services, query), query.brand_id) }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/brand-store-categories/web_list/`, tag: TAG, summary: "The store's categories where a brand has products, with counts", query: StoreQuery.extend({ brand_id: id("Brand id") }) },
    async ({ query }) => ({ results: await catalog.brandCategories(await storeLang(services, query), query.brand_id) }),
  );

  // ---------------------------------------------------------------- products
  const P = `${C}/products`;
  apiRoute(
    app,
    { method: "GET", url: `${P}/:slug/retrieve_by_slug/`, tag: TAG_P, summary: "Product page data", params: Slug, query: StoreQuery.extend(UserTypeQ), notFound: true },
    async ({ params, query }) => found(await catalog.productBySlug(await storeLang(services, query), params.slug, query.user_type), "catalog.product_not_found"),
  );
  apiRoute(
    app,
    { method: "GET", url: `${P}/:slug/attributes/`, tag: TAG_P, summary: "Configurable attributes of a product (its options only)", params: Slug, query: StoreQuery, notFound: true },
    async ({ params, query }) => ({ results: found(await catalog.productAttributes(await storeLang(services, query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${P}/:slug/technical_data/`, tag: TAG_P, summary: "Technical data of a product", params: Slug, query: StoreQuery, notFound: true },
    async ({ params, query }) => ({ results: found(await catalog.technicalData(await storeLang(services, query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:slug/complements/`,
      tag: TAG_P,
      summary: "Complements of a product (with their type, attributes and variants)",
      params: Slug,
      query: StoreQuery.extend({ complement_type: id("Only complements of this type id").optional(), ...UserTypeQ }),
      notFound: true,
    },
    async ({ params, query }) => ({
      results: found(await catalog.complements(await storeLang(services, query), params.slug, query.complement_type, query.user_type), "catalog.product_not_found"),
    }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${P}/:slug/variants/`, tag: TAG_P, summary: "Variants of a product with prices", params: Slug, query: StoreQuery.extend(UserTypeQ), notFound: true },
    async ({ params, query }) => ({ results: found(await catalog.variants(await storeLang(services, query), params.slug, query.user_type), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${P}/:slug/complement_types/`, tag: TAG_P, summary: "Complement types of a product in configurator order", params: Slug, query: StoreQuery, notFound: true },
    async ({ params, query }) => ({ results: found(await catalog.complementTypes(await storeLang(services, query), params.slug), "catalog.product_not_found") }),
  );
  apiRoute(
    app,
    { method: "GET", url: `${P}/attributes_many/`, tag: TAG_P, summary: "Attributes of several products, keyed by product id", query: StoreQuery.extend({ product_ids: idList("Product ids, e.g. 1,2") }) },
    async ({ query }) => ({ results: await catalog.attributesMany(await storeLang(services, query), query.product_ids) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/:category/weblist_by_category/`,
      tag: TAG_P,
      summary: "One page of a category's products (and its subcategories') with filters, counts and sort",
      params: z.object({ category: Slug.shape.slug.describe("Category slug in the language") }),
      query: ListingQuery,
      extraQuery: [{ name: "range_{filterId}", description: "Range filter: min-max (e.g. range_7=70-120); overlaps the product's own range", schema: { type: "string", pattern: "^\\d+-\\d+$" } }],
      notFound: true,
    },
    async ({ params, query }) => {
      const q: ListQuery = {
        page: query.page,
        page_size: query.page_size,
        sort: query.sort,
        user_type: query.user_type,
        filters: { options: query.filters ?? [], ranges: rangesOf(query as Record<string, unknown>) },
      };
      return found(await catalog.listByCategory(await storeLang(services, query), params.category, q), "catalog.category_not_found");
    },
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/collection/`,
      tag: TAG_P,
      summary: "Products of a brand collection (paginated)",
      query: StoreQuery.extend({ collection: Slug.shape.slug.describe("Collection slug"), ...Paging, ...SortQ, ...UserTypeQ }),
      notFound: true,
    },
    async ({ query }) => found(await catalog.collection(await storeLang(services, query), query.collection, query), "catalog.page_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/related_products/`,
      tag: TAG_P,
      summary: "Products of the same category at a similar price",
      query: StoreQuery.extend({ product_id: id("Product id"), limit: z.coerce.number().int().min(1).max(24).default(8).describe("How many"), ...UserTypeQ }),
    },
    async ({ query }) => ({ results: await catalog.relatedProducts(await storeLang(services, query), query.product_id, query.limit, query.user_type) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${P}/weblist_products/`,
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
        listing: z.enum(["novelties", "offers", "settlement"]).optional().describe("A special listing instead of ids/refs"),
        ...Paging,
        sort: z.enum(SORTS).optional().describe("Order of a listing"),
        ...UserTypeQ,
      }).refine((q) => q.ids || q.refs || q.listing, { message: "one of ids, refs or listing is required", path: ["ids"] }),
    },
    async ({ query }) => catalog.weblistProducts(await storeLang(services, query), query),
  );

  // ---------------------------------------------------------------- search
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/search/`,
      tag: TAG_P,
      summary: "Full-text product search (stemmed, accent-insensitive, typo-tolerant)",
      query: StoreQuery.extend({ q: Q, ...Paging, sort: z.enum(SORTS).optional().describe("Order (default: relevance)"), ...UserTypeQ }),
    },
    async ({ query }) => catalog.search(await storeLang(services, query), query.q, query),
  );
  apiRoute(
    app,
    { method: "GET", url: `${C}/search/suggest/`, tag: TAG_P, summary: "As-you-type suggestions: 6 products, 4 categories, 4 brands", query: StoreQuery.extend({ q: Q }) },
    async ({ query }) => catalog.suggest(await storeLang(services, query), query.q),
  );
}
