import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../cart/cart.schema.ts";

/** Units of order rows given back by a partial refund: a credit note names rows, these say how many units. */
export const refundLines = pgTable(
  "refund_lines",
  {
    id: serial("id").primaryKey(),
    creditNoteId: integer("credit_note_id").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    rowId: integer("row_id").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("refund_lines_order").on(t.orderId), check("refund_lines_quantity_positive", sql`${t.quantity} > 0`)],
);

/**
 * Questions staff ask on an open after-sale case (withdrawal or incident/return request) and the
 * customer's answers: a case whose last message is staff's is waiting for the customer ("info_requested").
 */
export const aftersaleMessages = pgTable(
  "aftersale_messages",
  {
    id: serial("id").primaryKey(),
    caseKind: text("case_kind").$type<"withdrawal" | "request">().notNull(),
    caseId: integer("case_id").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    author: text("author").$type<"staff" | "customer">().notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("aftersale_messages_case").on(t.caseKind, t.caseId),
    check("aftersale_messages_kind", sql`${t.caseKind} IN ('withdrawal', 'request')`),
    check("aftersale_messages_author", sql`${t.author} IN ('staff', 'customer')`),
  ],
);

/** A staff discount on one row of a quotation (cents, or a percentage), and the cents it takes off. */
export const quotationDiscounts = pgTable(
  "quotation_discounts",
  {
    rowId: integer("row_id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"cents" | "percent">().notNull(),
    value: integer("value").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [
    check("quotation_discounts_kind", sql`${t.kind} IN ('cents', 'percent')`),
    check("quotation_discounts_value", sql`${t.value} >= 0 AND (${t.kind} = 'cents' OR ${t.value} <= 100)`),
    check("quotation_discounts_amount", sql`${t.amount} >= 0`),
  ],
);
