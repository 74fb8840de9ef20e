import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { t } from "../../../core/i18n/index.ts";
import * as S from "../../../core/marketing.schema.ts";
import { parseNewsletter } from "../../../core/validation.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";

const TAG = "marketing";

/**
 * The sign-up form's fields are only typed here: their rules (and the spec's messages, one per
 * field) are the storefront form's own, core/validation.ts, applied in the handler.
 */
const NewsletterBody = StoreQuery.extend({
  source: z.enum(["footer", "popup"]).default("footer").describe("The form: the footer's asks for the surname, the popup's does not"),
  name: z.string().optional().describe("Required, at most 100 characters"),
  surname: z.string().optional().describe("Required in the footer form, at most 100 characters"),
  email: z.string().optional().describe("Required, a valid email"),
  terms: z.union([z.boolean(), z.string()]).optional().describe("Must be true: the terms and conditions are accepted"),
});

export async function marketingRoutes(app: FastifyInstance, { stores, marketing }: Services) {
  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/newsletters/",
      tag: TAG,
      summary: "Subscribe to the store's newsletter (footer and popup forms)",
      description:
        "Validated with the storefront form's rules: 400 with one message per field (error.details.fieldErrors), " +
        "409 when the email is already subscribed, 404 in a store without newsletter. `store` and `language` may also come in the query.",
      query: StoreQuery,
      body: NewsletterBody,
      response: S.NewsletterSubscribed,
      status: 201,
      errors: [404, 409],
    },
    async ({ query, body }) => {
      const ctx = await apiContext(stores, { store: body.store ?? query.store, language: body.language ?? query.language });
      if (!ctx.store.features.newsletter) throw new AppError("store.feature_off", 404);
      const parsed = parseNewsletter(ctx.language, body.source, body);
      if (!parsed.ok) {
        throw new AppError("newsletter.invalid", 400, Object.values(parsed.fieldErrors)[0], { fieldErrors: parsed.fieldErrors });
      }
      const result = await marketing.subscribe(ctx, parsed.data, body.source);
      if (!result.ok) throw new AppError(result.code, 409);
      return { id: result.id, email: parsed.data.email, message: t(ctx.language, "newsletter.success") };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/marketing/v1/popups/web-retrieve/",
      tag: TAG,
      summary: "The popup that applies to a page of the store (the most specific pattern wins)",
      query: StoreQuery.extend({
        url_page: z.string().min(1).max(500).describe("The page's path, e.g. /ofertas or /fr/ofertas/"),
        no_popup: z
          .enum(["404", "204"])
          .default("404")
          .describe(
            "The answer when no popup applies: 404 (default), or 204 No Content for the storefront, which asks on every page (browsers log each 404 as an error)",
          ),
      }),
      response: S.PopupDto,
      errors: [404],
    },
    async ({ query }, _req, reply) => {
      const popup = await marketing.popupFor(await apiContext(stores, query), query.url_page);
      if (!popup && query.no_popup === "204") return reply.status(204).send();
      if (!popup) throw new AppError("marketing.popup_not_found", 404);
      return popup;
    },
  );
}
