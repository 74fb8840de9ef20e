import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loadCards, pageOf, paginated, sortSql } from "./catalog.cards.ts";
import { type CatalogMeta, categoryRef, visible } from "./catalog.meta.ts";
import { fold, rows } from "./catalog.sql.ts";
import type { BrandRef, ListQuery, Paginated, ProductCard, SearchSuggestion, StoreLang } from "./catalog.types.ts";

/** Words too common to carry meaning; they are left out of the typo-tolerant (trigram) match. */
const STOP = new Set(
  "de del la las el los con para sin por en un una y o al lo le les des du pour avec sans et au aux sur une un".split(" "),
);

/** The words of a query, lower-case and without accents (as the index stores them); at most 8. */
export function queryWords(q: string): string[] {
  return fold(q)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

type Hit = { id: number; total: number };

/**
 * Matches of a query: full-text (stemmed in the store's language, accent-insensitive) OR every
 * meaningful word close to a word of the name (pg_trgm word similarity, so "pizara" finds
 * "pizarra"). Full-text matches rank first, then by ts_rank, similarity and sales.
 */
async function searchIds(db: Db, sl: StoreLang, q: string, limit: number, offset: number, opts: { prefix: boolean; any?: boolean; sort?: ListQuery["sort"] }): Promise<Hit[]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const cfg = sl.language === "fr" ? "french" : "spanish";
  const tsq = words.map((w, i) => (opts.prefix && i === words.length - 1 ? `${w}:*` : w)).join(opts.any ? " | " : " & ");
  const fuzzy = words.filter((w) => w.length >= 3 && !STOP.has(w));
  const name = sql`f_unaccent(lower(pt.name))`;
  const fuzzyCond: SQL = fuzzy.length ? sql.join(fuzzy.map((w) => sql`${w} <% ${name}`), opts.any ? sql` or ` : sql` and `) : sql`false`;
  const simSql: SQL = fuzzy.length ? sql.join(fuzzy.map((w) => sql`word_similarity(${w}, ${name})`), sql` + `) : sql`0`;
  const order = opts.sort ? sortSql(opts.sort) : sql`h.fts desc, h.rank desc, h.sim desc, p.sales_count desc, p.id asc`;
  return rows<Hit>(
    db,
    sql`with q as (select to_tsquery(${cfg}::regconfig, ${tsq}) as tsq),
      h as (
        select pt.product_id as id, (pt.search @@ q.tsq) as fts, ts_rank_cd(pt.search, q.tsq) as rank, ${simSql} as sim
        from product_translations pt, q
        where pt.language = ${sl.language} and (pt.search @@ q.tsq or (${fuzzyCond}))
      )
      select h.id, count(*) over ()::int as total
      from h join products p on p.id = h.id and p.active
      where exists (select 1 from product_stores ps where ps.product_id = p.id and ps.store_id = ${sl.storeId})
      order by ${order} limit ${limit} offset ${offset}`,
  );
}

export async function searchProducts(db: Db, sl: StoreLang, q: string, query: ListQuery): Promise<Paginated<ProductCard>> {
  const { page, pageSize, offset } = pageOf(query);
  // Every word, then the last one as a prefix (as-you-type "mampa"), then ANY word when no product
  // has them all ("mampara negra" where black is only a variant colour): most words rank first.
  const modes = [{ prefix: false }, { prefix: true }, ...(queryWords(q).length > 1 ? [{ prefix: false, any: true }] : [])];
  let hits: Hit[] = [];
  let total = 0;
  for (const mode of modes) {
    hits = await searchIds(db, sl, q, pageSize, offset, { ...mode, sort: query.sort });
    if (hits.length) {
      total = hits[0].total;
      break;
    }
    // Past the last page of a mode that does match: an empty page, not the next mode's results.
    const probe = offset > 0 ? await searchIds(db, sl, q, 1, 0, { ...mode, sort: query.sort }) : [];
    if (probe.length) {
      total = probe[0].total;
      break;
    }
  }
  const cards = await loadCards(db, sl, hits.map((h) => h.id), query.user_type);
  return paginated(cards, page, pageSize, total);
}

/** Search box suggestions: up to 6 products, 4 categories and 4 brands, cheap enough per keystroke. */
export async function suggest(db: Db, meta: CatalogMeta, sl: StoreLang, q: string): Promise<SearchSuggestion> {
  const words = queryWords(q);
  if (words.length === 0) return { products: [], categories: [], brands: [] };
  const matchesAll = (text: string) => {
    const t = fold(text);
    return words.every((w) => t.includes(w));
  };
  const categories = [...meta.categories.values()]
    .filter((c) => visible(c, sl.storeId, sl.language) && matchesAll(c.tr[sl.language]!.name))
    .sort((a, b) => (a.parentId == null ? 0 : 1) - (b.parentId == null ? 0 : 1) || a.position - b.position)
    .slice(0, 4)
    .map((c) => categoryRef(c, sl.language));
  const name = sql`f_unaccent(lower(b.name))`;
  const brandCond = sql.join(
    words.map((w) => (w.length >= 3 ? sql`(${name} like ${`%${w}%`} or ${w} <% ${name})` : sql`${name} like ${`%${w}%`}`)),
    sql` and `,
  );
  let [hits, brands] = await Promise.all([
    searchIds(db, sl, q, 6, 0, { prefix: true }),
    rows<BrandRef>(
      db,
      sql`select b.id, b.slug, b.name from brands b
        where b.active and ${brandCond}
          and exists (select 1 from products p join product_stores ps on ps.product_id = p.id and ps.store_id = ${sl.storeId}
                      where p.brand_id = b.id and p.active)
        order by b.position, b.name limit 4`,
    ),
  ]);
  if (hits.length === 0 && words.length > 1) hits = await searchIds(db, sl, q, 6, 0, { prefix: true, any: true });
  const products = await loadCards(db, sl, hits.map((h) => h.id));
  return { products, categories, brands };
}
