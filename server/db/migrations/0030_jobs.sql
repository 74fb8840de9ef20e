-- The one job engine (server/lib/jobs.ts, docs/decisions/053). A job is owed work of a queue,
-- unique per (queue, key); a copy claims it with a lease it renews while the work runs; a failure
-- is retried with backoff and, after max_attempts, the job is dead (staff's dead-letter list).
-- message_id is fixed when the job is first claimed, before any send: a retried send reuses it.
CREATE TABLE IF NOT EXISTS "jobs" (
  "id" bigserial PRIMARY KEY,
  "queue" text NOT NULL,
  "key" text NOT NULL,
  "payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "state" text DEFAULT 'ready' NOT NULL CHECK ("state" IN ('ready', 'running', 'done', 'dead')),
  "attempts" integer DEFAULT 0 NOT NULL,
  "max_attempts" integer DEFAULT 6 NOT NULL,
  "run_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone,
  "locked_by" text,
  "message_id" text,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "done_at" timestamp with time zone,
  "failed_at" timestamp with time zone,
  CONSTRAINT "jobs_queue_key" UNIQUE ("queue", "key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_due" ON "jobs" USING btree ("queue", "run_at", "id") WHERE "state" IN ('ready', 'running');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_dead" ON "jobs" USING btree ("id") WHERE "state" = 'dead';
--> statement-breakpoint
-- A periodic task's last slot (floor(epoch ms / period)): the copy whose INSERT ... ON CONFLICT
-- moves it forward runs the task; the others see no row and skip that slot.
CREATE TABLE IF NOT EXISTS "job_schedules" (
  "name" text PRIMARY KEY,
  "slot" bigint NOT NULL,
  "ran_by" text,
  "ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every order mail owed (the checkout, the payment, a shipment, staff's resend) is a job of
-- queue 'order-mail', created in the same transaction, and wakes the copies (NOTIFY at commit).
CREATE OR REPLACE FUNCTION order_mails_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sent_at IS NULL THEN
    INSERT INTO jobs (queue, key, payload, max_attempts)
      VALUES ('order-mail', NEW.id::text, jsonb_build_object('id', NEW.id), 6)
      ON CONFLICT (queue, key) DO NOTHING;
    PERFORM pg_notify('jobs', 'order-mail');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_mails_job AFTER INSERT ON order_mails FOR EACH ROW EXECUTE FUNCTION order_mails_job();
--> statement-breakpoint
-- The acknowledgement of a withdrawal: queue 'withdrawal-ack'. The request that records the
-- withdrawal sends it at once (it runs this very job); the engine's copies only take it up a
-- minute later, as a retry, if that send did not happen (a failure, a copy that stopped).
CREATE OR REPLACE FUNCTION withdrawals_ack_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ack_sent_at IS NULL THEN
    INSERT INTO jobs (queue, key, payload, max_attempts, run_at)
      VALUES ('withdrawal-ack', NEW.id::text, jsonb_build_object('id', NEW.id), 10, now() + interval '1 minute')
      ON CONFLICT (queue, key) DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_ack_job AFTER INSERT ON withdrawals FOR EACH ROW EXECUTE FUNCTION withdrawals_ack_job();
--> statement-breakpoint
-- What the old loops still owed becomes jobs (attempts already spent count).
INSERT INTO jobs (queue, key, payload, max_attempts, attempts)
  SELECT 'order-mail', id::text, jsonb_build_object('id', id), 6, least(attempts, 5) FROM order_mails WHERE sent_at IS NULL AND attempts < 6
  ON CONFLICT (queue, key) DO NOTHING;
--> statement-breakpoint
INSERT INTO jobs (queue, key, payload, max_attempts, attempts)
  SELECT 'withdrawal-ack', id::text, jsonb_build_object('id', id), 10, least(ack_attempts, 9) FROM withdrawals WHERE ack_sent_at IS NULL AND ack_attempts < 10
  ON CONFLICT (queue, key) DO NOTHING;
