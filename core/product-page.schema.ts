/**
 * The product page's forms and answers (spec 3, 5 and 7): questions, reviews, the installation
 * wizard's places and quotation requests. Shared by the storefront and the API (docs/decisions/011);
 * messages in the request's language. Types for the browser are in core/product-page.types.ts.
 */
import { z } from "zod";
import { t } from "./i18n/index.ts";
import { isValidPhone } from "./phone.ts";
import type { Language } from "./stores.ts";
import { emailField, hasControlCharacters, requiredText } from "./validation.ts";

export const REVIEW_SORTS = ["newest", "rating_desc", "rating_asc"] as const;
export const REVIEWS_PAGE_SIZE = 5;
export const QUESTION_MIN = 10;
export const QUESTION_MAX = 1000;
export const REVIEW_MIN = 10;
export const REVIEW_MAX = 2000;
export const ANSWER_MAX = 2000;

const int = () => z.number().int();

/** A block of text written by a shopper: trimmed, within limits, no control characters but line breaks. */
const longText = (lang: Language, min: number, max: number, requiredKey: string) =>
  z
    .string({ error: t(lang, requiredKey) })
    .trim()
    .min(1, t(lang, requiredKey))
    .min(min, t(lang, "validation.text.too_short", { min }))
    .max(max, t(lang, "validation.too_long", { max }))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: tabs and line breaks are fine in a paragraph, other control characters are not
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(v), t(lang, "validation.invalid_characters"));

/** An optional phone: empty is fine; otherwise the store's country's format (spec 5). */
const optionalPhone = (lang: Language) =>
  z
    .string()
    .trim()
    .max(30, t(lang, "validation.phone.invalid"))
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidPhone(lang === "fr" ? "FR" : "ES", v), t(lang, "validation.phone.invalid"));

/** The privacy checkbox (spec 5: the question form requires it): the form sends "on", the API `true`. */
const privacyAccepted = (lang: Language) =>
  z.union([z.literal(true), z.literal("on"), z.literal("true")], { error: t(lang, "validation.privacy.required") }).transform(() => true as const);

/**
 * The honeypot: a field people never see (hidden from sight and from assistive technology)
 * that bots fill in. Accepted by the schema (a bot must not learn it was caught) and checked
 * by the service, which then pretends success and stores nothing.
 */
const honeypot = z.string().max(500).optional().default("");

/** A question about a product (spec 5: name, email, optional phone, the question, privacy accepted). */
export function questionSchema(lang: Language) {
  return z.object({
    name: requiredText(lang, "name"),
    email: emailField(lang),
    phone: optionalPhone(lang),
    question: longText(lang, QUESTION_MIN, QUESTION_MAX, "validation.question.required"),
    privacy: privacyAccepted(lang),
    website: honeypot,
  });
}
export type QuestionInput = z.output<ReturnType<typeof questionSchema>>;

/** A review by a customer whose order of the product was delivered. */
export function reviewSchema(lang: Language) {
  return z.object({
    rating: z.coerce
      .number({ error: t(lang, "validation.rating") })
      .int(t(lang, "validation.rating"))
      .min(1, t(lang, "validation.rating"))
      .max(5, t(lang, "validation.rating"))
      .default(5),
    body: longText(lang, REVIEW_MIN, REVIEW_MAX, "validation.review.required"),
  });
}
export type ReviewInput = z.output<ReturnType<typeof reviewSchema>>;

/** A staff answer to a question. */
export function answerSchema(lang: Language) {
  return z.object({ answer: longText(lang, 2, ANSWER_MAX, "validation.answer.required") });
}

/** A quotation request for a quote-only (budget) city. */
export function quoteRequestSchema(lang: Language) {
  return z.object({
    name: requiredText(lang, "name"),
    email: emailField(lang),
    phone: optionalPhone(lang),
    city_id: z.coerce
      .number({ error: t(lang, "installation.city.required") })
      .int()
      .positive(t(lang, "installation.city.required"))
      .max(2_147_483_647),
    postal_code: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^\d{5}$/.test(v), t(lang, "validation.postal_code.invalid")),
    town: z
      .string()
      .trim()
      .max(100, t(lang, "validation.too_long", { max: 100 }))
      .refine((v) => !hasControlCharacters(v), t(lang, "validation.invalid_characters"))
      .optional()
      .transform((v) => (v ? v : null)),
    message: z
      .string()
      .trim()
      .max(QUESTION_MAX, t(lang, "validation.too_long", { max: QUESTION_MAX }))
      .optional()
      .default(""),
    disassembly: z.boolean().optional().default(false),
    premeasure: z.boolean().optional().default(false),
    distance: z
      .union([z.literal(500), z.literal(520)])
      .nullable()
      .optional()
      .default(null),
    product: z
      .string()
      .regex(/^[\w-]{1,200}$/)
      .optional(),
    privacy: privacyAccepted(lang),
    website: honeypot,
  });
}
export type QuoteRequestInput = z.output<ReturnType<typeof quoteRequestSchema>>;

// ---------------------------------------------------------------- answers

export const ReviewDto = z.object({
  id: int(),
  /** The author's first name only. */
  author: z.string(),
  rating: int().min(1).max(5),
  body: z.string(),
  verified: z.boolean(),
  language: z.enum(["es", "fr"]),
  created_at: z.string().describe("ISO 8601"),
  /** The shop's public reply, shown under the review (back office moderation). */
  reply: z.string().nullable().optional(),
  replied_at: z.string().nullable().optional(),
});

export const ReviewStats = z.object({
  /** Average of the published reviews (one decimal), 0 without reviews. */
  average: z.number(),
  count: int(),
  /** Reviews per star, "1" to "5". */
  distribution: z.object({ "1": int(), "2": int(), "3": int(), "4": int(), "5": int() }),
});

export const ReviewsPage = z.object({
  results: z.array(ReviewDto),
  page: int(),
  page_size: int(),
  total: int(),
  pages: int(),
  sort: z.enum(REVIEW_SORTS),
  stats: ReviewStats,
});

export const QuestionDto = z.object({
  id: int(),
  /** The asker's first name only. */
  name: z.string(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
  answered_at: z.string(),
});

export const QuestionsPage = z.object({ results: z.array(QuestionDto), page: int(), page_size: int(), total: int(), pages: int() });

export const StaffQuestionDto = QuestionDto.extend({
  product_id: int(),
  email: z.string(),
  phone: z.string().nullable(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});

export const FacilityOptionDto = z.object({
  id: int(),
  attribute: z.enum(["city", "disassembly", "premeasure"]),
  value_string: z.string(),
  province_code: z.string().nullable(),
  price: int().nullable(),
  prices: z.object({ "500": int().optional(), "520": int().optional() }).nullable(),
  budget: z.boolean(),
});

export const LocatedPlace = z.object({
  name: z.string().nullable().describe("The town; null when only the postal code's province is known"),
  postal_code: z.string().nullable(),
  province: z.string(),
  province_code: z.string(),
  km: z.number().nullable().describe("Straight-line distance to the provincial capital; null when the town is unknown"),
  distance: z
    .union([z.literal(500), z.literal(520)])
    .nullable()
    .describe("The distance band when the town is known (500: up to 30 km, 520: 30-50 km)"),
  city: z.object({ id: int(), name: z.string(), budget: z.boolean() }),
});
