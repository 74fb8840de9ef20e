import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";

/** The footer sits on a dark band, the popup on white: same fields, two colour schemes. */
type Tone = "dark" | "light";
const TONES: Record<Tone, { label: string; error: string; terms: string; link: string }> = {
  dark: { label: "mb-1 block text-sm font-medium text-white", error: "text-amber-200", terms: "text-slate-100", link: "text-white" },
  light: { label: "label", error: "text-danger", terms: "text-slate-800", link: "text-brand-700" },
};

/** A labelled, server-validated field of the newsletter forms, its error tied to it for screen readers. */
export function NewsletterField(props: { formId: string; name: string; label: string; type?: string; autoComplete?: string; error?: string; tone: Tone }) {
  const { formId, name, label, type = "text", autoComplete, error, tone } = props;
  const id = `${formId}-${name}`;
  return (
    <div>
      <label htmlFor={id} className={TONES[tone].label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={type === "email" ? 254 : 100}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
      />
      {error && (
        <p id={`${id}-err`} className={`mt-1 text-sm font-medium ${TONES[tone].error}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The privacy-policy acceptance both newsletter forms require (spec section 5). */
export function NewsletterTerms({ formId, error, tone }: { formId: string; error?: string; tone: Tone }) {
  const { t, href } = useI18n();
  return (
    <div className={`text-sm ${TONES[tone].terms}`}>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="terms"
          value="on"
          className="mt-0.5 h-5 w-5 accent-accent-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${formId}-terms-err` : undefined}
        />
        <span>
          {t("newsletter.terms.prefix")}{" "}
          <Link to={href("/cms/politica-de-privacidad")} className={`font-medium underline ${TONES[tone].link}`}>
            {t("newsletter.terms.link")}
          </Link>
        </span>
      </label>
      {error && (
        <p id={`${formId}-terms-err`} className={`mt-1 ml-7 font-medium ${TONES[tone].error}`}>
          {error}
        </p>
      )}
    </div>
  );
}
