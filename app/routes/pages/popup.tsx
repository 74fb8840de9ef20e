import { useId } from "react";
import { Form, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData, useNavigation, type AppLoadContext } from "react-router";
import { Link } from "~/components/link";
import type { Language } from "../../../core/stores.ts";
import { type NewsletterResult, subscribeFromForm } from "~/features/content/newsletter.server";
import { NewsletterField, NewsletterTerms } from "~/components/newsletter-fields";
import { useI18n } from "~/lib/i18n";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { notFound, requireFeature, storeFor } from "~/lib/store.server";
import type { Route } from "./+types/popup";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { spanishOnly as handle } from "~/lib/language-switch";

/** The newsletter popup (type form, 100) as a page of its own: name, email and terms. */
export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>) {
  const { store, lang, path, ctx } = await storeFor(request, context);
  requireFeature(store, "newsletter");
  const popup = await context.services.marketing.newsletterPopup(ctx);
  if (!popup) throw notFound();
  return { popup, lang: lang as Language, path };
}

export async function action({ request, context }: Route.ActionArgs) {
  return subscribeFromForm(request, context, "popup");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  return seoMeta({
    title: data.popup.title,
    description: data.popup.text,
    origin: root.origin,
    lang: data.lang,
    path: data.path,
    languages: ["es"],
    noindex: true,
  });
};

export default function PopupPage() {
  const { popup } = useLoaderData<typeof loader>();
  const result = useActionData<NewsletterResult>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { t, href } = useI18n();
  const id = useId();
  const errors = result?.fieldErrors ?? {};
  return (
    <div className="bg-sand-50 py-10 sm:py-16">
      <section
        aria-labelledby="popup-title"
        className="container-shop mx-auto grid max-w-4xl overflow-hidden rounded-3xl bg-white p-0 shadow-xl ring-1 ring-slate-200 md:grid-cols-2"
        data-popup-type={popup.popup_type}
      >
        <div className="flex flex-col justify-center bg-brand-800 p-8 text-white sm:p-10">
          <p className="text-6xl font-black text-accent-500" aria-hidden="true">
            5 €
          </p>
          <h1 id="popup-title" className="mt-3 text-2xl font-extrabold sm:text-3xl">
            {popup.title}
          </h1>
          <p className="mt-3 text-slate-200">{popup.text}</p>
          <ul className="mt-6 space-y-2 text-sm">
            {["popup.benefits.1", "popup.benefits.2", "popup.benefits.3"].map((k) => (
              <li key={k} className="flex items-start gap-2">
                <span
                  aria-hidden="true"
                  className="mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-accent-600 text-xs font-bold"
                >
                  ✓
                </span>
                {t(k)}
              </li>
            ))}
          </ul>
        </div>
        <div className="p-8 sm:p-10">
          {result?.ok ? (
            <div role="status" className="rounded-2xl border border-ok/30 bg-green-50 p-6" data-testid="popup-ok">
              <p className="text-lg font-bold text-ok">{result.message}</p>
              <Link to={href("/")} className="btn-primary mt-5">
                {t("errors.back_to_shop")}
              </Link>
            </div>
          ) : (
            <Form method="post" noValidate className="space-y-4">
              <NewsletterField formId={id} tone="light" name="name" label={t("popup.name")} autoComplete="given-name" error={errors.name} />
              <NewsletterField formId={id} tone="light" name="email" label={t("popup.email")} type="email" autoComplete="email" error={errors.email} />
              <NewsletterTerms formId={id} tone="light" error={errors.terms} />
              {result && !result.ok && !result.fieldErrors && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-danger">
                  {result.message}
                </p>
              )}
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {busy ? t("newsletter.sending") : t("popup.submit")}
              </button>
              <p className="text-xs text-muted">{t("popup.note")}</p>
            </Form>
          )}
        </div>
      </section>
    </div>
  );
}
