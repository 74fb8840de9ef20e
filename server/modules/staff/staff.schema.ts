import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import type { StaffRole } from "../../../core/staff-permissions.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Staff accounts (migration 0018): a table of their own, never a customer with a flag. */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash"),
    role: text("role").$type<StaffRole>().notNull(),
    language: text("language", { enum: ["es", "fr"] })
      .notNull()
      .default("es"),
    totpSecret: text("totp_secret"),
    totpEnabledAt: ts("totp_enabled_at"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: ts("disabled_at"),
    invitedBy: integer("invited_by"),
    lastLoginAt: ts("last_login_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_members_email_lower").on(sql`lower(${t.email})`)],
);

export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembers.id),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("staff_recovery_codes_staff").on(t.staffId)],
);

export const staffTokens = pgTable("staff_tokens", {
  id: serial("id").primaryKey(),
  staffId: integer("staff_id").references(() => staffMembers.id),
  purpose: text("purpose", { enum: ["invitation", "reset", "setup"] }).notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembers.id),
    state: text("state", { enum: ["mfa", "enrol", "active"] }).notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("staff_sessions_staff").on(t.staffId, t.createdAt)],
);

export const staffSavedViews = pgTable(
  "staff_saved_views",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembers.id),
    screen: text("screen").notNull(),
    name: text("name").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [unique().on(t.staffId, t.screen, t.name)],
);

export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Append-only (triggers of migration 0018 refuse UPDATE, DELETE and TRUNCATE). */
export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: ts("at").notNull().defaultNow(),
  staffId: integer("staff_id"),
  staffEmail: text("staff_email").notNull(),
  staffRole: text("staff_role").notNull(),
  ip: text("ip").notNull().default(""),
  requestId: text("request_id").notNull().default(""),
  action: text("action").notNull(),
  entityType: text("entity_type").notNull(),
  entityId: text("entity_id").notNull().default(""),
  orderId: integer("order_id"),
  before: jsonb("before"),
  after: jsonb("after"),
});
