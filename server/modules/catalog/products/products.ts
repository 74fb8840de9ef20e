import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { type Language, localePath } from "../../../../core/stores.ts";
import { fileUrl } from "../../../../core/media.ts";
import type { Db } from "../../../db/client.ts";
import { type CardCache, loadCards, pricesFor, productPath } from "../listing/cards.ts";
import { ancestors, type CatalogMeta, categoryRef, visible } from "../catalog.meta.ts";
import type { StoreIds } from "../listing/category-listing.ts";
import {
  attributeOptions,
  attributes,
  brandCollections,
  complements,
  complementTypes,
  configurationGroups,
  productAttributes,
  productCategories,
  productFiles,
  productImages,
  productStores,
  productTranslations,
  products,
  technicalData,
  variants,
} from "../catalog.schema.ts";
import { rows, tr } from "../catalog.sql.ts";
import type {
  AttributeDto,
  CustomerType,
  ComplementDto,
  ComplementTypeDto,
  ImageDto,
  ProductDetail,
  Scope,
  TechnicalDatum,
  VariantDto,
} from "../catalog.types.ts";

/** The id of an active product sold in the store whose slug in the store's language is `slug`. */
export async function productIdBySlug(db: Db, scope: Scope, slug: string): Promise<number | null> {
  const r = await db
    .select({ id: products.id })
    .from(productTranslations)
    .innerJoin(products, and(eq(products.id, productTranslations.productId), eq(products.active, true)))
    .innerJoin(productStores, and(eq(productStores.productId, products.id), eq(productStores.storeId, scope.storeId)))
    .where(and(eq(productTranslations.language, scope.language), eq(productTranslations.slug, slug)))
    .limit(1);
  return r[0]?.id ?? null;
}

/** Attributes of each product: its configuration groups and order, and only the options it offers. */
export async function attributesOf(db: Db, language: Language, productIds: number[]): Promise<Map<number, AttributeDto[]>> {
  const out = new Map<number, AttributeDto[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const pas = await db
    .select({ pa: productAttributes, a: attributes, g: configurationGroups })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .leftJoin(configurationGroups, eq(configurationGroups.id, productAttributes.groupId))
    .where(inArray(productAttributes.productId, productIds))
    .orderBy(asc(productAttributes.groupPosition), asc(productAttributes.position), asc(productAttributes.attributeId));
  const optionIds = [...new Set(pas.flatMap((r) => r.pa.optionIds))];
  const opts = optionIds.length
    ? await db.select().from(attributeOptions).where(inArray(attributeOptions.id, optionIds)).orderBy(asc(attributeOptions.position), asc(attributeOptions.id))
    : [];
  for (const { pa, a, g } of pas) {
    const allowed = new Set(pa.optionIds);
    out.get(pa.productId)?.push({
      id: a.id,
      src: a.src,
      slug: a.slug,
      name: tr(a.name, language),
      field_type: a.fieldType,
      translate: a.translate,
      aesthetic: a.aesthetic,
      unit: a.unit,
      group: g && !a.aesthetic ? { id: g.id, slug: g.slug, name: tr(g.name, language), position: pa.groupPosition } : null,
      position: pa.position,
      range: pa.rangeMin != null && pa.rangeMax != null ? { min: pa.rangeMin, max: pa.rangeMax } : null,
      options: opts
        .filter((o) => o.attributeId === a.id && allowed.has(o.id))
        .map((o) => ({
          id: o.id,
          ref: o.ref,
          price: o.price,
          position: o.position,
          slug: o.slug,
          value_string: a.translate ? tr(o.valueString, language) : o.valueString.es,
          value_numeric: o.valueNumeric,
          value_range_min: o.valueRangeMin,
          value_range_max: o.valueRangeMax,
          pool_position: o.poolPosition,
          position_sketch: o.positionSketch,
          block_options: o.blockOptions,
          complements_locked: o.complementsLocked,
          color: o.color,
        })),
    });
  }
  return out;
}

export async function variantsOf(db: Db, productIds: number[], customerType: CustomerType): Promise<Map<number, VariantDto[]>> {
  const out = new Map<number, VariantDto[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return out;
  const [vs, ps] = await Promise.all([
    db.select().from(variants).where(inArray(variants.productId, productIds)).orderBy(asc(variants.pvpWeb), asc(variants.id)),
    db.select({ id: products.id, bp: products.professionalDiscountBp }).from(products).where(inArray(products.id, productIds)),
  ]);
  const bp = new Map(ps.map((p) => [p.id, p.bp]));
  for (const v of vs) {
    out.get(v.productId)?.push({
      id: v.id,
      ref: v.ref,
      options: v.optionIds,
      prices: pricesFor(v.pvpWeb, v.pvpOriginal, bp.get(v.productId) ?? 0, customerType),
      stock: v.stock,
    });
  }
  return out;
}

function imageDto(i: typeof productImages.$inferSelect, language: Language): ImageDto {
  return { key: i.key, type: i.imageType, position: i.position, width: i.width, height: i.height, alt: tr(i.alt, language), option_id: i.optionId };
}

/**
 * Product page data: the card plus description, every image, variants (the cheapest selected),
 * categories and breadcrumbs of its main category, brand, collection, files and hreflang alternates.
 */
export async function productDetail(db: Db, meta: CatalogMeta, scope: Scope, id: number, storeIds: StoreIds): Promise<ProductDetail | null> {
  const [cards, base, trs, imgs, vmap, cats, files, soldIn] = await Promise.all([
    loadCards(db, scope, [id]),
    db.select().from(products).where(eq(products.id, id)),
    db.select().from(productTranslations).where(eq(productTranslations.productId, id)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.imageType), asc(productImages.position), asc(productImages.id)),
    variantsOf(db, [id], scope.customerType),
    db.select().from(productCategories).where(eq(productCategories.productId, id)).orderBy(asc(productCategories.position)),
    db.select().from(productFiles).where(eq(productFiles.productId, id)).orderBy(asc(productFiles.id)),
    db.select({ storeId: productStores.storeId }).from(productStores).where(eq(productStores.productId, id)),
  ]);
  const card = cards[0];
  if (!card) return null;
  const p = base[0];
  const t = trs.find((x) => x.language === scope.language)!;
  const vs = vmap.get(id) ?? [];
  const collection = p.collectionId ? (await db.select().from(brandCollections).where(eq(brandCollections.id, p.collectionId)))[0] : undefined;
  const catRefs = cats
    .map((c) => meta.categories.get(c.categoryId))
    .filter((c) => visible(c, scope.storeId, scope.language))
    .map((c) => categoryRef(c, scope.language));
  const mainId = p.mainCategoryId ?? cats[0]?.categoryId;
  const main = mainId == null ? undefined : meta.categories.get(mainId);
  const breadcrumbs = visible(main, scope.storeId, scope.language)
    ? [...ancestors(meta, main.id).filter((a) => visible(a, scope.storeId, scope.language)), main].map((c) => categoryRef(c, scope.language))
    : [];
  const alternates: Partial<Record<Language, string>> = {};
  for (const lang of ["es", "fr"] as const) {
    const other = trs.find((x) => x.language === lang);
    const sid = storeIds[lang];
    if (!other || sid === undefined) continue;
    if (soldIn.some((s) => s.storeId === sid)) alternates[lang] = localePath(lang, productPath(other.slug));
  }
  return {
    ...card,
    description: t.description,
    seo: { title: t.seoTitle, description: t.seoDescription },
    variant_id: vs[0]?.id ?? null,
    variants: vs,
    images: imgs.map((i) => imageDto(i, scope.language)),
    categories: catRefs,
    breadcrumbs,
    brand: card.brand ? { ...card.brand, path: `/marcas/${card.brand.slug}` } : null,
    collection: collection ? { id: collection.id, slug: collection.slug, name: collection.name } : null,
    delivery_days: { min: p.deliveryDaysMin, max: p.deliveryDaysMax },
    max_combined_measure: p.maxCombinedMeasure,
    files: files.map((f) => ({ id: f.id, file_type: f.fileType, name: tr(f.name, scope.language), url: fileUrl(f.key) })),
    alternates,
  };
}

export async function technicalDataOf(db: Db, language: Language, productId: number): Promise<TechnicalDatum[]> {
  const list = await db.select().from(technicalData).where(eq(technicalData.productId, productId)).orderBy(asc(technicalData.position), asc(technicalData.id));
  return list.map((d) => ({ label: tr(d.label, language), value: tr(d.value, language) }));
}

function typeDto(t: typeof complementTypes.$inferSelect, language: Language): ComplementTypeDto {
  return { id: t.id, slug: t.slug, name: tr(t.name, language), position: t.position, img: t.img };
}

/** The installation service's complements (spec section 3), offered only where the store has the service. */
export const SERVICE_COMPLEMENT_IDS = ["installation-complement", "facility"];

/** The complement types a product offers, in configurator order (position). */
export async function complementTypesOf(db: Db, language: Language, productId: number, withServices = true): Promise<ComplementTypeDto[]> {
  const list = await db
    .selectDistinct({ t: complementTypes })
    .from(complements)
    .innerJoin(complementTypes, eq(complementTypes.id, complements.complementTypeId))
    .where(withServices ? eq(complements.productId, productId) : and(eq(complements.productId, productId), notInArray(complements.id, SERVICE_COMPLEMENT_IDS)));
  return list.map((r) => typeDto(r.t, language)).sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * Complements of a product (optionally of one type), each with its type and its own product's
 * attributes and variants. Services ("installation-complement", "facility") have no product.
 */
export async function complementsOf(db: Db, scope: Scope, productId: number, complementTypeId?: number, withServices = true): Promise<ComplementDto[]> {
  const where = and(
    eq(complements.productId, productId),
    complementTypeId === undefined ? undefined : eq(complements.complementTypeId, complementTypeId),
    withServices ? undefined : notInArray(complements.id, SERVICE_COMPLEMENT_IDS),
  );
  const list = await db
    .select({ c: complements, t: complementTypes })
    .from(complements)
    .innerJoin(complementTypes, eq(complementTypes.id, complements.complementTypeId))
    .where(where)
    .orderBy(asc(complementTypes.position), asc(complements.position), asc(complements.id));
  const pids = [...new Set(list.map((r) => r.c.complementProductId).filter((x): x is number => x != null))];
  const [cards, attrs, vars] = await Promise.all([
    loadCards(db, scope, pids),
    attributesOf(db, scope.language, pids),
    variantsOf(db, pids, scope.customerType),
  ]);
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return list.map(({ c, t }) => {
    const card = c.complementProductId == null ? undefined : cardById.get(c.complementProductId);
    return {
      id: c.id,
      price: c.price,
      quantity: c.quantity,
      position: c.position,
      complement_type: typeDto(t, scope.language),
      product: card ? { id: card.id, ref: card.ref, name: card.name, path: card.path, image: card.image } : null,
      attributes: c.complementProductId == null ? [] : (attrs.get(c.complementProductId) ?? []),
      variants: c.complementProductId == null ? [] : (vars.get(c.complementProductId) ?? []),
    };
  });
}

/**
 * The related products of a product in a store (other products of its main category, closest in
 * price first, then the best sellers): id, stock and `ord`, their place (1 first), in that order.
 * A query of its own (the API) or a part of the product page's stock query (product-page.ts).
 */
export const relatedQuery = (productId: number, storeId: number, limit: number) =>
  sql`select p.id, p.stock, (row_number() over (order by abs(p.pvp_web - me.pvp_web), p.sales_count desc, p.id))::int as ord
      from products p, products me
      where me.id = ${productId} and p.id <> me.id and p.active and p.main_category_id = me.main_category_id
        and exists (select 1 from product_stores ps where ps.product_id = p.id and ps.store_id = ${storeId})
      order by ord limit ${limit}`;

/** Cards of products in the order given, their stock as read with them (the rest from the card cache). */
export function cardsWithStock(db: Db, scope: Scope, list: { id: number; stock: number }[], cardCache: CardCache) {
  return cardCache.cards(
    db,
    scope,
    list.map((r) => r.id),
    new Map(list.map((r) => [r.id, r.stock])),
  );
}

/** related_products: one query for their ids and stock, the cards from the card cache. */
export async function relatedOf(db: Db, scope: Scope, productId: number, limit: number, cardCache: CardCache) {
  return cardsWithStock(db, scope, await rows<{ id: number; stock: number }>(db, relatedQuery(productId, scope.storeId, limit)), cardCache);
}
