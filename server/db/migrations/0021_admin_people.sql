-- Back office: customers, professionals, moderation (issue 38, people part).
-- Professional status review: one row per customer staff have looked at (the queue is the
-- professionals without a reviewed_at), what was asked (company name and CIF) and decided.
CREATE TABLE "professional_reviews" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'pending' NOT NULL,
	"cif_requested_at" timestamp with time zone,
	"cif_requests" integer DEFAULT 0 NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_reviews_status" CHECK ("status" IN ('pending', 'info_requested', 'approved', 'revoked'))
);
--> statement-breakpoint
-- A customer whose professional type staff revoked cannot tick it again from the profile.
ALTER TABLE "users" ADD COLUMN "professional_revoked_at" timestamp with time zone;
--> statement-breakpoint
-- Reviews: pending (held for moderation) = not published and never hidden; hidden = hidden_at set.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held_reason" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_length" CHECK ("reply" IS NULL OR char_length("reply") BETWEEN 1 AND 2000);
--> statement-breakpoint
CREATE INDEX "reviews_moderation" ON "reviews" USING btree ("published", "id");
--> statement-breakpoint
-- Questions staff reject (spam, off-topic): never published, out of the queue.
ALTER TABLE "product_questions" ADD COLUMN "rejected_at" timestamp with time zone;
--> statement-breakpoint
-- The price staff quoted for an installation quote request (cents, VAT included) and when.
ALTER TABLE "installation_quote_requests" ADD COLUMN "quoted_cents" integer;
--> statement-breakpoint
ALTER TABLE "installation_quote_requests" ADD COLUMN "reply" text;
--> statement-breakpoint
ALTER TABLE "installation_quote_requests" ADD COLUMN "replied_at" timestamp with time zone;
