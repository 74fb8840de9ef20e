-- Back office I (issue 38): staff accounts of their own (not customers with a flag), their
-- sessions, invitation and setup links, two-factor recovery codes, saved views, shop settings
-- and the append-only audit log.
CREATE TABLE staff_members (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  -- argon2id PHC string; NULL until the invitation is accepted.
  password_hash text,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'support', 'warehouse', 'accountant', 'installer_coordinator')),
  language text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'fr')),
  -- AES-256-GCM of the TOTP secret under a key derived from SECRET; NULL when not enrolled.
  totp_secret text,
  totp_enabled_at timestamptz,
  -- The last 30 s step accepted: a code is never accepted twice (RFC 6238 5.2).
  totp_last_step bigint,
  disabled_at timestamptz,
  invited_by integer REFERENCES staff_members(id),
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX staff_members_email_lower ON staff_members (lower(email));
--> statement-breakpoint
CREATE TABLE staff_recovery_codes (
  id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff_members(id),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX staff_recovery_codes_staff ON staff_recovery_codes (staff_id);
--> statement-breakpoint
-- Single-use links: an invitation (staff_id set, password NULL), a password reset, or the
-- first owner's setup link (staff_id NULL). Only a SHA-256 of the token is kept.
CREATE TABLE staff_tokens (
  id serial PRIMARY KEY,
  staff_id integer REFERENCES staff_members(id),
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'reset', 'setup')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One row per staff login. The cookie holds a random token; the row's id is its SHA-256.
-- state: 'mfa' waits for the second factor, 'enrol' may only set up TOTP, 'active' works.
CREATE TABLE staff_sessions (
  id text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff_members(id),
  state text NOT NULL CHECK (state IN ('mfa', 'enrol', 'active')),
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
--> statement-breakpoint
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE staff_saved_views (
  id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff_members(id),
  screen text NOT NULL,
  name text NOT NULL,
  params jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (staff_id, screen, name)
);
--> statement-breakpoint
CREATE TABLE shop_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Every staff write: who, with which role, from where, what, before and after, the request id.
-- Append-only: the database itself refuses UPDATE, DELETE and TRUNCATE (triggers below).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  staff_id integer REFERENCES staff_members(id),
  staff_email text NOT NULL,
  staff_role text NOT NULL,
  ip text NOT NULL DEFAULT '',
  request_id text NOT NULL DEFAULT '',
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL DEFAULT '',
  -- The order an entry concerns, when there is one: its timeline reads the log by this key.
  order_id integer,
  before jsonb,
  after jsonb
);
--> statement-breakpoint
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_staff ON audit_log (staff_id, at DESC);
--> statement-breakpoint
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, at DESC);
--> statement-breakpoint
CREATE INDEX audit_log_order ON audit_log (order_id, at) WHERE order_id IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
