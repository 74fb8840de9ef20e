import { useEffect, useId, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
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
    fetcher.state === "idle"
      ? (fetcher.data ?? (outcome ? { ok: outcome === "ok", message: t(`newsletter.outcome.${outcome}`) } : undefined))
      : undefined;
  const errors = result?.fieldErrors ?? {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      toast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
      if (fetcher.data.ok) form.current?.reset();
    }
  }, [fetcher.state, fetcher.data, toast]);
  const field = (name: string, label: string, type = "text", autoComplete?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium text-white">{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={type === "email" ? 254 : 100}
        className="input"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-err` : undefined}
      />
      {errors[name] && <p id={`${id}-${name}-err`} className="mt-1 text-sm font-medium text-amber-200">{errors[name]}</p>}
    </div>
  );
  return (
    <fetcher.Form ref={form} method="post" action={href("/newsletter")} className="grid gap-3 sm:grid-cols-3" noValidate data-testid="newsletter-form">
      <input type="hidden" name="redirectTo" value={location.pathname} />
      {field("name", t("footer.newsletter.name"), "text", "given-name")}
      {field("surname", t("footer.newsletter.surname"), "text", "family-name")}
      {field("email", t("footer.newsletter.email"), "email", "email")}
      <div className="sm:col-span-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-slate-100">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="terms"
              value="on"
              className="mt-0.5 h-5 w-5 accent-accent-600"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${id}-terms-err` : undefined}
            />
            <span>
              {t("newsletter.terms.prefix")}{" "}
              <Link to={href("/cms/politica-de-privacidad")} className="font-medium text-white underline">{t("newsletter.terms.link")}</Link>
            </span>
          </label>
          {errors.terms && <p id={`${id}-terms-err`} className="mt-1 ml-7 font-medium text-amber-200">{errors.terms}</p>}
        </div>
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
