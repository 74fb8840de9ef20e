import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { orders } from "../cart/cart.schema.ts";

/**
 * A package of an order (spec 3: sub-order): its delivery date range in business days, its
 * status (spec 4's eleven, core/orders.ts), the carrier and the tracking number. Created
 * when the order is paid; staff move it.
 */
export const subOrders = pgTable(
  "sub_orders",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    package: integer("package").notNull(),
    status: integer("status").notNull().default(100),
    deliveryFrom: date("delivery_from", { mode: "string" }),
    deliveryTo: date("delivery_to", { mode: "string" }),
    agency: text("agency"),
    shipmentNumber: text("shipment_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("sub_orders_order_package").on(t.orderId, t.package)],
);

/** Every status change of an order or a package: who moved it (system, customer, staff, provider) and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    subOrderId: integer("sub_order_id"),
    fromStatus: integer("from_status"),
    toStatus: integer("to_status").notNull(),
    actor: text("actor").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.id)],
);

/** The customer's incident, return and withdrawal requests on an order (spec 4), kept for staff. */
export const orderRequests = pgTable(
  "order_requests",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    subOrderId: integer("sub_order_id"),
    kind: text("kind").$type<"incident" | "return" | "withdrawal">().notNull(),
    status: text("status").$type<"open" | "accepted" | "refused" | "closed">().notNull().default("open"),
    reason: text("reason").notNull(),
    message: text("message").notNull().default(""),
    rowIds: jsonb("row_ids").$type<number[]>().notNull().default([]),
    staffNote: text("staff_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    index("order_requests_order").on(t.orderId),
    index("order_requests_open").on(t.status, t.createdAt),
    check("order_requests_kind", sql`${t.kind} IN ('incident', 'return', 'withdrawal')`),
    check("order_requests_status", sql`${t.status} IN ('open', 'accepted', 'refused', 'closed')`),
  ],
);

/**
 * Mails an order owes its customer (confirmation, transfer instructions, payment received,
 * shipped), written in the transaction of the event that calls for them (so a rolled-back
 * event mails nothing and a repeated one mails once: unique per order and key) and sent after
 * commit by whichever copy claims them; a failed send is retried.
 */
export const orderMails = pgTable(
  "order_mails",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "confirmation", "paid", "shipped:<sub order id>"... */
    key: text("key").notNull(),
    kind: text("kind").$type<"confirmation" | "transfer" | "paid" | "shipped">().notNull(),
    subOrderId: integer("sub_order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [unique("order_mails_order_key").on(t.orderId, t.key), index("order_mails_owed").on(t.id).where(sql`${t.sentAt} IS NULL`)],
);
