/**
 * The catalog's shapes as the storefront and the catalog service use them, inferred from the
 * Zod schemas of core/catalog.schema.ts (the API documents and checks its answers with the
 * same schemas): written once, browser-safe, and free of Zod at run time (type-only imports).
 * See docs/decisions/011.
 */
import type { z } from "zod";
import type * as S from "./catalog.schema.ts";

/** Who is buying: professionals see professional prices (spec 6). */
export const CUSTOMER_TYPES = ["customer", "professional"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The orders of a product listing (the `sort` query parameter; `best_seller` by default). */
export const SORTS = ["best_seller", "lower_price", "top_rated", "news", "offers", "settlement"] as const;
export type Sort = (typeof SORTS)[number];

/** Special listings of the store: flags on products. */
export const SPECIAL_LISTINGS = ["novelties", "offers", "settlement"] as const;
export type SpecialListing = (typeof SPECIAL_LISTINGS)[number];

export type Paginated<T> = { results: T[]; page: number; page_size: number; total: number; pages: number };

/** Selected filters: option ids of option/bool filters, and [min, max] per range filter id. */
export type SelectedFilters = { options: number[]; ranges: Record<number, [number, number]> };

export type ImageDto = z.infer<typeof S.ImageDto>;
export type Prices = z.infer<typeof S.Prices>;
export type BrandRef = z.infer<typeof S.BrandRef>;
export type ProductCard = z.infer<typeof S.ProductCard>;
export type CategoryRef = z.infer<typeof S.CategoryRef>;
export type CategoryDto = z.infer<typeof S.CategoryDto>;
export type FilterOptionDto = z.infer<typeof S.FilterOptionDto>;
export type FilterDto = z.infer<typeof S.FilterDto>;
export type BannerDto = z.infer<typeof S.BannerDto>;
export type LinkDto = z.infer<typeof S.LinkDto>;
export type CategoryListing = Omit<z.infer<typeof S.CategoryListing>, "selected"> & { selected: SelectedFilters };
export type AttributeOptionDto = z.infer<typeof S.AttributeOptionDto>;
export type AttributeDto = z.infer<typeof S.AttributeDto>;
export type VariantDto = z.infer<typeof S.VariantDto>;
export type ComplementTypeDto = z.infer<typeof S.ComplementTypeDto>;
export type ComplementDto = z.infer<typeof S.ComplementDto>;
export type ProductDetail = z.infer<typeof S.ProductDetail>;
export type TechnicalDatum = z.infer<typeof S.TechnicalDatum>;
/**
 * The catalog part of a product page: what only a catalog change can change (names, prices,
 * attributes and their rules, complements and their own configurators, technical data, the
 * complement types). The server keeps it per product (server/modules/catalog/products/product-page.ts);
 * the page turns it into its views (app/features/product/product-view.ts).
 */
export type ProductPageCatalog = {
  product: ProductDetail;
  attributes: AttributeDto[];
  complements: ComplementDto[];
  complementTypes: ComplementTypeDto[];
  technical: TechnicalDatum[];
};
export type BrandDto = z.infer<typeof S.BrandDto>;
export type CollectionDto = z.infer<typeof S.CollectionDto>;
export type BrandCategoryDto = z.infer<typeof S.BrandCategoryDto>;
export type BrandDetail = z.infer<typeof S.BrandDetail>;
export type HighlightCategory = z.infer<typeof S.HighlightCategory>;
export type SeoText = z.infer<typeof S.SeoText>;
export type HomeData = z.infer<typeof S.HomeData>;
export type SearchSuggestion = z.infer<typeof S.SearchSuggestion>;
export type SeoLink = z.infer<typeof S.SeoLink>;
export type SitemapEntry = z.infer<typeof S.SitemapEntry>;
