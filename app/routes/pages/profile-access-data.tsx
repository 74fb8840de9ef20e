import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { changeEmailSchema, changePasswordSchema, parseForm, profileSchema } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { type FieldErrors, FormMessage, firstError, SubmitButton, TextField, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { DoneNotice, Panel, ProfileHeading } from "~/features/accounts/profile-ui";
import { backTo, doneMessage, pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { formObject, requireProfile, requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/profile-access-data";

const DONE = { personal: "profile.personal.done", email: "profile.email.done", password: "profile.password.done" };
type Intent = "personal" | "email" | "password";
type Answer = { intent: Intent; fieldErrors: FieldErrors; message: string | null; values: Record<string, string> };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  return profileData(p, {
    ...pageBase(p, "profile.section.access-data", "/access-data"),
    user: { name: p.user.name, surnames: p.user.surnames, phone: p.user.phone ?? "", email: p.user.email },
    done: doneMessage(p.lang, p.url, DONE),
  });
}

/** Three forms, one per intent: personal data, a new email (asks for the password), a new password. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const p = await requireProfile(request, context, params);
  const { intent, ...raw } = await formObject(request);
  const accounts = context.services.accounts;
  const fail = (i: Intent, fieldErrors: FieldErrors, status = 400, message: string | null = null) =>
    profileData<Answer>(
      p,
      { intent: i, fieldErrors, message, values: { name: raw.name ?? "", surnames: raw.surnames ?? "", phone: raw.phone ?? "", email: raw.email ?? "" } },
      status,
    );
  const wrongPassword = t(p.lang, "errors.accounts.wrong_password");
  switch (intent) {
    case "personal": {
      const parsed = parseForm(profileSchema(p.lang), { name: raw.name, surnames: raw.surnames, phone: raw.phone ?? "" });
      if (!parsed.ok) return fail("personal", parsed.fieldErrors);
      const r = await accounts.updateClient(p.ctx, p.user.id, parsed.data);
      if (!r.ok) return fail("personal", {}, 404, t(p.lang, "errors.accounts.not_found"));
      backTo(p, "/access-data", "personal");
      break;
    }
    case "email": {
      const parsed = parseForm(changeEmailSchema(p.lang), { email: raw.email, current_password: raw.current_password });
      if (!parsed.ok) return fail("email", parsed.fieldErrors);
      const r = await accounts.changeEmail(p.ctx, p.user.id, parsed.data);
      if (!r.ok) {
        if (r.code === "accounts.wrong_password") return fail("email", { current_password: wrongPassword });
        if (r.code === "accounts.email_taken") return fail("email", { email: t(p.lang, "errors.accounts.email_taken") }, 409);
        if (r.code === "auth.too_many_attempts") return fail("email", {}, 429, t(p.lang, "errors.auth.too_many_attempts"));
        return fail("email", {}, 404, t(p.lang, "errors.accounts.not_found"));
      }
      backTo(p, "/access-data", "email");
      break;
    }
    case "password": {
      const parsed = parseForm(changePasswordSchema(p.lang), {
        current_password: raw.current_password,
        password: raw.password,
        password_confirmation: raw.password_confirmation,
      });
      if (!parsed.ok) return fail("password", parsed.fieldErrors);
      // A new password ends every other session of the account (a thief's included); this one stays.
      const r = await accounts.changePassword(p.ctx, p.user.id, parsed.data, { keepSession: p.session.sessionId ?? undefined });
      if (!r.ok) {
        if (r.code === "accounts.wrong_password") return fail("password", { current_password: wrongPassword });
        if (r.code === "auth.too_many_attempts") return fail("password", {}, 429, t(p.lang, "errors.auth.too_many_attempts"));
        return fail("password", {}, 404, t(p.lang, "errors.accounts.not_found"));
      }
      backTo(p, "/access-data", "password");
      break;
    }
  }
  return fail("personal", {}, 400, t(p.lang, "errors.validation"));
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function AccessData({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t } = useI18n();
  const nav = useNavigation();
  const busyWith = nav.state === "submitting" ? nav.formData?.get("intent") : null;
  const personal = useRef<HTMLFormElement>(null);
  const email = useRef<HTMLFormElement>(null);
  const password = useRef<HTMLFormElement>(null);
  const answer = a as Answer | undefined;
  const errs = (i: Intent) => (answer?.intent === i ? answer.fieldErrors : {});
  useFocusOnError(answer?.intent === "personal" ? personal : answer?.intent === "email" ? email : password, answer);
  const v = answer?.values;
  const pe = errs("personal");
  const ee = errs("email");
  const pw = errs("password");
  const firstP = firstError(pe, ["name", "surnames", "phone"]);
  const firstE = firstError(ee, ["email", "current_password"]);
  const firstW = firstError(pw, ["current_password", "password", "password_confirmation"]);
  const message = (i: Intent) =>
    answer?.intent === i && answer.message ? (
      <div className="sm:col-span-2">
        <FormMessage kind="error">{answer.message}</FormMessage>
      </div>
    ) : null;
  return (
    <div>
      <ProfileHeading title={d.title} />
      <DoneNotice message={d.done} />
      <div className="space-y-6">
        <Panel title={t("profile.personal.title")} id="personal">
          <Form ref={personal} method="post" noValidate className="grid gap-4 sm:grid-cols-2" data-testid="personal-form">
            <input type="hidden" name="intent" value="personal" />
            {message("personal")}
            <TextField
              form="personal"
              name="name"
              label={t("profile.personal.name")}
              autoComplete="given-name"
              defaultValue={answer?.intent === "personal" ? v?.name : d.user.name}
              error={pe.name}
              autoFocus={firstP === "name"}
              maxLength={100}
            />
            <TextField
              form="personal"
              name="surnames"
              label={t("profile.personal.surnames")}
              autoComplete="family-name"
              defaultValue={answer?.intent === "personal" ? v?.surnames : d.user.surnames}
              error={pe.surnames}
              autoFocus={firstP === "surnames"}
              maxLength={100}
            />
            <TextField
              form="personal"
              name="phone"
              type="tel"
              inputMode="tel"
              optional
              label={t("profile.personal.phone")}
              autoComplete="tel"
              defaultValue={answer?.intent === "personal" ? v?.phone : d.user.phone}
              error={pe.phone}
              autoFocus={firstP === "phone"}
              maxLength={30}
            />
            <div className="sm:col-span-2">
              <SubmitButton busy={busyWith === "personal"}>{t("profile.personal.submit")}</SubmitButton>
            </div>
          </Form>
        </Panel>
        <Panel title={t("profile.email.title")} id="email">
          <p className="mb-4 text-sm text-slate-700">{t("profile.email.current", { email: d.user.email })}</p>
          <Form ref={email} method="post" noValidate className="grid gap-4 sm:grid-cols-2" data-testid="email-form">
            <input type="hidden" name="intent" value="email" />
            {message("email")}
            <TextField
              form="email"
              name="email"
              type="email"
              inputMode="email"
              label={t("profile.email.new")}
              autoComplete="email"
              defaultValue={answer?.intent === "email" ? v?.email : ""}
              error={ee.email}
              autoFocus={firstE === "email"}
              maxLength={254}
            />
            <TextField
              form="email"
              name="current_password"
              type="password"
              label={t("profile.email.password")}
              autoComplete="current-password"
              error={ee.current_password}
              autoFocus={firstE === "current_password"}
            />
            <div className="sm:col-span-2">
              <SubmitButton busy={busyWith === "email"}>{t("profile.email.submit")}</SubmitButton>
            </div>
          </Form>
        </Panel>
        <Panel title={t("profile.password.title")} id="password">
          <Form ref={password} method="post" noValidate className="grid gap-4 sm:grid-cols-2" data-testid="password-form">
            <input type="hidden" name="intent" value="password" />
            {message("password")}
            <TextField
              form="password"
              name="current_password"
              type="password"
              label={t("profile.password.current")}
              autoComplete="current-password"
              error={pw.current_password}
              autoFocus={firstW === "current_password"}
              className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
            />
            <TextField
              form="password"
              name="password"
              type="password"
              label={t("profile.password.new")}
              autoComplete="new-password"
              hint={t("signup.password_hint")}
              error={pw.password}
              autoFocus={firstW === "password"}
            />
            <TextField
              form="password"
              name="password_confirmation"
              type="password"
              label={t("profile.password.confirmation")}
              autoComplete="new-password"
              error={pw.password_confirmation}
              autoFocus={firstW === "password_confirmation"}
            />
            <div className="sm:col-span-2">
              <SubmitButton busy={busyWith === "password"}>{t("profile.password.submit")}</SubmitButton>
            </div>
          </Form>
        </Panel>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
