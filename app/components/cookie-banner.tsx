import { useFetcher, useLocation } from "react-router";
import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";

/**
 * AEPD/CNIL: refusing is one click, exactly like accepting, with buttons of equal weight.
 * No non-essential cookie is set before a choice; the choice itself is kept in a
 * functional cookie. Works without JavaScript (a plain form post).
 */
export function CookieBanner({ consent }: { consent: "accepted" | "rejected" | null }) {
  const { t, href } = useI18n();
  const fetcher = useFetcher();
  const location = useLocation();
  if (consent || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section
      aria-labelledby="cookie-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-300 bg-white shadow-[0_-8px_24px_rgba(0,0,0,0.08)]"
      data-testid="cookie-banner"
    >
      <fetcher.Form method="post" action={href("/cookies")} className="container-shop flex flex-col gap-4 py-4 lg:flex-row lg:items-center">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <div className="flex-1">
          <h2 id="cookie-title" className="font-bold text-brand-900">
            {t("cookies.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {t("cookies.text")}{" "}
            <Link to={href("/cms/politica-de-cookies")} className="font-medium text-brand-700 underline">
              {t("cookies.more")}
            </Link>
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" name="consent" value="rejected" className="btn-dark min-w-44">
            {t("cookies.reject")}
          </button>
          <button type="submit" name="consent" value="accepted" className="btn-dark min-w-44">
            {t("cookies.accept")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
