import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.schema.ts";

/**
 * Newsletter subscribers of one store. The email is stored lower-cased so one person
 * is one subscriber per store; `consentAt` records when the terms were accepted (GDPR proof).
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    surname: text("surname").notNull().default(""),
    /** footer and popup forms, or the profile toggle of a signed-in customer. */
    source: text("source", { enum: ["footer", "popup", "profile"] }).notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The personal first-purchase coupon promised by the footer and popup forms (issue 8),
     * written in the subscription's transaction. Null for profile subscriptions.
     */
    welcomeCouponId: integer("welcome_coupon_id"),
    /**
     * The welcome mail goes out after commit: null while it is owed. A failed send stays owed
     * and the retry job tries again (a bounded number of times, claimed row by row so two
     * copies never send the same mail at once).
     */
    welcomeSentAt: timestamp("welcome_sent_at", { withTimezone: true }),
    welcomeAttempts: integer("welcome_attempts").notNull().default(0),
    welcomeAttemptedAt: timestamp("welcome_attempted_at", { withTimezone: true }),
    /**
     * Double opt-in (issue 36, docs/decisions/047): null until the address's owner follows the
     * signed link of the confirmation mail. Only confirmed subscriptions get newsletters and the
     * welcome coupon; unconfirmed ones are deleted after a week.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** When the last confirmation mail went out (a new request sends it again, throttled). */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_store_email").on(t.storeId, t.email),
    index("newsletter_subscriptions_welcome_owed").on(t.id).where(sql`${t.welcomeCouponId} IS NOT NULL AND ${t.welcomeSentAt} IS NULL`),
  ],
);

/**
 * The welcome coupon is given once per email, ever (docs/decisions/047): the primary key decides
 * two confirmations racing. Only a SHA-256 of the lower-cased email is kept, so the ledger
 * outlives an unsubscription or an erasure without keeping the address itself.
 */
export const newsletterWelcomes = pgTable("newsletter_welcomes", {
  emailHash: text("email_hash").primaryKey(),
  couponId: integer("coupon_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Popups shown on matching pages. `urlPattern` is a store-relative path ("/", "/ofertas")
 * or a prefix ending in "*" ("/inspiracion/*"); the longest matching pattern wins.
 */
export const popups = pgTable(
  "popups",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    urlPattern: text("url_pattern").notNull(),
    /** Spec popup types: 100 subscription form, 200 call-to-action button. */
    popupType: integer("popup_type").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull().default(""),
    buttonLabel: text("button_label"),
    buttonUrl: text("button_url"),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [index("popups_store").on(t.storeId, t.active)],
);
