import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Store } from "../stores/stores.service.ts";
import { type ContentBlock, cmsPages, postCategories, posts } from "./content.schema.ts";

export type PageKind = "legal" | "page" | "guide" | "measure" | "faq";

export type PageSummaryDto = { id: number; slug: string; kind: string; title: string; meta_description: string };
export type PageDto = PageSummaryDto & { intro: string; blocks: ContentBlock[]; updated_at: string };
export type PostCategoryDto = { id: number; slug: string; name: string; position: number; post_count: number };
export type PostSummaryDto = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  illustration: string;
  published_at: string;
  category: { slug: string; name: string } | null;
};
export type PostDto = PostSummaryDto & { blocks: ContentBlock[]; related: PostSummaryDto[] };
export type PostPage = { results: PostSummaryDto[]; page: number; page_size: number; total: number; pages: number };
export type FaqItem = { q: string; a: string };

export type ContentService = ReturnType<typeof createContentService>;

/** The blog exists only in stores with the `blog` switch (not in France): elsewhere every call is a 404. */
function requireBlog(store: Store) {
  if (!store.features.blog) throw new AppError("store.feature_off", 404);
}

export function createContentService(db: Db) {
  const summary = (r: typeof cmsPages.$inferSelect): PageSummaryDto => ({
    id: r.id,
    slug: r.slug,
    kind: r.kind,
    title: r.title,
    meta_description: r.metaDescription,
  });

  const postSelect = {
    id: posts.id,
    slug: posts.slug,
    title: posts.title,
    excerpt: posts.excerpt,
    illustration: posts.illustration,
    publishedAt: posts.publishedAt,
    categorySlug: postCategories.slug,
    categoryName: postCategories.name,
  };
  type PostRow = { id: number; slug: string; title: string; excerpt: string; illustration: string; publishedAt: Date; categorySlug: string | null; categoryName: string | null };
  const postSummary = (r: PostRow): PostSummaryDto => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    illustration: r.illustration,
    published_at: r.publishedAt.toISOString(),
    category: r.categorySlug && r.categoryName ? { slug: r.categorySlug, name: r.categoryName } : null,
  });

  async function categoryRow(storeId: number, slug: string) {
    const [row] = await db
      .select()
      .from(postCategories)
      .where(and(eq(postCategories.storeId, storeId), eq(postCategories.slug, slug)));
    return row;
  }

  return {
    /** Published pages of one store (optionally one kind), for menus and the sitemap. */
    async listPages(storeId: number, kind?: string): Promise<PageSummaryDto[]> {
      const conds = [eq(cmsPages.storeId, storeId), eq(cmsPages.published, true)];
      if (kind) conds.push(eq(cmsPages.kind, kind));
      const rows = await db.select().from(cmsPages).where(and(...conds)).orderBy(asc(cmsPages.kind), asc(cmsPages.title));
      return rows.map(summary);
    },

    /**
     * One published page of a store. `kinds` limits which pages a route may serve
     * (/cms/{slug} serves legal pages only, so a guide has one address). Null when missing.
     */
    async pageBySlug(storeId: number, slug: string, kinds?: readonly string[]): Promise<PageDto | null> {
      const [row] = await db
        .select()
        .from(cmsPages)
        .where(and(eq(cmsPages.storeId, storeId), eq(cmsPages.slug, slug), eq(cmsPages.published, true)));
      if (!row || (kinds && !kinds.includes(row.kind))) return null;
      return { ...summary(row), intro: row.intro, blocks: row.blocks, updated_at: row.updatedAt.toISOString() };
    },

    /** The questions and answers of a FAQ page (the blog's FAQ block). Throws when the page is missing. */
    async faqs(storeId: number, slug: string): Promise<FaqItem[]> {
      const [row] = await db
        .select({ blocks: cmsPages.blocks })
        .from(cmsPages)
        .where(and(eq(cmsPages.storeId, storeId), eq(cmsPages.slug, slug), eq(cmsPages.published, true)));
      if (!row) throw new AppError("content.faq_not_found", 404);
      return row.blocks.flatMap((b) => (b.type === "faq" ? b.items : []));
    },

    /** Blog categories in their menu order, with how many posts each holds. Blog stores only. */
    async listPostCategories(store: Store): Promise<PostCategoryDto[]> {
      requireBlog(store);
      const rows = await db
        .select({
          id: postCategories.id,
          slug: postCategories.slug,
          name: postCategories.name,
          position: postCategories.position,
          post_count: count(posts.id),
        })
        .from(postCategories)
        .leftJoin(posts, eq(posts.categoryId, postCategories.id))
        .where(eq(postCategories.storeId, store.id))
        .groupBy(postCategories.id)
        .orderBy(asc(postCategories.position), asc(postCategories.id));
      return rows.map((r) => ({ ...r, post_count: Number(r.post_count) }));
    },

    /** One blog category, or null. Blog stores only. */
    async postCategoryBySlug(store: Store, slug: string): Promise<PostCategoryDto | null> {
      requireBlog(store);
      const row = await categoryRow(store.id, slug);
      if (!row) return null;
      const [{ n }] = await db.select({ n: count() }).from(posts).where(eq(posts.categoryId, row.id));
      return { id: row.id, slug: row.slug, name: row.name, position: row.position, post_count: Number(n) };
    },

    /**
     * Posts newest first, page by page (page 1 = newest), optionally of one category.
     * A page past the end is an empty list, not an error. Null when the category does not exist.
     */
    async listPosts(store: Store, opts: { page: number; pageSize: number; category?: string }): Promise<PostPage | null> {
      requireBlog(store);
      const conds = [eq(posts.storeId, store.id)];
      if (opts.category) {
        const cat = await categoryRow(store.id, opts.category);
        if (!cat) return null;
        conds.push(eq(posts.categoryId, cat.id));
      }
      const where = and(...conds);
      const [{ n }] = await db.select({ n: count() }).from(posts).where(where);
      const rows = await db
        .select(postSelect)
        .from(posts)
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .where(where)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize);
      const total = Number(n);
      return { results: rows.map(postSummary), page: opts.page, page_size: opts.pageSize, total, pages: Math.max(1, Math.ceil(total / opts.pageSize)) };
    },

    /** One post with its blocks and up to three more of its category. Null when missing. */
    async postBySlug(store: Store, slug: string): Promise<PostDto | null> {
      requireBlog(store);
      const [row] = await db
        .select({ ...postSelect, blocks: posts.blocks, categoryId: posts.categoryId })
        .from(posts)
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .where(and(eq(posts.storeId, store.id), eq(posts.slug, slug)));
      if (!row) return null;
      const related = await db
        .select(postSelect)
        .from(posts)
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .where(and(eq(posts.storeId, store.id), ne(posts.id, row.id), row.categoryId ? eq(posts.categoryId, row.categoryId) : undefined))
        .orderBy(desc(posts.publishedAt))
        .limit(3);
      return { ...postSummary(row), blocks: row.blocks, related: related.map(postSummary) };
    },
  };
}
