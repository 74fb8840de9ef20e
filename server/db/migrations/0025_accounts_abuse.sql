-- Issue 36 (enumeration and abuse, account ownership): docs/decisions/047.
-- Newsletter double opt-in: a subscription counts once its address is confirmed by the signed
-- link of the confirmation mail. Subscriptions written before this migration were taken as given.
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "consent_at";--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
-- The 5 € welcome coupon is given once per email, ever (unsubscribing and coming back, or a
-- second store, gives no second one). Only a SHA-256 of the lower-cased email is kept.
CREATE TABLE "newsletter_welcomes" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "newsletter_welcomes" ("email_hash", "coupon_id")
  SELECT encode(sha256(convert_to(lower("email"), 'UTF8')), 'hex'), min("welcome_coupon_id")
  FROM "newsletter_subscriptions" WHERE "welcome_coupon_id" IS NOT NULL GROUP BY lower("email")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "newsletter_welcomes" ("email_hash", "coupon_id")
  SELECT encode(sha256(convert_to(lower("email"), 'UTF8')), 'hex'), min("id")
  FROM "coupons" WHERE "email" IS NOT NULL AND "code" LIKE 'NL-%' GROUP BY lower("email")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An account created at checkout: the password typed there is kept aside, unusable, until the
-- mailbox owner follows the mail's link and chooses the account's password.
ALTER TABLE "users" ADD COLUMN "pending_password_hash" text;
