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
        "Double opt-in (docs/decisions/047): the address gets a mail whose link confirms the subscription; the 5 € welcome " +
        "coupon is written and mailed only then, once per email ever. 201 means the confirmation mail went out (asked again " +
        "while unconfirmed: the same mail again). Validated with the storefront form's rules: 400 with one message per field " +
        "(error.details.fieldErrors), 409 'Ya existe un usuario suscrito con éste email' when the address is confirmed already, " +
        "429 with Retry-After past 10 attempts per address or 5 per email in an hour (the 409 tells who is subscribed), 404 in a " +
        "store without newsletter. `store` and `language` may also come in the query.",
      query: StoreQuery,
      body: NewsletterBody,
      response: S.NewsletterSubscribed,
      status: 201,
      errors: [404, 409, 429],
    },
    async ({ query, body }, req, reply) => {
      const ctx = await apiContext(stores, { store: body.store ?? query.store, language: body.language ?? query.language });
      if (!ctx.store.features.newsletter) throw new AppError("store.feature_off", 404);
      const parsed = parseNewsletter(ctx.language, body.source, body);
      if (!parsed.ok) {
        throw new AppError("newsletter.invalid", 400, Object.values(parsed.fieldErrors)[0], { fieldErrors: parsed.fieldErrors });
      }
      const result = await marketing.subscribe(ctx, parsed.data, body.source, { ip: req.ip });
      if (!result.ok && result.code === "auth.too_many_attempts") {
        reply.header("retry-after", String(result.retryAfter));
        throw new AppError(result.code, 429);
      }
      if (!result.ok) throw new AppError(result.code, 409);
      const message = t(ctx.language, result.state === "pending" ? "newsletter.pending" : "newsletter.success");
      return { id: result.id, email: parsed.data.email, message };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/auth-users/v1/newsletters/confirm/",
      tag: TAG,
      summary: "Confirm a newsletter subscription (the link of the confirmation mail)",
      description:
        "The `token` of the confirmation mail's link (signed, no login). The subscription becomes active and, the first time " +
        "this email is confirmed, the 5 € welcome coupon is mailed (`welcome`). Idempotent: a second call answers `already`. " +
        "A forged or damaged token, or one whose subscription is gone (unsubscribed, or unconfirmed for 7 days): 400. " +
        "Throttled per address like the activation links.",
      query: StoreQuery,
      body: z.object({ token: z.string().max(200) }).strict(),
      response: z.object({ state: z.enum(["confirmed", "already"]), welcome: z.boolean(), email: z.string(), message: z.string() }),
      errors: [404, 429],
    },
    async ({ query, body }, req, reply) => {
      const ctx = await apiContext(stores, query);
      if (!ctx.store.features.newsletter) throw new AppError("store.feature_off", 404);
      const stop = await marketing.throttle.hit([["link:ip", req.ip]]);
      if (!stop.ok) {
        reply.header("retry-after", String(stop.retryAfter));
        throw new AppError("auth.too_many_attempts", 429);
      }
      const r = await marketing.confirm(body.token);
      if (!r.ok) throw new AppError(r.code, 400);
      return {
        state: r.state,
        welcome: r.welcome,
        email: r.email,
        message: t(ctx.language, r.state === "already" ? "confirm.already" : r.welcome ? "confirm.done" : "confirm.done_no_coupon"),
      };
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
