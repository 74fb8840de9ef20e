-- Cart, coupons and orders (issue 8, docs/decisions/013). Hand-written from the Drizzle schema of
-- server/modules/cart and server/modules/coupons (drizzle-kit output for these tables only).
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"email" text,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_cart_amount" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"single_use" boolean DEFAULT false NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"email" text,
	"public" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."usage_limit" IS NULL OR "coupons"."used_count" <= "coupons"."usage_limit"),
	CONSTRAINT "coupons_used_not_negative" CHECK ("coupons"."used_count" >= 0),
	CONSTRAINT "coupons_value_positive" CHECK ("coupons"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"selection" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"name" text NOT NULL,
	"ref" text NOT NULL,
	"product_slug" text NOT NULL,
	"product_ref" text NOT NULL,
	"product_type" text NOT NULL,
	"image" jsonb,
	"unit_pvp" integer NOT NULL,
	"unit_original" integer,
	"unit_professional_discount" integer DEFAULT 0 NOT NULL,
	"shipping_amount" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"status" integer DEFAULT 100 NOT NULL,
	"order_number" text NOT NULL,
	"user_id" integer,
	"guest_token_hash" text,
	"email" text,
	"name" text,
	"surnames" text,
	"phone" text,
	"shipping_address" text,
	"shipping_number" text,
	"shipping_postal_code" text,
	"shipping_city" text,
	"shipping_province" text,
	"shipping_country" text,
	"same_billing_data" boolean DEFAULT true NOT NULL,
	"billing_business_name" text,
	"billing_tax_id_type" text,
	"billing_tax_id" text,
	"billing_address" text,
	"billing_number" text,
	"billing_postal_code" text,
	"billing_city" text,
	"billing_province" text,
	"billing_country" text,
	"coupon_id" integer,
	"payment_method_selected" text,
	"observations" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_guest_token_hash_unique" UNIQUE("guest_token_hash")
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD CONSTRAINT "order_rows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_order" ON "coupon_redemptions" USING btree ("coupon_id","order_id");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order" ON "coupon_redemptions" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user" ON "coupon_redemptions" USING btree ("coupon_id","user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_store_code" ON "coupons" USING btree ("store_id",lower("code"));
--> statement-breakpoint
CREATE INDEX "order_rows_order" ON "order_rows" USING btree ("order_id","position");
--> statement-breakpoint
CREATE INDEX "orders_status_activity" ON "orders" USING btree ("status","last_activity_at");
--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","store_id","status");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_cart_per_user" ON "orders" USING btree ("store_id","user_id") WHERE "orders"."status" = 100 AND "orders"."user_id" IS NOT NULL;
