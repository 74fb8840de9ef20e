-- Announced reductions follow the Omnibus rule (EU Directive 98/6, art. 6a; issue 10,
-- docs/decisions/020): every price a product or variant had is kept, and the struck "before"
-- price the shop announces is never above the lowest price of the 30 days before the reduction.
-- Decided by the database, whoever writes the price (seed, staff, an import, a script).
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"price" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"reference_price" integer,
	CONSTRAINT "price_history_kind" CHECK ("price_history"."kind" IN ('product', 'variant'))
);
--> statement-breakpoint
CREATE INDEX "price_history_item" ON "price_history" USING btree ("kind","item_id","valid_from");
--> statement-breakpoint
CREATE UNIQUE INDEX "price_history_open" ON "price_history" USING btree ("kind","item_id") WHERE "price_history"."valid_to" IS NULL;
--> statement-breakpoint
CREATE FUNCTION omnibus_price() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  k text := CASE TG_TABLE_NAME WHEN 'products' THEN 'product' ELSE 'variant' END;
  t timestamptz := now();
  ref integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new item may come with the price it had before (an import, the demo data): that price
    -- is recorded as the one of the last 30 days, and is the reference of the reduction.
    IF NEW.pvp_original IS NOT NULL AND NEW.pvp_original > NEW.pvp_web THEN
      INSERT INTO price_history (kind, item_id, price, valid_from, valid_to)
        VALUES (k, NEW.id, NEW.pvp_original, t - interval '30 days', t);
      ref := NEW.pvp_original;
    END IF;
    INSERT INTO price_history (kind, item_id, price, valid_from, reference_price) VALUES (k, NEW.id, NEW.pvp_web, t, ref);
  ELSIF NEW.pvp_web IS DISTINCT FROM OLD.pvp_web THEN
    -- A new price: its reference is the lowest price of the 30 days before it.
    SELECT min(price) INTO ref FROM price_history
      WHERE kind = k AND item_id = NEW.id AND valid_from < t AND (valid_to IS NULL OR valid_to > t - interval '30 days');
    UPDATE price_history SET valid_to = t WHERE kind = k AND item_id = NEW.id AND valid_to IS NULL;
    INSERT INTO price_history (kind, item_id, price, valid_from, reference_price) VALUES (k, NEW.id, NEW.pvp_web, t, ref);
  ELSE
    -- The same price, another announced "before" price: the reference of the current price holds.
    SELECT reference_price INTO ref FROM price_history WHERE kind = k AND item_id = NEW.id AND valid_to IS NULL;
  END IF;
  IF NEW.pvp_original IS NOT NULL THEN
    NEW.pvp_original := CASE WHEN ref IS NULL OR ref <= NEW.pvp_web THEN NULL ELSE LEAST(NEW.pvp_original, ref) END;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_omnibus BEFORE INSERT OR UPDATE OF pvp_web, pvp_original ON products FOR EACH ROW EXECUTE FUNCTION omnibus_price();
--> statement-breakpoint
CREATE TRIGGER variants_omnibus BEFORE INSERT OR UPDATE OF pvp_web, pvp_original ON variants FOR EACH ROW EXECUTE FUNCTION omnibus_price();
--> statement-breakpoint
-- Items already in the database: their current price opens their history, with their announced
-- "before" price as the reference (the price they had before this table existed).
INSERT INTO price_history (kind, item_id, price, valid_from, valid_to)
  SELECT 'product', id, pvp_original, now() - interval '30 days', now() FROM products WHERE pvp_original > pvp_web;
--> statement-breakpoint
INSERT INTO price_history (kind, item_id, price, valid_from, reference_price)
  SELECT 'product', id, pvp_web, now(), CASE WHEN pvp_original > pvp_web THEN pvp_original END FROM products;
--> statement-breakpoint
INSERT INTO price_history (kind, item_id, price, valid_from, valid_to)
  SELECT 'variant', id, pvp_original, now() - interval '30 days', now() FROM variants WHERE pvp_original > pvp_web;
--> statement-breakpoint
INSERT INTO price_history (kind, item_id, price, valid_from, reference_price)
  SELECT 'variant', id, pvp_web, now(), CASE WHEN pvp_original > pvp_web THEN pvp_original END FROM variants;
