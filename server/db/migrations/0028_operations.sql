-- Settings of the shop's operation shared by every copy (docs/decisions/049). The first is
-- 'secret_fingerprint': HMAC-SHA256(SECRET, 'shop-secret-fingerprint') in hex, recorded by the
-- first copy that starts; a copy whose SECRET gives another fingerprint refuses to start. Never
-- the secret itself.
CREATE TABLE IF NOT EXISTS "operation_settings" (
  "key" text PRIMARY KEY,
  "value" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
