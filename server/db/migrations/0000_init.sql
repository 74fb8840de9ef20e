CREATE TABLE "attribute_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"ref" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"slug" text NOT NULL,
	"value_string" jsonb NOT NULL,
	"value_numeric" integer,
	"value_range_min" integer,
	"value_range_max" integer,
	"pool_position" integer DEFAULT 0 NOT NULL,
	"position_sketch" integer DEFAULT 0 NOT NULL,
	"block_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"complements_locked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color" text
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"src" text NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"field_type" text NOT NULL,
	"translate" boolean DEFAULT true NOT NULL,
	"aesthetic" boolean DEFAULT false NOT NULL,
	"unit" text,
	CONSTRAINT "attributes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "brand_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"illustration" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"country" text,
	"color" text DEFAULT '#0f3d57' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"illustration" text DEFAULT 'bathroom' NOT NULL,
	"animations" jsonb DEFAULT '{"enabled":false}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"illustration" text NOT NULL,
	"grid_position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_stores" (
	"category_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"in_menu" boolean DEFAULT true NOT NULL,
	CONSTRAINT "category_stores_category_id_store_id_pk" PRIMARY KEY("category_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"h1" text NOT NULL,
	"seo_title" text NOT NULL,
	"seo_description" text NOT NULL,
	"seo_text" text DEFAULT '' NOT NULL,
	"origin_seo" text,
	CONSTRAINT "category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "complement_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"img" text NOT NULL,
	CONSTRAINT "complement_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "complements" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"complement_type_id" integer NOT NULL,
	"complement_product_id" integer,
	"price" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuration_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "configuration_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "filter_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"filter_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"image" text,
	"slug" text NOT NULL,
	"color" text,
	"value_range_min" integer,
	"value_range_max" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"slug" text NOT NULL,
	"filter_type" text NOT NULL,
	"category_filter_position" integer DEFAULT 0 NOT NULL,
	"unit" text
);
--> statement-breakpoint
CREATE TABLE "home_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"illustration" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_sliders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"cta" text NOT NULL,
	"url" text NOT NULL,
	"illustration" text NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"group_id" integer,
	"group_position" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"range_min" integer,
	"range_max" integer,
	CONSTRAINT "product_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"file_type" text NOT NULL,
	"name" jsonb NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_filter_options" (
	"product_id" integer NOT NULL,
	"filter_option_id" integer NOT NULL,
	CONSTRAINT "product_filter_options_filter_option_id_product_id_pk" PRIMARY KEY("filter_option_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_filter_ranges" (
	"product_id" integer NOT NULL,
	"filter_id" integer NOT NULL,
	"min" integer NOT NULL,
	"max" integer NOT NULL,
	CONSTRAINT "product_filter_ranges_filter_id_product_id_pk" PRIMARY KEY("filter_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"image_type" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" jsonb NOT NULL,
	"option_id" integer
);
--> statement-breakpoint
CREATE TABLE "product_stores" (
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "product_stores_product_id_store_id_pk" PRIMARY KEY("product_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text NOT NULL,
	"description" text NOT NULL,
	"seo_title" text NOT NULL,
	"seo_description" text NOT NULL,
	"search" "tsvector",
	CONSTRAINT "product_translations_product_id_language_pk" PRIMARY KEY("product_id","language")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"brand_id" integer,
	"collection_id" integer,
	"main_category_id" integer,
	"product_type" text NOT NULL,
	"pvp_web" integer NOT NULL,
	"pvp_original" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"is_novelty" boolean DEFAULT false NOT NULL,
	"is_offer" boolean DEFAULT false NOT NULL,
	"is_settlement" boolean DEFAULT false NOT NULL,
	"offer_ends_at" timestamp with time zone,
	"novelty_until" timestamp with time zone,
	"rating_avg" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"professional_discount_bp" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"delivery_days_min" integer DEFAULT 3 NOT NULL,
	"delivery_days_max" integer DEFAULT 7 NOT NULL,
	"max_combined_measure" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "seo_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"page" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_highlights" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"label" jsonb NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"ref" text NOT NULL,
	"option_ids" jsonb NOT NULL,
	"pvp_web" integer NOT NULL,
	"pvp_original" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variants_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"slug" text NOT NULL,
	"kind" text DEFAULT 'page' NOT NULL,
	"title" text NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"illustration" text DEFAULT 'bathroom' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"menu_type" text NOT NULL,
	"parent_id" integer,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"path" text,
	"column_title" text
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_code" text NOT NULL,
	"language" text NOT NULL,
	"locale" text NOT NULL,
	"country_code" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"path_prefix" text NOT NULL,
	"name" text NOT NULL,
	"support_phone" text,
	"support_email" text,
	"features" jsonb NOT NULL,
	CONSTRAINT "stores_source_code_unique" UNIQUE("source_code")
);
--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_banners" ADD CONSTRAINT "brand_banners_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_banners" ADD CONSTRAINT "brand_banners_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_collections" ADD CONSTRAINT "brand_collections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_banners" ADD CONSTRAINT "category_banners_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_banners" ADD CONSTRAINT "category_banners_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_links" ADD CONSTRAINT "category_links_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_stores" ADD CONSTRAINT "category_stores_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_stores" ADD CONSTRAINT "category_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complements" ADD CONSTRAINT "complements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complements" ADD CONSTRAINT "complements_complement_type_id_complement_types_id_fk" FOREIGN KEY ("complement_type_id") REFERENCES "public"."complement_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complements" ADD CONSTRAINT "complements_complement_product_id_products_id_fk" FOREIGN KEY ("complement_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filter_options" ADD CONSTRAINT "filter_options_filter_id_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."filters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_banners" ADD CONSTRAINT "home_banners_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_sliders" ADD CONSTRAINT "home_sliders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_group_id_configuration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."configuration_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_filter_options" ADD CONSTRAINT "product_filter_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_filter_options" ADD CONSTRAINT "product_filter_options_filter_option_id_filter_options_id_fk" FOREIGN KEY ("filter_option_id") REFERENCES "public"."filter_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_filter_ranges" ADD CONSTRAINT "product_filter_ranges_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_filter_ranges" ADD CONSTRAINT "product_filter_ranges_filter_id_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."filters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stores" ADD CONSTRAINT "product_stores_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stores" ADD CONSTRAINT "product_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_collection_id_brand_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."brand_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_main_category_id_categories_id_fk" FOREIGN KEY ("main_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_texts" ADD CONSTRAINT "seo_texts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_highlights" ADD CONSTRAINT "store_highlights_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_data" ADD CONSTRAINT "technical_data_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_post_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."post_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_options_attr" ON "attribute_options" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "categories_parent" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_tr_slug" ON "category_translations" USING btree ("language","slug");--> statement-breakpoint
CREATE INDEX "complements_product" ON "complements" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "filter_options_filter" ON "filter_options" USING btree ("filter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "filters_cat_slug" ON "filters" USING btree ("category_id","slug");--> statement-breakpoint
CREATE INDEX "product_categories_cat" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "pfo_product" ON "product_filter_options" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pfr_range" ON "product_filter_ranges" USING btree ("filter_id","min","max");--> statement-breakpoint
CREATE INDEX "product_images_product" ON "product_images" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_stores_store" ON "product_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_tr_slug" ON "product_translations" USING btree ("language","slug");--> statement-breakpoint
CREATE INDEX "product_tr_search" ON "product_translations" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_brand" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_main_category" ON "products" USING btree ("main_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_texts_store_page" ON "seo_texts" USING btree ("store_id","page");--> statement-breakpoint
CREATE INDEX "store_highlights_store" ON "store_highlights" USING btree ("store_id","kind");--> statement-breakpoint
CREATE INDEX "technical_data_product" ON "technical_data" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "variants_product" ON "variants" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_store_slug" ON "cms_pages" USING btree ("store_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "post_categories_store_slug" ON "post_categories" USING btree ("store_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_store_slug" ON "posts" USING btree ("store_id","slug");--> statement-breakpoint
CREATE INDEX "posts_published" ON "posts" USING btree ("store_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_unique" ON "menu_items" USING btree ("store_id","menu_type","parent_id","label","path");