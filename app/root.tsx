import "./context.ts";
import { useEffect } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { getDictionary } from "../core/i18n/dictionaries.ts";
import { type Language, languageFromPath } from "../core/stores.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { CookieBanner } from "./components/cookie-banner";
import { ErrorContent, errorStatus, reloadOnChunkError } from "./components/error-page";
import { Logo } from "./components/logo";
import { ProgressBar } from "./components/progress-bar";
import { ToastProvider } from "./components/toasts";
import { I18nProvider, useI18n } from "./lib/i18n";
import type { RootData } from "./lib/root-data";
import { storeFor } from "./lib/store.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { store, lang, path } = await storeFor(request, context);
  const { stores, config } = context.services;
  const [main, footer] = await Promise.all([
    stores.menu(store.id, "main"),
    stores.menu(store.id, "footer", path),
  ]);
  const consent = /(?:^|;\s*)cookie_consent=(accepted|rejected)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? null;
  return {
    lang,
    origin: config.publicUrl,
    store: {
      sourceCode: store.sourceCode,
      name: store.name,
      supportPhone: store.supportPhone,
      supportEmail: store.supportEmail,
      features: store.features,
    },
    menus: { main, footer },
    consent: consent as RootData["consent"],
    year: new Date().getFullYear(),
  };
}

// Menus and store switches only change with a reseed: no need to reload them on every navigation.
export function shouldRevalidate({ currentUrl, nextUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.endsWith("/cookies")) return true;
  if (languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname)) return true;
  if (currentUrl.pathname !== nextUrl.pathname) return true; // footer menu depends on the path
  return formAction ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const lang = data?.lang ?? languageFromPath(location.pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a2e3c" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <Messages lang={lang} />
        <I18nProvider lang={lang}>
          <ToastProvider>{children}</ToastProvider>
        </I18nProvider>
        <ScrollRestoration getKey={(loc) => loc.key} />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The page language's messages as JSON data (not executed, so outside the CSP's script rules),
 * read by the browser build's dictionaries.client.ts before anything is hydrated.
 */
function Messages({ lang }: { lang: Language }) {
  const json = JSON.stringify(getDictionary(lang)).replace(/</g, "\\u003c");
  return <script id={`i18n-${lang}`} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

// ScrollRestoration scrolls PUSH/REPLACE navigations to the top and restores back/forward.
export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => {
      reloadOnChunkError("reason" in e ? e.reason : e.error ?? e.message);
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onError);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onError);
    };
  }, []);
  return (
    <>
      <SkipLink />
      <ProgressBar />
      <Outlet />
      <CookieBanner consent={loaderData.consent} />
    </>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a href="#content" className="sr-only z-[80] rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
      {t("nav.skip_to_content")}
    </a>
  );
}

/** Last resort: the layout itself failed. A minimal header, the error and a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="container-shop flex h-16 items-center"><Logo /></div>
      </header>
      <main id="content">
        <ErrorContent status={status} />
      </main>
    </>
  );
}
