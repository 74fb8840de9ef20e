-- Invoices, credit notes, VERI*FACTU records, withdrawals and request photos (issue 10,
-- docs/decisions/018). Hand-written from invoices.schema.ts. Issued invoices can be neither
-- edited nor deleted (a trigger refuses it): corrections are credit notes.
CREATE TABLE "invoice_series" (
	"store_id" integer NOT NULL REFERENCES "stores"("id"),
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_series_pk" PRIMARY KEY ("store_id", "series", "year"),
	CONSTRAINT "invoice_series_series" CHECK ("series" IN ('F', 'R'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL REFERENCES "stores"("id"),
	"store_code" text NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id"),
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"language" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_breakdown" jsonb NOT NULL,
	"base" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"payment_method" text,
	"paid_at" timestamp with time zone,
	"corrects_id" integer REFERENCES "invoices"("id"),
	"reason" text,
	"row_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "invoices_number" UNIQUE ("number"),
	CONSTRAINT "invoices_series_seq" UNIQUE ("store_id", "series", "year", "seq"),
	CONSTRAINT "invoices_kind" CHECK ("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_sign" CHECK (("kind" = 'invoice' AND "total" >= 0) OR ("kind" = 'credit_note' AND "total" <= 0 AND "corrects_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';
--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "invoices_issued" ON "invoices" USING btree ("store_id", "issued_at");
--> statement-breakpoint
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'issued invoices cannot be changed or deleted: issue a credit note (%)', OLD."number" USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer_nif" text NOT NULL,
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"previous_id" integer REFERENCES "verifactu_records"("id"),
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"type" text NOT NULL,
	"vat_total" text NOT NULL,
	"total" text NOT NULL,
	"previous_hash" text NOT NULL,
	"generated_at" text NOT NULL,
	"hash" text NOT NULL,
	"qr_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_records_invoice" UNIQUE ("invoice_id"),
	CONSTRAINT "verifactu_records_link" UNIQUE ("issuer_nif", "previous_id"),
	CONSTRAINT "verifactu_records_status" CHECK ("status" IN ('pending', 'sent', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_first" ON "verifactu_records" USING btree ("issuer_nif") WHERE "verifactu_records"."previous_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "verifactu_records_pending" ON "verifactu_records" USING btree ("id") WHERE "verifactu_records"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE "verifactu_chain" (
	"issuer_nif" text PRIMARY KEY NOT NULL,
	"last_record_id" integer,
	"last_hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id"),
	"row_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"statement" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ack_sent_at" timestamp with time zone,
	"ack_attempts" integer DEFAULT 0 NOT NULL,
	"credit_note_id" integer,
	"resolved_at" timestamp with time zone,
	"staff_note" text,
	CONSTRAINT "withdrawals_status" CHECK ("status" IN ('received', 'accepted', 'refused'))
);
--> statement-breakpoint
CREATE INDEX "withdrawals_order" ON "withdrawals" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "withdrawals_ack_owed" ON "withdrawals" USING btree ("id") WHERE "withdrawals"."ack_sent_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id"),
	"file" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_photos_request" ON "request_photos" USING btree ("request_id");
