import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";
import { products } from "../catalog/catalog.schema.ts";
import { stores } from "../stores/stores.schema.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A product review (spec 3: rating 1-5, default 5). Written by a customer whose order of the
 * product was delivered (`verified`, one per customer and product), or imported. The product's
 * `rating_avg` / `rating_count` are kept from the published ones by a trigger (migration 0013).
 * Texts are plain text, rendered escaped.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The store the review was written in; its language is the text's. */
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    language: text("language").$type<"es" | "fr">().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's first name, as shown. */
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull().default(5),
    body: text("body").notNull(),
    verified: boolean("verified").notNull().default(false),
    published: boolean("published").notNull().default(true),
    /** Moderation (back office): not published and never hidden = held for review; hidden by staff when set. */
    hiddenAt: ts("hidden_at"),
    /** Why a new review was held instead of published (a link, an email or a phone number in it). */
    heldReason: text("held_reason"),
    /** The shop's public reply, shown under the review on the product page. */
    reply: text("reply"),
    repliedAt: ts("replied_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("reviews_product").on(t.productId, t.published, t.createdAt),
    uniqueIndex("reviews_one_per_customer").on(t.productId, t.userId).where(sql`${t.userId} IS NOT NULL`),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_body_length", sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);

/**
 * A shopper's question about a product (spec 3 and 5: name, email, optional phone, question,
 * privacy accepted). Published once staff answer it; the asker is mailed the answer.
 */
export const productQuestions = pgTable(
  "product_questions",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    language: text("language").$type<"es" | "fr">().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    question: text("question").notNull(),
    answer: text("answer"),
    answeredAt: ts("answered_at"),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    /** Rejected by staff (spam, off-topic): never published. */
    rejectedAt: ts("rejected_at"),
    /** When the asker accepted the privacy policy (GDPR proof of consent). */
    privacyAcceptedAt: ts("privacy_accepted_at").notNull(),
    /** A hash of the asker's address: enough to spot a flood, nothing to identify anyone. */
    ipHash: text("ip_hash"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("product_questions_published").on(t.productId, t.storeId, t.answeredAt),
    index("product_questions_unanswered").on(t.createdAt).where(sql`${t.answer} IS NULL`),
    check("product_questions_question_length", sql`char_length(${t.question}) BETWEEN 1 AND 1000`),
  ],
);

/** Attempts at the public forms (questions, installation quotations) per address and window. */
export const formRateLimits = pgTable(
  "form_rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("form_rate_limits_expires").on(t.expiresAt)],
);
