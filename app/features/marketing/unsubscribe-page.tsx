import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";
import type { UnsubscribeView } from "./unsubscribe.server";

/** The one-click unsubscribe page: one question, one button; then what happened, in plain words. */
export function UnsubscribePage() {
  const loaded = useLoaderData() as UnsubscribeView;
  const acted = useActionData() as UnsubscribeView | undefined;
  const view = acted ?? loaded;
  const busy = useNavigation().state === "submitting";
  const { t, href } = useI18n();
  const finished = view.state === "done" || view.state === "already";
  const title = view.state === "invalid" ? t("unsubscribe.invalid_title") : finished ? t("unsubscribe.done_title") : t("unsubscribe.title");
  return (
    <div className="bg-sand-50 py-10 sm:py-16">
      <section
        aria-labelledby="unsubscribe-title"
        className="container-shop mx-auto max-w-xl rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200 sm:p-10"
        data-testid="unsubscribe"
        data-state={view.state}
      >
        <h1 id="unsubscribe-title" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
          {title}
        </h1>
        {view.state === "confirm" && (
          <Form method="post" className="mt-5 space-y-5">
            <p className="text-slate-800">{t("unsubscribe.confirm", { shop: view.shop, email: view.email ?? "" })}</p>
            <p className="text-sm text-muted">{t("unsubscribe.keep")}</p>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? t("unsubscribe.sending") : t("unsubscribe.button")}
            </button>
          </Form>
        )}
        {finished && (
          <p role="status" className="mt-5 rounded-2xl border border-ok/30 bg-green-50 p-5 font-medium text-slate-900">
            {view.state === "done" ? t("unsubscribe.done", { shop: view.shop }) : t("unsubscribe.already")}
          </p>
        )}
        {view.state === "invalid" && (
          <p role="alert" className="mt-5 rounded-2xl bg-red-50 p-5 font-medium text-danger">
            {t("errors.newsletter.unsubscribe_invalid")}
          </p>
        )}
        {view.state !== "confirm" && (
          <Link to={href("/")} className="btn-primary mt-6">
            {t("errors.back_to_shop")}
          </Link>
        )}
      </section>
    </div>
  );
}
