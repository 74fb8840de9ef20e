import { useRef } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { deleteAccountSchema, parseForm } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/stores.ts";
import { CheckboxField, type FieldErrors, FormMessage, firstError, TextField, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { Panel, ProfileHeading } from "~/features/accounts/profile-ui";
import { pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { formObject, requireProfile, requireSameOrigin, sessionHeaders } from "~/lib/session.server";
import type { Route } from "./+types/profile-privacy";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  return profileData(p, { ...pageBase(p, "profile.section.privacy", "/privacy"), exportHref: `${p.base}/privacy/export` });
}

/**
 * GDPR erasure: asks for the password and an explicit confirmation. Personal data is erased
 * or pseudonymised by the accounts service (orders and invoices stay, as the law requires);
 * the session ends and the cookies are cleared.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const p = await requireProfile(request, context, params);
  const { confirm, ...raw } = await formObject(request);
  const parsed = parseForm(deleteAccountSchema(p.lang), raw);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (confirm !== "on") errors.confirm = t(p.lang, "profile.privacy.delete.confirm_required");
  if (!parsed.ok || Object.keys(errors).length) return profileData(p, { fieldErrors: errors, message: null as string | null }, 400);
  const accounts = context.services.accounts;
  const r = await accounts.deleteAccount(p.ctx, p.user.id, parsed.data);
  if (!r.ok) {
    if (r.code === "accounts.wrong_password")
      return profileData(p, { fieldErrors: { password: t(p.lang, "errors.accounts.wrong_password") }, message: null }, 400);
    if (r.code === "auth.too_many_attempts") return profileData(p, { fieldErrors: {}, message: t(p.lang, "errors.auth.too_many_attempts") }, 429);
    return profileData(p, { fieldErrors: {}, message: t(p.lang, "errors.accounts.not_found") }, 404);
  }
  // The service already ended every session of the account: only the cookies are left to clear.
  const setCookie = accounts.web.clearCookies();
  throw redirect(`${localePath(p.lang, "/login")}?notice=account_deleted`, { headers: sessionHeaders({ user: null, setCookie }) });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function Privacy({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  useFocusOnError(form, a);
  const errors: FieldErrors = a?.fieldErrors ?? {};
  const first = firstError(errors, ["password", "confirm"]);
  return (
    <div>
      <ProfileHeading title={d.title} />
      <div className="space-y-6">
        <Panel title={t("profile.privacy.export.title")} id="export">
          <p className="text-slate-700">{t("profile.privacy.export.text")}</p>
          {/* A plain download (reloadDocument): the answer is a file, not a page. */}
          <a href={d.exportHref} download className="btn-secondary mt-4" data-testid="export-data">
            {t("profile.privacy.export.button")}
          </a>
        </Panel>
        <Panel title={t("profile.privacy.delete.title")} id="delete">
          <p className="text-slate-700">{t("profile.privacy.delete.text")}</p>
          <Form ref={form} method="post" noValidate className="mt-4 max-w-md space-y-4" data-testid="delete-account-form">
            {a?.message && <FormMessage kind="error">{a.message}</FormMessage>}
            <TextField
              form="delete"
              name="password"
              type="password"
              label={t("profile.privacy.delete.password")}
              autoComplete="current-password"
              error={errors.password}
              autoFocus={first === "password"}
            />
            <CheckboxField form="delete" name="confirm" error={errors.confirm} autoFocus={first === "confirm"}>
              {t("profile.privacy.delete.confirm")}
            </CheckboxField>
            <button type="submit" className="btn bg-danger text-white hover:bg-red-800" disabled={busy}>
              {t("profile.privacy.delete.button")}
            </button>
          </Form>
        </Panel>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
