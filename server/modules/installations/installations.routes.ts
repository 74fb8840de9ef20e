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

const TAG = "installations";

const QuoteBody = z
  .object({
    name: z.string().max(200).optional(),
    email: z.string().max(300).optional(),
    phone: z.string().max(50).optional(),
    city_id: z.union([z.number(), z.string().max(12)]).optional(),
    postal_code: z.string().max(10).optional(),
    town: z.string().max(200).optional(),
    message: z.string().max(5000).optional(),
    disassembly: z.boolean().optional(),
    premeasure: z.boolean().optional(),
    distance: z
      .union([z.literal(500), z.literal(520)])
      .nullable()
      .optional(),
    product: z.string().max(200).optional(),
    privacy: z.union([z.boolean(), z.string().max(10)]).optional(),
    website: z.string().max(500).optional().describe("Honeypot: leave empty"),
  })
  .describe("Checked with the storefront form's rules (core/product-page.schema.ts): 400 with one message per field in error.details.fieldErrors");

function refuse(reply: FastifyReply, ctx: RequestContext, status: number, code: string) {
  return reply.status(status).send({ error: { code, message: t(ctx.language, `errors.${code}`) } });
}

/** The installation service (Spain): facility options, where the customer lives, quotation requests. */
export async function installationsRoutes(app: FastifyInstance, { stores, installations }: Services) {
  apiRoute(
    app,
    {
      method: "GET",
      url: "/installations/v1/prices/web_list/",
      tag: TAG,
      summary: "The installation wizard's facility options: city prices by distance, disassembly, pre-measurement (cents, net of VAT)",
      description:
        "Spec 3 and 9. `prices` are keyed by distance: 500 up to 30 km from the provincial capital, 520 from 30 to 50 km. " +
        "Budget cities (Girona) are quote-only. The wizard adds the store's VAT to each amount. Empty in a store without the service.",
      query: StoreQuery,
      response: z.object({ results: z.array(S.FacilityOptionDto) }),
    },
    async ({ query }) => ({ results: await installations.webList(await apiContext(stores, query)) }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/installations/v1/places/search/",
      tag: TAG,
      summary: "Where the customer lives: a postal code or a town in Spain, with the city option that serves it and the distance band",
      description:
        "Five digits are a postal code (its province; its town when known), anything else a town name. The distance band (500/520) " +
        "comes with a known town and is null otherwise (the wizard asks it). 404 'No se encontraron servicios para ese código postal' " +
        "for a postal code without service, 'Actualmente, nuestro servicio no está disponible en esta ciudad.' for a town without it.",
      query: StoreQuery.extend({ q: z.string().max(100).describe("A postal code (5 digits) or a town name") }),
      response: z.object({ results: z.array(S.LocatedPlace) }),
      errors: [404],
    },
    async ({ query }, _req, reply) => {
      const ctx = await apiContext(stores, query);
      if (!ctx.store.features.installationService) throw new AppError("store.feature_off", 404);
      const r = await installations.locate(ctx, query.q);
      if (r.ok) return { results: r.results };
      return refuse(reply, ctx, r.code === "installation.query_invalid" ? 400 : 404, r.code);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/installations/v1/quotations/",
      tag: TAG,
      summary: "Ask for an installation quotation in a quote-only (budget) city; confirmed by email",
      description: "Throttled per address (429 with Retry-After). 409 when the city has a fixed price (add the service instead).",
      query: StoreQuery,
      body: QuoteBody,
      response: z.object({ id: z.number().int(), message: z.string() }),
      status: 201,
      errors: [404, 409, 429],
    },
    async ({ query, body }, req, reply) => {
      const ctx = await apiContext(stores, query);
      if (!ctx.store.features.installationService) throw new AppError("store.feature_off", 404);
      const parsed = S.quoteRequestSchema(ctx.language).safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new AppError("installation.quote_invalid", 400, Object.values(errors)[0], { fieldErrors: errors });
      }
      const r = await installations.requestQuote(ctx, parsed.data, { ip: req.ip });
      if (r.ok) return { id: r.id, message: r.message };
      if (r.code === "installation.throttled") reply.header("retry-after", String(r.retryAfter ?? 60));
      return refuse(reply, ctx, r.code === "installation.throttled" ? 429 : r.code === "installation.city_unknown" ? 404 : 409, r.code);
    },
  );
}
