-- Payments (issue 9, docs/decisions/017): the shop's payment attempts, the provider events it
-- acted on (once: unique per provider and event key), its refunds; and the embedded sandbox
-- provider's own books (sessions/orders, refunds, the signed notifications it owes the shop).
-- Hand-written from server/modules/payments/payments.schema.ts.
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_id" text,
	"redirect_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"psp_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payment_attempts_reference" ON "payment_attempts" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_id" ON "payment_attempts" USING btree ("provider","provider_id");
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"reference" text NOT NULL,
	"psp_reference" text NOT NULL,
	"event_code" text NOT NULL,
	"success" integer NOT NULL,
	"amount" integer NOT NULL,
	"source" text NOT NULL,
	"order_status" integer,
	"changed" integer,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_key" UNIQUE("provider","event_key")
);
--> statement-breakpoint
CREATE INDEX "payment_events_reference" ON "payment_events" USING btree ("reference");
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_psp_reference" text,
	"psp_reference" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"language" text NOT NULL,
	"shopper_email" text,
	"description" text,
	"return_url" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"psp_reference" text,
	"card_last4" text,
	"challenge_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_payments_psp_reference" UNIQUE("psp_reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"payment_psp_reference" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"item" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_notifications_due" ON "sandbox_notifications" USING btree ("next_attempt_at") WHERE "sandbox_notifications"."delivered_at" IS NULL;
