import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import type { PopupDto } from "../../../core/marketing.types.ts";
import { NewsletterField, NewsletterTerms } from "~/components/newsletter-fields";
import { useI18n } from "~/lib/i18n";

export type PopupDialogProps = { popup: PopupDto; onClosed: () => void };

type Result = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A marketing popup as a modal dialog (native <dialog> with showModal: the page behind is inert
 * and dimmed). Escape, the close button and a click outside close it; Tab and Shift+Tab go round
 * inside it; on closing, focus goes back where it was (or to the page's content when that element
 * is gone, as the cookie banner's button is). Loaded on its own (popup-mount.tsx).
 */
export function PopupDialog({ popup, onClosed }: PopupDialogProps) {
  const { t, href } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const fetcher = useFetcher<Result>();
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.fieldErrors ?? {};

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    returnTo.current = document.activeElement;
    d.showModal();
    closeButton.current?.focus();
    const before = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    return () => {
      document.documentElement.style.overflow = before;
      if (d.open) d.close();
    };
  }, []);

  // After subscribing, the form (and the focused submit button) is replaced by the answer.
  useEffect(() => {
    if (result?.ok) continueButton.current?.focus();
  }, [result?.ok]);

  const close = () => dialog.current?.close();

  /** The dialog closed (Escape, a button, the backdrop): give focus back, then let the mount forget it. */
  const onClose = () => {
    // A close event of an earlier close that the dialog has been opened again since (React's
    // development build mounts effects twice): it is not closed.
    if (dialog.current?.open) return;
    document.documentElement.style.overflow = "";
    const back = returnTo.current;
    const target = back instanceof HTMLElement && back.isConnected && back !== document.body ? back : document.getElementById("content");
    target?.focus();
    onClosed();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab" || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || !dialog.current.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !dialog.current.contains(document.activeElement))) {
      e.preventDefault();
      first.focus();
    }
  };

  const isForm = popup.popup_type === 100;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === dialog.current) close();
      }}
      data-testid="marketing-popup"
      data-popup-type={popup.popup_type}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100vw-2rem))] max-w-none overflow-y-auto rounded-3xl border-0 bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className={`relative grid ${isForm ? "md:grid-cols-2" : ""}`}>
        <button
          ref={closeButton}
          type="button"
          onClick={close}
          aria-label={t("popup.close_label")}
          className={`absolute right-3 top-3 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full ${isForm ? "bg-white/95 text-brand-900 md:bg-slate-100" : "bg-slate-100 text-brand-900"} hover:bg-slate-200`}
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
        <div className={`flex flex-col justify-center p-7 pr-16 sm:p-9 sm:pr-16 ${isForm ? "bg-brand-800 text-white" : "bg-sand-50 text-ink"}`}>
          {isForm && (
            <p className="text-5xl font-black text-accent-500 sm:text-6xl" aria-hidden="true">
              5 €
            </p>
          )}
          <h2 id={titleId} className={`mt-2 text-2xl font-extrabold sm:text-3xl ${isForm ? "" : "text-brand-900"}`}>
            {popup.title}
          </h2>
          <p id={textId} className={`mt-3 ${isForm ? "text-slate-200" : "text-slate-700"}`}>
            {popup.text}
          </p>
          {isForm && (
            <ul className="mt-5 hidden space-y-2 text-sm md:block">
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
          )}
          {!isForm && popup.button_url && (
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to={href(popup.button_url)} className="btn-primary" onClick={close}>
                {popup.button_label ?? popup.title}
              </Link>
              <button type="button" className="btn-secondary" onClick={close}>
                {t("popup.close")}
              </button>
            </div>
          )}
        </div>
        {isForm && (
          <div className="p-7 sm:p-9">
            {result?.ok ? (
              <div role="status" className="rounded-2xl border border-ok/30 bg-green-50 p-6" data-testid="popup-ok">
                <p className="text-lg font-bold text-ok">{result.message}</p>
                <button ref={continueButton} type="button" className="btn-primary mt-5" onClick={close}>
                  {t("popup.close")}
                </button>
              </div>
            ) : (
              <fetcher.Form method="post" action={href("/popup")} noValidate className="space-y-4">
                <NewsletterField formId={id} tone="light" name="name" label={t("popup.name")} autoComplete="given-name" error={errors.name} />
                <NewsletterField formId={id} tone="light" name="email" label={t("popup.email")} type="email" autoComplete="email" error={errors.email} />
                <NewsletterTerms formId={id} tone="light" error={errors.terms} />
                {result && !result.ok && !result.fieldErrors && (
                  <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-danger">
                    {result.message}
                  </p>
                )}
                <button type="submit" className="btn-primary w-full" disabled={fetcher.state !== "idle"}>
                  {fetcher.state !== "idle" ? t("newsletter.sending") : t("popup.submit")}
                </button>
                <p className="text-xs text-muted">{t("popup.note")}</p>
              </fetcher.Form>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
