import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import type { InvoiceKind, InvoiceLine, InvoiceType, VatBreakdown } from "../../../core/invoices.ts";
import { orders } from "../cart/cart.schema.ts";
import { stores } from "../stores/stores.schema.ts";

/**
 * The last number given in each series (a store, "F" invoices or "R" credit notes, a year).
 * The next number is taken with one upsert that row-locks the series until the issuing
 * transaction ends: a rollback gives the number back, so the series has no gap and no
 * duplicate (docs/decisions/018).
 */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    series: text("series").$type<"F" | "R">().notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.series, t.year] }), check("invoice_series_series", sql`${t.series} IN ('F', 'R')`)],
);

export type Party = { name: string; taxId: string | null; vatNumber?: string | null; address: string[]; email?: string | null; registry?: string | null };

/**
 * Issued invoices and credit notes: everything printed is frozen here when it is issued
 * (seller, buyer, lines, VAT per rate). A database trigger refuses any UPDATE or DELETE:
 * corrections are credit notes (`corrects_id`).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    storeCode: text("store_code").$type<"ESDB" | "FRDB">().notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    orderNumber: text("order_number").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    type: text("type").$type<InvoiceType>().notNull(),
    series: text("series").$type<"F" | "R">().notNull(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    language: text("language").$type<"es" | "fr">().notNull(),
    currency: text("currency").notNull().default("EUR"),
    seller: jsonb("seller").$type<Party>().notNull(),
    buyer: jsonb("buyer").$type<Party>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    vatBreakdown: jsonb("vat_breakdown").$type<VatBreakdown>().notNull(),
    base: integer("base").notNull(),
    vat: integer("vat").notNull(),
    total: integer("total").notNull(),
    paymentMethod: text("payment_method"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    correctsId: integer("corrects_id"),
    reason: text("reason"),
    /** Which order rows a partial credit note gives back (empty: all, or a price correction). */
    rowIds: jsonb("row_ids").$type<number[]>().notNull().default([]),
  },
  (t) => [
    unique("invoices_number").on(t.number),
    unique("invoices_series_seq").on(t.storeId, t.series, t.year, t.seq),
    uniqueIndex("invoices_one_per_order").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index("invoices_order").on(t.orderId),
    index("invoices_issued").on(t.storeId, t.issuedAt),
    check("invoices_kind", sql`${t.kind} IN ('invoice', 'credit_note')`),
    check("invoices_sign", sql`(${t.kind} = 'invoice' AND ${t.total} >= 0) OR (${t.kind} = 'credit_note' AND ${t.total} <= 0 AND ${t.correctsId} IS NOT NULL)`),
  ],
);

/**
 * VERI*FACTU registration records (Spain): one per invoice or credit note, chained per issuer
 * by the previous record's fingerprint. `previous_id` is unique per issuer, so the chain can
 * never fork. `status` is the queue of the (future) submission to the tax agency.
 */
export const verifactuRecords = pgTable(
  "verifactu_records",
  {
    id: serial("id").primaryKey(),
    issuerNif: text("issuer_nif").notNull(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    previousId: integer("previous_id"),
    number: text("number").notNull(),
    issueDate: text("issue_date").notNull(),
    type: text("type").notNull(),
    vatTotal: text("vat_total").notNull(),
    total: text("total").notNull(),
    previousHash: text("previous_hash").notNull(),
    generatedAt: text("generated_at").notNull(),
    hash: text("hash").notNull(),
    qrUrl: text("qr_url").notNull(),
    status: text("status").$type<"pending" | "sent" | "accepted" | "rejected">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("verifactu_records_invoice").on(t.invoiceId),
    unique("verifactu_records_link").on(t.issuerNif, t.previousId),
    uniqueIndex("verifactu_records_first").on(t.issuerNif).where(sql`${t.previousId} IS NULL`),
    index("verifactu_records_pending").on(t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/** The head of each issuer's chain, row-locked while a record is added. */
export const verifactuChain = pgTable("verifactu_chain", {
  issuerNif: text("issuer_nif").primaryKey(),
  lastRecordId: integer("last_record_id"),
  lastHash: text("last_hash").notNull().default(""),
});

/**
 * Withdrawals (EU Directive 2023/2673 withdrawal button; 14 days from delivery): what the
 * customer declared and when, and the acknowledgement mail owed to them.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    rowIds: jsonb("row_ids").$type<number[]>().notNull().default([]),
    name: text("name").notNull(),
    email: text("email").notNull(),
    statement: text("statement").notNull().default(""),
    language: text("language").$type<"es" | "fr">().notNull(),
    status: text("status").$type<"received" | "accepted" | "refused">().notNull().default("received"),
    declaredAt: timestamp("declared_at", { withTimezone: true }).notNull().defaultNow(),
    ackSentAt: timestamp("ack_sent_at", { withTimezone: true }),
    ackAttempts: integer("ack_attempts").notNull().default(0),
    creditNoteId: integer("credit_note_id"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    staffNote: text("staff_note"),
  },
  (t) => [index("withdrawals_order").on(t.orderId), index("withdrawals_ack_owed").on(t.id).where(sql`${t.ackSentAt} IS NULL`)],
);

/** Photos of an incident or return request (images only, size-limited), stored under DATA_DIR/requests. */
export const requestPhotos = pgTable(
  "request_photos",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    file: text("file").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("request_photos_request").on(t.requestId)],
);
