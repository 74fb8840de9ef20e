import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { FaqItem, PageDto, PageSummaryDto, PostCategoryDto, PostDto, PostPage, PostSummaryDto } from "../../../core/content.types.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { cmsPages, postCategories, posts } from "./content.schema.ts";

export type * from "../../../core/content.types.ts";

export type ContentService = ReturnType<typeof createContentService>;

/** The blog exists only in stores with the `blog` switch (not in France): elsewhere every call is a 404. */
function requireBlog(ctx: RequestContext) {
  if (!ctx.store.features.blog) throw new AppError("store.feature_off", 404);
}

/** CMS pages and the blog of each store; every use case takes the request context first (docs/decisions/011). */
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
  type PostRow = {
    id: number;
    slug: string;
    title: string;
    excerpt: string;
    illustration: string;
    publishedAt: Date;
    categorySlug: string | null;
    categoryName: string | null;
  };
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
    async listPages(ctx: RequestContext, kind?: string): Promise<PageSummaryDto[]> {
      const conds = [eq(cmsPages.storeId, ctx.store.id), eq(cmsPages.published, true)];
      if (kind) conds.push(eq(cmsPages.kind, kind));
      const rows = await db
        .select()
        .from(cmsPages)
        .where(and(...conds))
        .orderBy(asc(cmsPages.kind), asc(cmsPages.title));
      return rows.map(summary);
    },

    /**
     * One published page of a store. `kinds` limits which pages a route may serve
     * (/cms/{slug} serves legal pages only, so a guide has one address). Null when missing.
     */
    async pageBySlug(ctx: RequestContext, slug: string, kinds?: readonly string[]): Promise<PageDto | null> {
      const [row] = await db
        .select()
        .from(cmsPages)
        .where(and(eq(cmsPages.storeId, ctx.store.id), eq(cmsPages.slug, slug), eq(cmsPages.published, true)));
      if (!row || (kinds && !kinds.includes(row.kind))) return null;
      return { ...summary(row), intro: row.intro, blocks: row.blocks, updated_at: row.updatedAt.toISOString() };
    },

    /** The questions and answers of a FAQ page (the blog's FAQ block). Throws when the page is missing. */
    async faqs(ctx: RequestContext, slug: string): Promise<FaqItem[]> {
      const [row] = await db
        .select({ blocks: cmsPages.blocks })
        .from(cmsPages)
        .where(and(eq(cmsPages.storeId, ctx.store.id), eq(cmsPages.slug, slug), eq(cmsPages.published, true)));
      if (!row) throw new AppError("content.faq_not_found", 404);
      return row.blocks.flatMap((b) => (b.type === "faq" ? b.items : []));
    },

    /** Blog categories in their menu order, with how many posts each holds. Blog stores only. */
    async listPostCategories(ctx: RequestContext): Promise<PostCategoryDto[]> {
      requireBlog(ctx);
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
        .where(eq(postCategories.storeId, ctx.store.id))
        .groupBy(postCategories.id)
        .orderBy(asc(postCategories.position), asc(postCategories.id));
      return rows.map((r) => ({ ...r, post_count: Number(r.post_count) }));
    },

    /** One blog category, or null. Blog stores only. */
    async postCategoryBySlug(ctx: RequestContext, slug: string): Promise<PostCategoryDto | null> {
      requireBlog(ctx);
      const row = await categoryRow(ctx.store.id, slug);
      if (!row) return null;
      const [{ n }] = await db.select({ n: count() }).from(posts).where(eq(posts.categoryId, row.id));
      return { id: row.id, slug: row.slug, name: row.name, position: row.position, post_count: Number(n) };
    },

    /**
     * Posts newest first, page by page (page 1 = newest), optionally of one category.
     * A page past the end is an empty list, not an error. Null when the category does not exist.
     */
    async listPosts(ctx: RequestContext, opts: { page: number; pageSize: number; category?: string }): Promise<PostPage | null> {
      requireBlog(ctx);
      const conds = [eq(posts.storeId, ctx.store.id)];
      if (opts.category) {
        const cat = await categoryRow(ctx.store.id, opts.category);
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
    async postBySlug(ctx: RequestContext, slug: string): Promise<PostDto | null> {
      requireBlog(ctx);
      const [row] = await db
        .select({ ...postSelect, blocks: posts.blocks, categoryId: posts.categoryId })
        .from(posts)
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .where(and(eq(posts.storeId, ctx.store.id), eq(posts.slug, slug)));
      if (!row) return null;
      const related = await db
        .select(postSelect)
        .from(posts)
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .where(and(eq(posts.storeId, ctx.store.id), ne(posts.id, row.id), row.categoryId ? eq(posts.categoryId, row.categoryId) : undefined))
        .orderBy(desc(posts.publishedAt))
        .limit(3);
      return { ...postSummary(row), blocks: row.blocks, related: related.map(postSummary) };
    },
  };
}
