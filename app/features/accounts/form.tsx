import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";
import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";

/**
 * Form pieces of the account pages. Every field has a visible label, its hint and error tied
 * to it with aria-describedby, and `aria-invalid` when the server refused it. The server is the
 * judge (core/accounts.forms.ts); the browser's own checks are off (`noValidate`) so that the
 * messages are the shop's, in the page's language, with or without JavaScript.
 */

export type FieldErrors = Record<string, string>;

type FieldProps = {
  /** Prefix of the element ids (two forms on one page can both have an "email"). */
  form: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  defaultValue?: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  maxLength?: number;
  /** Set on the first invalid field of a server-rendered answer: focus lands there even without JavaScript. */
  autoFocus?: boolean;
  className?: string;
};

export const fieldId = (form: string, name: string) => `${form}-${name}`;

export function TextField(p: FieldProps) {
  const { t } = useI18n();
  const id = fieldId(p.form, p.name);
  const describedBy = [p.hint ? `${id}-hint` : "", p.error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={p.className}>
      <label htmlFor={id} className="label">
        {p.label}
        {p.optional && <span className="font-normal text-muted"> ({t("form.optional")})</span>}
      </label>
      <input
        id={id}
        name={p.name}
        type={p.type ?? "text"}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        defaultValue={p.defaultValue}
        required={!p.optional}
        maxLength={p.maxLength ?? (p.type === "password" ? 128 : 200)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted (WCAG 3.3.1), never on arrival
        autoFocus={p.autoFocus}
        className={`input scroll-mt-48 ${p.error ? "border-danger ring-1 ring-danger" : ""}`}
      />
      {p.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {p.hint}
        </p>
      )}
      <FieldError id={`${id}-err`} error={p.error} />
    </div>
  );
}

export function SelectField(p: Omit<FieldProps, "type" | "inputMode" | "maxLength"> & { options: { value: string; label: string }[]; placeholder?: string }) {
  const { t } = useI18n();
  const id = fieldId(p.form, p.name);
  const describedBy = [p.hint ? `${id}-hint` : "", p.error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={p.className}>
      <label htmlFor={id} className="label">
        {p.label}
        {p.optional && <span className="font-normal text-muted"> ({t("form.optional")})</span>}
      </label>
      <select
        id={id}
        name={p.name}
        defaultValue={p.defaultValue ?? ""}
        required={!p.optional}
        autoComplete={p.autoComplete}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted (WCAG 3.3.1), never on arrival
        autoFocus={p.autoFocus}
        className={`input scroll-mt-48 ${p.error ? "border-danger ring-1 ring-danger" : ""}`}
      >
        {p.placeholder !== undefined && <option value="">{p.placeholder}</option>}
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {p.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {p.hint}
        </p>
      )}
      <FieldError id={`${id}-err`} error={p.error} />
    </div>
  );
}

/** A checkbox with its label (and, for legal boxes, a link inside the label text). */
export function CheckboxField(p: {
  form: string;
  name: string;
  children: ReactNode;
  error?: string;
  hint?: string;
  defaultChecked?: boolean;
  autoFocus?: boolean;
  required?: boolean;
}) {
  const id = fieldId(p.form, p.name);
  const describedBy = [p.hint ? `${id}-hint` : "", p.error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={p.name}
          value="on"
          defaultChecked={p.defaultChecked}
          required={p.required}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy}
          // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted (WCAG 3.3.1), never on arrival
          autoFocus={p.autoFocus}
          className="mt-0.5 h-5 w-5 shrink-0 scroll-mt-48 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {p.children}
        </label>
      </div>
      {p.hint && (
        <p id={`${id}-hint`} className="ml-8 mt-1 text-sm text-muted">
          {p.hint}
        </p>
      )}
      <div className="ml-8">
        <FieldError id={`${id}-err`} error={p.error} />
      </div>
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm font-medium text-danger">
      <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.2H9.1zm0 6.6h1.8v1.8H9.1z" />
      </svg>
      <span>{error}</span>
    </p>
  );
}

/** A message about the whole form (wrong credentials, "email sent"...), announced when it appears. */
export function FormMessage({ kind, children, id }: { kind: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-danger",
    success: "border-green-200 bg-green-50 text-ok",
    info: "border-brand-100 bg-brand-50 text-brand-900",
  }[kind];
  return (
    <div
      id={id}
      role={kind === "error" ? "alert" : "status"}
      tabIndex={-1}
      className={`scroll-mt-48 rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}
      data-testid={`form-${kind}`}
    >
      {children}
    </div>
  );
}

/** The names of the fields in the order the form shows them, for "which error comes first". */
export function firstError(errors: FieldErrors | undefined, order: readonly string[]): string | null {
  if (!errors) return null;
  return order.find((n) => errors[n]) ?? Object.keys(errors)[0] ?? null;
}

/**
 * After an answer with errors, moves the focus to the first invalid field (or to the form's
 * message) so a keyboard or screen-reader user lands where the problem is. Without JavaScript
 * the same happens through the `autoFocus` the server renders on that field. A layout effect,
 * so the focus moves in the same task that shows the errors: no moment where the message is
 * on screen and the focus still on the button.
 */
export function useFocusOnError(ref: RefObject<HTMLFormElement | null>, answer: unknown) {
  useLayoutEffect(() => {
    if (!answer || !ref.current) return;
    const target = ref.current.querySelector<HTMLElement>('[aria-invalid="true"]') ?? ref.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [answer, ref]);
}

export function useFormRef() {
  return useRef<HTMLFormElement>(null);
}

/** A submit button that says it is working while the form is on its way. */
export function SubmitButton({
  children,
  busy,
  className = "btn-primary w-full sm:w-auto",
  name,
  value,
}: {
  children: ReactNode;
  busy?: boolean;
  className?: string;
  name?: string;
  value?: string;
}) {
  const { t } = useI18n();
  return (
    <button type="submit" className={className} disabled={busy} name={name} value={value}>
      {busy ? t("form.saving") : children}
    </button>
  );
}

/** An inline link styled for the account forms. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
