import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { t } from "../../../core/i18n/index.ts";
import * as S from "../../../core/product-page.schema.ts";
import { fieldErrors } from "../../../core/validation.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";

const TAG = "reviews";

const ProductRef = z
  .union([z.coerce.number().int().positive().max(2_147_483_647), z.string().regex(/^[\w-]{1,200}$/)])
  .describe("The product: its id, or its slug in the store's language");
const Page = z.coerce.number().int().min(1).max(10_000).default(1);

const QuestionBody = z
  .object({
    product: z.union([z.number(), z.string().max(200)]),
    name: z.string().max(200).optional(),
    email: z.string().max(300).optional(),
    phone: z.string().max(50).optional(),
    question: z.string().max(5000).optional(),
    privacy: z.union([z.boolean(), z.string().max(10)]).optional(),
    website: z.string().max(500).optional().describe("Honeypot: leave empty"),
  })
  .describe("Checked with the storefront form's rules (core/product-page.schema.ts): 400 with one message per field in error.details.fieldErrors");

const ReviewBody = z.object({
  product: z.union([z.number(), z.string().max(200)]),
  rating: z.union([z.number(), z.string().max(2)]).optional(),
  body: z.string().max(10_000).optional(),
});

function refuse(reply: FastifyReply, ctx: RequestContext, status: number, code: string) {
  return reply.status(status).send({ error: { code, message: t(ctx.language, `errors.${code}`) } });
}

/** Reviews and questions of the product page (spec 3, 5, 7). */
export async function reviewsRoutes(app: FastifyInstance, { stores, catalog, reviews, accounts }: Services) {
  /** A product of the context's store, by id or slug; 404 when it is not sold there. */
  async function productOf(ctx: RequestContext, ref: number | string): Promise<{ id: number; name: string; path: string }> {
    const parsed = ProductRef.safeParse(ref);
    if (!parsed.success) throw new AppError("catalog.product_not_found", 404);
    if (typeof parsed.data === "string") {
      const p = await catalog.productBySlug(ctx, parsed.data);
      if (!p) throw new AppError("catalog.product_not_found", 404);
      return { id: p.id, name: p.name, path: p.path };
    }
    const found = await catalog.weblistProducts(ctx, { ids: [parsed.data], page_size: 1 });
    const card = found.results[0];
    if (!card) throw new AppError("catalog.product_not_found", 404);
    return { id: card.id, name: card.name, path: card.path };
  }

  const invalid = (code: string, error: z.ZodError) => {
    const errors = fieldErrors(error);
    return new AppError(code, 400, Object.values(errors)[0], { fieldErrors: errors });
  };

  apiRoute(
    app,
    {
      method: "GET",
      url: "/reviews/v1/reviews/",
      tag: TAG,
      summary: "A product's reviews, a page at a time, with the average and the count per star",
      description:
        "Spec 3: rating 1-5 (default 5) and items. Every published review of the product, whatever the store it was written in " +
        "(each carries its language); those in the request's language come first. `sort`: newest (default), rating_desc, rating_asc.",
      query: StoreQuery.extend({
        product: ProductRef,
        page: Page,
        page_size: z.coerce.number().int().min(1).max(50).default(S.REVIEWS_PAGE_SIZE),
        sort: z.enum(S.REVIEW_SORTS).default("newest"),
      }),
      response: S.ReviewsPage,
      errors: [404],
    },
    async ({ query }) => {
      const ctx = await apiContext(stores, query);
      const product = await productOf(ctx, query.product);
      return reviews.list(product.id, { page: query.page, pageSize: query.page_size, sort: query.sort, language: ctx.language });
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/reviews/v1/reviews/",
      tag: TAG,
      summary: "A customer reviews a product of a delivered order (once per product)",
      description: "403 'reviews.not_delivered' unless an order of the caller holding the product was delivered; 409 when already reviewed.",
      query: StoreQuery,
      body: ReviewBody,
      response: z.object({ review: S.ReviewDto, message: z.string() }),
      status: 201,
      auth: "user",
      errors: [404, 409, 429],
    },
    async ({ query, body, user }, _req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const product = await productOf(ctx, body.product);
      const parsed = S.reviewSchema(ctx.language).safeParse(body);
      if (!parsed.success) throw invalid("reviews.review_invalid", parsed.error);
      // The reviewer's first name comes from their profile, never from the request.
      const client = await accounts.clientInfo(ctx);
      if (!user || !client) throw new AppError("auth.not_authenticated", 401);
      const r = await reviews.write(ctx, { id: user.id, name: client.name }, product.id, parsed.data);
      if (r.ok) return { review: r.review, message: r.message };
      if (r.code === "reviews.review_throttled") reply.header("retry-after", String(r.retryAfter ?? 60));
      return refuse(reply, ctx, r.code === "reviews.not_delivered" ? 403 : r.code === "reviews.already_reviewed" ? 409 : 429, r.code);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/reviews/v1/questions/",
      tag: TAG,
      summary: "Ask a question about a product (name, email, optional phone, question, privacy accepted)",
      description:
        "Spec 5. Published on the product page once staff answer it; the asker is mailed the answer. Throttled per address " +
        "(429 with Retry-After); `website` is a honeypot that people never fill in.",
      query: StoreQuery,
      body: QuestionBody,
      response: z.object({ id: z.number().int(), message: z.string() }),
      status: 201,
      errors: [404, 429],
    },
    async ({ query, body }, req, reply) => {
      const ctx = await apiContext(stores, query);
      const parsed = S.questionSchema(ctx.language).safeParse(body);
      if (!parsed.success) throw invalid("reviews.question_invalid", parsed.error);
      const product = await productOf(ctx, body.product);
      const r = await reviews.ask(ctx, product.id, parsed.data, { ip: req.ip });
      if (r.ok) return { id: r.id, message: r.message };
      reply.header("retry-after", String(r.retryAfter));
      return refuse(reply, ctx, 429, r.code);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/reviews/v1/questions/web-list/",
      tag: TAG,
      summary: "A product's answered questions in the store, newest answer first",
      query: StoreQuery.extend({ product: ProductRef, page: Page, page_size: z.coerce.number().int().min(1).max(50).default(10) }),
      response: S.QuestionsPage,
      errors: [404],
    },
    async ({ query }) => {
      const ctx = await apiContext(stores, query);
      const product = await productOf(ctx, query.product);
      return reviews.questions(ctx, product.id, { page: query.page, pageSize: query.page_size });
    },
  );
  // Staff list and answer questions in the back office: /api/admin/v1/moderation/questions/ (issue 38).
}
