-- Notifications for the shop's in-memory copies of what pages show (docs/decisions/036), sent by
-- the database itself at commit, so that no writer can forget them and a rolled-back change
-- sends nothing:
-- * stock_changed: a statement that changed the stock of products (`p:<ids>`) or variants
--   (`v:<ids>`); `*` instead of the ids when they would not fit a notification's 8000 bytes.
-- * listing_changed: a statement that changed what catalog_listing holds (prices, sales,
--   ratings, categories, filters, stores, names): listings' results and related products.
CREATE FUNCTION stock_changed_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(n.id::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.stock IS DISTINCT FROM o.stock;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('stock_changed', TG_ARGV[0] || ':' || CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_changed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_changed_notify('p');
--> statement-breakpoint
CREATE TRIGGER stock_changed AFTER UPDATE ON variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_changed_notify('v');
--> statement-breakpoint
-- As in 0005, with the notification once catalog_listing was refreshed.
CREATE OR REPLACE FUNCTION catalog_listing_on_change() RETURNS trigger
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
    PERFORM pg_notify('listing_changed', '');
  END IF;
  RETURN NULL;
END $$;
