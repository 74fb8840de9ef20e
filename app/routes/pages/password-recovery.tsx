import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { parseForm, resetRequestSchema } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { type FieldErrors, FormMessage, SubmitButton, TextField, TextLink, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { useI18n } from "~/lib/i18n";
import { clientMeta, contextFor, formObject, requireSameOrigin } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/password-recovery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = await storeFor(request, context);
  return {
    lang,
    path: "/recuperar-contrasena",
    title: t(lang, "page.password_recovery.title"),
    description: t(lang, "page.password_recovery.intro"),
  };
}

/** Spec 8: an unknown address is said plainly ('No existe ninguna cuenta asociada a ese email'). */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { store, lang } = await storeFor(request, context);
  const raw = await formObject(request);
  const parsed = parseForm(resetRequestSchema(lang), raw);
  const email = raw.email ?? "";
  if (!parsed.ok) return data({ sent: false, fieldErrors: parsed.fieldErrors as FieldErrors, message: null as string | null, email }, { status: 400 });
  const result = await context.services.accounts.requestPasswordReset(contextFor(store), parsed.data.email, clientMeta(context));
  if (!result.ok) {
    const status = result.code === "auth.too_many_attempts" ? 429 : 404;
    return data({ sent: false, fieldErrors: {} as FieldErrors, message: t(lang, `errors.${result.code}`), email }, { status });
  }
  return { sent: true, fieldErrors: {} as FieldErrors, message: null, email: "" };
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);

export default function PasswordRecovery({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  useFocusOnError(form, a);
  const errors = a?.fieldErrors ?? {};
  return (
    <div>
      <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{d.title}</h1>
      <p className="mt-2 text-slate-700">{d.description}</p>
      {a?.sent ? (
        <div className="mt-5">
          <FormMessage kind="success">{t("recovery.sent")}</FormMessage>
        </div>
      ) : (
        <Form ref={form} method="post" noValidate className="mt-5 space-y-4" data-testid="recovery-form">
          {a?.message && <FormMessage kind="error">{a.message}</FormMessage>}
          <TextField
            form="recovery"
            name="email"
            type="email"
            inputMode="email"
            label={t("recovery.email")}
            autoComplete="email"
            defaultValue={a?.email}
            error={errors.email}
            autoFocus={Boolean(errors.email)}
            maxLength={254}
          />
          <SubmitButton busy={busy} className="btn-primary w-full">
            {t("recovery.submit")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 border-t border-slate-200 pt-5 text-sm">
        <TextLink to={href("/login")}>{t("recovery.back")}</TextLink>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
