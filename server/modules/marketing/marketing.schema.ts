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
  },
  (t) => [uniqueIndex("newsletter_subscriptions_store_email").on(t.storeId, t.email)],
);

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
