import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";
import { accessOf } from "../orders/orders.routes.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";
import { createAftersaleQueue } from "./money.aftersale.ts";
import { Id, IdNum, Text } from "./money.validators.ts";

const TAG = "Back office: after-sale";
const Case = z.object({ kind: z.enum(["withdrawal", "request"]), id: IdNum });
const Item = z.object({
  kind: z.enum(["withdrawal", "request"]),
  id: z.number().int(),
  type: z.enum(["withdrawal", "return", "incident"]),
  state: z.enum(["open", "info_requested"]).describe("info_requested: staff asked the customer and wait for the answer"),
  order: z.number().int(),
  order_number: z.string(),
  customer: z.string(),
  email: z.string(),
  reason: z.string(),
  message: z.string(),
  row_ids: z.array(z.number().int()),
  created_at: z.string(),
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), content_type: z.string() })),
  messages: z.array(z.object({ author: z.enum(["staff", "customer"]), body: z.string(), created_at: z.string() })),
});
const Outcome = z.object({
  kind: z.enum(["withdrawal", "request"]),
  id: z.number().int(),
  state: z.enum(["accepted", "refused", "info_requested"]),
  order_status: z.number().int(),
  credit_note: z.object({ id: z.number().int(), number: z.string(), total: z.number().int() }).nullable(),
});

/**
 * The after-sale queue (/api/admin/v1/aftersale/...): one list of open withdrawals, returns and
 * incidents; accept, refuse, ask for more information; the customer's answer (their order page).
 */
export async function aftersaleAdminRoutes(app: FastifyInstance, services: Services) {
  if (!services.invoices.aftersale) return;
  const q = createAftersaleQueue(services);
  const aftersale = services.invoices.aftersale;

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/aftersale/",
      tag: TAG,
      summary: "Open withdrawals, returns and incidents in one queue, oldest first, with photos and the questions asked",
      response: z.object({ results: z.array(Item) }),
      permission: "aftersale.write",
    },
    async () => ({ results: await q.queue() }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/aftersale/:kind/:id/accept/",
      tag: TAG,
      summary: "Accept: a withdrawal or return is settled (credit note in the R series, refund, stock); an incident is accepted. The customer is mailed",
      params: Case,
      body: z.object({ note: Text(1000, 0, true).nullable().optional() }).strict(),
      response: Outcome,
      permission: "aftersale.write",
      errors: [404, 409],
    },
    async ({ params, body, audit }) => q.accept(params.kind, params.id, body.note || null, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/aftersale/:kind/:id/refuse/",
      tag: TAG,
      summary: "Refuse with a note; the customer is mailed",
      params: Case,
      body: z.object({ note: Text(1000, 1, true) }).strict(),
      response: Outcome,
      permission: "aftersale.write",
      errors: [404, 409],
    },
    async ({ params, body, audit }) => q.refuse(params.kind, params.id, body.note, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/aftersale/:kind/:id/ask-info/",
      tag: TAG,
      summary: "Ask the customer for more information (the case waits for the answer); the question is mailed",
      params: Case,
      body: z.object({ question: Text(1000, 3, true) }).strict(),
      response: Outcome,
      permission: "aftersale.write",
      errors: [404, 409],
    },
    async ({ params, body, audit }) => q.askInfo(params.kind, params.id, body.question, audit),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/aftersale/photos/:id/",
      tag: TAG,
      summary: "One request photo (the image)",
      params: Id,
      response: z.unknown().describe("The image itself (image/jpeg, image/png or image/webp), not JSON"),
      permission: "aftersale.write",
      errors: [404],
    },
    async ({ params }, _req, reply) => {
      const p = await aftersale.photo(params.id).catch(() => null);
      if (!p) throw new AppError("aftersale.not_found", 404);
      return reply.type(p.contentType).header("x-content-type-options", "nosniff").header("content-security-policy", "default-src 'none'").send(p.body);
    },
  );

  // The customer's side: the answer to staff's question, on an order they may see (signed in, guest token or ?t=).
  apiRoute(
    app,
    {
      method: "POST",
      url: "/orders/v1/orders/:id/aftersale/:kind/:case/answer/",
      tag: "orders",
      summary: "Answer the question the shop asked on a withdrawal, return or incident of this order",
      params: Id.extend({ kind: z.enum(["withdrawal", "request"]), case: IdNum }),
      query: StoreQuery.extend({ t: z.string().max(64).optional() }),
      body: z.object({ answer: Text(2000, 1, true) }).strict(),
      response: z.object({ ok: z.boolean() }),
      status: 201,
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, body, user }, req) => {
      const ctx = await apiContext(services.stores, query, user);
      const seen = await services.orders.get(ctx, params.id, accessOf(req, services, query.t));
      if (!seen) throw new AppError("aftersale.not_found", 404);
      return q.answer(params.id, params.kind, params.case, body.answer);
    },
  );
}
