-- The product page (issue 11, docs/decisions/019): the installation service's facility options
-- (city prices by distance, disassembly, pre-measurement) and its quotation requests; reviews
-- and questions; the counters that throttle the public forms. Hand-written from
-- server/modules/installations/installations.schema.ts and server/modules/reviews/reviews.schema.ts.
CREATE TABLE "facility_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"attribute" text NOT NULL,
	"value_string" text NOT NULL,
	"province_code" text,
	"price" integer,
	"prices" jsonb,
	"budget" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "facility_options_attribute" CHECK ("facility_options"."attribute" IN ('city', 'disassembly', 'premeasure')),
	CONSTRAINT "facility_options_city_has_province" CHECK ("facility_options"."attribute" <> 'city' OR "facility_options"."province_code" ~ '^[0-9]{2}$'),
	CONSTRAINT "facility_options_priced" CHECK ("facility_options"."budget" OR "facility_options"."price" IS NOT NULL OR "facility_options"."prices" IS NOT NULL),
	CONSTRAINT "facility_options_price_not_negative" CHECK ("facility_options"."price" IS NULL OR "facility_options"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "facility_options" ADD CONSTRAINT "facility_options_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "facility_options_store_province" ON "facility_options" USING btree ("store_id","province_code") WHERE "facility_options"."attribute" = 'city';
--> statement-breakpoint
CREATE UNIQUE INDEX "facility_options_store_fee" ON "facility_options" USING btree ("store_id","attribute") WHERE "facility_options"."attribute" <> 'city';
--> statement-breakpoint
CREATE TABLE "installation_quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"language" text NOT NULL,
	"product_id" integer,
	"facility_option_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"postal_code" text,
	"town" text,
	"message" text DEFAULT '' NOT NULL,
	"disassembly" boolean DEFAULT false NOT NULL,
	"premeasure" boolean DEFAULT false NOT NULL,
	"distance" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_quote_requests_status" CHECK ("installation_quote_requests"."status" IN ('open', 'answered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "installation_quote_requests" ADD CONSTRAINT "installation_quote_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "installation_quote_requests" ADD CONSTRAINT "installation_quote_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "installation_quote_requests" ADD CONSTRAINT "installation_quote_requests_facility_option_id_fk" FOREIGN KEY ("facility_option_id") REFERENCES "public"."facility_options"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "installation_quote_requests_open" ON "installation_quote_requests" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"language" text NOT NULL,
	"user_id" integer,
	"author_name" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"body" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reviews_product" ON "reviews" USING btree ("product_id","published","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_customer" ON "reviews" USING btree ("product_id","user_id") WHERE "reviews"."user_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "product_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"question" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_questions_question_length" CHECK (char_length("product_questions"."question") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_questions_published" ON "product_questions" USING btree ("product_id","store_id","answered_at");
--> statement-breakpoint
CREATE INDEX "product_questions_unanswered" ON "product_questions" USING btree ("created_at") WHERE "product_questions"."answer" IS NULL;
--> statement-breakpoint
CREATE TABLE "form_rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "form_rate_limits_expires" ON "form_rate_limits" USING btree ("expires_at");
--> statement-breakpoint
-- The rating a product card and page show is the real one: its published reviews' average (x100)
-- and count, kept on the product by this trigger (the listing tables follow through theirs).
CREATE FUNCTION reviews_refresh_rating() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x) INTO ids FROM (SELECT product_id AS x FROM new_rows UNION SELECT product_id FROM old_rows) u;
  END IF;
  IF ids IS NOT NULL THEN
    UPDATE products p SET rating_avg = r.avg, rating_count = r.n
    FROM (
      SELECT i AS id,
             COALESCE((SELECT round(avg(v.rating) * 100)::int FROM reviews v WHERE v.product_id = i AND v.published), 0) AS avg,
             (SELECT count(*)::int FROM reviews v WHERE v.product_id = i AND v.published) AS n
      FROM unnest(ids) AS i
    ) r
    WHERE p.id = r.id AND (p.rating_avg, p.rating_count) IS DISTINCT FROM (r.avg, r.n);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_ins AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_rating();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_upd AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_rating();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_del AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_rating();
--> statement-breakpoint
-- Ratings written before this migration had no reviews behind them.
UPDATE products SET rating_avg = 0, rating_count = 0 WHERE rating_avg <> 0 OR rating_count <> 0;
