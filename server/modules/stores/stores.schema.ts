import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

/** A store (ESDB Spain, FRDB France): its language, checkout country, VAT and feature switches. */
export const stores = pgTable("stores", {
  id: serial("id").primaryKey(),
  sourceCode: text("source_code").notNull().unique(),
  language: text("language").notNull(),
  locale: text("locale").notNull(),
  countryCode: text("country_code").notNull(),
  currency: text("currency").notNull().default("EUR"),
  /** VAT in basis points: 2100 = 21 %. */
  vatRateBp: integer("vat_rate_bp").notNull(),
  pathPrefix: text("path_prefix").notNull(),
  name: text("name").notNull(),
  supportPhone: text("support_phone"),
  supportEmail: text("support_email"),
  features: jsonb("features").$type<StoreFeatures>().notNull(),
});

export type StoreFeatures = {
  installationService: boolean;
  blog: boolean;
  newsletter: boolean;
  professionalsArea: boolean;
  supportChat: boolean;
  supportPhone: boolean;
};

export const languages = pgTable("languages", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
});

/** Main and footer menus of each store; footer items may be limited to one page path. */
export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    menuType: text("menu_type", { enum: ["main", "footer"] }).notNull(),
    parentId: integer("parent_id"),
    label: text("label").notNull(),
    url: text("url").notNull(),
    position: integer("position").notNull().default(0),
    /** Footer only: the page path without slashes this item is limited to; null for every page. */
    path: text("path"),
    column: text("column_title"),
  },
  (t) => [uniqueIndex("menu_items_unique").on(t.storeId, t.menuType, t.parentId, t.label, t.path)],
);
