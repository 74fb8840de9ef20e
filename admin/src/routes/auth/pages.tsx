import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Navigate, type RouteObject, useNavigate, useSearchParams } from "react-router";
import { api, setApiLanguage, unwrap } from "../../api/client";
import { Alert, Button, ErrorText, Field, Spinner } from "../../components/ui";
import { defineMessages, type Lang, LangContext, useT } from "../../lib/i18n";
import { ME_KEY, useMeQuery } from "../../lib/session";

const messages = defineMessages({
  es: {
    brand: "BañoDirecto · panel de gestión",
    loginTitle: "Acceso del equipo",
    loginIntro: "Solo para el personal de la tienda. Los clientes entran desde la tienda.",
    email: "Email",
    password: "Contraseña",
    login: "Entrar",
    codeTitle: "Verificación en dos pasos",
    codeIntro: "Escribe el código de 6 cifras que muestra tu aplicación de autenticación.",
    code: "Código de 6 cifras",
    useRecovery: "Usar un código de recuperación",
    useApp: "Usar la aplicación de autenticación",
    recovery: "Código de recuperación",
    verify: "Verificar",
    enrolTitle: "Activa la verificación en dos pasos",
    enrolIntro:
      "Tu rol la exige (o la has elegido). Escanea el código QR con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y escribe el código que muestre.",
    manualKey: "¿No puedes escanear? Escribe esta clave en la aplicación:",
    activate: "Activar",
    codesTitle: "Guarda tus códigos de recuperación",
    codesIntro: "Cada código sirve una vez si pierdes el móvil. No se volverán a mostrar: guárdalos en un lugar seguro.",
    codesDone: "Los he guardado: ir al panel",
    setupTitle: "Crear el primer propietario",
    setupIntro: "Este enlace de un solo uso crea la cuenta del propietario de la tienda.",
    name: "Nombre",
    passwordHint: "Al menos 10 caracteres.",
    create: "Crear la cuenta",
    acceptTitle: "Elige tu contraseña",
    acceptIntro: "Te han invitado al panel de la tienda. Elige una contraseña para entrar.",
    save: "Guardar y entrar",
    noToken: "Falta el enlace: ábrelo desde el email que has recibido.",
    language: "Idioma",
  },
  fr: {
    brand: "BañoDirecto · administration",
    loginTitle: "Accès de l'équipe",
    loginIntro: "Réservé au personnel de la boutique. Les clients se connectent depuis la boutique.",
    email: "E-mail",
    password: "Mot de passe",
    login: "Se connecter",
    codeTitle: "Validation en deux étapes",
    codeIntro: "Saisissez le code à 6 chiffres affiché par votre application d'authentification.",
    code: "Code à 6 chiffres",
    useRecovery: "Utiliser un code de secours",
    useApp: "Utiliser l'application d'authentification",
    recovery: "Code de secours",
    verify: "Valider",
    enrolTitle: "Activez la validation en deux étapes",
    enrolIntro:
      "Votre rôle l'exige (ou vous l'avez choisie). Scannez le QR code avec une application d'authentification (Google Authenticator, Microsoft Authenticator, 1Password…) et saisissez le code affiché.",
    manualKey: "Impossible de scanner ? Saisissez cette clé dans l'application :",
    activate: "Activer",
    codesTitle: "Conservez vos codes de secours",
    codesIntro: "Chaque code sert une fois si vous perdez votre téléphone. Ils ne seront plus affichés : gardez-les en lieu sûr.",
    codesDone: "Je les ai conservés : aller à l'administration",
    setupTitle: "Créer le premier propriétaire",
    setupIntro: "Ce lien à usage unique crée le compte du propriétaire de la boutique.",
    name: "Nom",
    passwordHint: "Au moins 10 caractères.",
    create: "Créer le compte",
    acceptTitle: "Choisissez votre mot de passe",
    acceptIntro: "Vous êtes invité sur l'administration de la boutique. Choisissez un mot de passe pour entrer.",
    save: "Enregistrer et entrer",
    noToken: "Lien manquant : ouvrez-le depuis l'e-mail reçu.",
    language: "Langue",
  },
});

/** Before login the language is the browser's (or the last one chosen here). */
function guessLang(): Lang {
  const saved = localStorage.getItem("bd-admin-lang");
  if (saved === "es" || saved === "fr") return saved;
  return navigator.language.toLowerCase().startsWith("fr") ? "fr" : "es";
}

function Shell({ children }: { children: ReactNode }) {
  const [lang, setLang] = useState<Lang>(guessLang);
  setApiLanguage(lang);
  return (
    <LangContext.Provider value={lang}>
      <div className="grid min-h-screen place-items-center bg-slate-100 p-4">
        <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="mb-4 flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-slate-700">BañoDirecto</p>
            <label className="text-sm">
              <span className="sr-only">{messages[lang].language}</span>
              <select
                className="rounded-md border border-slate-300 px-2 py-1"
                value={lang}
                onChange={(e) => {
                  const l = e.target.value as Lang;
                  localStorage.setItem("bd-admin-lang", l);
                  setLang(l);
                }}
              >
                <option value="es">Español</option>
                <option value="fr">Français</option>
              </select>
            </label>
          </div>
          {children}
        </main>
      </div>
    </LangContext.Provider>
  );
}

const safeNext = (next: string | null) => (next && /^\/(?!\/)[\w\-/?=&%.]*$/.test(next) ? next.replace(/^\/admin/, "") || "/" : "/");

/** After a login step, where the answer's state leads. */
function useAfterLogin() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (state: "mfa" | "enrol" | "active") => {
    await qc.invalidateQueries({ queryKey: ME_KEY });
    const next = params.get("next");
    if (state === "mfa") navigate(`/login/code${next ? `?next=${encodeURIComponent(next)}` : ""}`);
    else if (state === "enrol") navigate("/two-factor");
    else navigate(safeNext(next), { replace: true });
  };
}

function LoginPage() {
  const t = useT(messages);
  const after = useAfterLogin();
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST("/api/admin/v1/auth/login/", { body })),
    onSuccess: (r) => after(r.state),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    login.mutate({ email: String(f.get("email")), password: String(f.get("password")) });
  };
  return (
    <>
      <h1 className="text-xl font-semibold">{t("loginTitle")}</h1>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t("loginIntro")}</p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <ErrorText error={login.error} />
        <Field label={t("email")} name="email" type="email" autoComplete="username" required />
        <Field label={t("password")} name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" busy={login.isPending}>
          {t("login")}
        </Button>
      </form>
    </>
  );
}

function CodePage() {
  const t = useT(messages);
  const after = useAfterLogin();
  const [recovery, setRecovery] = useState(false);
  const verify = useMutation({
    mutationFn: (body: { code?: string; recovery_code?: string }) => unwrap(api.POST("/api/admin/v1/auth/second-factor/", { body })),
    onSuccess: () => after("active"),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get("code") ?? "").trim();
    verify.mutate(recovery ? { recovery_code: v } : { code: v.replace(/\s/g, "") });
  };
  return (
    <>
      <h1 className="text-xl font-semibold">{t("codeTitle")}</h1>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t("codeIntro")}</p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <ErrorText error={verify.error} />
        {recovery ? (
          <Field key="r" label={t("recovery")} name="code" autoComplete="off" required />
        ) : (
          <Field key="c" label={t("code")} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
        )}
        <Button type="submit" busy={verify.isPending}>
          {t("verify")}
        </Button>
        <button type="button" className="text-sm text-brand-700 underline" onClick={() => setRecovery((r) => !r)}>
          {recovery ? t("useApp") : t("useRecovery")}
        </button>
      </form>
    </>
  );
}

/** Two-factor enrolment: QR code, the key typed by hand, the first code, then the recovery codes once. */
export function EnrolForm({ onDone }: { onDone: () => void }) {
  const t = useT(messages);
  const qc = useQueryClient();
  const setup = useMutation({ mutationFn: () => unwrap(api.POST("/api/admin/v1/auth/totp/setup/", { body: {} })) });
  const enable = useMutation({
    mutationFn: (code: string) => unwrap(api.POST("/api/admin/v1/auth/totp/enable/", { body: { code } })),
    onSuccess: (r) => qc.setQueryData(ME_KEY, r.me),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once per screen (React's strict mode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);
  if (enable.data) {
    return (
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t("codesTitle")}</h2>
        <p className="text-sm text-slate-600">{t("codesIntro")}</p>
        <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm" aria-label={t("codesTitle")}>
          {enable.data.recovery_codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button onClick={onDone}>{t("codesDone")}</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t("enrolIntro")}</p>
      <ErrorText error={setup.error} />
      {setup.data ? (
        <>
          <div className="mx-auto w-48" role="img" aria-label="QR" dangerouslySetInnerHTML={{ __html: setup.data.qr_svg }} />
          <p className="text-sm">
            {t("manualKey")}{" "}
            <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">
              {setup.data.secret}
            </code>
          </p>
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              enable.mutate(String(new FormData(e.currentTarget).get("code") ?? "").replace(/\s/g, ""));
            }}
          >
            <ErrorText error={enable.error} />
            <Field label={t("code")} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
            <Button type="submit" busy={enable.isPending}>
              {t("activate")}
            </Button>
          </form>
        </>
      ) : (
        <Spinner label="…" />
      )}
    </div>
  );
}

function EnrolPage() {
  const t = useT(messages);
  const me = useMeQuery();
  const navigate = useNavigate();
  if (me.isPending) return <Spinner label="…" />;
  if (!me.data) return <Navigate to="/login" replace />;
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("enrolTitle")}</h1>
      <EnrolForm onDone={() => navigate("/", { replace: true })} />
    </>
  );
}

function TokenForm({ kind }: { kind: "setup" | "accept" }) {
  const t = useT(messages);
  const [params] = useSearchParams();
  const token = params.get("token");
  const after = useAfterLogin();
  const [lang] = useState(guessLang);
  const go = useMutation({
    mutationFn: async (f: FormData) => {
      const password = String(f.get("password") ?? "");
      if (kind === "setup") {
        return unwrap(
          api.POST("/api/admin/v1/auth/setup/", {
            body: { token: token!, email: String(f.get("email") ?? ""), name: String(f.get("name") ?? ""), password, language: lang },
          }),
        );
      }
      return unwrap(api.POST("/api/admin/v1/auth/accept/", { body: { token: token!, password } }));
    },
    onSuccess: (r) => after(r.state),
  });
  if (!token) return <Alert tone="error">{t("noToken")}</Alert>;
  return (
    <>
      <h1 className="text-xl font-semibold">{kind === "setup" ? t("setupTitle") : t("acceptTitle")}</h1>
      <p className="mb-4 mt-1 text-sm text-slate-600">{kind === "setup" ? t("setupIntro") : t("acceptIntro")}</p>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          go.mutate(new FormData(e.currentTarget));
        }}
      >
        <ErrorText error={go.error} />
        {kind === "setup" ? (
          <>
            <Field label={t("name")} name="name" autoComplete="name" required />
            <Field label={t("email")} name="email" type="email" autoComplete="username" required />
          </>
        ) : null}
        <Field label={t("password")} name="password" type="password" autoComplete="new-password" minLength={10} hint={t("passwordHint")} required />
        <Button type="submit" busy={go.isPending}>
          {kind === "setup" ? t("create") : t("save")}
        </Button>
      </form>
    </>
  );
}

const page = (C: () => ReactNode) => () => (
  <Shell>
    <C />
  </Shell>
);

/** The screens before a full session: login, second factor, enrolment, first owner, invitation. */
export const AuthRoutes: RouteObject[] = [
  { path: "/login", Component: page(LoginPage) },
  { path: "/login/code", Component: page(CodePage) },
  { path: "/two-factor", Component: page(EnrolPage) },
  { path: "/setup", Component: page(() => <TokenForm kind="setup" />) },
  { path: "/accept", Component: page(() => <TokenForm kind="accept" />) },
];
