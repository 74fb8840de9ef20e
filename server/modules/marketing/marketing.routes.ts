import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { t } from "../../../core/i18n/index.ts";
import { parseNewsletter } from "../../../core/validation.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";

const StoreQuery = z.object({
  store: z.string().min(1).max(20).optional(),
  language: z.enum(["es", "fr"]).optional(),
});

const NewsletterBody = z.object({
  store: z.union([z.string().min(1).max(20), z.number().int()]).optional(),
  language: z.enum(["es", "fr"]).optional(),
  source: z.enum(["footer", "popup"]).default("footer"),
});

export async function marketingRoutes(app: FastifyInstance, { stores, marketing }: Services) {
  async function storeOf(store: string | number | undefined, language: "es" | "fr" | undefined) {
    const s = store !== undefined ? await stores.resolve(store) : await stores.byLanguage(language ?? "es");
    if (language && s.language !== language) throw new AppError("store.language_mismatch", 400);
    return s;
  }

  /**
   * newsletters/ create: name, surname (footer form), email and terms, validated with the
   * storefront's own rules; 400 with one message per field, 409 when already subscribed,
   * 404 in a store without newsletter.
   */
  app.post("/auth-users/v1/newsletters/", async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const meta = NewsletterBody.parse({ ...((req.query as object) ?? {}), ...body });
    const store = await storeOf(meta.store, meta.language);
    const lang = meta.language ?? store.language;
    if (!store.features.newsletter) throw new AppError("store.feature_off", 404);
    const parsed = parseNewsletter(lang, meta.source, body);
    if (!parsed.ok) {
      throw new AppError("newsletter.invalid", 400, Object.values(parsed.fieldErrors)[0], { fieldErrors: parsed.fieldErrors });
    }
    const result = await marketing.subscribe(store, parsed.data, meta.source);
    if (!result.ok) throw new AppError(result.code, 409);
    return reply.status(201).send({ id: result.id, email: parsed.data.email, message: t(lang, "newsletter.success") });
  });

  /** popups/web-retrieve: the popup that applies to `url_page` in a store, or 404. */
  app.get("/marketing/v1/popups/web-retrieve/", async (req) => {
    const q = StoreQuery.extend({ url_page: z.string().min(1).max(500) }).parse(req.query);
    const store = await storeOf(q.store, q.language);
    const popup = await marketing.popupFor(store, q.url_page);
    if (!popup) throw new AppError("marketing.popup_not_found", 404);
    return popup;
  });

}
