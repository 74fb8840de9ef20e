-- Accent-insensitive, stemmed and typo-tolerant product search (spec: search box with suggestions).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper with the dictionary named lets it be indexed.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_translations_search_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE cfg regconfig := CASE NEW.language WHEN 'fr' THEN 'french'::regconfig ELSE 'spanish'::regconfig END;
BEGIN
  NEW.search :=
    setweight(to_tsvector(cfg, f_unaccent(coalesce(NEW.name, ''))), 'A') ||
    setweight(to_tsvector(cfg, f_unaccent(coalesce(NEW.short_description, ''))), 'B') ||
    setweight(to_tsvector(cfg, f_unaccent(coalesce(NEW.description, ''))), 'C');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_search BEFORE INSERT OR UPDATE OF name, short_description, description
  ON product_translations FOR EACH ROW EXECUTE FUNCTION product_translations_search_update();
--> statement-breakpoint
CREATE INDEX product_tr_name_trgm ON product_translations USING gin (f_unaccent(lower(name)) gin_trgm_ops);
