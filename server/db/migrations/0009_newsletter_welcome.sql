-- Newsletter welcome (issue 8): the personal 5 € coupon of a footer/popup subscription and its
-- mail, sent after commit and retried while owed. Hand-written from marketing.schema.ts.
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "welcome_coupon_id" integer;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "welcome_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "welcome_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "welcome_attempted_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_welcome_owed" ON "newsletter_subscriptions" USING btree ("id") WHERE "newsletter_subscriptions"."welcome_coupon_id" IS NOT NULL AND "newsletter_subscriptions"."welcome_sent_at" IS NULL;
