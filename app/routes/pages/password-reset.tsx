import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { newPasswordSchema, parseForm } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/stores.ts";
import { type FieldErrors, FormMessage, firstError, SubmitButton, TextField, TextLink, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { useI18n } from "~/lib/i18n";
import { clientMeta, contextFor, formObject, requireSameOrigin } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/password-reset";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, url } = await storeFor(request, context);
  return {
    lang,
    path: "/restaurar-contrasena",
    title: t(lang, "page.password_reset.title"),
    description: t(lang, "page.password_reset.intro"),
    hasToken: Boolean(url.searchParams.get("token")),
  };
}

/** The link of the reset mail (?token=): single use, 30 minutes; success ends the other sessions. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { store, lang, url } = await storeFor(request, context);
  const token = url.searchParams.get("token") ?? "";
  const parsed = parseForm(newPasswordSchema(lang), await formObject(request));
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors as FieldErrors, message: null as string | null }, { status: 400 });
  const result = await context.services.accounts.resetPassword(contextFor(store), token, parsed.data, clientMeta(context));
  if (!result.ok) {
    const status = result.code === "auth.too_many_attempts" ? 429 : 400;
    return data({ fieldErrors: {} as FieldErrors, message: t(lang, `errors.${result.code}`) }, { status });
  }
  throw redirect(`${localePath(lang, "/login")}?notice=password_reset`);
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);

export default function PasswordReset({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  useFocusOnError(form, a);
  const errors = a?.fieldErrors ?? {};
  const first = firstError(errors, ["password", "password_confirmation"]);
  return (
    <div>
      <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{d.title}</h1>
      <p className="mt-2 text-slate-700">{d.description}</p>
      {d.hasToken ? (
        <Form ref={form} method="post" noValidate className="mt-5 space-y-4" data-testid="reset-form">
          {a?.message && (
            <FormMessage kind="error">
              {a.message} <TextLink to={href("/recuperar-contrasena")}>{t("reset.request_new")}</TextLink>
            </FormMessage>
          )}
          <TextField
            form="reset"
            name="password"
            type="password"
            label={t("reset.password")}
            autoComplete="new-password"
            hint={t("signup.password_hint")}
            error={errors.password}
            autoFocus={first === "password"}
          />
          <TextField
            form="reset"
            name="password_confirmation"
            type="password"
            label={t("reset.password_confirmation")}
            autoComplete="new-password"
            error={errors.password_confirmation}
            autoFocus={first === "password_confirmation"}
          />
          <SubmitButton busy={busy} className="btn-primary w-full">
            {t("reset.submit")}
          </SubmitButton>
        </Form>
      ) : (
        <div className="mt-5 space-y-4">
          <FormMessage kind="info">{t("reset.no_token")}</FormMessage>
          <TextLink to={href("/recuperar-contrasena")}>{t("reset.request_new")}</TextLink>
        </div>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
