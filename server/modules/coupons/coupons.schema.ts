import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.schema.ts";

/**
 * Discount codes of one store (spec 3 and 8). `value` is cents for "amount" and basis points
 * for "percent". `usedCount` counts live reservations and redemptions (docs/decisions/013):
 * it is raised only by a conditional UPDATE, and the CHECK keeps it within the limit whatever
 * the code does. A code is unique per store whatever its case.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull().default(""),
    kind: text("kind", { enum: ["amount", "percent"] }).notNull(),
    value: integer("value").notNull(),
    minCartAmount: integer("min_cart_amount").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    /** Uses in total (null: no limit); a single-use code has 1. */
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    singleUse: boolean("single_use").notNull().default(false),
    usedCount: integer("used_count").notNull().default(0),
    /** A personal coupon (the newsletter's) works only for this email. */
    email: text("email"),
    /** Listed by GET coupons/web_list/. */
    public: boolean("public").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_store_code").on(t.storeId, sql`lower(${t.code})`),
    check("coupons_used_within_limit", sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
    check("coupons_used_not_negative", sql`${t.usedCount} >= 0`),
    check("coupons_value_positive", sql`${t.value} > 0`),
  ],
);

/**
 * One use of a coupon by one order: "reserved" while it sits in a cart, "redeemed" once the
 * order is placed (checkout). One per coupon and order; per-customer limits count these rows.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull(),
    userId: integer("user_id"),
    email: text("email"),
    status: text("status", { enum: ["reserved", "redeemed"] })
      .notNull()
      .default("reserved"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_coupon_order").on(t.couponId, t.orderId),
    index("coupon_redemptions_order").on(t.orderId),
    index("coupon_redemptions_user").on(t.couponId, t.userId),
  ],
);
