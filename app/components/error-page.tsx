import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "~/components/link";
import { markRequestFailed } from "~/components/progress-bar";
import { useI18n } from "~/lib/i18n";

/** Router error status: statusCode, status or response status; 500 when none. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === "object") {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const v of [e.statusCode, e.status, e.response?.status]) {
      if (typeof v === "number" && v >= 400 && v < 600) return v;
    }
  }
  return 500;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;
const RELOAD_KEY = "chunk_reload_at";

/** A failed chunk load (a new deploy removed old files): reload once, at most every 60 s. */
export function reloadOnChunkError(error: unknown): boolean {
  if (typeof window === "undefined") return false;
  const message = error instanceof Error ? error.message : String(error ?? "");
  if (!CHUNK_ERROR.test(message)) return false;
  const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return false;
  window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function ErrorContent({ status }: { status: number }) {
  const { t, href } = useI18n();
  const notFound = status === 404;
  return (
    <section className="container-shop flex flex-col items-center py-16 text-center sm:py-24" data-testid="error-page" data-status={status}>
      <title>{`${t(notFound ? "errors.not_found.title" : "errors.server.title")} | ${t("shop.name")}`}</title>
      <meta name="robots" content="noindex" />
      <svg viewBox="0 0 200 120" className="h-32 w-56" aria-hidden="true">
        <rect x="20" y="40" width="160" height="14" rx="7" fill="#a9d1e0" />
        <rect x="20" y="40" width="64" height="14" rx="7" fill="#1f6f8b" />
        <rect x="116" y="40" width="64" height="14" rx="7" fill="#1f6f8b" />
        <path d="M92 47h16" stroke="#fff" strokeWidth="4" />
        <path d="M100 60c-6 10-10 16-10 22a10 10 0 0 0 20 0c0-6-4-12-10-22z" fill="#1f6f8b" opacity=".8" />
        <path d="M84 64c-3 5-5 8-5 11a5 5 0 0 0 10 0c0-3-2-6-5-11zM118 66c-3 5-5 8-5 11a5 5 0 0 0 10 0c0-3-2-6-5-11z" fill="#1f6f8b" opacity=".5" />
      </svg>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-accent-700">{t("errors.code", { status })}</p>
      <h1 className="mt-2 max-w-2xl text-3xl font-extrabold text-brand-900 sm:text-4xl">{t(notFound ? "errors.not_found.title" : "errors.server.title")}</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-700">{t(notFound ? "errors.not_found.text" : "errors.server.text")}</p>
      <Link to={href("/")} className="btn-primary mt-8">
        {t("errors.back_to_shop")}
      </Link>
    </section>
  );
}

/** Every page route exports this: the error shows inside the page's layout (header and footer stay). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  useEffect(() => {
    if (!reloadOnChunkError(error)) markRequestFailed();
  }, [error]);
  return <ErrorContent status={status} />;
}
