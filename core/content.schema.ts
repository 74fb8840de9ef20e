/**
 * What the CMS sends (pages, blog posts and their blocks), as Zod schemas: the API documents
 * and checks its answers with them; core/content.types.ts infers the types from them.
 * See docs/decisions/011.
 */
import { z } from "zod";

const int = () => z.number().int();

/** A typed block of a page or post body: the storefront renders it, never raw HTML from an editor. */
export const ContentBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: z.string() }),
  z.object({ type: z.literal("paragraph"), text: z.string() }),
  z.object({ type: z.literal("list"), items: z.array(z.string()), ordered: z.boolean().optional() }),
  z.object({ type: z.literal("tip"), title: z.string(), text: z.string() }),
  z.object({ type: z.literal("faq"), items: z.array(z.object({ q: z.string(), a: z.string() })) }),
  z.object({ type: z.literal("steps"), items: z.array(z.object({ title: z.string(), text: z.string() })) }),
  z.object({ type: z.literal("products"), title: z.string(), refs: z.array(z.string()) }),
  z.object({ type: z.literal("links"), items: z.array(z.object({ label: z.string(), url: z.string() })) }),
  z.object({ type: z.literal("figure"), illustration: z.string(), caption: z.string() }),
  // A small data table (installation prices by city...); cells are plain text.
  z.object({ type: z.literal("table"), caption: z.string(), head: z.array(z.string()), rows: z.array(z.array(z.string())) }),
]);

export const PageSummaryDto = z.object({ id: int(), slug: z.string(), kind: z.string(), title: z.string(), meta_description: z.string() });
export const PageDto = PageSummaryDto.extend({ intro: z.string(), blocks: z.array(ContentBlock), updated_at: z.string().describe("ISO 8601") });
export const PostCategoryDto = z.object({ id: int(), slug: z.string(), name: z.string(), position: int(), post_count: int() });
export const PostSummaryDto = z.object({
  id: int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  illustration: z.string(),
  published_at: z.string().describe("ISO 8601"),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export const PostDto = PostSummaryDto.extend({ blocks: z.array(ContentBlock), related: z.array(PostSummaryDto) });
export const PostPage = z.object({ results: z.array(PostSummaryDto), page: int(), page_size: int(), total: int(), pages: int() });
export const FaqItem = z.object({ q: z.string(), a: z.string() });
