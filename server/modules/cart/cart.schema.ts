import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ImageDto } from "../../../core/catalog.types.ts";
import type { Selection } from "../../../core/configurator.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { stores } from "../stores/stores.schema.ts";

/** Order numbers: one sequence for every store (gaps are fine; invoices number themselves). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 100001 });

/**
 * An order (spec 3 and 4). A cart is an order in status 100 (150 once abandoned); the checkout
 * moves it on. A guest's cart is reached with its token (only its SHA-256 is kept), a
 * customer's by user id; at most one open cart per customer and store (partial unique index).
 * See docs/decisions/013.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    status: integer("status").notNull().default(100),
    orderNumber: text("order_number").notNull().unique(),
    /** The customer (accounts' users.id); null for a guest's cart. */
    userId: integer("user_id"),
    /** SHA-256 (hex) of a guest cart's secret; null once the cart belongs to a customer. */
    guestTokenHash: text("guest_token_hash").unique(),
    email: text("email"),
    name: text("name"),
    surnames: text("surnames"),
    phone: text("phone"),
    shippingAddress: text("shipping_address"),
    shippingNumber: text("shipping_number"),
    shippingPostalCode: text("shipping_postal_code"),
    shippingCity: text("shipping_city"),
    shippingProvince: text("shipping_province"),
    shippingCountry: text("shipping_country"),
    sameBillingData: boolean("same_billing_data").notNull().default(true),
    billingBusinessName: text("billing_business_name"),
    billingTaxIdType: text("billing_tax_id_type"),
    billingTaxId: text("billing_tax_id"),
    billingAddress: text("billing_address"),
    billingNumber: text("billing_number"),
    billingPostalCode: text("billing_postal_code"),
    billingCity: text("billing_city"),
    billingProvince: text("billing_province"),
    billingCountry: text("billing_country"),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    paymentMethodSelected: text("payment_method_selected"),
    observations: text("observations"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last change by its owner: what abandonment is measured from. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** Raised on every change (optimistic checks by the checkout). */
    version: integer("version").notNull().default(1),
    // ---- set when the checkout places the cart (issue 9; docs/decisions/016)
    /** The shopper's language when the order was placed (mails, invoice). */
    language: text("language"),
    placedAt: timestamp("placed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Quotations: valid until; pending payments: given up after. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /** Spec 9: store source code, a timestamp and 36 random characters. */
    paymentReference: text("payment_reference").unique(),
    /** The checkout form's key: the same key sent again answers the order placed the first time. */
    idempotencyKey: text("idempotency_key").unique(),
    /** Whether this order holds stock (taken at placement, given back when it returns to a cart or is abandoned). */
    stockHeld: boolean("stock_held").notNull().default(false),
    /** Frozen at placement: whether professional prices applied. */
    professional: boolean("professional").notNull().default(false),
    couponCode: text("coupon_code"),
    /** Frozen totals, cents, VAT included (see core/cart-pricing.ts). */
    subtotal: integer("subtotal"),
    couponDiscount: integer("coupon_discount"),
    shippingTotal: integer("shipping_total"),
    paypalCommission: integer("paypal_commission"),
    savedTotal: integer("saved_total"),
    total: integer("total"),
    vatRateBp: integer("vat_rate_bp"),
    vatBase: integer("vat_base"),
    vatAmount: integer("vat_amount"),
    /** When its customer was erased (GDPR): the mailed link stops working (docs/decisions/048). */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_status_activity").on(t.status, t.lastActivityAt),
    index("orders_user").on(t.userId, t.storeId, t.status),
    uniqueIndex("orders_one_open_cart_per_user").on(t.storeId, t.userId).where(sql`${t.status} = 100 AND ${t.userId} IS NOT NULL`),
  ],
);

/**
 * A line of an order: one configured product with its complements and services. The
 * product's unit prices, name and reference are snapshots taken when it was added (what the
 * shopper agreed to); the complements and services live in `lines` with their own snapshots.
 * Each add is a row of its own (spec 4: adding raises `size`, the number of rows).
 */
export const orderRows = pgTable(
  "order_rows",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    variantId: integer("variant_id"),
    selection: jsonb("selection").$type<Selection>().notNull(),
    /** Complement and service lines (kind, id, name, ref, quantity, unit...) of one row. */
    lines: jsonb("lines").$type<StoredLine[]>().notNull(),
    summary: jsonb("summary").$type<{ label: string; value: string }[]>().notNull(),
    quantity: integer("quantity").notNull(),
    name: text("name").notNull(),
    ref: text("ref").notNull(),
    productSlug: text("product_slug").notNull(),
    productRef: text("product_ref").notNull(),
    productType: text("product_type").notNull(),
    image: jsonb("image").$type<ImageDto | null>(),
    /** Unit price of the product with its option surcharges, VAT included, before any professional discount. */
    unitPvp: integer("unit_pvp").notNull(),
    /** Unit price before the offer, when on offer. */
    unitOriginal: integer("unit_original"),
    /** What a professional customer's discount takes off the unit price (applied when the cart's owner is one). */
    unitProfessionalDiscount: integer("unit_professional_discount").notNull().default(0),
    /** Shipping per unit, net of VAT (x quantity x 1.21 on the row). */
    shippingAmount: integer("shipping_amount").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // ---- frozen when the order is placed (cents, VAT included)
    professionalDiscountTotal: integer("professional_discount_total"),
    /** Products, complements and services after the professional discount, before the coupon. */
    rowTotal: integer("row_total"),
    couponDiscount: integer("coupon_discount"),
    shippingTotal: integer("shipping_total"),
    /** rowTotal - couponDiscount + shippingTotal. */
    finalTotal: integer("final_total"),
    /** The package (sub_orders.id) this row ships in. */
    subOrderId: integer("sub_order_id"),
  },
  (t) => [index("order_rows_order").on(t.orderId, t.position)],
);

/** A complement or service line kept with its row (unit amounts are snapshots, cents, VAT included). */
export type StoredLine = {
  kind: "complement" | "service";
  id: string;
  name: string;
  ref: string;
  quantity: number;
  /** Unit price, VAT included, before any professional discount. */
  unit: number;
  /** Unit price before the offer, when on offer. */
  unitOriginal: number | null;
  unitProfessionalDiscount: number;
  /** Installation and facility services follow the product quantity (spec 4). */
  follows: boolean;
  variantId: number | null;
  /** The product behind a complement, for its stock; null for services. */
  productId: number | null;
};
