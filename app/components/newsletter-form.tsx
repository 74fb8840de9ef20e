import { useEffect, useId, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { NewsletterField, NewsletterTerms } from "~/components/newsletter-fields";
import { useToast } from "~/components/toasts";
import { useI18n } from "~/lib/i18n";

type Result = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

/**
 * Footer newsletter form: name, surname, email and terms; 5 euros off the first purchase.
 * The server validates (core/validation); its answer shows next to the fields and in a status line.
 */
export function NewsletterForm() {
  const { t, href } = useI18n();
  const fetcher = useFetcher<Result>();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const location = useLocation();
  // Without JavaScript the action redirects back here with ?newsletter=<outcome>.
  const outcome = new URLSearchParams(location.search).get("newsletter");
  const result =
    fetcher.state === "idle" ? (fetcher.data ?? (outcome ? { ok: outcome === "ok", message: t(`newsletter.outcome.${outcome}`) } : undefined)) : undefined;
  const errors = result?.fieldErrors ?? {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      toast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
      if (fetcher.data.ok) form.current?.reset();
    }
  }, [fetcher.state, fetcher.data, toast]);
  return (
    <fetcher.Form ref={form} method="post" action={href("/newsletter")} className="grid gap-3 sm:grid-cols-3" noValidate data-testid="newsletter-form">
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <NewsletterField formId={id} tone="dark" name="name" label={t("footer.newsletter.name")} autoComplete="given-name" error={errors.name} />
      <NewsletterField formId={id} tone="dark" name="surname" label={t("footer.newsletter.surname")} autoComplete="family-name" error={errors.surname} />
      <NewsletterField formId={id} tone="dark" name="email" label={t("footer.newsletter.email")} type="email" autoComplete="email" error={errors.email} />
      <div className="sm:col-span-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <NewsletterTerms formId={id} tone="dark" error={errors.terms} />
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("newsletter.sending") : t("footer.newsletter.submit")}
        </button>
      </div>
      <p role="status" aria-live="polite" className="sm:col-span-3 min-h-6 text-sm font-semibold">
        {result && !result.fieldErrors && (
          <span className={result.ok ? "text-green-200" : "text-amber-200"} data-testid={result.ok ? "newsletter-ok" : "newsletter-error"}>
            {result.message}
          </span>
        )}
      </p>
    </fetcher.Form>
  );
}
