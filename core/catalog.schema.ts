/**
 * What the catalog sends to the browser and to API clients, as Zod schemas: the REST API
 * documents and (outside production) checks its answers with them, and the types of
 * core/catalog.types.ts are inferred from them, so each shape is written once
 * (docs/decisions/011). The storefront imports the types, never this file: it keeps Zod out
 * of the browser bundle. Prices are integer cents; texts are in the request's language.
 */
import { z } from "zod";
import { SORTS } from "./catalog.types.ts";

const int = () => z.number().int();
const Language = z.enum(["es", "fr"]);
/** The other store's path of a page, by language (hreflang alternates). */
const Alternates = z.partialRecord(Language, z.string());

export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), page: int(), page_size: int(), total: int(), pages: int() });

/** `{results: [...]}`: the answer of the API's list calls. */
export const resultsSchema = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });

export const ImageDto = z.object({
  key: z.string(),
  type: int(),
  position: int(),
  width: int(),
  height: int(),
  alt: z.string(),
  option_id: int().nullable(),
});

export const Prices = z.object({
  pvp_web: int().describe("Price the shopper pays, VAT included (offer price when on offer)"),
  pvp_original: int().nullable().describe("Struck-through price before the offer; null when not on offer"),
  pvp_professional: int().optional().describe("pvp_web less the professional discount; for professional customers only"),
  professional_discount_bp: int(),
});

export const BrandRef = z.object({ id: int(), slug: z.string(), name: z.string() });

export const ProductCard = z.object({
  id: int(),
  ref: z.string(),
  slug: z.string(),
  path: z.string().describe('Store path, e.g. "/plato-de-ducha-resina-pizarra-blanco.html" (without the /fr prefix)'),
  name: z.string(),
  short_description: z.string(),
  product_type: z.string(),
  brand: BrandRef.nullable(),
  image: ImageDto.nullable(),
  prices: Prices,
  stock: int(),
  is_novelty: z.boolean(),
  is_offer: z.boolean(),
  is_settlement: z.boolean(),
  rating: z.object({ average: z.number(), count: int() }),
  colors: z.array(z.object({ name: z.string(), color: z.string() })).describe("Colour swatches of the variants, for the card"),
  variant_count: int(),
});

export const CategoryRef = z.object({ id: int(), slug: z.string(), name: z.string(), path: z.string() });

export const CategoryDto = z.object({
  id: int(),
  slug: z.string(),
  path: z.string(),
  name: z.string(),
  illustration: z.string(),
  animations: z.object({ enabled: z.boolean(), kind: z.string().optional() }),
  parent: CategoryRef.nullable(),
  breadcrumbs: z.array(CategoryRef).describe("Ancestors from the root"),
  subcategories: z.array(CategoryRef.extend({ illustration: z.string(), product_count: int() })),
  seo: z.object({ title: z.string(), description: z.string(), h1: z.string(), text: z.string() }),
  origin_seo: z.string().nullable(),
  alternates: Alternates.describe("The other language's path of this category, when the other store has it"),
});

export const FilterOptionDto = z.object({
  id: int(),
  name: z.string(),
  image: z.string().nullable(),
  slug: z.string(),
  color: z.string().nullable(),
  value_range_min: z.number().nullable(),
  value_range_max: z.number().nullable(),
  position: int(),
  hidden: z.boolean(),
  count: int().describe("Products of the current listing (with the other filters applied) that match"),
});

export const FilterDto = z.object({
  id: int(),
  name: z.string(),
  slug: z.string(),
  filter_type: z.enum(["range", "bool", "options"]),
  category_filter_position: int(),
  unit: z.string().nullable(),
  options: z.array(FilterOptionDto),
  range: z.object({ min: z.number(), max: z.number() }).optional().describe("Range filters: the bounds over the category's products"),
});

/** Selected filters: option ids of option/bool filters, and [min, max] per range filter id. */
export const SelectedFilters = z.object({
  options: z.array(int()),
  ranges: z.record(z.string(), z.tuple([z.number(), z.number()])),
});

export const BannerDto = z.object({
  id: int(),
  title: z.string(),
  subtitle: z.string(),
  url: z.string(),
  illustration: z.string(),
  grid_position: int().optional(),
  cta: z.string().optional(),
  theme: z.string().optional(),
});

export const LinkDto = z.object({ label: z.string(), url: z.string() });

export const CategoryListing = paginatedSchema(ProductCard).extend({
  category: CategoryDto,
  filters: z.array(FilterDto),
  selected: SelectedFilters,
  sort: z.enum(SORTS),
  banners: z.array(BannerDto),
  links: z.array(LinkDto),
});

export const AttributeOptionDto = z.object({
  id: int(),
  ref: z.string(),
  price: int(),
  position: int(),
  slug: z.string(),
  value_string: z.string(),
  value_numeric: z.number().nullable(),
  value_range_min: z.number().nullable(),
  value_range_max: z.number().nullable(),
  pool_position: int(),
  position_sketch: int(),
  block_options: z.array(int()),
  complements_locked: z.array(int()),
  color: z.string().nullable(),
});

export const AttributeGroup = z.object({ id: int(), slug: z.string(), name: z.string(), position: int() });

export const AttributeDto = z.object({
  id: int(),
  src: z.string(),
  slug: z.string(),
  name: z.string(),
  field_type: z.enum(["toggle", "hiperlink", "select", "color", "range", "open"]),
  translate: z.boolean(),
  aesthetic: z.boolean(),
  unit: z.string().nullable(),
  group: AttributeGroup.nullable().describe("Configuration group of this attribute for this product (null for aesthetic ones)"),
  position: int(),
  range: z.object({ min: z.number(), max: z.number() }).nullable().describe("Range attributes: limits for this product in cm"),
  options: z.array(AttributeOptionDto),
});

export const VariantDto = z.object({ id: int(), ref: z.string(), options: z.array(int()), prices: Prices, stock: int() });

export const ComplementTypeDto = z.object({ id: int(), slug: z.string(), name: z.string(), position: int(), img: z.string() });

export const ComplementDto = z.object({
  id: z.string().describe('Numeric-like string, or the special ids "installation-complement" and "facility"'),
  price: int(),
  quantity: int(),
  position: int(),
  complement_type: ComplementTypeDto,
  product: z
    .object({ id: int(), ref: z.string(), name: z.string(), path: z.string(), image: ImageDto.nullable() })
    .nullable()
    .describe("The complement's own product (seat, drain valve...), null for services"),
  attributes: z.array(AttributeDto),
  variants: z.array(VariantDto),
});

export const ProductDetail = ProductCard.extend({
  description: z.string(),
  seo: z.object({ title: z.string(), description: z.string() }),
  variant_id: int().nullable(),
  variants: z.array(VariantDto),
  images: z.array(ImageDto),
  categories: z.array(CategoryRef),
  breadcrumbs: z.array(CategoryRef),
  brand: BrandRef.extend({ path: z.string() }).nullable(),
  collection: z.object({ id: int(), slug: z.string(), name: z.string() }).nullable(),
  delivery_days: z.object({ min: int(), max: int() }),
  max_combined_measure: z.number().nullable(),
  files: z.array(z.object({ id: int(), file_type: z.string(), name: z.string(), url: z.string() })),
  alternates: Alternates,
});

export const TechnicalDatum = z.object({ label: z.string(), value: z.string() });

export const BrandDto = z.object({
  id: int(),
  slug: z.string(),
  path: z.string(),
  name: z.string(),
  description: z.string(),
  country: z.string().nullable(),
  color: z.string(),
  product_count: int(),
});

export const CollectionDto = z.object({ id: int(), slug: z.string(), name: z.string(), description: z.string(), product_count: int() });

export const BrandCategoryDto = CategoryRef.extend({ product_count: int() });

export const BrandDetail = BrandDto.extend({
  collections: z.array(CollectionDto),
  banners: z.array(BannerDto),
  categories: z.array(BrandCategoryDto),
});

export const HighlightCategory = CategoryRef.extend({ illustration: z.string() });

export const SeoText = z.object({ page: z.string(), title: z.string(), body: z.string() });

export const HomeData = z.object({
  sliders: z.array(BannerDto),
  banners: z.array(BannerDto),
  categories: z.array(HighlightCategory),
  products: z.array(ProductCard),
  suppliers: z.array(BrandDto),
  offers: z.array(ProductCard),
  novelties: z.array(ProductCard),
  seo_text: z.object({ title: z.string(), body: z.string() }).nullable(),
});

export const SearchSuggestion = z.object({ products: z.array(ProductCard), categories: z.array(CategoryRef), brands: z.array(BrandRef) });

/** get_seo_link: what a store URL shows and its canonical URL. */
export const SeoLink = z.object({
  type: z.enum(["category", "product", "brand", "page"]),
  id: int().nullable(),
  canonical: z.string(),
});

export const SitemapEntry = z.object({
  path: z.string(),
  language: Language,
  lastmod: z.string(),
  alternates: Alternates,
  kind: z.enum(["category", "product", "brand"]).optional().describe("What the page shows"),
});
