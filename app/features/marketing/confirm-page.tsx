import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";
import type { ConfirmView } from "./confirm.server";

/** The newsletter's double opt-in page: one question, one button; then what happened, in plain words. */
export function ConfirmPage() {
  const loaded = useLoaderData() as ConfirmView;
  const acted = useActionData() as ConfirmView | undefined;
  const view = acted ?? loaded;
  const busy = useNavigation().state === "submitting";
  const { t, href } = useI18n();
  const finished = view.state === "confirmed" || view.state === "already";
  const title = view.state === "invalid" ? t("unsubscribe.invalid_title") : finished ? t("confirm.done_title") : t("confirm.title");
  return (
    <div className="bg-sand-50 py-10 sm:py-16">
      <section
        aria-labelledby="confirm-title"
        className="container-shop mx-auto max-w-xl rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200 sm:p-10"
        data-testid="newsletter-confirm"
        data-state={view.state}
      >
        <h1 id="confirm-title" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
          {title}
        </h1>
        {view.state === "ask" && (
          <Form method="post" className="mt-5 space-y-5">
            <p className="text-slate-800">{t("confirm.text", { shop: view.shop, email: view.email ?? "" })}</p>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? t("confirm.sending") : t("confirm.button")}
            </button>
          </Form>
        )}
        {finished && (
          <p role="status" className="mt-5 rounded-2xl border border-ok/30 bg-green-50 p-5 font-medium text-slate-900">
            {view.state === "already" ? t("confirm.already") : view.welcome ? t("confirm.done") : t("confirm.done_no_coupon")}
          </p>
        )}
        {view.state === "busy" && (
          <p role="alert" className="mt-5 rounded-2xl bg-red-50 p-5 font-medium text-danger">
            {t("errors.auth.too_many_attempts")}
          </p>
        )}
        {view.state === "invalid" && (
          <p role="alert" className="mt-5 rounded-2xl bg-red-50 p-5 font-medium text-danger">
            {t("errors.newsletter.confirm_invalid")}
          </p>
        )}
        {view.state !== "ask" && (
          <Link to={href("/")} className="btn-primary mt-6">
            {t("errors.back_to_shop")}
          </Link>
        )}
      </section>
    </div>
  );
}
