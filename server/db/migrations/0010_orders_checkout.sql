-- Checkout and orders (issue 9): a cart (status 100) becomes an order in place. The totals are
-- frozen on the order and its rows when it is placed; packages (sub-orders), the status history
-- and the customer's incident/return requests get tables of their own. Hand-written from
-- cart.schema.ts and orders.schema.ts.
ALTER TABLE "orders" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "professional" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_total" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_commission" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_total" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rate_bp" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_base" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_amount" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_reference_unique" UNIQUE("payment_reference");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_not_negative" CHECK ("total" IS NULL OR "total" >= 0);
--> statement-breakpoint
CREATE INDEX "orders_placed" ON "orders" USING btree ("status","placed_at") WHERE "orders"."status" >= 200;
--> statement-breakpoint
CREATE INDEX "orders_email" ON "orders" USING btree (lower("email")) WHERE "orders"."status" >= 200;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "professional_discount_total" integer;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "row_total" integer;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "coupon_discount" integer;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "shipping_total" integer;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "final_total" integer;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD COLUMN "sub_order_id" integer;
--> statement-breakpoint
CREATE TABLE "sub_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"package" integer NOT NULL,
	"status" integer DEFAULT 100 NOT NULL,
	"delivery_from" date,
	"delivery_to" date,
	"agency" text,
	"shipment_number" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_orders_order_package" UNIQUE("order_id","package")
);
--> statement-breakpoint
ALTER TABLE "sub_orders" ADD CONSTRAINT "sub_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_rows" ADD CONSTRAINT "order_rows_sub_order_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sub_order_id" integer,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","id");
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sub_order_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"row_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "order_requests_kind" CHECK ("kind" IN ('incident', 'return', 'withdrawal')),
	CONSTRAINT "order_requests_status" CHECK ("status" IN ('open', 'accepted', 'refused', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_requests_order" ON "order_requests" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "order_requests_open" ON "order_requests" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE "order_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"sub_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "order_mails_order_key" UNIQUE("order_id","key")
);
--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_mails_owed" ON "order_mails" USING btree ("id") WHERE "order_mails"."sent_at" IS NULL;
