import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";
import { FormMessage } from "./form";
import { dateFormat } from "../../../core/intl.ts";

/** The heading of a profile section (the one h1 of the page) and its short intro. */
export function ProfileHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{title}</h1>
      {intro && <p className="mt-2 max-w-2xl text-slate-700">{intro}</p>}
    </div>
  );
}

/**
 * The outcome of the last change (a page reached through a redirect after a form, "?done=..."),
 * announced and focused once so keyboard and screen-reader users hear it.
 */
export function DoneNotice({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.querySelector<HTMLElement>("[role=status]")?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} className="mb-6" data-testid="done-notice">
      <FormMessage kind="success">{message}</FormMessage>
    </div>
  );
}

/** A box of the profile area. */
export function Panel({ title, children, id, actions }: { title?: string; children: ReactNode; id?: string; actions?: ReactNode }) {
  return (
    <section aria-labelledby={title && id ? `${id}-title` : undefined} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && (
            <h2 id={id ? `${id}-title` : undefined} className="text-lg font-bold text-brand-900">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/** What a section shows while it has nothing in it (orders before the first purchase...). */
export function EmptyState({
  title,
  text,
  cta,
  icon = "box",
}: {
  title: string;
  text?: string;
  cta?: { to: string; label: string };
  icon?: "box" | "heart" | "pin";
}) {
  const paths = {
    box: "M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7M12 11v10",
    heart: "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z",
    pin: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  };
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-sand-50 px-6 py-10 text-center" data-testid="empty-state">
      <svg
        viewBox="0 0 24 24"
        className="h-10 w-10 text-brand-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={paths[icon]} />
      </svg>
      <p className="mt-3 text-lg font-semibold text-ink">{title}</p>
      {text && <p className="mt-1 max-w-md text-slate-700">{text}</p>}
      {cta && (
        <Link to={cta.to} className="btn-secondary mt-5">
          {cta.label}
        </Link>
      )}
    </div>
  );
}

/** A localised "12 de marzo de 2026" for the dates a customer sees. */
export function useDate() {
  const { locale } = useI18n();
  const f = dateFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" });
  return (iso: string) => f.format(new Date(iso));
}
