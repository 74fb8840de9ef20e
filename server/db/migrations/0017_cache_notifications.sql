-- Notifications for the shop's in-memory copies of what pages show (docs/decisions/036), sent by
-- the database itself at commit, so that no writer can forget them and a rolled-back change
-- sends nothing:
-- * stock_changed: a statement that changed the stock of products (`p:<ids>`) or variants
--   (`v:<ids>`); `*` instead of the ids when they would not fit a notification's 8000 bytes.
-- * listing_changed: a statement that changed rows of catalog_listing (prices, sales, ratings,
--   activity, categories, filters, stores, names: its own triggers keep it, migration 0005):
--   listings' results, related products, brands' counts.
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
-- A statement-level trigger fires even for no row: the transition table says whether one changed.
CREATE FUNCTION listing_changed_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('listing_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_changed_ins AFTER INSERT ON catalog_listing REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changed_notify();
--> statement-breakpoint
CREATE TRIGGER listing_changed_upd AFTER UPDATE ON catalog_listing REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changed_notify();
--> statement-breakpoint
CREATE TRIGGER listing_changed_del AFTER DELETE ON catalog_listing REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changed_notify();
