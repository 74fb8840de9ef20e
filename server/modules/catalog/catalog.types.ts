/**
 * What the catalog service returns (the REST API serialises these as they are; the
 * storefront's loaders receive them through the load context). Prices are integer cents.
 * Language-dependent fields are already resolved to the request's language.
 */
import type { Language } from "../../../core/stores.ts";

export type StoreLang = { storeId: number; language: Language };
export type UserType = "customer" | "professional";

export type Paginated<T> = { results: T[]; page: number; page_size: number; total: number; pages: number };

export type ImageDto = { key: string; type: number; position: number; width: number; height: number; alt: string; option_id: number | null };

export type Prices = {
  /** Price the shopper pays, VAT included (offer price when on offer). */
  pvp_web: number;
  /** Struck-through price before the offer; null when not on offer. */
  pvp_original: number | null;
  /** Professional price (pvp_web less the professional discount); present for professional user type. */
  pvp_professional?: number;
  professional_discount_bp: number;
};

export type BrandRef = { id: number; slug: string; name: string };

export type ProductCard = {
  id: number;
  ref: string;
  slug: string;
  /** Store path, e.g. "/plato-de-ducha-resina-pizarra-blanco.html" (without the /fr prefix). */
  path: string;
  name: string;
  short_description: string;
  product_type: string;
  brand: BrandRef | null;
  image: ImageDto | null;
  prices: Prices;
  stock: number;
  is_novelty: boolean;
  is_offer: boolean;
  is_settlement: boolean;
  rating: { average: number; count: number };
  /** Colour swatches of the variants, for the card. */
  colors: { name: string; color: string }[];
  variant_count: number;
};

export type CategoryRef = { id: number; slug: string; name: string; path: string };

export type CategoryDto = {
  id: number;
  slug: string;
  path: string;
  name: string;
  illustration: string;
  animations: { enabled: boolean; kind?: string };
  parent: CategoryRef | null;
  /** Ancestors from the root, for breadcrumbs. */
  breadcrumbs: CategoryRef[];
  subcategories: (CategoryRef & { illustration: string; product_count: number })[];
  seo: { title: string; description: string; h1: string; text: string };
  origin_seo: string | null;
  /** The other language's path of this category (hreflang), when the other store has it. */
  alternates: Partial<Record<Language, string>>;
};

export type FilterOptionDto = {
  id: number;
  name: string;
  image: string | null;
  slug: string;
  color: string | null;
  value_range_min: number | null;
  value_range_max: number | null;
  position: number;
  hidden: boolean;
  /** Products of the current listing (with the other filters applied) that match. */
  count: number;
};

export type FilterDto = {
  id: number;
  name: string;
  slug: string;
  filter_type: "range" | "bool" | "options";
  category_filter_position: number;
  unit: string | null;
  options: FilterOptionDto[];
  /** Range filters: the bounds over the category's products. */
  range?: { min: number; max: number };
};

export const SORTS = ["best_seller", "lower_price", "top_rated", "news", "offers", "settlement"] as const;
export type Sort = (typeof SORTS)[number];

/** Selected filters: option ids of option/bool filters, and [min, max] per range filter id. */
export type SelectedFilters = { options: number[]; ranges: Record<number, [number, number]> };

export type CategoryListing = Paginated<ProductCard> & {
  category: CategoryDto;
  filters: FilterDto[];
  selected: SelectedFilters;
  sort: Sort;
  banners: BannerDto[];
  links: { label: string; url: string }[];
};

export type BannerDto = { id: number; title: string; subtitle: string; url: string; illustration: string; grid_position?: number; cta?: string; theme?: string };

export type AttributeOptionDto = {
  id: number;
  ref: string;
  price: number;
  position: number;
  slug: string;
  value_string: string;
  value_numeric: number | null;
  value_range_min: number | null;
  value_range_max: number | null;
  pool_position: number;
  position_sketch: number;
  block_options: number[];
  complements_locked: number[];
  color: string | null;
};

export type AttributeDto = {
  id: number;
  src: string;
  slug: string;
  name: string;
  field_type: "toggle" | "hiperlink" | "select" | "color" | "range" | "open";
  translate: boolean;
  aesthetic: boolean;
  unit: string | null;
  /** Configuration group of this attribute for this product (null for aesthetic ones). */
  group: { id: number; slug: string; name: string; position: number } | null;
  position: number;
  /** Range attributes: limits for this product in cm. */
  range: { min: number; max: number } | null;
  options: AttributeOptionDto[];
};

export type VariantDto = { id: number; ref: string; options: number[]; prices: Prices; stock: number };

export type ComplementTypeDto = { id: number; slug: string; name: string; position: number; img: string };

export type ComplementDto = {
  /** Numeric-like string, or the special ids "installation-complement" and "facility". */
  id: string;
  price: number;
  quantity: number;
  position: number;
  complement_type: ComplementTypeDto;
  /** The complement's own product (seat, drain valve...), null for services. */
  product: { id: number; ref: string; name: string; path: string; image: ImageDto | null } | null;
  attributes: AttributeDto[];
  variants: VariantDto[];
};

export type ProductDetail = ProductCard & {
  description: string;
  seo: { title: string; description: string };
  variant_id: number | null;
  variants: VariantDto[];
  images: ImageDto[];
  categories: CategoryRef[];
  breadcrumbs: CategoryRef[];
  brand: (BrandRef & { path: string }) | null;
  collection: { id: number; slug: string; name: string } | null;
  delivery_days: { min: number; max: number };
  max_combined_measure: number | null;
  files: { id: number; file_type: string; name: string; url: string }[];
  alternates: Partial<Record<Language, string>>;
};

export type TechnicalDatum = { label: string; value: string };

export type BrandDto = {
  id: number;
  slug: string;
  path: string;
  name: string;
  description: string;
  country: string | null;
  color: string;
  product_count: number;
};

export type HomeData = {
  sliders: BannerDto[];
  banners: BannerDto[];
  categories: (CategoryRef & { illustration: string })[];
  products: ProductCard[];
  suppliers: BrandDto[];
  offers: ProductCard[];
  novelties: ProductCard[];
  seo_text: { title: string; body: string } | null;
};

export type SearchSuggestion = { products: ProductCard[]; categories: CategoryRef[]; brands: BrandRef[] };

export type ListQuery = {
  page?: number;
  page_size?: number;
  sort?: Sort;
  filters?: SelectedFilters;
  user_type?: UserType;
};

/** Special listings of the store: flags on products. */
export type SpecialListing = "novelties" | "offers" | "settlement";

export type BrandDetail = BrandDto & {
  collections: { id: number; slug: string; name: string; description: string; product_count: number }[];
  banners: BannerDto[];
  categories: (CategoryRef & { product_count: number })[];
};

export type SitemapEntry = {
  path: string;
  language: Language;
  lastmod: string;
  alternates: Partial<Record<Language, string>>;
  /** What the page shows (added for suppliers/sitemap's `kind` filter). */
  kind?: "category" | "product" | "brand";
};

/**
 * The catalog's use cases (implemented in catalog.service.ts). `null` means "no such
 * record in this store and language" (the REST API answers 404, the storefront its 404 page).
 * Paths are store-relative: categories "/<slug>/", products "/<slug>.html".
 */
export interface CatalogService {
  home(sl: StoreLang, userType?: UserType): Promise<HomeData>;
  categoryBySlug(sl: StoreLang, slug: string): Promise<CategoryDto | null>;
  /** weblist_by_category: one page of a category's products with filters (counts) and sort. */
  listByCategory(sl: StoreLang, slug: string, q: ListQuery): Promise<CategoryListing | null>;
  categoryFilters(sl: StoreLang, categoryId: number): Promise<FilterDto[]>;
  categoryLinks(sl: StoreLang, categoryId: number): Promise<{ label: string; url: string }[]>;
  categoryBanners(sl: StoreLang, categoryId?: number): Promise<BannerDto[]>;
  /** get_seo_link: resolves a store URL to what it shows (category, product, brand) and its canonical URL. */
  seoLink(sl: StoreLang, url: string): Promise<{ type: "category" | "product" | "brand" | "page"; id: number | null; canonical: string } | null>;

  productBySlug(sl: StoreLang, slug: string, userType?: UserType): Promise<ProductDetail | null>;
  productAttributes(sl: StoreLang, slug: string): Promise<AttributeDto[] | null>;
  technicalData(sl: StoreLang, slug: string): Promise<TechnicalDatum[] | null>;
  complements(sl: StoreLang, slug: string, complementTypeId?: number): Promise<ComplementDto[] | null>;
  complementTypes(sl: StoreLang, slug: string): Promise<ComplementTypeDto[] | null>;
  variants(sl: StoreLang, slug: string, userType?: UserType): Promise<VariantDto[] | null>;
  attributesMany(sl: StoreLang, productIds: number[]): Promise<Record<number, AttributeDto[]>>;
  collection(sl: StoreLang, collectionSlug: string, q: ListQuery): Promise<Paginated<ProductCard> | null>;
  relatedProducts(sl: StoreLang, productId: number, limit?: number, userType?: UserType): Promise<ProductCard[]>;
  /** weblist_products: cards by ids or refs (kept in the given order), or a special listing. */
  weblistProducts(sl: StoreLang, q: ListQuery & { ids?: number[]; refs?: string[]; listing?: SpecialListing }): Promise<Paginated<ProductCard>>;

  brands(sl: StoreLang, q?: { page?: number; page_size?: number }): Promise<Paginated<BrandDto>>;
  brandBySlug(sl: StoreLang, slug: string): Promise<BrandDetail | null>;
  brandProducts(sl: StoreLang, brandId: number, q: ListQuery): Promise<Paginated<ProductCard>>;
  brandCollections(sl: StoreLang, brandId?: number): Promise<BrandDetail["collections"]>;
  brandCategories(sl: StoreLang, brandId: number): Promise<BrandDetail["categories"]>;

  /** Full-text search: accent-insensitive, stemmed (spanish/french), typo-tolerant (pg_trgm). */
  search(sl: StoreLang, q: string, query: ListQuery): Promise<Paginated<ProductCard>>;
  suggest(sl: StoreLang, q: string): Promise<SearchSuggestion>;
  sitemap(): Promise<SitemapEntry[]>;
}
