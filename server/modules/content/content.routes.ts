import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";

const StoreQuery = z.object({
  store: z.string().min(1).max(20).optional(),
  language: z.enum(["es", "fr"]).optional(),
});
const SlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, "slug: letters, digits and hyphens") });
const PostListQuery = StoreQuery.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(9),
  category: z.string().regex(/^[a-z0-9-]{1,120}$/).optional(),
});

/**
 * CMS calls of spec section 7, read-only: writing pages needs an admin role that does not
 * exist yet (docs/decisions/010-cms-writes-need-admin.md), so no write endpoint is exposed.
 */
export async function contentRoutes(app: FastifyInstance, { stores, content }: Services) {
  /** `store` (ESDB, FRDB or an id) and/or `language`; when both are given they must agree. */
  async function storeOf(q: z.infer<typeof StoreQuery>) {
    const store = q.store ? await stores.resolve(q.store) : await stores.byLanguage(q.language ?? "es");
    if (q.language && store.language !== q.language) throw new AppError("store.language_mismatch", 400);
    return store;
  }

  app.get("/cms/v1/pages/web-list/", async (req) => {
    const q = StoreQuery.extend({ kind: z.enum(["legal", "page", "guide", "measure", "faq"]).optional() }).parse(req.query);
    const store = await storeOf(q);
    return { results: await content.listPages(store.id, q.kind) };
  });

  app.get("/cms/v1/pages/:slug/retrieve_by_slug/", async (req) => {
    const { slug } = SlugParams.parse(req.params);
    const store = await storeOf(StoreQuery.parse(req.query));
    const page = await content.pageBySlug(store.id, slug);
    if (!page) throw new AppError("content.page_not_found", 404);
    return page;
  });

  app.get("/cms/v1/posts/web-list/", async (req) => {
    const q = PostListQuery.parse(req.query);
    const store = await storeOf(q);
    const list = await content.listPosts(store, { page: q.page, pageSize: q.page_size, category: q.category });
    if (!list) throw new AppError("content.category_not_found", 404);
    return list;
  });

  app.get("/cms/v1/posts/:slug/retrieve_by_slug/", async (req) => {
    const { slug } = SlugParams.parse(req.params);
    const store = await storeOf(StoreQuery.parse(req.query));
    const post = await content.postBySlug(store, slug);
    if (!post) throw new AppError("content.post_not_found", 404);
    return post;
  });

  app.get("/cms/v1/post-categories/web-list/", async (req) => {
    const store = await storeOf(StoreQuery.parse(req.query));
    return { results: await content.listPostCategories(store) };
  });

  app.get("/cms/v1/post-categories/:slug/retrieve_by_slug/", async (req) => {
    const { slug } = SlugParams.parse(req.params);
    const store = await storeOf(StoreQuery.parse(req.query));
    const category = await content.postCategoryBySlug(store, slug);
    if (!category) throw new AppError("content.category_not_found", 404);
    return category;
  });
}
