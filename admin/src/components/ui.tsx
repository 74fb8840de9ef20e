import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { Link, type LinkProps } from "react-router";

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(" ");

type Variant = "primary" | "secondary" | "danger" | "ghost";
const VARIANT: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 border-transparent",
  secondary: "bg-white text-slate-800 hover:bg-slate-50 border-slate-300",
  danger: "bg-red-700 text-white hover:bg-red-800 border-transparent",
  ghost: "bg-transparent text-slate-700 hover:bg-slate-100 border-transparent",
};
const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium shadow-sm disabled:cursor-not-allowed disabled:opacity-60 min-h-[40px]";

export function Button({
  variant = "primary",
  busy,
  className,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button type="button" {...rest} disabled={rest.disabled || busy} aria-busy={busy || undefined} className={cx(BUTTON, VARIANT[variant], className)}>
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = "secondary", className, ...rest }: LinkProps & { variant?: Variant }) {
  return <Link {...rest} className={cx(BUTTON, VARIANT[variant], className)} />;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}

type FieldProps = { label: string; error?: string | null; hint?: string; children?: never };

export function Field({ label, error, hint, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : hint ? `${id}-h` : undefined}
        className={cx("rounded-md border px-3 py-2 text-sm shadow-sm min-h-[40px]", error ? "border-red-700" : "border-slate-400")}
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-h`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-e`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextArea({ label, error, className, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        className={cx("rounded-md border px-3 py-2 text-sm shadow-sm", error ? "border-red-700" : "border-slate-400")}
        {...input}
      />
      {error ? (
        <p id={`${id}-e`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Select({
  label,
  error,
  className,
  children,
  ...select
}: Omit<FieldProps, "children"> & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm shadow-sm min-h-[40px]" {...select}>
        {children}
      </select>
      {error ? <p className="text-sm text-red-800">{error}</p> : null}
    </div>
  );
}

export function Alert({ tone = "info", title, children }: { tone?: "info" | "error" | "success" | "warning"; title?: string; children?: ReactNode }) {
  const tones = {
    info: "border-blue-300 bg-blue-50 text-blue-950",
    error: "border-red-300 bg-red-50 text-red-950",
    success: "border-green-300 bg-green-50 text-green-950",
    warning: "border-amber-300 bg-amber-50 text-amber-950",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cx("rounded-md border p-3 text-sm", tones[tone])}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children}
    </div>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({ title, actions, children, className }: { title?: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cx("rounded-lg border border-slate-200 bg-white shadow-sm", className)} aria-label={title}>
      {title ? (
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {actions}
        </div>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}

const BADGE = {
  gray: "bg-slate-100 text-slate-800",
  blue: "bg-blue-100 text-blue-900",
  green: "bg-green-100 text-green-900",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
  violet: "bg-violet-100 text-violet-900",
};
export function Badge({ tone = "gray", children }: { tone?: keyof typeof BADGE; children: ReactNode }) {
  return <span className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", BADGE[tone])}>{children}</span>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{children}</p>;
}

/** The error of a query or mutation as the staff member reads it (the server's message, in their language). */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return <Alert tone="error">{message}</Alert>;
}

export { cx };
