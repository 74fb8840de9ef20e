-- Money the shop cannot keep (issue 36, issue 39 item 4; docs/decisions/046).
--
-- payment_attempts: each attempt knows when its provider session stops being payable (the shop
-- reuses it exactly until then), and when reconciliation asks about it next (a lease: a copy
-- that claims a row moves next_check_at on, so copies never poll the same rows every minute).
ALTER TABLE "payment_attempts" ADD COLUMN "expires_at" timestamptz NOT NULL DEFAULT now() + interval '60 minutes';
--> statement-breakpoint
UPDATE "payment_attempts" SET "expires_at" = "created_at" + interval '60 minutes';
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "next_check_at" timestamptz NOT NULL DEFAULT now() + interval '3 minutes';
--> statement-breakpoint
UPDATE "payment_attempts" SET "next_check_at" = "created_at" + interval '3 minutes' WHERE "status" = 'open';
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "checks" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Reconciliation walks the open attempts by id (keyset pages): a small partial index.
CREATE INDEX "payment_attempts_open" ON "payment_attempts" ("id") WHERE "status" = 'open';
--> statement-breakpoint
-- payment_refunds: why the shop gave money back by itself (null: a person asked for it), and the
-- provider call's retries (the job loop tries again a refund the provider did not take).
ALTER TABLE "payment_refunds" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_reason" CHECK ("reason" IS NULL OR "reason" IN ('duplicate', 'late', 'amount_mismatch'));
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "attempts" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "next_attempt_at" timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "last_error" text;
--> statement-breakpoint
-- Refunds of late payments made before this migration were keyed "refund-auto-…".
UPDATE "payment_refunds" SET "reason" = 'late' WHERE "idempotency_key" LIKE 'refund-auto-%' AND "payment_psp_reference" IS NOT NULL;
--> statement-breakpoint
-- One automatic refund per payment (provider, PSP reference), decided by the database.
CREATE UNIQUE INDEX "payment_refunds_automatic_once" ON "payment_refunds" ("provider", "payment_psp_reference") WHERE "reason" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "payment_refunds_due" ON "payment_refunds" ("next_attempt_at") WHERE "status" = 'requested' AND "psp_reference" IS NULL;
--> statement-breakpoint
-- An automatic refund gives back a payment the order never kept: it is not a refund of the
-- order (its payment state stays "paid", not "refunded"). Same function as 0019 otherwise.
CREATE OR REPLACE FUNCTION admin_order_states_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM orders o JOIN (SELECT DISTINCT unnest(ids) AS id) i ON o.id = i.id ORDER BY o.id FOR NO KEY UPDATE OF o;
  UPDATE orders o SET
    refunded_cents = x.refunded,
    shipping_state = x.shipping,
    has_installation = x.installation
  FROM (
    SELECT i.id,
           coalesce((SELECT sum(pr.amount) FROM payment_refunds pr
                     WHERE pr.order_id = i.id AND pr.status <> 'failed' AND pr.reason IS NULL), 0) AS refunded,
           admin_order_shipping_state(i.id) AS shipping,
           EXISTS (SELECT 1 FROM order_rows r WHERE r.order_id = i.id AND r.lines @> '[{"kind":"service"}]'::jsonb) AS installation
    FROM (SELECT DISTINCT unnest(ids) AS id) i
  ) x
  WHERE o.id = x.id
    AND (o.refunded_cents IS DISTINCT FROM x.refunded OR o.shipping_state IS DISTINCT FROM x.shipping
         OR o.has_installation IS DISTINCT FROM x.installation);
END $$;
--> statement-breakpoint
UPDATE orders o SET refunded_cents = coalesce(r.s, 0)
FROM (SELECT o2.id, (SELECT sum(pr.amount) FROM payment_refunds pr WHERE pr.order_id = o2.id AND pr.status <> 'failed' AND pr.reason IS NULL) AS s
      FROM orders o2 WHERE EXISTS (SELECT 1 FROM payment_refunds p3 WHERE p3.order_id = o2.id AND p3.reason IS NOT NULL)) r
WHERE o.id = r.id AND o.refunded_cents IS DISTINCT FROM coalesce(r.s, 0);
