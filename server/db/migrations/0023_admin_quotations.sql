-- Back office: quotations as draft orders (issue 38). A quotation is an order in status 200; this
-- table keeps what only staff-made quotations have (who made it, the installation quote request it
-- answers, when it was mailed). quotation_discounts (0020) holds the per-line staff discounts:
-- its rows now go with their order row.
CREATE TABLE IF NOT EXISTS "quotation_drafts" (
	"order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"created_by" integer,
	"quote_request_id" integer REFERENCES "installation_quote_requests"("id") ON DELETE set null,
	"sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "quotation_drafts_quote_request" ON "quotation_drafts" ("quote_request_id") WHERE "quote_request_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotation_discounts" ADD CONSTRAINT "quotation_discounts_row" FOREIGN KEY ("row_id") REFERENCES "order_rows"("id") ON DELETE cascade;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotation_discounts_order" ON "quotation_discounts" ("order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_quotations_list" ON "orders" ("expires_at", "id") WHERE "status" IN (200, 250);
