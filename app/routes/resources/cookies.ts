import { data, redirect } from "react-router";
import { CONSENT_COOKIE, shopCookie } from "../../../core/cookies.ts";
import { t } from "../../../core/i18n/index.ts";
import { safeReturnPath } from "../../../core/safe-path.ts";
import { languageFromPath, localePath } from "../../../core/stores.ts";
import { readForm } from "~/lib/form.server";
import type { Route } from "./+types/cookies";

const HALF_YEAR = 182 * 24 * 3600;

/**
 * Records the visitor's cookie choice (a functional cookie), then returns to the page.
 * Posts from other sites never get here (server/lib/origin-check.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  const read = await readForm(request);
  if (!read.ok) {
    const key = read.status === 415 ? "errors.request.unsupported_media_type" : "errors.request.bad_form";
    return data({ ok: false, error: t(lang, key) }, { status: read.status });
  }
  const consent = read.form.get("consent");
  if (consent !== "accepted" && consent !== "rejected") {
    return data({ ok: false, error: t(lang, "errors.validation") }, { status: 400 });
  }
  const cookie = shopCookie(context.services.config, CONSENT_COOKIE, consent, { maxAge: HALF_YEAR, httpOnly: true });
  // Only a path of this shop, as the browser will read it: never an open redirect.
  return redirect(safeReturnPath(read.form.get("redirectTo"), localePath(lang, "/")), { headers: { "set-cookie": cookie } });
}

export async function loader() {
  throw data(null, { status: 404 });
}
