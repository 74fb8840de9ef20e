import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../core/content.schema.ts";
import { PAGE_KINDS } from "../../../core/content.types.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { found } from "../../lib/errors.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";

const TAG = "cms";
const SlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, "slug: letters, digits and hyphens") });
const PostListQuery = StoreQuery.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1).describe("Page, from 1 (newest posts first)"),
  page_size: z.coerce.number().int().min(1).max(50).default(9).describe("Posts per page (1-50)"),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional()
    .describe("Only posts of this blog category (slug)"),
});

/**
 * CMS calls of spec section 7, read-only: writing pages needs an admin role that does not
 * exist yet (docs/decisions/010-cms-writes-need-admin.md), so no write endpoint is exposed.
 * The blog exists only in stores with the `blog` switch: elsewhere its calls answer 404.
 */
export async function contentRoutes(app: FastifyInstance, { stores, content }: Services) {
  const C = "/cms/v1";

  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/pages/web-list/`,
      tag: TAG,
      summary: "Published pages of the store (legal texts, guides, measuring guides...)",
      query: StoreQuery.extend({ kind: z.enum(PAGE_KINDS).optional().describe("Only pages of this kind") }),
      response: z.object({ results: z.array(S.PageSummaryDto) }),
    },
    async ({ query }) => ({ results: await content.listPages(await apiContext(stores, query), query.kind) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/pages/:slug/retrieve_by_slug/`,
      tag: TAG,
      summary: "A published page with its blocks",
      params: SlugParams,
      query: StoreQuery,
      response: S.PageDto,
      errors: [404],
    },
    async ({ params, query }) => found(await content.pageBySlug(await apiContext(stores, query), params.slug), "content.page_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/posts/web-list/`,
      tag: TAG,
      summary: "Blog posts, newest first (paginated; a page past the end is empty)",
      query: PostListQuery,
      response: S.PostPage,
      errors: [404],
    },
    async ({ query }) =>
      found(
        await content.listPosts(await apiContext(stores, query), { page: query.page, pageSize: query.page_size, category: query.category }),
        "content.category_not_found",
      ),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/posts/:slug/retrieve_by_slug/`,
      tag: TAG,
      summary: "A blog post with its blocks and up to three related posts",
      params: SlugParams,
      query: StoreQuery,
      response: S.PostDto,
      errors: [404],
    },
    async ({ params, query }) => found(await content.postBySlug(await apiContext(stores, query), params.slug), "content.post_not_found"),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/post-categories/web-list/`,
      tag: TAG,
      summary: "Blog categories in menu order, with their post counts",
      query: StoreQuery,
      response: z.object({ results: z.array(S.PostCategoryDto) }),
      errors: [404],
    },
    async ({ query }) => ({ results: await content.listPostCategories(await apiContext(stores, query)) }),
  );
  apiRoute(
    app,
    {
      method: "GET",
      url: `${C}/post-categories/:slug/retrieve_by_slug/`,
      tag: TAG,
      summary: "A blog category",
      params: SlugParams,
      query: StoreQuery,
      response: S.PostCategoryDto,
      errors: [404],
    },
    async ({ params, query }) => found(await content.postCategoryBySlug(await apiContext(stores, query), params.slug), "content.category_not_found"),
  );
}
