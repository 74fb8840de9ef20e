import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, NavLink, Outlet, useLocation, useMatches } from "react-router";
import type { Permission } from "@core/staff-permissions";
import { api, setApiLanguage, unwrap } from "../api/client";
import { defineMessages, LangContext, useT } from "../lib/i18n";
import { ME_KEY, MeProvider, useMeQuery, useSignedOutListener } from "../lib/session";
import { NAV_GROUPS, SCREENS } from "../screens";
import { Alert, Button, cx, Spinner } from "./ui";

const messages = defineMessages({
  es: {
    skip: "Saltar al contenido",
    menu: "Menú",
    mainNav: "Navegación del panel",
    loading: "Cargando…",
    logout: "Cerrar sesión",
    account: "Mi cuenta",
    language: "Idioma",
    forbiddenTitle: "No tienes permiso para abrir esta pantalla",
    forbidden: "Tu rol no incluye esta parte del panel. Si la necesitas, pídesela a un propietario.",
    store: "Ver la tienda",
    roles_owner: "Propietario",
    roles_manager: "Gerente",
    roles_support: "Atención al cliente",
    roles_warehouse: "Almacén",
    roles_accountant: "Contabilidad",
    roles_installer_coordinator: "Coordinación de instalaciones",
  },
  fr: {
    skip: "Aller au contenu",
    menu: "Menu",
    mainNav: "Navigation de l'administration",
    loading: "Chargement…",
    logout: "Se déconnecter",
    account: "Mon compte",
    language: "Langue",
    forbiddenTitle: "Vous n'avez pas accès à cet écran",
    forbidden: "Votre rôle n'inclut pas cette partie de l'administration. Demandez-la à un propriétaire si besoin.",
    store: "Voir la boutique",
    roles_owner: "Propriétaire",
    roles_manager: "Responsable",
    roles_support: "Service client",
    roles_warehouse: "Entrepôt",
    roles_accountant: "Comptabilité",
    roles_installer_coordinator: "Coordination des installations",
  },
});
export { messages as layoutMessages };

/**
 * The signed-in frame: the menu of the screens the role may open (grouped), the member's name,
 * role, language switch and logout. Sends a signed-out visitor to the login screen, a login
 * waiting for its code to the code screen, and a role that needs two-factor to its enrolment.
 */
export function Layout() {
  useSignedOutListener();
  const me = useMeQuery();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  if (me.isPending) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner label="…" />
      </div>
    );
  }
  if (me.error) return <Alert tone="error">{String((me.error as Error).message)}</Alert>;
  if (!me.data) return <Navigate to={`/login?next=${next}`} replace />;
  if (me.data.state === "mfa") return <Navigate to={`/login/code?next=${next}`} replace />;
  if (me.data.state === "enrol") return <Navigate to="/two-factor" replace />;
  return (
    <LangContext.Provider value={me.data.language}>
      <MeProvider me={me.data}>
        <Frame me={me.data} />
      </MeProvider>
    </LangContext.Provider>
  );
}

function Frame({ me }: { me: NonNullable<ReturnType<typeof useMeQuery>["data"]> }) {
  const t = useT(messages);
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const matches = useMatches();
  const lang = me.language;
  useEffect(() => setApiLanguage(lang), [lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu on every navigation
  useEffect(() => setOpen(false), [location.pathname]);
  const logout = useMutation({
    mutationFn: () => unwrap(api.POST("/api/admin/v1/auth/logout/")),
    onSettled: () => qc.setQueryData(ME_KEY, null),
  });
  const switchLang = useMutation({
    mutationFn: (language: "es" | "fr") => unwrap(api.PUT("/api/admin/v1/auth/language/", { body: { language } })),
    onSuccess: (m) => qc.setQueryData(ME_KEY, m),
  });
  const allowed = (p?: Permission) => !p || me.permissions.includes(p);
  const needed = [...matches].reverse().find((m) => (m.handle as { permission?: Permission } | undefined)?.permission)?.handle as
    | { permission?: Permission }
    | undefined;
  const nav = SCREENS.filter((s) => s.nav && allowed(s.permission)).sort((a, b) => a.nav!.order - b.nav!.order);
  const groups = Object.entries(NAV_GROUPS)
    .map(([g, label]) => ({ g, label, items: nav.filter((s) => s.nav!.group === g) }))
    .filter((x) => x.items.length);
  const roleLabel = t(`roles_${me.role}` as keyof typeof messages.es);

  return (
    <div className="min-h-screen lg:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("skip")}
      </a>
      <aside className={cx("border-r border-slate-200 bg-slate-900 text-slate-100 lg:block lg:w-60 lg:shrink-0", open ? "block" : "hidden")}>
        <div className="hidden px-4 py-4 text-lg font-semibold lg:block">
          BañoDirecto <span className="text-sm font-normal text-slate-300">· panel</span>
        </div>
        <nav aria-label={t("mainNav")} className="px-2 pb-4">
          {groups.map(({ g, label, items }) => (
            <div key={g} className="mt-3">
              <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-300">{label[lang]}</p>
              <ul>
                {items.map((s) => (
                  <li key={s.path}>
                    <NavLink
                      to={`/${s.path}`}
                      end={s.path === ""}
                      className={({ isActive }) =>
                        cx("block rounded-md px-2 py-2 text-sm", isActive ? "bg-slate-700 font-semibold text-white" : "text-slate-100 hover:bg-slate-800")
                      }
                    >
                      {s.nav!.label[lang]}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2">
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="rounded-md border border-slate-300 px-3 py-2 text-sm lg:hidden"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {t("menu")}
            </button>
            <span className="font-semibold lg:hidden">BañoDirecto</span>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-slate-700">
              <span className="font-medium text-slate-900">{me.name || me.email}</span> · {roleLabel}
            </span>
            <label className="flex items-center gap-1">
              <span className="sr-only">{t("language")}</span>
              <select
                className="rounded-md border border-slate-300 bg-white px-2 py-1"
                value={lang}
                onChange={(e) => switchLang.mutate(e.target.value as "es" | "fr")}
              >
                <option value="es">Español</option>
                <option value="fr">Français</option>
              </select>
            </label>
            <NavLink to="/account" className="text-brand-700 underline-offset-2 hover:underline">
              {t("account")}
            </NavLink>
            <Button variant="secondary" onClick={() => logout.mutate()} busy={logout.isPending}>
              {t("logout")}
            </Button>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-7xl p-4 lg:p-6">
          {allowed(needed?.permission) ? (
            <Outlet />
          ) : (
            <Alert tone="warning" title={t("forbiddenTitle")}>
              {t("forbidden")}
            </Alert>
          )}
        </main>
      </div>
    </div>
  );
}
