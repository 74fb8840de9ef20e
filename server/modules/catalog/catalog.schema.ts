import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.schema.ts";

/** Text per language: { es: "...", fr: "..." }. Used for small labels; big entities have translation rows. */
export type I18nText = { es: string; fr?: string };

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// ---------------------------------------------------------------- brands (suppliers)
export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: jsonb("description").$type<I18nText>().notNull(),
  country: text("country"),
  /** Colour used by the drawn logo of the demo data. */
  color: text("color").notNull().default("#0f3d57"),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

export const brandCollections = pgTable("brand_collections", {
  id: serial("id").primaryKey(),
  brandId: integer("brand_id")
    .notNull()
    .references(() => brands.id, { onDelete: "cascade" }),
  slug: text("slug").notNull(),
  name: text("name").notNull(),
  description: jsonb("description").$type<I18nText>().notNull(),
  position: integer("position").notNull().default(0),
});

export const brandBanners = pgTable("brand_banners", {
  id: serial("id").primaryKey(),
  brandId: integer("brand_id")
    .notNull()
    .references(() => brands.id, { onDelete: "cascade" }),
  storeId: integer("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  url: text("url").notNull(),
  illustration: text("illustration").notNull(),
  position: integer("position").notNull().default(0),
});

// ---------------------------------------------------------------- categories
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id"),
    position: integer("position").notNull().default(0),
    /** Product type drawn for the category tile (shower_tray, toilet, ...). */
    illustration: text("illustration").notNull().default("bathroom"),
    animations: jsonb("animations").$type<{ enabled: boolean; kind?: string }>().notNull().default({ enabled: false }),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("categories_parent").on(t.parentId)],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    h1: text("h1").notNull(),
    seoTitle: text("seo_title").notNull(),
    seoDescription: text("seo_description").notNull(),
    seoText: text("seo_text").notNull().default(""),
    /** The original (canonical) path when this category mirrors another one's listing. */
    originSeo: text("origin_seo"),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.language] }), uniqueIndex("category_tr_slug").on(t.language, t.slug)],
);

export const categoryStores = pgTable(
  "category_stores",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    inMenu: boolean("in_menu").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.storeId] })],
);

/** store-category-banners: banners on category pages (category null = every category). */
export const categoryBanners = pgTable("category_banners", {
  id: serial("id").primaryKey(),
  storeId: integer("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" }),
  categoryId: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  url: text("url").notNull(),
  illustration: text("illustration").notNull(),
  /** Index in the product grid where the banner is inserted. */
  gridPosition: integer("grid_position").notNull().default(0),
});

/** category-links-highlight: quick links shown above a category's products. */
export const categoryLinks = pgTable("category_links", {
  id: serial("id").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
  language: text("language").notNull(),
  label: text("label").notNull(),
  url: text("url").notNull(),
  position: integer("position").notNull().default(0),
});

// ---------------------------------------------------------------- products
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    ref: text("ref").notNull().unique(),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    collectionId: integer("collection_id").references(() => brandCollections.id, { onDelete: "set null" }),
    mainCategoryId: integer("main_category_id").references(() => categories.id, { onDelete: "set null" }),
    /** Drawn illustration: product type and colour, e.g. { type: "shower_tray", color: "#f4f1ea" }. */
    productType: text("product_type").notNull(),
    /** From-price (cheapest variant) in cents, VAT included (pvp_web). */
    pvpWeb: integer("pvp_web").notNull(),
    /** Price before the offer (struck through) in cents; null when not on offer. */
    pvpOriginal: integer("pvp_original"),
    stock: integer("stock").notNull().default(0),
    isNovelty: boolean("is_novelty").notNull().default(false),
    isOffer: boolean("is_offer").notNull().default(false),
    isSettlement: boolean("is_settlement").notNull().default(false),
    offerEndsAt: timestamp("offer_ends_at", { withTimezone: true }),
    noveltyUntil: timestamp("novelty_until", { withTimezone: true }),
    /** Average rating x100 (4.5 stars = 450) and the number of reviews. */
    ratingAvg: integer("rating_avg").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** Extra discount for professional customers, basis points (1000 = 10 %). */
    professionalDiscountBp: integer("professional_discount_bp").notNull().default(0),
    /** Units sold: the best_seller sort. */
    salesCount: integer("sales_count").notNull().default(0),
    deliveryDaysMin: integer("delivery_days_min").notNull().default(3),
    deliveryDaysMax: integer("delivery_days_max").notNull().default(7),
    /** For range attributes: the maximum of width + length in cm, when the product has one. */
    maxCombinedMeasure: integer("max_combined_measure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("products_brand").on(t.brandId), index("products_main_category").on(t.mainCategoryId)],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull(),
    description: text("description").notNull(),
    seoTitle: text("seo_title").notNull(),
    seoDescription: text("seo_description").notNull(),
    /** Filled by a trigger from name/description with the language's text search config and unaccent. */
    search: tsvector("search"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.language] }),
    uniqueIndex("product_tr_slug").on(t.language, t.slug),
    index("product_tr_search").using("gin", t.search),
  ],
);

/** Which store sells a product, with its position in that store's listings. */
export const productStores = pgTable(
  "product_stores",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] }), index("product_stores_store").on(t.storeId)],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_categories_cat").on(t.categoryId)],
);

/** Image types: main 100, detail 200, environment 300, sketch 400, 3d 500, option 600. */
export const IMAGE_TYPES = { main: 100, detail: 200, environment: 300, sketch: 400, "3d": 500, option: 600 } as const;

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageType: integer("image_type").notNull(),
    position: integer("position").notNull().default(0),
    /** Key of the original under DATA_DIR/media/originals (served resized by /media). */
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: jsonb("alt").$type<I18nText>().notNull(),
    optionId: integer("option_id"),
  },
  (t) => [index("product_images_product").on(t.productId)],
);

/** File types: data sheet, assembly sheet, maintenance sheet, toilet data sheet. */
export const FILE_TYPES = ["data_sheet", "assembly_sheet", "maintenance_sheet", "toilet_data_sheet"] as const;

export const productFiles = pgTable("product_files", {
  id: serial("id").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  fileType: text("file_type", { enum: FILE_TYPES }).notNull(),
  name: jsonb("name").$type<I18nText>().notNull(),
  /** Key of a generated PDF under DATA_DIR/media/files. */
  key: text("key").notNull(),
});

export const technicalData = pgTable(
  "technical_data",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    label: jsonb("label").$type<I18nText>().notNull(),
    value: jsonb("value").$type<I18nText>().notNull(),
  },
  (t) => [index("technical_data_product").on(t.productId)],
);

// ---------------------------------------------------------------- configuration
export const FIELD_TYPES = ["toggle", "hiperlink", "select", "color", "range", "open"] as const;

export const attributes = pgTable("attributes", {
  id: serial("id").primaryKey(),
  /** Source system name of the attribute (e.g. "width"). */
  src: text("src").notNull(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<I18nText>().notNull(),
  fieldType: text("field_type", { enum: FIELD_TYPES }).notNull(),
  /** Whether option values are translated (value_string per language) or shown as they are. */
  translate: boolean("translate").notNull().default(true),
  /** Aesthetic attributes (finish, colour) form the first configurator step. */
  aesthetic: boolean("aesthetic").notNull().default(false),
  unit: text("unit"),
});

export const attributeOptions = pgTable(
  "attribute_options",
  {
    id: serial("id").primaryKey(),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    ref: text("ref").notNull(),
    /** Surcharge of this option in cents (0 when the price comes from the variant). */
    price: integer("price").notNull().default(0),
    position: integer("position").notNull().default(0),
    slug: text("slug").notNull(),
    valueString: jsonb("value_string").$type<I18nText>().notNull(),
    valueNumeric: integer("value_numeric"),
    valueRangeMin: integer("value_range_min"),
    valueRangeMax: integer("value_range_max"),
    poolPosition: integer("pool_position").notNull().default(0),
    positionSketch: integer("position_sketch").notNull().default(0),
    /** Option ids (of other attributes) that cannot be combined with this one. */
    blockOptions: jsonb("block_options").$type<number[]>().notNull().default([]),
    /** Complement type ids skipped in the configurator when this option is chosen. */
    complementsLocked: jsonb("complements_locked").$type<number[]>().notNull().default([]),
    /** Swatch colour for colour attributes. */
    color: text("color"),
  },
  (t) => [index("attribute_options_attr").on(t.attributeId)],
);

export const configurationGroups = pgTable("configuration_groups", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<I18nText>().notNull(),
});

/** Attributes a product is configured with, in which group and order, and which of their options it offers. */
export const productAttributes = pgTable(
  "product_attributes",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    groupId: integer("group_id").references(() => configurationGroups.id, { onDelete: "set null" }),
    groupPosition: integer("group_position").notNull().default(0),
    position: integer("position").notNull().default(0),
    optionIds: jsonb("option_ids").$type<number[]>().notNull().default([]),
    /** Range attributes: min and max in cm accepted for this product. */
    rangeMin: integer("range_min"),
    rangeMax: integer("range_max"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] })],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ref: text("ref").notNull().unique(),
    /** The attribute option ids that select this variant. */
    optionIds: jsonb("option_ids").$type<number[]>().notNull(),
    pvpWeb: integer("pvp_web").notNull(),
    pvpOriginal: integer("pvp_original"),
    stock: integer("stock").notNull().default(0),
  },
  (t) => [index("variants_product").on(t.productId)],
);

export const complementTypes = pgTable("complement_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<I18nText>().notNull(),
  position: integer("position").notNull().default(0),
  /** Illustration key of the type's icon. */
  img: text("img").notNull(),
});

/**
 * A complement offered with a product. It points to a product of its own (its attributes and
 * variants), or is a service: the special ids "installation-complement" and "facility".
 */
export const complements = pgTable(
  "complements",
  {
    /** Unique per product: "c-<n>", or the special "installation-complement" / "facility" ids. */
    id: text("id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    complementTypeId: integer("complement_type_id")
      .notNull()
      .references(() => complementTypes.id, { onDelete: "cascade" }),
    complementProductId: integer("complement_product_id").references(() => products.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull().default(1),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.id] })],
);

// ---------------------------------------------------------------- filters
export const filters = pgTable(
  "filters",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<I18nText>().notNull(),
    slug: text("slug").notNull(),
    filterType: text("filter_type", { enum: ["range", "bool", "options"] }).notNull(),
    categoryFilterPosition: integer("category_filter_position").notNull().default(0),
    unit: text("unit"),
  },
  (t) => [uniqueIndex("filters_cat_slug").on(t.categoryId, t.slug)],
);

export const filterOptions = pgTable(
  "filter_options",
  {
    id: serial("id").primaryKey(),
    filterId: integer("filter_id")
      .notNull()
      .references(() => filters.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<I18nText>().notNull(),
    image: text("image"),
    slug: text("slug").notNull(),
    color: text("color"),
    valueRangeMin: integer("value_range_min"),
    valueRangeMax: integer("value_range_max"),
    position: integer("position").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [index("filter_options_filter").on(t.filterId)],
);

/** Facets: which option/bool filter options a product matches. */
export const productFilterOptions = pgTable(
  "product_filter_options",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    filterOptionId: integer("filter_option_id")
      .notNull()
      .references(() => filterOptions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.filterOptionId, t.productId] }), index("pfo_product").on(t.productId)],
);

/** Facets: a product's numeric range for a range filter (e.g. width 70-100 cm). */
export const productFilterRanges = pgTable(
  "product_filter_ranges",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    filterId: integer("filter_id")
      .notNull()
      .references(() => filters.id, { onDelete: "cascade" }),
    min: integer("min").notNull(),
    max: integer("max").notNull(),
  },
  (t) => [primaryKey({ columns: [t.filterId, t.productId] }), index("pfr_range").on(t.filterId, t.min, t.max)],
);

// ---------------------------------------------------------------- store merchandising
export const homeSliders = pgTable("home_sliders", {
  id: serial("id").primaryKey(),
  storeId: integer("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  cta: text("cta").notNull(),
  url: text("url").notNull(),
  illustration: text("illustration").notNull(),
  theme: text("theme").notNull().default("light"),
  position: integer("position").notNull().default(0),
});

export const homeBanners = pgTable("home_banners", {
  id: serial("id").primaryKey(),
  storeId: integer("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  url: text("url").notNull(),
  illustration: text("illustration").notNull(),
  position: integer("position").notNull().default(0),
});

/** store-highlight-categories / -products / -suppliers: what the home page puts forward. */
export const storeHighlights = pgTable(
  "store_highlights",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["category", "product", "supplier"] }).notNull(),
    targetId: integer("target_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("store_highlights_store").on(t.storeId, t.kind)],
);

/** store-seo-texts: SEO text blocks per store page (home, ofertas, novedades ...). */
export const seoTexts = pgTable(
  "seo_texts",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    page: text("page").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
  },
  (t) => [uniqueIndex("seo_texts_store_page").on(t.storeId, t.page)],
);
