import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../cart/cart.schema.ts";

/** Internal staff notes on an order (migration 0019): on the back office's timeline only, never in a customer's answer. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffId: integer("staff_id"),
    staffName: text("staff_name").notNull().default(""),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order").on(t.orderId, t.id)],
);
