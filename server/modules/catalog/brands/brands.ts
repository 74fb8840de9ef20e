import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { listWhere, pageOf, paginated } from "../listing/cards.ts";
import { type CatalogMeta, categoryRef, visible } from "../catalog.meta.ts";
import { brandBanners, brandCollections, brands } from "../catalog.schema.ts";
import { rows, tr } from "../catalog.sql.ts";
import type { BannerDto, BrandDetail, BrandDto, ListQuery, Paginated, ProductCard, Scope } from "../catalog.types.ts";

/** Products of a brand the store sells (active ones). */
const soldIn = (storeId: number, brandCol: SQL) =>
  sql`select count(*)::int from products p join product_stores ps on ps.product_id = p.id and ps.store_id = ${storeId}
      where p.brand_id = ${brandCol} and p.active`;

type BrandRow = {
  id: number;
  slug: string;
  name: string;
  description: { es: string; fr?: string };
  country: string | null;
  color: string;
  product_count: number;
};

function brandDto(b: BrandRow, scope: Scope): BrandDto {
  return {
    id: b.id,
    slug: b.slug,
    path: `/marcas/${b.slug}`,
    name: b.name,
    description: tr(b.description, scope.language),
    country: b.country,
    color: b.color,
    product_count: b.product_count,
  };
}

/** brands/web_list: active brands with products in the store, in the store's order (position, name). */
export async function brandList(db: Db, scope: Scope, q: { page?: number; page_size?: number } = {}): Promise<Paginated<BrandDto>> {
  const { page, pageSize, offset } = pageOf({ page: q.page, page_size: q.page_size ?? 48 });
  const list = await rows<BrandRow & { total: number }>(
    db,
    sql`select * , count(*) over ()::int as total from (
        select b.id, b.slug, b.name, b.description, b.country, b.color, b.position, (${soldIn(scope.storeId, sql`b.id`)}) as product_count
        from brands b where b.active) x
      where x.product_count > 0
      order by x.position, x.name limit ${pageSize} offset ${offset}`,
  );
  return paginated(
    list.map((b) => brandDto(b, scope)),
    page,
    pageSize,
    list[0]?.total ?? 0,
  );
}

/** Brands by id (home's highlighted suppliers), in the given order. */
export async function brandsByIds(db: Db, scope: Scope, ids: number[]): Promise<BrandDto[]> {
  if (ids.length === 0) return [];
  const list = await rows<BrandRow>(
    db,
    sql`select b.id, b.slug, b.name, b.description, b.country, b.color, (${soldIn(scope.storeId, sql`b.id`)}) as product_count
      from brands b where b.active and b.id = any(${sql`${`{${ids.join(",")}}`}::int[]`})`,
  );
  const byId = new Map(list.map((b) => [b.id, b]));
  return ids
    .map((id) => byId.get(id))
    .filter((b): b is BrandRow => !!b)
    .map((b) => brandDto(b, scope));
}

export async function brandCollectionsOf(db: Db, scope: Scope, brandId?: number): Promise<BrandDetail["collections"]> {
  const list = await rows<{ id: number; slug: string; name: string; description: { es: string; fr?: string }; product_count: number }>(
    db,
    sql`select c.id, c.slug, c.name, c.description,
        (select count(*)::int from products p join product_stores ps on ps.product_id = p.id and ps.store_id = ${scope.storeId}
          where p.collection_id = c.id and p.active) as product_count
      from brand_collections c join brands b on b.id = c.brand_id and b.active
      where ${brandId === undefined ? sql`true` : sql`c.brand_id = ${brandId}`}
      order by c.brand_id, c.position, c.id`,
  );
  return list.filter((c) => c.product_count > 0).map((c) => ({ ...c, description: tr(c.description, scope.language) }));
}

export async function brandBannersOf(db: Db, scope: Scope, brandId?: number): Promise<BannerDto[]> {
  const where =
    brandId === undefined ? eq(brandBanners.storeId, scope.storeId) : and(eq(brandBanners.storeId, scope.storeId), eq(brandBanners.brandId, brandId));
  const list = await db.select().from(brandBanners).where(where).orderBy(asc(brandBanners.position), asc(brandBanners.id));
  return list.map((b) => ({ id: b.id, title: b.title, subtitle: b.subtitle, url: b.url, illustration: b.illustration }));
}

/** brand-store-categories: the store's categories where the brand has products (by main category), with counts. */
export async function brandCategoriesOf(db: Db, meta: CatalogMeta, scope: Scope, brandId: number): Promise<BrandDetail["categories"]> {
  const list = await rows<{ id: number; n: number }>(
    db,
    sql`select p.main_category_id as id, count(*)::int as n from products p
      join product_stores ps on ps.product_id = p.id and ps.store_id = ${scope.storeId}
      where p.brand_id = ${brandId} and p.active and p.main_category_id is not null
      group by 1 order by 2 desc`,
  );
  return list
    .map((r) => ({ node: meta.categories.get(r.id), n: r.n }))
    .filter((r) => visible(r.node, scope.storeId, scope.language))
    .map((r) => ({ ...categoryRef(r.node!, scope.language), product_count: r.n }));
}

export async function brandDetail(db: Db, meta: CatalogMeta, scope: Scope, slug: string): Promise<BrandDetail | null> {
  const found = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.slug, slug), eq(brands.active, true)));
  if (!found[0]) return null;
  const id = found[0].id;
  const [[brand], collections, banners, categories] = await Promise.all([
    brandsByIds(db, scope, [id]),
    brandCollectionsOf(db, scope, id),
    brandBannersOf(db, scope, id),
    brandCategoriesOf(db, meta, scope, id),
  ]);
  if (!brand || brand.product_count === 0) return null;
  return { ...brand, collections, banners, categories };
}

export function brandProductsOf(db: Db, scope: Scope, brandId: number, q: ListQuery): Promise<Paginated<ProductCard>> {
  return listWhere(db, scope, sql`p.brand_id = ${brandId}`, q);
}

export async function collectionProducts(db: Db, scope: Scope, slug: string, q: ListQuery): Promise<Paginated<ProductCard> | null> {
  const c = await db
    .select({ id: brandCollections.id })
    .from(brandCollections)
    .where(eq(brandCollections.slug, slug))
    .orderBy(asc(brandCollections.id))
    .limit(1);
  if (!c[0]) return null;
  return listWhere(db, scope, sql`p.collection_id = ${c[0].id}`, q);
}
