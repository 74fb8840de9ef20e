-- Category listings and search at 100k products (bench/catalog-100k.ts, goals p95 <= 30 ms / 50 ms).
--
-- catalog_listing: one row per (product, store) where the active product is sold, with everything a
-- listing filters, counts and sorts on, so a listing is one index-assisted scan with no per-product
-- joins. Kept exact by the statement triggers below (any insert, update or delete of the source
-- rows, the seed's bulk inserts included), never by application code.
--   category_keys: the product's own categories in this store, store_id * 2^32 + category_id (the
--                 app expands a category into its subtree): one GIN probe finds the subtree in the
--                 store without visiting the other stores' rows.
--   option_ids:   its filter options.
--   ranges:       its range-filter values, one int8 range per filter, encoded
--                 filter_id * 2^33 + value + 2^31 so that one multirange holds every filter
--                 and `&&` tests "overlaps [min, max] of filter f" (2^33 keeps filters apart).
CREATE TABLE catalog_listing (
  product_id integer NOT NULL,
  store_id integer NOT NULL,
  category_keys bigint[] NOT NULL,
  option_ids integer[] NOT NULL,
  ranges int8multirange NOT NULL,
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
CREATE INDEX catalog_listing_categories ON catalog_listing USING gin (category_keys);
--> statement-breakpoint
-- The refresh reads a product's ranges by product (the primary key starts with the filter).
CREATE INDEX IF NOT EXISTS pfr_product ON product_filter_ranges (product_id);
--> statement-breakpoint
-- Upper bound of a range filter in a listing: walk the filter's values from the top until one is
-- in the listing (the lower bound walks pfr_range from the bottom).
CREATE INDEX IF NOT EXISTS pfr_max ON product_filter_ranges (filter_id, max);
--> statement-breakpoint
CREATE FUNCTION catalog_listing_refresh(ids integer[]) RETURNS void
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
$$;
--> statement-breakpoint
-- The product ids a statement touched, from its transition tables (one function per table shape).
CREATE FUNCTION catalog_listing_on_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(id) INTO ids FROM old_rows;
    ELSE
      -- Only columns the listing holds: a stock change at checkout costs nothing here.
      SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.active, n.sales_count, n.pvp_web, n.pvp_original, n.rating_avg, n.rating_count, n.created_at,
               n.is_novelty, n.is_offer, n.is_settlement)
          IS DISTINCT FROM (o.active, o.sales_count, o.pvp_web, o.pvp_original, o.rating_avg, o.rating_count,
               o.created_at, o.is_novelty, o.is_offer, o.is_settlement);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x) INTO ids FROM (SELECT product_id AS x FROM new_rows UNION SELECT product_id FROM old_rows) u;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM catalog_listing_refresh(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Transition tables allow one event per trigger: three triggers per source table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_stores', 'product_categories', 'product_filter_options', 'product_filter_ranges'] LOOP
    EXECUTE format('CREATE TRIGGER catalog_listing_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_on_change()', t);
    EXECUTE format('CREATE TRIGGER catalog_listing_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_on_change()', t);
    EXECUTE format('CREATE TRIGGER catalog_listing_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_on_change()', t);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT catalog_listing_refresh(array(SELECT id FROM products));
--> statement-breakpoint
-- search_words: the distinct words (lower-case, no accents) of the product names per language, a
-- few thousand rows. A query word that full-text search does not find is corrected against it with
-- pg_trgm (`<%`, index-assisted) and the search runs again as full-text: no similarity() over every
-- name. Filled by a trigger on product_translations; words of renamed or deleted products stay (a
-- stale word only adds an alternative that matches nothing).
CREATE TABLE search_words (
  language text NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (language, word)
);
--> statement-breakpoint
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION search_words_on_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (language, word)
    SELECT DISTINCT n.language, w FROM new_rows n, regexp_split_to_table(f_unaccent(lower(n.name)), '[^a-z0-9]+') w
    WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_words_ins AFTER INSERT ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_change();
--> statement-breakpoint
CREATE TRIGGER search_words_upd AFTER UPDATE ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_change();
--> statement-breakpoint
INSERT INTO search_words (language, word)
  SELECT DISTINCT t.language, w FROM product_translations t, regexp_split_to_table(f_unaccent(lower(t.name)), '[^a-z0-9]+') w
  WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
