import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { Db } from "../../db/client.ts";
import type { Services } from "../index.ts";
import { createModerationService } from "./moderation.service.ts";
import { Before, Id, Limit, Page, StoreId, Text } from "./people.validators.ts";

const TAG = "Back office: moderation (reviews, questions, installation quote requests)";
const iso = z.string();

const ReviewRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_ref: z.string(),
  product_name: z.string(),
  store: z.number().int(),
  language: z.enum(["es", "fr"]),
  author: z.string(),
  user_id: z.number().int().nullable(),
  rating: z.number().int(),
  body: z.string(),
  verified: z.boolean(),
  status: z.enum(["pending", "published", "hidden"]),
  held_reason: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: iso.nullable(),
  created_at: iso,
});
const QuestionRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_ref: z.string(),
  product_name: z.string(),
  store: z.number().int(),
  language: z.enum(["es", "fr"]),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  question: z.string(),
  answer: z.string().nullable(),
  status: z.enum(["pending", "answered", "rejected"]),
  answered_at: iso.nullable(),
  rejected_at: iso.nullable(),
  created_at: iso,
});
const QuoteRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  store: z.number().int(),
  language: z.enum(["es", "fr"]),
  city: z.string(),
  product_id: z.number().int().nullable(),
  product_ref: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  postal_code: z.string().nullable(),
  town: z.string().nullable(),
  message: z.string(),
  disassembly: z.boolean(),
  premeasure: z.boolean(),
  distance: z.number().int().nullable(),
  status: z.enum(["open", "answered", "closed"]),
  quoted_cents: z.number().int().nullable(),
  reply: z.string().nullable(),
  replied_at: iso.nullable(),
  created_at: iso,
});

/**
 * Moderation in the back office (issue 38). Reviews: verified-purchase reviews publish at once
 * unless they hold a link or contact details (then they wait here as pending); staff publish,
 * hide and reply publicly. Questions (moved from /api/reviews/v1/questions/ staff calls): answer
 * or reject. Installation quote requests of quote-only cities: reply with a price by mail.
 */
export async function moderationRoutes(app: FastifyInstance, services: Services) {
  const { database } = services;
  const mod = createModerationService({
    db: database.db,
    stores: services.stores,
    mail: services.mail,
    config: services.config,
    published: () => services.catalog.catalogChanged(),
  });
  const tx = <T>(fn: (tx: Db) => Promise<T>) => database.db.transaction((t) => fn(t as unknown as Db));

  // ------------------------------------------------------------------ reviews

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/moderation/reviews/",
      tag: TAG,
      summary: "Reviews, newest first, by status (pending, published, hidden), rating and product; keyset pages",
      query: z.object({
        status: z.enum(["pending", "published", "hidden"]).optional(),
        rating: z.coerce.number().int().min(1).max(5).optional(),
        product: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe("Product id"),
        before: Before,
        limit: Limit,
      }),
      response: Page(ReviewRow),
      permission: "moderation.write",
    },
    async ({ query }) => mod.listReviews({ status: query.status, rating: query.rating, productId: query.product, before: query.before, limit: query.limit }),
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/moderation/reviews/:id/status/",
      tag: TAG,
      summary: "Publishes or hides a review (the product's rating follows)",
      params: Id,
      body: z.object({ status: z.enum(["published", "hidden"]) }).strict(),
      response: z.object({ id: z.number().int(), status: z.enum(["pending", "published", "hidden"]) }),
      permission: "moderation.write",
      errors: [404],
    },
    async ({ params, body, audit }) => {
      const r = await tx(async (t) => {
        const r = await mod.setReviewStatus(t, params.id, body.status);
        if (!r) throw new AppError("moderation.review_not_found", 404);
        await audit(
          {
            action: `review.${body.status === "published" ? "publish" : "hide"}`,
            entityType: "review",
            entityId: params.id,
            before: { status: r.before },
            after: { status: r.after },
          },
          t,
        );
        return r;
      });
      await services.catalog.catalogChanged();
      return { id: params.id, status: r.after };
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/moderation/reviews/:id/reply/",
      tag: TAG,
      summary: "The shop's public reply, shown under the review on the product page (null removes it)",
      params: Id,
      body: z.object({ reply: Text(2000, true).pipe(z.string().min(1)).nullable() }).strict(),
      response: z.object({ id: z.number().int(), reply: z.string().nullable() }),
      permission: "moderation.write",
      errors: [404],
    },
    async ({ params, body, audit }) => {
      await tx(async (t) => {
        const r = await mod.replyReview(t, params.id, body.reply);
        if (!r) throw new AppError("moderation.review_not_found", 404);
        await audit({ action: "review.reply", entityType: "review", entityId: params.id, before: { reply: r.before }, after: { reply: r.after } }, t);
      });
      await services.catalog.catalogChanged();
      return { id: params.id, reply: body.reply };
    },
  );

  // ------------------------------------------------------------------ questions

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/moderation/questions/",
      tag: TAG,
      summary: "Shoppers' questions, newest first, by status (pending, answered, rejected) and store; keyset pages",
      description: "Replaces the staff list GET /api/reviews/v1/questions/ (the public list is GET /api/reviews/v1/questions/web-list/).",
      query: z.object({ status: z.enum(["pending", "answered", "rejected"]).optional(), store: StoreId, before: Before, limit: Limit }),
      response: Page(QuestionRow),
      permission: "moderation.write",
    },
    async ({ query }) => mod.listQuestions({ status: query.status, storeId: query.store, before: query.before, limit: query.limit }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/moderation/questions/:id/answer/",
      tag: TAG,
      summary: "Answers a question (or corrects its answer): it is published and the asker is mailed the answer",
      params: Id,
      body: z.object({ answer: Text(10_000, true).pipe(z.string().min(2, "Escribe la respuesta")) }).strict(),
      response: z.object({ id: z.number().int(), status: z.literal("answered") }),
      permission: "moderation.write",
      errors: [404],
    },
    async ({ params, body, audit }) => {
      const q = await tx(async (t) => {
        const r = await mod.answerQuestion(t, params.id, body.answer);
        if (!r) throw new AppError("moderation.question_not_found", 404);
        await audit({ action: "question.answer", entityType: "product_question", entityId: params.id, before: r.before, after: r.after }, t);
        return r.question;
      });
      await mod.afterAnswer(q);
      return { id: params.id, status: "answered" as const };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/moderation/questions/:id/reject/",
      tag: TAG,
      summary: "Rejects a question (spam, off-topic): it is never published and leaves the queue",
      params: Id,
      body: z.object({}).strict(),
      response: z.object({ id: z.number().int(), status: z.literal("rejected") }),
      permission: "moderation.write",
      errors: [404],
    },
    async ({ params, audit }) => {
      await tx(async (t) => {
        const r = await mod.rejectQuestion(t, params.id);
        if (!r) throw new AppError("moderation.question_not_found", 404);
        await audit({ action: "question.reject", entityType: "product_question", entityId: params.id, before: r.before, after: r.after }, t);
      });
      await services.catalog.catalogChanged();
      return { id: params.id, status: "rejected" as const };
    },
  );

  // ------------------------------------------------------------------ installation quote requests

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/moderation/quote-requests/",
      tag: TAG,
      summary: "Installation quote requests of quote-only cities (Girona...), newest first, by status and store; keyset pages",
      query: z.object({ status: z.enum(["open", "answered", "closed"]).optional(), store: StoreId, before: Before, limit: Limit }),
      response: Page(QuoteRow),
      permission: "moderation.write",
    },
    async ({ query }) => mod.listQuotes({ status: query.status, storeId: query.store, before: query.before, limit: query.limit }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/moderation/quote-requests/:id/reply/",
      tag: TAG,
      summary: "Replies to a quote request with a price (cents, VAT included) by mail; the request becomes answered",
      params: Id,
      body: z.object({ price_cents: z.number().int().min(1).max(10_000_000), message: Text(5000, true).default("") }).strict(),
      response: z.object({ id: z.number().int(), status: z.literal("answered"), mailed: z.boolean() }),
      permission: "moderation.write",
      errors: [404],
    },
    async ({ params, body, audit }) => {
      const row = await tx(async (t) => {
        const r = await mod.replyQuote(t, params.id, body.price_cents, body.message);
        if (!r) throw new AppError("moderation.quote_not_found", 404);
        await audit(
          {
            action: "installation_quote.reply",
            entityType: "installation_quote_request",
            entityId: params.id,
            before: r.before,
            after: { ...r.after, message: body.message },
          },
          t,
        );
        return r.request;
      });
      const mailed = await mod.afterQuoteReply(row);
      return { id: params.id, status: "answered" as const, mailed };
    },
  );
}
