import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "../catalog/catalog.schema.ts";
import { stores } from "../stores/stores.schema.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Customer and staff accounts. The email is kept lower-cased and unique whatever its case
 * (the unique index is on lower(email), so a row written by hand cannot slip past it).
 * An erased account (GDPR) keeps its row, pseudonymised, for the orders that point at it.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** argon2id PHC string; "!" for an erased account (matches no password). */
    passwordHash: text("password_hash").notNull(),
    /**
     * The password a guest typed when asking for an account at checkout: never accepted by a
     * login (only answered 'Usuario inactivo', with the link mailed again) until the mailbox's
     * owner follows the mailed link and chooses the account's password (docs/decisions/047).
     */
    pendingPasswordHash: text("pending_password_hash"),
    name: text("name").notNull(),
    surnames: text("surnames").notNull().default(""),
    phone: text("phone"),
    customerType: text("customer_type", { enum: ["customer", "professional"] })
      .notNull()
      .default("customer"),
    role: text("role", { enum: ["customer", "staff"] })
      .notNull()
      .default("customer"),
    isActive: boolean("is_active").notNull().default(false),
    /** The store the customer signed up in (their mails' language and links). */
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    language: text("language", { enum: ["es", "fr"] }).notNull(),
    /** When the privacy policy was accepted at sign-up (GDPR proof of consent). */
    privacyAcceptedAt: ts("privacy_accepted_at").notNull(),
    activatedAt: ts("activated_at"),
    passwordChangedAt: ts("password_changed_at"),
    deletedAt: ts("deleted_at"),
    /** Set when staff revoked the professional type (back office): the profile cannot tick it again. */
    professionalRevokedAt: ts("professional_revoked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower").on(sql`lower(${t.email})`)],
);

/**
 * Single-use links sent by mail (activation, password reset). Only a SHA-256 of the token is
 * kept: a copy of the database does not give working links.
 */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "claim": the link that gives an account created at checkout its password (7 days). */
    purpose: text("purpose", { enum: ["activation", "reset", "claim"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_tokens_hash").on(t.tokenHash), index("user_tokens_user").on(t.userId, t.purpose)],
);

/**
 * One row per login (a refresh-token family). The family's current refresh token is the only
 * one accepted; each refresh replaces it (a conditional UPDATE decides races). A signed refresh
 * token of the family that is not the current one has been used before: the family is revoked.
 */
export const refreshFamilies = pgTable(
  "refresh_families",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currentJti: text("current_jti").notNull(),
    /** The token replaced last, and when: a storefront request racing its own refresh is no theft. */
    previousJti: text("previous_jti"),
    rotatedAt: ts("rotated_at"),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [index("refresh_families_user").on(t.userId)],
);

/** Shipping and billing addresses (spec 3); at most one default per user and type (partial unique index). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["shipping", "billing"] }).notNull(),
    name: text("name").notNull().default(""),
    businessName: text("business_name").notNull().default(""),
    taxType: text("tax_type", { enum: ["dni", "nie", "cif"] }),
    taxId: text("tax_id").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull(),
    flat: text("flat").notNull().default(""),
    number: text("number").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    province: text("province").notNull(),
    country: text("country", { enum: ["ES", "FR"] }).notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("addresses_user_type").on(t.userId, t.type, t.id), uniqueIndex("addresses_one_default").on(t.userId, t.type).where(sql`${t.isDefault}`)],
);

/** Favourites of a signed-in customer (guests keep theirs in local storage). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wishlist_items_user_product").on(t.userId, t.productId)],
);

/**
 * Attempt counters for throttling (login, sign-up, recovery...), one row per key and fixed
 * window. In the database, not in memory, so every copy of the shop counts the same attempts.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_expires").on(t.expiresAt)],
);
