import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../cart/cart.schema.ts";

/** What only staff-made quotations have: who made it, the installation quote request it answers, when it was mailed. */
export const quotationDrafts = pgTable("quotation_drafts", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  createdBy: integer("created_by"),
  quoteRequestId: integer("quote_request_id"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  sentCount: integer("sent_count").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
