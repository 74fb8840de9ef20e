import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useI18n } from "~/lib/i18n";
import { useToast } from "~/components/toasts";

type Result = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

/** Footer newsletter form: name, surname, email and terms; 5 euros off the first purchase. */
export function NewsletterForm() {
  const { t, href } = useI18n();
  const fetcher = useFetcher<Result>();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const errors = fetcher.data?.fieldErrors ?? {};
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
        className="input"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-err` : undefined}
      />
      {errors[name] && <p id={`${id}-${name}-err`} className="mt-1 text-sm font-medium text-amber-200">{errors[name]}</p>}
    </div>
  );
  return (
    <fetcher.Form ref={form} method="post" action={href("/newsletter")} className="grid gap-3 sm:grid-cols-3" noValidate>
      {field("name", t("footer.newsletter.name"), "text", "given-name")}
      {field("surname", t("footer.newsletter.surname"), "text", "family-name")}
      {field("email", t("footer.newsletter.email"), "email", "email")}
      <div className="sm:col-span-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-start gap-2 text-sm text-slate-100">
          <input type="checkbox" name="terms" value="on" className="mt-0.5 h-5 w-5 accent-accent-600" aria-invalid={errors.terms ? true : undefined} />
          <span>
            {t("footer.newsletter.terms")}
            {errors.terms && <span className="block font-medium text-amber-200">{errors.terms}</span>}
          </span>
        </label>
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>{t("footer.newsletter.submit")}</button>
      </div>
    </fetcher.Form>
  );
}
