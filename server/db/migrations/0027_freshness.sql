-- Fresh prices and everything else pages show, on every copy (docs/decisions/050). Migration 0017
-- notifies stock changes (stock_changed) and listing rows (listing_changed); nothing told the
-- shops when a price, a text, an option, a category, a banner ... changed, unless the writer
-- called catalogChanged(). Here the database itself sends, at commit (never for a rolled-back
-- change, one notification per table and transaction: PostgreSQL folds equal payloads):
-- * page_data_changed, payload the table's name: a statement changed rows of a table whose
--   content pages show. Every copy drops its catalog data caches and its rendered pages.
--   An UPDATE of products or variants that changed only their stock sends nothing here (the
--   stock has its own, precise channel: a checkout's holds do not clear the catalog).
CREATE FUNCTION page_data_changed_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('page_data_changed', TG_TABLE_NAME);
  ELSIF TG_OP = 'UPDATE' AND TG_ARGV[0] = 'stock' THEN
    IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE to_jsonb(n) - 'stock' IS DISTINCT FROM to_jsonb(o) - 'stock')
       OR EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id)) THEN
      PERFORM pg_notify('page_data_changed', TG_TABLE_NAME);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM pg_notify('page_data_changed', TG_TABLE_NAME);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('page_data_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table a storefront page (or a data cache behind one) reads, but the orders' and the
-- accounts': catalog, prices and their history, merchandising, content, stores and menus,
-- installation options, published reviews and answered questions. Four triggers each
-- (transition tables allow one event per trigger; TRUNCATE has none).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'products', 'variants', 'product_translations', 'product_stores', 'product_categories', 'product_images',
    'product_files', 'technical_data', 'attributes', 'attribute_options', 'configuration_groups',
    'product_attributes', 'complement_types', 'complements', 'filters', 'filter_options',
    'product_filter_options', 'product_filter_ranges', 'price_history',
    'brands', 'brand_collections', 'brand_banners', 'categories', 'category_translations', 'category_stores',
    'category_banners', 'category_links', 'home_sliders', 'home_banners', 'store_highlights', 'seo_texts',
    'stores', 'menu_items', 'popups', 'cms_pages', 'posts', 'post_categories', 'facility_options',
    'reviews', 'product_questions'
  ] LOOP
    IF to_regclass(t) IS NULL THEN
      CONTINUE;
    END IF;
    EXECUTE format('CREATE TRIGGER page_data_changed_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_data_changed_notify(%L)', t, '');
    EXECUTE format('CREATE TRIGGER page_data_changed_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_data_changed_notify(%L)', t,
      CASE WHEN t IN ('products', 'variants') THEN 'stock' ELSE '' END);
    EXECUTE format('CREATE TRIGGER page_data_changed_del AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION page_data_changed_notify(%L)', t, '');
    EXECUTE format('CREATE TRIGGER page_data_changed_trunc AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION page_data_changed_notify(%L)', t, '');
  END LOOP;
END $$;
