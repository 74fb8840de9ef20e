import { type AppLoadContext, data } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { type FieldErrors, type NewsletterSource, parseNewsletter } from "../../../core/validation.ts";
import { clientMeta } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";

export type NewsletterResult = { ok: boolean; message: string; fieldErrors?: FieldErrors };

/**
 * The footer and popup forms' action: validate on the server (core/validation), subscribe,
 * and answer a message for the visitor. A store without newsletter (France) answers 404.
 * Double opt-in (docs/decisions/047): success means "check your inbox"; throttled: 429.
 */
export async function subscribeFromForm(request: Request, context: AppLoadContext, source: NewsletterSource) {
  const { store, lang, ctx } = await storeFor(request, context);
  if (!store.features.newsletter) throw data(null, { status: 404 });
  let raw: Record<string, unknown>;
  try {
    raw = Object.fromEntries(await request.formData());
  } catch {
    return data<NewsletterResult>({ ok: false, message: t(lang, "errors.internal") }, { status: 400 });
  }
  const parsed = parseNewsletter(lang, source, raw);
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0] ?? t(lang, "errors.validation");
    return data<NewsletterResult>({ ok: false, message: first, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const result = await context.services.marketing.subscribe(ctx, parsed.data, source, clientMeta(context));
    if (!result.ok) {
      const message = t(lang, `errors.${result.code}`);
      const throttled = result.code === "auth.too_many_attempts";
      return data<NewsletterResult>(
        { ok: false, message },
        { status: throttled ? 429 : 409, headers: throttled ? { "Retry-After": String(result.retryAfter) } : undefined },
      );
    }
    return data<NewsletterResult>({ ok: true, message: t(lang, result.state === "pending" ? "newsletter.pending" : "newsletter.success") });
  } catch (err) {
    console.error(`[${context.requestId}] newsletter subscription failed`, err);
    return data<NewsletterResult>({ ok: false, message: t(lang, "newsletter.error") }, { status: 500 });
  }
}
