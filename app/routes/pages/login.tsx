import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { loginSchema, parseForm } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/stores.ts";
import { CheckboxField, type FieldErrors, FormMessage, firstError, SubmitButton, TextField, TextLink, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { useI18n } from "~/lib/i18n";
import { readStorage, STORAGE_KEYS } from "~/lib/local-store";
import { clientMeta, contextFor, formObject, requireSameOrigin, returnPathAfterLogin, sessionFor, sessionHeaders } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/login";

/** Messages the login page shows after another step sent the customer here (?notice=). */
const NOTICES = ["activated", "activation_failed", "password_reset", "account_deleted", "logged_out"] as const;
type Notice = (typeof NOTICES)[number];
const FIELDS = ["email", "password", "terms"] as const;
/** The most favourites a guest can bring along at login (the local list is capped well below). */
const MAX_LOCAL_FAVOURITES = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store, lang, url } = await storeFor(request, context);
  const here = localePath(lang, "/login");
  // The activation link of the sign-up mail lands here: activate, then show the result once
  // (a reload of /login?activate=... would present a used token).
  const token = url.searchParams.get("activate");
  if (token !== null) {
    const result = await context.services.accounts.activate(contextFor(store), token, clientMeta(context));
    throw redirect(`${here}?notice=${result.ok ? "activated" : "activation_failed"}`);
  }
  const session = await sessionFor(request, context);
  if (session.user) {
    throw redirect(returnPathAfterLogin(url.searchParams.get("next"), localePath(lang, `/profile/${session.user.id}`)), { headers: sessionHeaders(session) });
  }
  const notice = url.searchParams.get("notice");
  const next = url.searchParams.get("next");
  return data(
    {
      lang,
      path: "/login",
      title: t(lang, "page.login.title"),
      description: t(lang, "page.login.intro"),
      notice: (NOTICES as readonly string[]).includes(notice ?? "") ? (notice as Notice) : null,
      askedForLogin: Boolean(next),
      signupHref: `${localePath(lang, "/signup")}${next ? `?next=${encodeURIComponent(next)}` : ""}`,
    },
    { headers: sessionHeaders(session) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { store, lang, url } = await storeFor(request, context);
  const { favourites = "", ...raw } = await formObject(request);
  const parsed = parseForm(loginSchema(lang), raw);
  if (!parsed.ok) {
    return data({ fieldErrors: parsed.fieldErrors as FieldErrors, message: null as string | null, email: raw.email ?? "" }, { status: 400 });
  }
  const { email, password } = parsed.data;
  const result = await context.services.accounts.web.login(request, { email, password }, clientMeta(context));
  if (!result.ok) {
    const status = result.code === "auth.too_many_attempts" ? 429 : 401;
    return data({ fieldErrors: {} as FieldErrors, message: t(lang, `errors.${result.code}`), email }, { status });
  }
  // Spec 4: the favourites a guest kept in this browser move to the account at login.
  const ids = [...new Set(favourites.split(",").map(Number))].filter((n) => Number.isInteger(n) && n > 0).slice(0, MAX_LOCAL_FAVOURITES);
  if (ids.length) {
    await context.services.accounts.setFavourites(contextFor(store, result.auth), ids).catch((err: unknown) => {
      // The login itself succeeded; the browser pushes what is left on the next page.
      console.error(`[${context.requestId}] favourites not merged at login`, err);
    });
  }
  // The cart a guest filled in this browser becomes (or joins) the customer's cart.
  const cartToken = context.services.cart.tokenFromRequest(request);
  if (cartToken) {
    await context.services.cart.mergeGuestCart(contextFor(store, result.auth), cartToken, result.user.id).catch((err: unknown) => {
      console.error(`[${context.requestId}] guest cart not merged at login`, err);
    });
  }
  const to = returnPathAfterLogin(url.searchParams.get("next"), localePath(lang, `/profile/${result.user.id}`));
  throw redirect(to, { headers: sessionHeaders({ user: result.user, setCookie: result.setCookie }) });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);

export default function Login({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const favourites = useRef<HTMLInputElement>(null);
  const busy = useNavigation().state === "submitting";
  useFocusOnError(form, a);
  // The guest's favourites (localStorage) travel with the form, so the server adds them at login.
  useEffect(() => {
    const ids = readStorage<number[]>(STORAGE_KEYS.wishlist, []);
    if (favourites.current && Array.isArray(ids)) favourites.current.value = ids.join(",");
  });
  const errors = a?.fieldErrors ?? {};
  const first = firstError(errors, FIELDS);
  const notice = d.notice;
  return (
    <div>
      <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{d.title}</h1>
      <p className="mt-2 text-slate-700">{d.description}</p>
      <div className="mt-5 space-y-3">
        {notice === "activation_failed" ? (
          <FormMessage kind="error">{t("errors.accounts.activation_failed")}</FormMessage>
        ) : notice ? (
          <FormMessage kind="success">{t(`login.notice.${notice}`)}</FormMessage>
        ) : d.askedForLogin ? (
          <FormMessage kind="info">{t("login.notice.next")}</FormMessage>
        ) : null}
      </div>
      <Form ref={form} method="post" noValidate className="mt-5 space-y-4" data-testid="login-form">
        {a?.message && (
          <FormMessage kind="error" id="login-error">
            {a.message}
          </FormMessage>
        )}
        <input ref={favourites} type="hidden" name="favourites" defaultValue="" />
        <TextField
          form="login"
          name="email"
          type="email"
          label={t("login.email")}
          autoComplete="email"
          inputMode="email"
          defaultValue={a?.email}
          error={errors.email}
          autoFocus={first === "email"}
        />
        <TextField
          form="login"
          name="password"
          type="password"
          label={t("login.password")}
          autoComplete="current-password"
          error={errors.password}
          autoFocus={first === "password"}
        />
        <CheckboxField form="login" name="terms" error={errors.terms} autoFocus={first === "terms"}>
          {t("login.terms.prefix")} <TextLink to={href("/cms/condiciones-de-venta")}>{t("login.terms.link")}</TextLink>
        </CheckboxField>
        <SubmitButton busy={busy} className="btn-primary w-full">
          {t("login.submit")}
        </SubmitButton>
      </Form>
      <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-5 text-sm sm:flex-row sm:items-center sm:justify-between">
        <TextLink to={href("/recuperar-contrasena")}>{t("login.forgot")}</TextLink>
        <p className="text-slate-700">
          {t("login.new_customer")} <TextLink to={d.signupHref}>{t("login.create_account")}</TextLink>
        </p>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
