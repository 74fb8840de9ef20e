/**
 * What the demo catalog's row builders share while they run: the rows and media so far, the
 * random source (one sequence, so the data is the same on every seed), and the ids each step
 * assigns for the next ones to reference (brands, categories, options...).
 */
import type * as S from "../../../server/modules/catalog/catalog.schema.ts";
import type { CategoryDef, OptionDef } from "../data.ts";
import type { ProductSpec } from "../families.ts";
import type { Rng } from "../rng.ts";

export type Ins<X extends { $inferInsert: unknown }> = X["$inferInsert"];
export type Lang = "es" | "fr";
export type StoreIds = { es: number; fr: number };

export type CatalogRows = {
  brands: Ins<typeof S.brands>[];
  brandCollections: Ins<typeof S.brandCollections>[];
  brandBanners: Ins<typeof S.brandBanners>[];
  categories: Ins<typeof S.categories>[];
  categoryTranslations: Ins<typeof S.categoryTranslations>[];
  categoryStores: Ins<typeof S.categoryStores>[];
  categoryBanners: Ins<typeof S.categoryBanners>[];
  categoryLinks: Ins<typeof S.categoryLinks>[];
  attributes: Ins<typeof S.attributes>[];
  attributeOptions: Ins<typeof S.attributeOptions>[];
  configurationGroups: Ins<typeof S.configurationGroups>[];
  complementTypes: Ins<typeof S.complementTypes>[];
  products: Ins<typeof S.products>[];
  productTranslations: Ins<typeof S.productTranslations>[];
  productStores: Ins<typeof S.productStores>[];
  productCategories: Ins<typeof S.productCategories>[];
  productImages: Ins<typeof S.productImages>[];
  productFiles: Ins<typeof S.productFiles>[];
  technicalData: Ins<typeof S.technicalData>[];
  productAttributes: Ins<typeof S.productAttributes>[];
  variants: Ins<typeof S.variants>[];
  complements: Ins<typeof S.complements>[];
  filters: Ins<typeof S.filters>[];
  filterOptions: Ins<typeof S.filterOptions>[];
  productFilterOptions: Ins<typeof S.productFilterOptions>[];
  productFilterRanges: Ins<typeof S.productFilterRanges>[];
  homeSliders: Ins<typeof S.homeSliders>[];
  homeBanners: Ins<typeof S.homeBanners>[];
  storeHighlights: Ins<typeof S.storeHighlights>[];
  seoTexts: Ins<typeof S.seoTexts>[];
};

export type MediaJob = { key: string; svg: () => string };
export type FileJob = { key: string; pdf: () => Buffer };
export type Catalog = { rows: CatalogRows; images: MediaJob[]; files: FileJob[] };

export type ProductInfo = { spec: ProductSpec; minPrice: number; maxPrice: number; colorOptions: string[]; isOffer: boolean; brand: number };

export const DAY = 86_400_000;

export type Gen = {
  stores: StoreIds;
  now: Date;
  rng: Rng;
  rows: CatalogRows;
  images: MediaJob[];
  files: FileJob[];
  langs: Lang[];
  storeOf: (l: Lang) => number;
  /** The store's path prefix ("" for Spain, "/fr"). */
  prefix: (l: Lang) => string;
  brandId: Map<string, number>;
  collectionId: Map<string, number>;
  catId: Map<string, number>;
  catDef: Map<string, CategoryDef>;
  groupId: Map<string, number>;
  attrId: Map<string, number>;
  /** "<attribute slug>:<option slug>" -> option id */
  optionId: Map<string, number>;
  optionDef: Map<number, OptionDef & { attr: string }>;
  /** complement type slug -> id */
  ctId: Map<string, number>;
  productIdByRef: Map<string, number>;
  /** complement pool -> product ids (seats, valves...) */
  pools: Map<string, number[]>;
  /** Products the French store sells too. */
  inFr: Set<number>;
  productInfo: Map<number, ProductInfo>;
};

export function createGen(stores: StoreIds, now: Date, rng: Rng): Gen {
  return {
    stores,
    now,
    rng,
    rows: {
      brands: [],
      brandCollections: [],
      brandBanners: [],
      categories: [],
      categoryTranslations: [],
      categoryStores: [],
      categoryBanners: [],
      categoryLinks: [],
      attributes: [],
      attributeOptions: [],
      configurationGroups: [],
      complementTypes: [],
      products: [],
      productTranslations: [],
      productStores: [],
      productCategories: [],
      productImages: [],
      productFiles: [],
      technicalData: [],
      productAttributes: [],
      variants: [],
      complements: [],
      filters: [],
      filterOptions: [],
      productFilterOptions: [],
      productFilterRanges: [],
      homeSliders: [],
      homeBanners: [],
      storeHighlights: [],
      seoTexts: [],
    },
    images: [],
    files: [],
    langs: ["es", "fr"],
    storeOf: (l) => stores[l],
    prefix: (l) => (l === "es" ? "" : "/fr"),
    brandId: new Map(),
    collectionId: new Map(),
    catId: new Map(),
    catDef: new Map(),
    groupId: new Map(),
    attrId: new Map(),
    optionId: new Map(),
    optionDef: new Map(),
    ctId: new Map(),
    productIdByRef: new Map(),
    pools: new Map(),
    inFr: new Set(),
    productInfo: new Map(),
  };
}

/** A category's store path: "/platos-de-ducha/" or "/fr/receveurs-de-douche/". */
export const catPath = (g: Gen, key: string, l: Lang) => `${g.prefix(l)}/${g.catDef.get(key)![l]}/`;
