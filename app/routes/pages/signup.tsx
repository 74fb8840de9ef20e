import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { parseForm, signupSchema } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { safeReturnPath } from "../../../core/safe-path.ts";
import { localePath } from "../../../core/stores.ts";
import { CheckboxField, type FieldErrors, FormMessage, firstError, SubmitButton, TextField, TextLink, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { useI18n } from "~/lib/i18n";
import { clientMeta, contextFor, formObject, requireSameOrigin, sessionFor, sessionHeaders } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/signup";

const FIELDS = ["name", "surnames", "email", "password", "password_confirmation", "privacy", "professional"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store, lang, url } = await storeFor(request, context);
  const session = await sessionFor(request, context);
  if (session.user) throw redirect(localePath(lang, `/profile/${session.user.id}`), { headers: sessionHeaders(session) });
  const next = safeReturnPath(url.searchParams.get("next"), "");
  return data(
    {
      lang,
      path: "/signup",
      title: t(lang, "page.signup.title"),
      description: t(lang, "page.signup.intro"),
      // After the form: the "check your email" page (?sent=1), so a reload never posts twice.
      sent: url.searchParams.get("sent") === "1",
      // France has no professionals area (spec 1): the declaration is a Spanish-store option.
      professionals: store.features.professionalsArea,
      loginHref: `${localePath(lang, "/login")}${next ? `?next=${encodeURIComponent(next)}` : ""}`,
    },
    { headers: sessionHeaders(session) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { store, lang } = await storeFor(request, context);
  const raw = await formObject(request);
  if (!store.features.professionalsArea) delete raw.professional;
  const parsed = parseForm(signupSchema(lang), raw);
  const values = { name: raw.name ?? "", surnames: raw.surnames ?? "", email: raw.email ?? "", professional: raw.professional === "on" };
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors as FieldErrors, message: null as string | null, values }, { status: 400 });
  const result = await context.services.accounts.signup(contextFor(store), parsed.data, clientMeta(context));
  if (!result.ok) {
    const status = result.code === "auth.too_many_attempts" ? 429 : 409;
    return data({ fieldErrors: {} as FieldErrors, message: t(lang, `errors.${result.code}`), values }, { status });
  }
  throw redirect(`${localePath(lang, "/signup")}?sent=1`);
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);

export default function Signup({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  useFocusOnError(form, a);
  if (d.sent) {
    return (
      <div data-testid="signup-sent">
        <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{t("signup.sent.title")}</h1>
        <div className="mt-4 flex gap-4 rounded-xl bg-brand-50 p-4">
          <svg viewBox="0 0 24 24" className="h-8 w-8 shrink-0 text-brand-700" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M4 6h16v12H4zM4 7l8 6 8-6" strokeLinejoin="round" />
          </svg>
          <p className="text-slate-800" role="status">
            {t("signup.sent.text")}
          </p>
        </div>
        <TextLink to={d.loginHref}>{t("signup.sent.login")}</TextLink>
      </div>
    );
  }
  const errors = a?.fieldErrors ?? {};
  const v = a?.values;
  const first = firstError(errors, FIELDS);
  const focus = (name: string) => first === name;
  return (
    <div>
      <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{d.title}</h1>
      <p className="mt-2 text-slate-700">{d.description}</p>
      <Form ref={form} method="post" noValidate className="mt-6 space-y-4" data-testid="signup-form">
        {a?.message && <FormMessage kind="error">{a.message}</FormMessage>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form="signup"
            name="name"
            label={t("signup.name")}
            autoComplete="given-name"
            defaultValue={v?.name}
            error={errors.name}
            autoFocus={focus("name")}
            maxLength={100}
          />
          <TextField
            form="signup"
            name="surnames"
            label={t("signup.surnames")}
            autoComplete="family-name"
            defaultValue={v?.surnames}
            error={errors.surnames}
            autoFocus={focus("surnames")}
            maxLength={100}
          />
        </div>
        <TextField
          form="signup"
          name="email"
          type="email"
          inputMode="email"
          label={t("signup.email")}
          autoComplete="email"
          defaultValue={v?.email}
          error={errors.email}
          autoFocus={focus("email")}
          maxLength={254}
        />
        <TextField
          form="signup"
          name="password"
          type="password"
          label={t("signup.password")}
          autoComplete="new-password"
          hint={t("signup.password_hint")}
          error={errors.password}
          autoFocus={focus("password")}
        />
        <TextField
          form="signup"
          name="password_confirmation"
          type="password"
          label={t("signup.password_confirmation")}
          autoComplete="new-password"
          error={errors.password_confirmation}
          autoFocus={focus("password_confirmation")}
        />
        <CheckboxField form="signup" name="privacy" error={errors.privacy} autoFocus={focus("privacy")}>
          {t("signup.privacy.prefix")} <TextLink to={href("/cms/politica-de-privacidad")}>{t("signup.privacy.link")}</TextLink>
        </CheckboxField>
        {d.professionals && (
          <CheckboxField form="signup" name="professional" hint={t("signup.professional_hint")} defaultChecked={v?.professional} error={errors.professional}>
            {t("signup.professional")}
          </CheckboxField>
        )}
        <SubmitButton busy={busy} className="btn-primary w-full">
          {t("signup.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-700">
        {t("signup.have_account")} <TextLink to={d.loginHref}>{t("signup.login")}</TextLink>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
