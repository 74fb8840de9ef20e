import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "../catalog/catalog.schema.ts";
import { stores } from "../stores/stores.schema.ts";

/**
 * The installation wizard's facility options (spec 3: "Facility option: id, attribute,
 * value_string, price or prices keyed by distance, budget flag"; spec 9 for the amounts), net
 * of VAT, per store (only stores with the installation service have rows):
 * - `city`: one per province with the service, `prices` keyed by distance ("500" up to 30 km
 *   from the provincial capital, "520" from 30 to 50 km); `budget` cities are quote-only.
 * - `disassembly`: `price` (5000).
 * - `premeasure`: `prices` keyed by distance (2500 / 4500).
 */
export const facilityOptions = pgTable(
  "facility_options",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    attribute: text("attribute").$type<"city" | "disassembly" | "premeasure">().notNull(),
    valueString: text("value_string").notNull(),
    /** Two-digit province code (the first two digits of its postal codes); cities only. */
    provinceCode: text("province_code"),
    price: integer("price"),
    prices: jsonb("prices").$type<Partial<Record<"500" | "520", number>>>(),
    budget: boolean("budget").notNull().default(false),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("facility_options_store_province").on(t.storeId, t.provinceCode).where(sql`${t.attribute} = 'city'`),
    uniqueIndex("facility_options_store_fee").on(t.storeId, t.attribute).where(sql`${t.attribute} <> 'city'`),
    check("facility_options_attribute", sql`${t.attribute} IN ('city', 'disassembly', 'premeasure')`),
    check("facility_options_city_has_province", sql`${t.attribute} <> 'city' OR ${t.provinceCode} ~ '^[0-9]{2}$'`),
    check("facility_options_priced", sql`${t.budget} OR ${t.price} IS NOT NULL OR ${t.prices} IS NOT NULL`),
    check("facility_options_price_not_negative", sql`${t.price} IS NULL OR ${t.price} >= 0`),
  ],
);

/** A quotation request for a quote-only (budget) city such as Girona: staff call back with a price. */
export const installationQuoteRequests = pgTable(
  "installation_quote_requests",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    language: text("language").$type<"es" | "fr">().notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    facilityOptionId: integer("facility_option_id").references(() => facilityOptions.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    postalCode: text("postal_code"),
    town: text("town"),
    message: text("message").notNull().default(""),
    disassembly: boolean("disassembly").notNull().default(false),
    premeasure: boolean("premeasure").notNull().default(false),
    distance: integer("distance"),
    status: text("status").$type<"open" | "answered" | "closed">().notNull().default("open"),
    /** The price staff quoted by mail (cents, VAT included), their message and when. */
    quotedCents: integer("quoted_cents"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("installation_quote_requests_open").on(t.status, t.createdAt),
    check("installation_quote_requests_status", sql`${t.status} IN ('open', 'answered', 'closed')`),
  ],
);
