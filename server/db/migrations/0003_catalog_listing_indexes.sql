-- Category listings at 100k products (bench/catalog-100k.ts): the subtree's product ids come from
-- an index-only scan instead of the heap of product_categories.
CREATE INDEX IF NOT EXISTS product_categories_cat_product ON product_categories (category_id, product_id);
--> statement-breakpoint
-- Best-seller order of the special listings (offers, novelties, settlement) and brand pages.
CREATE INDEX IF NOT EXISTS products_sales ON products (sales_count DESC, id);
