import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { loadCards, pageOf, paginated, SORT_COLUMNS, sortSql } from "../listing/cards.ts";
import { type CatalogMeta, categoryRef, visible } from "../catalog.meta.ts";
import { fold, rows, textArr } from "../catalog.sql.ts";
import type { BrandRef, ListQuery, Paginated, ProductCard, SearchSuggestion, Scope } from "../catalog.types.ts";

/** Words too common to carry meaning; they are left out of the typo-tolerant (trigram) match. */
const STOP = new Set("de del la las el los con para sin por en un una y o al lo le les des du pour avec sans et au aux sur une un".split(" "));

/** The words of a query, lower-case and without accents (as the index stores them); at most 8. */
export function queryWords(q: string): string[] {
  return fold(q)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

type Hits = { ids: number[]; total: number };

type Mode = { prefix: boolean; any?: boolean; sort?: ListQuery["sort"] };

/**
 * A to_tsquery text: each word with its alternatives OR-ed, the words AND-ed. With `any`, all
 * the words but one (every such set OR-ed: "most words rank first"), or with `loose` any single
 * word: a three-word query then does not rank half the catalog when one word is missing.
 */
function tsqueryText(words: string[][], opts: Mode, loose = false): string {
  const terms = words.map((alts, i) => {
    const last = opts.prefix && i === words.length - 1;
    return `(${alts.map((w, j) => (last && j === 0 ? `${w}:*` : w)).join(" | ")})`;
  });
  if (!opts.any) return terms.join(" & ");
  if (loose || terms.length < 3) return terms.join(" | ");
  return terms.map((_, skip) => `(${terms.filter((_, i) => i !== skip).join(" & ")})`).join(" | ");
}

/**
 * One page of full-text matches (stemmed in the store's language, accent-insensitive) among the
 * products the store sells, with the total: one GIN probe of catalog_search (migration 0006),
 * which holds the store's sort keys too. Ranked by ts_rank (weights: name, short
 * description, description) then sales, or by the shopper's sort. (ts_rank_cd cost 4 times more
 * over tens of thousands of matches.)
 */
async function fullText(db: Db, scope: Scope, tsq: string, limit: number, offset: number, sort?: ListQuery["sort"]): Promise<Hits> {
  const cfg = scope.language === "fr" ? "french" : "spanish";
  const order = sort ? sortSql(sort) : sql`p.rank desc, p.sales_count desc, p.id asc`;
  // Only what the ORDER BY reads is kept per match ("receveur | ardoise" keeps 22k of them).
  const cols = sort ? sql.raw(SORT_COLUMNS[sort].map((c) => `, s.${c}`).join("")) : sql`, ts_rank(s.search, q.tsq) as rank, s.sales_count`;
  const res = await rows<Hits>(
    db,
    sql`with q as (select to_tsquery(${cfg}::regconfig, ${tsq}) as tsq),
      h as materialized (
        select s.product_id as id ${cols}
        from q, catalog_search s
        where s.search @@ q.tsq and s.store_id = ${scope.storeId}
      )
      select (select count(*)::int from h) as total,
        (select coalesce(json_agg(s.id), '[]') from (select p.id from h p order by ${order} limit ${limit} offset ${offset}) s) as ids`,
  );
  return res[0] ?? { ids: [], total: 0 };
}

/**
 * Close words of the catalog's names for each query word (pg_trgm word similarity against the
 * small search_words table, index-assisted), best first, at most 5 each.
 */
async function corrections(db: Db, scope: Scope, words: string[]): Promise<Map<string, string[]>> {
  const res = await rows<{ word: string; alts: string[] }>(
    db,
    sql`select w.word, array_agg(s.word order by word_similarity(w.word, s.word) desc, s.word) filter (where s.word is not null) as alts
      from unnest(${textArr(words)}) as w(word)
      left join search_words s on s.language = ${scope.language} and w.word <% s.word
      group by w.word`,
  );
  return new Map(res.map((r) => [r.word, (r.alts ?? []).filter((a) => a !== r.word).slice(0, 5)]));
}

/**
 * Matches of a query: full-text first (every word, or any word with `any`). Only when that
 * finds nothing, each meaningful word is corrected against the words of the catalog's names
 * (typo "pizara" -> "pizarra", pg_trgm word similarity >= 0.6) and the full-text query runs
 * again with the corrections OR-ed to the words. Never a similarity() over every name.
 */
type Corrector = (words: string[]) => Promise<Map<string, string[]>>;

/** corrections() once per set of words: the modes of one search correct the same words. */
function corrector(db: Db, scope: Scope): Corrector {
  const memo = new Map<string, Promise<Map<string, string[]>>>();
  return (words) => {
    const key = words.join(" ");
    let p = memo.get(key);
    if (!p) {
      p = corrections(db, scope, words);
      memo.set(key, p);
    }
    return p;
  };
}

async function searchIds(db: Db, scope: Scope, q: string, limit: number, offset: number, opts: Mode, correct: Corrector = corrector(db, scope)): Promise<Hits> {
  const words = queryWords(q);
  if (words.length === 0) return { ids: [], total: 0 };
  let exact = await fullText(
    db,
    scope,
    tsqueryText(
      words.map((w) => [w]),
      opts,
    ),
    limit,
    offset,
    opts.sort,
  );
  if (exact.total > 0) return exact;
  if (opts.any && words.length >= 3) {
    exact = await fullText(
      db,
      scope,
      tsqueryText(
        words.map((w) => [w]),
        opts,
        true,
      ),
      limit,
      offset,
      opts.sort,
    );
    if (exact.total > 0) return exact;
  }
  const fuzzy = words.filter((w) => w.length >= 3 && !STOP.has(w));
  if (fuzzy.length === 0) return exact;
  const alts = await correct(fuzzy);
  if (![...alts.values()].some((a) => a.length > 0)) return exact;
  // Short and stop words are left out of the corrected query, as they carry no meaning.
  return fullText(
    db,
    scope,
    tsqueryText(
      fuzzy.map((w) => [w, ...(alts.get(w) ?? [])]),
      opts,
    ),
    limit,
    offset,
    opts.sort,
  );
}

export async function searchProducts(db: Db, scope: Scope, q: string, query: ListQuery): Promise<Paginated<ProductCard>> {
  const { page, pageSize, offset } = pageOf(query);
  // Every word, then the last one as a prefix (as-you-type "mampa"), then ANY word when no product
  // has them all ("mampara negra" where black is only a variant colour): most words rank first.
  // The first mode that matches anything answers, even with an empty page past its last one.
  const modes: Mode[] = [{ prefix: false }, { prefix: true }, ...(queryWords(q).length > 1 ? [{ prefix: false, any: true }] : [])];
  let hits: Hits = { ids: [], total: 0 };
  const correct = corrector(db, scope);
  for (const mode of modes) {
    hits = await searchIds(db, scope, q, pageSize, offset, { ...mode, sort: query.sort }, correct);
    if (hits.total > 0) break;
  }
  const cards = await loadCards(db, scope, hits.ids);
  return paginated(cards, page, pageSize, hits.total);
}

/** Search box suggestions: up to 6 products, 4 categories and 4 brands, cheap enough per keystroke. */
export async function suggest(db: Db, meta: CatalogMeta, scope: Scope, q: string): Promise<SearchSuggestion> {
  const words = queryWords(q);
  if (words.length === 0) return { products: [], categories: [], brands: [] };
  const matchesAll = (text: string) => {
    const t = fold(text);
    return words.every((w) => t.includes(w));
  };
  const categories = [...meta.categories.values()]
    .filter((c) => visible(c, scope.storeId, scope.language) && matchesAll(c.tr[scope.language]!.name))
    .sort((a, b) => (a.parentId == null ? 0 : 1) - (b.parentId == null ? 0 : 1) || a.position - b.position)
    .slice(0, 4)
    .map((c) => categoryRef(c, scope.language));
  const correct = corrector(db, scope);
  const name = sql`f_unaccent(lower(b.name))`;
  const brandCond = sql.join(
    words.map((w) => (w.length >= 3 ? sql`(${name} like ${`%${w}%`} or ${w} <% ${name})` : sql`${name} like ${`%${w}%`}`)),
    sql` and `,
  );
  let [hits, brands] = await Promise.all([
    searchIds(db, scope, q, 6, 0, { prefix: true }, correct),
    rows<BrandRef>(
      db,
      sql`select b.id, b.slug, b.name from brands b
        where b.active and ${brandCond}
          and exists (select 1 from products p join product_stores ps on ps.product_id = p.id and ps.store_id = ${scope.storeId}
                      where p.brand_id = b.id and p.active)
        order by b.position, b.name limit 4`,
    ),
  ]);
  if (hits.total === 0 && words.length > 1) hits = await searchIds(db, scope, q, 6, 0, { prefix: true, any: true }, correct);
  const products = await loadCards(db, scope, hits.ids);
  return { products, categories, brands };
}
