import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ContentBlock } from "../../../core/content.types.ts";
import { stores } from "../stores/stores.schema.ts";

/**
 * CMS pages (legal texts, about us, guides, how-to-measure, campaign and environment pages).
 * Body is a list of typed blocks rendered by the storefront, never raw HTML from an editor.
 */
export const cmsPages = pgTable(
  "cms_pages",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    kind: text("kind").notNull().default("page"),
    title: text("title").notNull(),
    metaDescription: text("meta_description").notNull().default(""),
    intro: text("intro").notNull().default(""),
    blocks: jsonb("blocks").$type<ContentBlock[]>().notNull().default([]),
    published: boolean("published").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cms_pages_store_slug").on(t.storeId, t.slug)],
);

/** The blocks of a page or post body: one definition, in core (the storefront renders them). */
export type { ContentBlock };

export const postCategories = pgTable(
  "post_categories",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("post_categories_store_slug").on(t.storeId, t.slug)],
);

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => postCategories.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    illustration: text("illustration").notNull().default("bathroom"),
    blocks: jsonb("blocks").$type<ContentBlock[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("posts_store_slug").on(t.storeId, t.slug), index("posts_published").on(t.storeId, t.publishedAt)],
);
