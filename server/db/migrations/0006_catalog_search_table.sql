-- Search at 100k products (bench/catalog-100k.ts, goal p95 <= 50 ms): joining every full-text match
-- of product_translations to the store's products cost one probe per match ("lavabo" matches 11k).
-- catalog_search holds, per product sold in a store, the tsvector of the store's language (as
-- product_translations.search computes it) and the sort keys, so a search is one GIN probe and
-- one heap visit per match. (A store's words are in its language, so the index rarely returns
-- another store's rows.) Maintained by catalog_listing_refresh (migration 0005), now also run
-- when product_translations change.
CREATE TABLE catalog_search (
  product_id integer NOT NULL,
  store_id integer NOT NULL,
  search tsvector NOT NULL,
  sales_count integer NOT NULL,
  pvp_web integer NOT NULL,
  pvp_original integer,
  rating_avg integer NOT NULL,
  rating_count integer NOT NULL,
  created_at timestamp with time zone NOT NULL,
  is_novelty boolean NOT NULL,
  is_offer boolean NOT NULL,
  is_settlement boolean NOT NULL,
  PRIMARY KEY (product_id, store_id)
);
--> statement-breakpoint
CREATE INDEX catalog_search_search ON catalog_search USING gin (search);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listing_refresh(ids integer[]) RETURNS void
  LANGUAGE sql AS $$
  -- unnest + join, not `= ANY(ids)`: ids may hold the whole catalog (seed, backfill).
  DELETE FROM catalog_listing l USING unnest(ids) x(id)
    WHERE l.product_id = x.id
      AND NOT EXISTS (SELECT 1 FROM products p JOIN product_stores ps ON ps.product_id = p.id
                      WHERE p.id = l.product_id AND ps.store_id = l.store_id AND p.active);
  INSERT INTO catalog_listing AS l (product_id, store_id, category_keys, option_ids, ranges, sales_count, pvp_web,
      pvp_original, rating_avg, rating_count, created_at, is_novelty, is_offer, is_settlement)
    SELECT p.id, ps.store_id,
      coalesce((SELECT array_agg(ps.store_id::int8 * 4294967296 + pc.category_id ORDER BY pc.category_id)
                FROM product_categories pc WHERE pc.product_id = p.id), '{}'),
      coalesce((SELECT array_agg(o.filter_option_id ORDER BY o.filter_option_id) FROM product_filter_options o WHERE o.product_id = p.id), '{}'),
      coalesce((SELECT range_agg(int8range(r.filter_id::int8 * 8589934592 + r.min + 2147483648,
                                           r.filter_id::int8 * 8589934592 + r.max + 2147483648, '[]'))
                FROM product_filter_ranges r WHERE r.product_id = p.id), '{}'),
      p.sales_count, p.pvp_web, p.pvp_original, p.rating_avg, p.rating_count, p.created_at,
      p.is_novelty, p.is_offer, p.is_settlement
    FROM (SELECT DISTINCT unnest(ids) AS id) x
      JOIN products p ON p.id = x.id
      JOIN product_stores ps ON ps.product_id = p.id
    WHERE p.active
    -- A bulk refresh (seed, backfill) writes each store's categories together: a listing then reads
    -- a few hundred heap pages instead of one row on every page of the table.
    ORDER BY 2, 3
  ON CONFLICT (product_id, store_id) DO UPDATE SET
    category_keys = excluded.category_keys, option_ids = excluded.option_ids, ranges = excluded.ranges,
    sales_count = excluded.sales_count, pvp_web = excluded.pvp_web, pvp_original = excluded.pvp_original,
    rating_avg = excluded.rating_avg, rating_count = excluded.rating_count, created_at = excluded.created_at,
    is_novelty = excluded.is_novelty, is_offer = excluded.is_offer, is_settlement = excluded.is_settlement;
  -- The same rows for search, with the tsvector of the store's language.
  DELETE FROM catalog_search s USING unnest(ids) x(id)
    WHERE s.product_id = x.id
      AND NOT EXISTS (SELECT 1 FROM catalog_listing l JOIN stores st ON st.id = l.store_id
                        JOIN product_translations pt ON pt.product_id = l.product_id AND pt.language = st.language
                      WHERE l.product_id = s.product_id AND l.store_id = s.store_id);
  INSERT INTO catalog_search AS s (product_id, store_id, search, sales_count, pvp_web, pvp_original, rating_avg,
      rating_count, created_at, is_novelty, is_offer, is_settlement)
    SELECT l.product_id, l.store_id, coalesce(pt.search, ''::tsvector),
      l.sales_count, l.pvp_web, l.pvp_original, l.rating_avg, l.rating_count, l.created_at, l.is_novelty, l.is_offer, l.is_settlement
    FROM (SELECT DISTINCT unnest(ids) AS id) x
      JOIN catalog_listing l ON l.product_id = x.id
      JOIN stores st ON st.id = l.store_id
      JOIN product_translations pt ON pt.product_id = l.product_id AND pt.language = st.language
    -- Products of a category share words ("lavabo"): written together by a bulk refresh, their
    -- matches are on a few hundred heap pages rather than on every page.
    ORDER BY l.store_id, l.category_keys, l.product_id
  ON CONFLICT (product_id, store_id) DO UPDATE SET
    search = excluded.search, sales_count = excluded.sales_count, pvp_web = excluded.pvp_web,
    pvp_original = excluded.pvp_original, rating_avg = excluded.rating_avg, rating_count = excluded.rating_count,
    created_at = excluded.created_at, is_novelty = excluded.is_novelty, is_offer = excluded.is_offer,
    is_settlement = excluded.is_settlement;
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_listing_ins AFTER INSERT ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_on_change();
--> statement-breakpoint
CREATE TRIGGER catalog_listing_upd AFTER UPDATE ON product_translations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_on_change();
--> statement-breakpoint
CREATE TRIGGER catalog_listing_del AFTER DELETE ON product_translations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_on_change();
--> statement-breakpoint
SELECT catalog_listing_refresh(array(SELECT id FROM products));
