-- Back office, money (issue 38): the units of each row given back by a partial refund (a credit note
-- names rows, not units), and the questions staff ask on an open after-sale case with the customer's answers.
CREATE TABLE "refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"row_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_lines_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "refund_lines_order" ON "refund_lines" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "aftersale_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_kind" text NOT NULL,
	"case_id" integer NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftersale_messages_kind" CHECK ("case_kind" IN ('withdrawal', 'request')),
	CONSTRAINT "aftersale_messages_author" CHECK ("author" IN ('staff', 'customer'))
);
--> statement-breakpoint
CREATE INDEX "aftersale_messages_case" ON "aftersale_messages" USING btree ("case_kind", "case_id");
--> statement-breakpoint
CREATE TABLE "quotation_discounts" (
	"row_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "quotation_discounts_kind" CHECK ("kind" IN ('cents', 'percent')),
	CONSTRAINT "quotation_discounts_value" CHECK ("value" >= 0 AND ("kind" = 'cents' OR "value" <= 100)),
	CONSTRAINT "quotation_discounts_amount" CHECK ("amount" >= 0)
);
