import { type SQL, sql } from "drizzle-orm";
import { applyDiscountBp } from "../../../../core/money.ts";
import type { Db } from "../../../db/client.ts";
import { Lru } from "../../../lib/lru.ts";
import { intArr, rows } from "../catalog.sql.ts";
import type { CustomerType, ImageDto, Paginated, Prices, ProductCard, Scope, Sort } from "../catalog.types.ts";

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 96;

/**
 * Prices as shown: pvp_web is what the shopper pays; a professional customer also sees
 * pvp_professional, pvp_web less the product's professional discount (core/money rounding).
 */
export function pricesFor(pvpWeb: number, pvpOriginal: number | null, discountBp: number, customerType: CustomerType): Prices {
  const p: Prices = { pvp_web: pvpWeb, pvp_original: pvpOriginal, professional_discount_bp: discountBp };
  if (customerType === "professional") p.pvp_professional = applyDiscountBp(pvpWeb, discountBp);
  return p;
}

export function productPath(slug: string): string {
  return `/${slug}.html`;
}

/**
 * ORDER BY of each sort (column names of `products`, aliased `p`). Every order ends on the id
 * so pages never overlap or skip a product.
 */
export function sortSql(sort: Sort, p = sql`p`): SQL {
  switch (sort) {
    case "lower_price":
      return sql`${p}.pvp_web asc, ${p}.id asc`;
    case "top_rated":
      return sql`${p}.rating_avg desc, ${p}.rating_count desc, ${p}.sales_count desc, ${p}.id asc`;
    case "news":
      return sql`${p}.is_novelty desc, ${p}.created_at desc, ${p}.id desc`;
    case "offers":
      return sql`${p}.is_offer desc, (case when ${p}.is_offer and ${p}.pvp_original > 0 then (${p}.pvp_original - ${p}.pvp_web)::float8 / ${p}.pvp_original else 0 end) desc, ${p}.sales_count desc, ${p}.id asc`;
    case "settlement":
      return sql`${p}.is_settlement desc, ${p}.sales_count desc, ${p}.id asc`;
    default:
      return sql`${p}.sales_count desc, ${p}.id asc`;
  }
}

/** The columns each sort reads (sortSql), for queries that carry only what the ORDER BY needs. */
export const SORT_COLUMNS: Record<Sort, readonly string[]> = {
  best_seller: ["sales_count"],
  lower_price: ["pvp_web"],
  top_rated: ["rating_avg", "rating_count", "sales_count"],
  news: ["is_novelty", "created_at"],
  offers: ["is_offer", "pvp_original", "pvp_web", "sales_count"],
  settlement: ["is_settlement", "sales_count"],
};

export type CardRow = {
  id: number;
  ref: string;
  slug: string;
  name: string;
  short_description: string;
  product_type: string;
  pvp_web: number;
  pvp_original: number | null;
  professional_discount_bp: number;
  stock: number;
  is_novelty: boolean;
  is_offer: boolean;
  is_settlement: boolean;
  rating_avg: number;
  rating_count: number;
  brand: { id: number; slug: string; name: string } | null;
  image: ImageDto | null;
  colors: { name: string; color: string }[] | null;
  variant_count: number;
};

/** The card query over `products p` limited by `where` (store, language and active added), in `orderBy` order. */
export function cardsSql(scope: Scope, where: SQL, orderBy?: SQL): SQL {
  const lang = scope.language;
  return sql`select p.id, p.ref, pt.slug, pt.name, pt.short_description, p.product_type, p.pvp_web, p.pvp_original,
      p.professional_discount_bp, p.stock, p.is_novelty, p.is_offer, p.is_settlement, p.rating_avg, p.rating_count,
      case when b.id is null then null else json_build_object('id', b.id, 'slug', b.slug, 'name', b.name) end as brand,
      (select json_build_object('key', i.key, 'type', i.image_type, 'position', i.position, 'width', i.width,
          'height', i.height, 'alt', coalesce(i.alt->>${lang}, i.alt->>'es', ''), 'option_id', i.option_id)
        from product_images i where i.product_id = p.id
        order by (i.image_type <> 100), i.position, i.id limit 1) as image,
      (select json_agg(distinct jsonb_build_object('name', coalesce(ao.value_string->>${lang}, ao.value_string->>'es', ''), 'color', ao.color))
        from variants v cross join lateral jsonb_array_elements_text(v.option_ids) x(oid)
        join attribute_options ao on ao.id = x.oid::int and ao.color is not null
        where v.product_id = p.id) as colors,
      (select count(*)::int from variants v where v.product_id = p.id) as variant_count
    from products p
    join product_translations pt on pt.product_id = p.id and pt.language = ${lang}
    join product_stores ps on ps.product_id = p.id and ps.store_id = ${scope.storeId}
    left join brands b on b.id = p.brand_id
    where (${where}) and p.active${orderBy ? sql` order by ${orderBy}` : sql``}`;
}

export function cardOf(r: CardRow, customerType: CustomerType): ProductCard {
  return {
    id: r.id,
    ref: r.ref,
    slug: r.slug,
    path: productPath(r.slug),
    name: r.name,
    short_description: r.short_description,
    product_type: r.product_type,
    brand: r.brand,
    image: r.image,
    prices: pricesFor(r.pvp_web, r.pvp_original, r.professional_discount_bp, customerType),
    stock: r.stock,
    is_novelty: r.is_novelty,
    is_offer: r.is_offer,
    is_settlement: r.is_settlement,
    rating: { average: r.rating_avg / 100, count: r.rating_count },
    colors: [...(r.colors ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    variant_count: r.variant_count,
  };
}

/**
 * Cards of the given products in this store and language, in the order of `ids`
 * (products not sold in the store, inactive or untranslated are left out).
 */
export async function loadCards(db: Db, scope: Scope, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const list = await rows<CardRow>(db, cardsSql(scope, sql`p.id = any(${intArr(ids)})`));
  const byId = new Map(list.map((r) => [r.id, r]));
  const out: ProductCard[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (r) out.push(cardOf(r, scope.customerType));
  }
  return out;
}

/**
 * Card rows kept between catalog changes, per store and language (docs/decisions/028): a listing
 * then reads only its ids and their stock, and the cards it has not seen yet. Everything a card
 * shows but its stock is catalog data, written only through catalogChanged(), which clears this
 * cache on every copy (LISTEN/NOTIFY); the stock is given by the caller (the category listing's
 * from the stock cache, which the database's notifications keep, decision 036; other listings'
 * read with their ids), so a card never shows the stock it was loaded with. A load that began before a
 * clear is not kept (generation), as in the product page's cache.
 */
export function createCardCache(max = 4000) {
  const cache = new Lru<CardRow>({ maxEntries: max });
  let generation = 0;
  return {
    /** Cards of `ids` in that order with the stock given (products the store no longer shows are left out). */
    async cards(db: Db, scope: Scope, ids: number[], stock: Map<number, number>): Promise<ProductCard[]> {
      const key = (id: number) => `${scope.storeId}|${scope.language}|${id}`;
      const missing = ids.filter((id) => !cache.get(key(id)));
      const fresh = new Map<number, CardRow>();
      if (missing.length) {
        const gen = generation;
        for (const r of await rows<CardRow>(db, cardsSql(scope, sql`p.id = any(${intArr(missing)})`))) {
          fresh.set(r.id, r);
          if (gen === generation) cache.set(key(r.id), r);
        }
      }
      return present(
        ids.map((id) => cache.get(key(id)) ?? fresh.get(id)),
        stock,
        scope.customerType,
      );
    },
    clear() {
      generation++;
      cache.clear();
    },
  };
}

export type CardCache = ReturnType<typeof createCardCache>;

function present(list: (CardRow | undefined)[], stock: Map<number, number>, customerType: CustomerType): ProductCard[] {
  const out: ProductCard[] = [];
  // Copies: the cached rows are shared by every request.
  for (const r of list) {
    if (r) out.push(cardOf({ ...r, stock: stock.get(r.id) ?? r.stock, brand: r.brand && { ...r.brand }, image: r.image && { ...r.image } }, customerType));
  }
  return out;
}

export function pageOf(q: { page?: number; page_size?: number }): { page: number; pageSize: number; offset: number } {
  const page = Math.max(1, Math.trunc(q.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(q.page_size ?? DEFAULT_PAGE_SIZE)));
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function paginated<T>(results: T[], page: number, pageSize: number, total: number): Paginated<T> {
  return { results, page, page_size: pageSize, total, pages: Math.ceil(total / pageSize) };
}

/**
 * A page of products chosen by a WHERE clause over `products p` (already limited to the store),
 * sorted, with the total: one query for the ids, one for the cards.
 */
export async function listWhere(db: Db, scope: Scope, where: SQL, q: { page?: number; page_size?: number; sort?: Sort }): Promise<Paginated<ProductCard>> {
  const { page, pageSize, offset } = pageOf(q);
  const res = await rows<{ id: number; total: number }>(
    db,
    sql`select p.id, count(*) over ()::int as total from products p
      where p.active and exists (select 1 from product_stores ps where ps.product_id = p.id and ps.store_id = ${scope.storeId})
        and exists (select 1 from product_translations pt where pt.product_id = p.id and pt.language = ${scope.language})
        and (${where})
      order by ${sortSql(q.sort ?? "best_seller")} limit ${pageSize} offset ${offset}`,
  );
  let total = res[0]?.total ?? 0;
  if (res.length === 0 && offset > 0) {
    const c = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p
        where p.active and exists (select 1 from product_stores ps where ps.product_id = p.id and ps.store_id = ${scope.storeId})
          and exists (select 1 from product_translations pt where pt.product_id = p.id and pt.language = ${scope.language})
          and (${where})`,
    );
    total = c[0]?.n ?? 0;
  }
  const cards = await loadCards(
    db,
    scope,
    res.map((r) => r.id),
  );
  return paginated(cards, page, pageSize, total);
}
