/**
 * The CMS's shapes (pages, posts, blocks) as the storefront and the content service use them,
 * inferred from core/content.schema.ts. Browser-safe, Zod-free at run time. See docs/decisions/011.
 */
import type { z } from "zod";
import type * as S from "./content.schema.ts";

export const PAGE_KINDS = ["legal", "page", "guide", "measure", "faq"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export type ContentBlock = z.infer<typeof S.ContentBlock>;
export type PageSummaryDto = z.infer<typeof S.PageSummaryDto>;
export type PageDto = z.infer<typeof S.PageDto>;
export type PostCategoryDto = z.infer<typeof S.PostCategoryDto>;
export type PostSummaryDto = z.infer<typeof S.PostSummaryDto>;
export type PostDto = z.infer<typeof S.PostDto>;
export type PostPage = z.infer<typeof S.PostPage>;
export type FaqItem = z.infer<typeof S.FaqItem>;
