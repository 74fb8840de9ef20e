import { type ActionFunctionArgs, data, type AppLoadContext } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { questionSchema, quoteRequestSchema, reviewSchema } from "../../../core/product-page.schema.ts";
import { type FieldErrors, fieldErrors } from "../../../core/validation.ts";
import { catalogFor } from "~/features/catalog/catalog.server";
import { readForm } from "~/lib/form.server";
import { clientMeta, requireSameOrigin } from "~/lib/session.server";
import { notFound } from "~/lib/store.server";

/** What a product page form gets back: the message to show, or one message per field. */
export type ProductActionData =
  | { intent: "question" | "quote" | "review"; ok: true; message: string }
  | { intent: "question" | "quote" | "review"; ok: false; message: string; fieldErrors?: FieldErrors; values?: Record<string, string> };

const TYPED = new Set(["name", "email", "phone", "question", "body", "rating"]);
const bool = (v: FormDataEntryValue | null) => v === "on" || v === "true" || v === "1";

/**
 * The product page's forms (a question, an installation quotation, a review), posted to the
 * product's own address: with JavaScript through a fetcher (the answer shows in place), without
 * it as a plain form post (the page renders again with the answer). Same services and rules as
 * the API (core/product-page.schema.ts).
 */
export async function productAction(args: ActionFunctionArgs<AppLoadContext>, slug: string) {
  const { request, context } = args;
  requireSameOrigin(request, context);
  const { ctx, lang, catalog } = await catalogFor(request, context);
  const read = await readForm(request);
  if (!read.ok) throw data(null, { status: read.status });
  const form = read.form;
  const product = await catalog.productBySlug(ctx, slug);
  if (!product) throw notFound();
  const ip = clientMeta(context).ip ?? "unknown";
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = raw.intent;

  if (intent === "question") {
    const parsed = questionSchema(lang).safeParse(raw);
    if (!parsed.success) return invalid("question", parsed.error);
    const r = await context.services.reviews.ask(ctx, product.id, parsed.data, { ip });
    if (!r.ok)
      return data<ProductActionData>(
        { intent, ok: false, message: t(lang, `errors.${r.code}`) },
        { status: 429, headers: { "Retry-After": String(r.retryAfter) } },
      );
    return data<ProductActionData>({ intent, ok: true, message: r.message });
  }

  if (intent === "quote") {
    if (!ctx.store.features.installationService) throw notFound();
    const parsed = quoteRequestSchema(lang).safeParse({
      ...raw,
      disassembly: bool(form.get("disassembly")),
      premeasure: bool(form.get("premeasure")),
      distance: raw.distance === "500" ? 500 : raw.distance === "520" ? 520 : null,
      product: slug,
    });
    if (!parsed.success) return invalid("quote", parsed.error);
    const r = await context.services.installations.requestQuote(ctx, parsed.data, { ip });
    if (!r.ok) {
      const status = r.code === "installation.throttled" ? 429 : r.code === "installation.city_unknown" ? 404 : 409;
      return data<ProductActionData>({ intent, ok: false, message: t(lang, `errors.${r.code}`) }, { status });
    }
    return data<ProductActionData>({ intent, ok: true, message: r.message });
  }

  if (intent === "review") {
    const user = ctx.user;
    if (!user) return data<ProductActionData>({ intent, ok: false, message: t(lang, "errors.auth.not_authenticated") }, { status: 401 });
    const parsed = reviewSchema(lang).safeParse(raw);
    if (!parsed.success) return invalid("review", parsed.error);
    const client = await context.services.accounts.clientInfo(ctx);
    const r = await context.services.reviews.write(ctx, { id: user.id, name: client?.name ?? "" }, product.id, parsed.data);
    if (!r.ok) {
      const status = r.code === "reviews.not_delivered" ? 403 : r.code === "reviews.already_reviewed" ? 409 : 429;
      return data<ProductActionData>({ intent, ok: false, message: t(lang, `errors.${r.code}`) }, { status });
    }
    return data<ProductActionData>({ intent, ok: true, message: r.message });
  }
  throw data(null, { status: 400 });

  function invalid(which: "question" | "quote" | "review", error: import("zod").ZodError) {
    const errors = fieldErrors(error);
    return data<ProductActionData>(
      {
        intent: which,
        ok: false,
        message: Object.values(errors)[0] ?? t(lang, "errors.validation"),
        fieldErrors: errors,
        // The typed text, so that a page posted without JavaScript shows it again (never the honeypot).
        values: Object.fromEntries(
          Object.entries(raw)
            .filter(([k]) => TYPED.has(k))
            .map(([k, v]) => [k, v.slice(0, 5000)]),
        ),
      },
      { status: 400 },
    );
  }
}
