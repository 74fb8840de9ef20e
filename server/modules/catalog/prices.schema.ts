import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Every price a product (its from-price) or a variant had, and since when (issue 10, Omnibus rule,
 * docs/decisions/020). Written by the database's trigger on products and variants; the open row
 * (valid_to null) is the current price, with its reference: the lowest price of the 30 days
 * before it, above which no "before" price may be announced.
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    itemId: integer("item_id").notNull(),
    price: integer("price").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validTo: timestamp("valid_to", { withTimezone: true }),
    referencePrice: integer("reference_price"),
  },
  (t) => [
    index("price_history_item").on(t.kind, t.itemId, t.validFrom),
    uniqueIndex("price_history_open").on(t.kind, t.itemId).where(sql`${t.validTo} IS NULL`),
    check("price_history_kind", sql`${t.kind} IN ('product', 'variant')`),
  ],
);
