/** The product page's answers as the storefront uses them (inferred from core/product-page.schema.ts, type-only). */
import type { z } from "zod";
import type * as S from "./product-page.schema.ts";

export type ReviewDto = z.infer<typeof S.ReviewDto>;
export type ReviewStats = z.infer<typeof S.ReviewStats>;
export type ReviewsPage = z.infer<typeof S.ReviewsPage>;
export type ReviewSort = ReviewsPage["sort"];
export type QuestionDto = z.infer<typeof S.QuestionDto>;
export type QuestionsPage = z.infer<typeof S.QuestionsPage>;
export type FacilityOptionDto = z.infer<typeof S.FacilityOptionDto>;
export type LocatedPlace = z.infer<typeof S.LocatedPlace>;

export const REVIEW_SORT_KEYS = ["newest", "rating_desc", "rating_asc"] as const satisfies readonly ReviewSort[];
