import "./context.ts";
import { useContext, useEffect, useRef } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  data,
  Links,
  Meta,
  type MetaDescriptor,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  UNSAFE_useScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { consentFromCookies } from "../core/cookies.ts";
import { languageFromPath } from "../core/stores.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { CookieBanner } from "./components/cookie-banner";
import { FooterPart } from "./components/site-footer";
import { ErrorContent, errorStatus, reloadOnChunkError } from "./components/error-page";
import { Logo } from "./components/logo";
import { ProgressBar } from "./components/progress-bar";
import { ToastProvider } from "./components/toasts";
import { useDelegatedLinks } from "./lib/delegated-links";
import { I18nProvider, useI18n } from "./lib/i18n";
import { useNonce } from "./lib/nonce";
import { packedMenus } from "./lib/menus.server";
import type { RootData } from "./lib/root-data";
import { contextFor, favouriteIds, PRIVATE, sessionFor, sessionHeaders } from "./lib/session.server";
import { cartBadge } from "./features/cart/cart.server";
import { storeFor } from "./lib/store.server";

export const links: Route.LinksFunction = () => [
  // With a precedence React writes it at the top of the head (before the scripts' preloads and the
  // structured data): the one render-blocking request starts first.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store, lang, path } = await storeFor(request, context);
  const { stores, config } = context.services;
  const session = await sessionFor(request, context);
  const [main, footer, favourites, cart] = await Promise.all([
    stores.menu(store.id, "main"),
    stores.menu(store.id, "footer", path),
    session.auth ? favouriteIds(context, contextFor(store, session.auth)) : [],
    cartBadge(request, context),
    // The footer is an island: the server renders it only once its code is loaded (once per process).
    FooterPart.preload(),
  ]);
  const user = session.user;
  // The same parser as the page cache's key (server/lib/page-cache.ts): one reading of the header.
  const consent = consentFromCookies(request.headers.get("cookie"));
  // A signed-in page carries the customer's name: never cached (see session.server.ts), and the
  // refreshed session cookies go out with it.
  const rootData: RootData = {
    lang,
    origin: config.publicUrl,
    store: {
      sourceCode: store.sourceCode,
      name: store.name,
      supportPhone: store.supportPhone,
      supportEmail: store.supportEmail,
      features: store.features,
    },
    menus: packedMenus(main, footer),
    consent,
    year: new Date().getFullYear(),
    user: user ? { id: user.id, name: user.name, surnames: user.surnames, professional: user._type === "professional" } : null,
    favourites,
    cart,
  };
  const headers = sessionHeaders(session);
  // The header shows this visitor's cart counter: a page with a cart is theirs alone.
  if (cart) headers.set("Cache-Control", PRIVATE);
  return data(rootData, { headers });
}

export { passCacheControl as headers } from "./lib/cache-headers";

// Set while a customer is signed in: every navigation then reloads the root data, so the session
// is read (and its refreshed cookies sent) on each request, and the header follows the account.
let signedIn = false;

// Menus and store switches only change with a reseed: no need to reload them on every navigation.
export function shouldRevalidate({ currentUrl, nextUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (signedIn) return true;
  if (formAction?.endsWith("/cookies")) return true;
  if (languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname)) return true;
  if (currentUrl.pathname !== nextUrl.pathname) return true; // footer menu depends on the path
  return formAction ? defaultShouldRevalidate : false;
}

const IN_BROWSER = typeof document !== "undefined";

/**
 * The server writes the whole document; in the browser the shop hydrates only the `#app` element
 * (app/entry.client.tsx), so the head, the scripts and the messages stay the server's. The
 * browser's Preact (vite.config.ts) would otherwise claim the head React filled with hoisted
 * resources and remove what it does not render itself. After a client-side navigation the head
 * follows the page through BrowserHead.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const lang = data?.lang ?? languageFromPath(location.pathname);
  const nonce = useNonce();
  const app = (
    <I18nProvider lang={lang}>
      <ToastProvider>{children}</ToastProvider>
    </I18nProvider>
  );
  if (IN_BROWSER) {
    return (
      <>
        <BrowserHead lang={lang} />
        {app}
      </>
    );
  }
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
        <div id="app" className="contents">
          {app}
        </div>
        <ScrollRestoration getKey={scrollKey} nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

const scrollKey = (loc: { key: string }) => loc.key;

/**
 * What React Router's Meta, Links and ScrollRestoration do in the browser, for a page that does
 * not render the head: the title, description and canonical address of the page shown, the
 * document's language, and the scroll position kept per history entry.
 */
function BrowserHead({ lang }: { lang: string }) {
  UNSAFE_useScrollRestoration({ getKey: scrollKey });
  const routeModules: Record<string, { meta?: unknown } | undefined> = useContext(UNSAFE_FrameworkContext)?.routeModules ?? {};
  const matches = useMatches();
  const location = useLocation();
  const error = useRouteError();
  // The server wrote the first page's head: only the pages after it need one from here.
  const first = useRef(true);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the head follows the page shown (its location)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const metaMatches = matches.map((m) => ({ ...m, data: m.loaderData, meta: [] as MetaDescriptor[], error: undefined }));
    let meta: MetaDescriptor[] = [];
    for (const m of metaMatches) {
      const fn = routeModules[m.id]?.meta as ((args: unknown) => MetaDescriptor[] | undefined) | undefined;
      if (fn) meta = fn({ data: m.data, params: m.params, location, matches: metaMatches, error }) ?? meta;
      m.meta = meta;
    }
    headFrom(meta);
  }, [location.key, error]);
  return null;
}

/** Writes a page's title, description and canonical link into the document's head. */
function headFrom(meta: MetaDescriptor[]) {
  for (const d of meta) {
    if ("title" in d && typeof d.title === "string") document.title = d.title;
    else if ("name" in d && d.name === "description" && "content" in d) {
      document.querySelector('meta[name="description"]')?.setAttribute("content", String(d.content));
    } else if ("tagName" in d && d.tagName === "link" && d.rel === "canonical") {
      document.querySelector('link[rel="canonical"]')?.setAttribute("href", String(d.href));
    }
  }
}

// The messages the page used are added at the end of the document by app/entry.server.tsx (as
// JSON data, not executed, so outside the CSP's script rules), once the whole render is known;
// app/entry.client.tsx hydrates after they are parsed.

// ScrollRestoration scrolls PUSH/REPLACE navigations to the top and restores back/forward.
export default function App({ loaderData }: Route.ComponentProps) {
  signedIn = loaderData.user !== null;
  useDelegatedLinks();
  useEffect(() => {
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => {
      reloadOnChunkError("reason" in e ? e.reason : (e.error ?? e.message));
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
      {/* Fixed to the bottom of the screen, but first in the document: it paints with the page's
          first bytes instead of after the whole of it (it is the largest text of a first visit's
          screen), and keyboard and screen reader users meet the choice before the page. */}
      <CookieBanner consent={loaderData.consent} />
      <ProgressBar />
      <Outlet />
    </>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      href="#content"
      className="sr-only z-[80] rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
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
        <div className="container-shop flex h-16 items-center">
          <Logo />
        </div>
      </header>
      <main id="content">
        <ErrorContent status={status} />
      </main>
    </>
  );
}
