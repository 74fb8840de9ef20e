import { type AppLoadContext, data, redirect } from "react-router";
import type { ClientDto } from "../../core/accounts.types.ts";
import { safeReturnPath } from "../../core/safe-path.ts";
import { type Language, localePath } from "../../core/stores.ts";
import { type AuthUser, contextFor, type RequestContext } from "../../server/lib/request-context.ts";

/** Service context of a page request: the store, and the signed-in customer when there is one. */
export { contextFor };
import type { Store } from "../../server/modules/stores/stores.service.ts";
import { notFound, storeFor } from "./store.server";

/** The signed-in customer of a request (or nobody) and the cookies the response must carry. */
export type Session = { user: ClientDto | null; auth: AuthUser | null; sessionId: string | null; setCookie: string[] };

/** A customer's user-data pages are theirs alone: no shared cache, no browser cache. */
export const PRIVATE = "private, no-store";

// One session per HTTP request, keyed by the load context (one object per request in server/ssr.ts),
// not by the Request: React Router hands the loaders that run after an action a NEW Request, and a
// second read with the same expired access token would rotate the refresh token twice -- the second
// rotation would present an already-used token and revoke the customer's whole session family.
const sessions = new WeakMap<object, Promise<Session>>();

/** What `read` answers for this HTTP request, read once (kept with the request's load context). */
export function oncePerRequest<T>(cache: WeakMap<object, Promise<T>>, context: AppLoadContext, read: () => Promise<T>): Promise<T> {
  let p = cache.get(context);
  if (!p) {
    p = read();
    cache.set(context, p);
  }
  return p;
}

/** The session of this request (read once; the refresh-token rotation happens at most once). */
export function sessionFor(request: Request, context: AppLoadContext): Promise<Session> {
  return oncePerRequest(sessions, context, () =>
    context.services.accounts.web
      .session(request, clientMeta(context))
      .then((w) => ({ user: w.user, auth: w.user ? w.auth : null, sessionId: w.sessionId, setCookie: w.setCookie })),
  );
}

/** Headers for a response of this session: its Set-Cookie values and, when personal, no caching. */
export function sessionHeaders(session: Pick<Session, "setCookie" | "user">, extra: string[] = []): Headers {
  const h = new Headers();
  for (const c of [...session.setCookie, ...extra]) h.append("Set-Cookie", c);
  if (session.user || session.setCookie.length || extra.length) h.set("Cache-Control", PRIVATE);
  return h;
}

/** The client IP for the accounts service's throttling, when the load context carries one. */
export function clientMeta(context: AppLoadContext): { ip?: string } {
  const ip = (context as { clientIp?: string }).clientIp;
  return ip ? { ip } : {};
}

/**
 * State-changing form posts must come from the shop's own pages (the session cookies are
 * SameSite=Lax, and this closes the rest): another origin answers 403.
 */
export function requireSameOrigin(request: Request, context: AppLoadContext): void {
  if (!context.services.accounts.web.sameOrigin(request)) throw data(null, { status: 403 });
}

/** The login page of the store with a return path to where the visitor was. */
export function loginRedirect(lang: Language, url: URL): Response {
  return redirect(`${localePath(lang, "/login")}?next=${encodeURIComponent(url.pathname + url.search)}`);
}

export type ProfileRequest = {
  store: Store;
  lang: Language;
  url: URL;
  session: Session & { user: ClientDto; auth: AuthUser };
  user: ClientDto;
  ctx: RequestContext;
  /** "/profile/12" (or "/fr/profile/12"): the base of every link of the customer's area. */
  base: string;
  headers: Headers;
};

/**
 * The gate of every profile loader and action (each checks for itself: a data request may ask
 * for one route's loader alone). Anonymous -> the login with a return path; a path without the
 * id -> the same path with the customer's own id; another customer's id -> 404.
 */
export async function requireProfile(request: Request, context: AppLoadContext, params: { id?: string }): Promise<ProfileRequest> {
  const { store, lang, url } = await storeFor(request, context);
  const session = await sessionFor(request, context);
  if (!session.user || !session.auth) {
    const headers = sessionHeaders(session);
    const r = loginRedirect(lang, url);
    for (const c of headers.getSetCookie()) r.headers.append("Set-Cookie", c);
    throw r;
  }
  const user = session.user;
  const base = localePath(lang, `/profile/${user.id}`);
  if (params.id === undefined || params.id === "me" || !/^\d+$/.test(params.id)) {
    // "/profile/access-data" (its first segment taken for the id), "/profile/address/form-billing"
    // (the profile's catch-all) or "/profile/me/favourites" (the header's link) -> the customer's own id
    const rest = url.pathname.replace(/^(\/fr)?\/profile\/?(me(\/|$))?/, "");
    // Under an id, a path that is no section ("/profile/7/nope") is no page, not a redirect loop.
    if (/^\d+(\/|$)/.test(rest)) throw notFound();
    throw redirect(`${base}${rest ? `/${rest}` : ""}${url.search}`, { headers: sessionHeaders(session) });
  }
  if (params.id !== String(user.id)) throw notFound();
  return {
    store,
    lang,
    url,
    session: session as ProfileRequest["session"],
    user,
    ctx: contextFor(store, session.auth),
    base,
    headers: sessionHeaders(session),
  };
}

/** Where to go after logging in: the ?next= path when it is one of ours, else the profile. */
export function returnPathAfterLogin(next: unknown, fallback: string): string {
  return safeReturnPath(next, fallback);
}

/** A POST body as a plain object of strings (repeated names keep the last value). */
export async function formObject(request: Request): Promise<Record<string, string>> {
  try {
    const fd = await request.formData();
    const out: Record<string, string> = {};
    for (const [k, v] of fd) if (typeof v === "string") out[k] = v;
    return out;
  } catch {
    throw data(null, { status: 400 });
  }
}

// Read once per HTTP request (keyed by the load context, as the session): the root's header and
// the profile home both show them. Every reader runs after the request's action, if any.
const favourites = new WeakMap<object, Promise<number[]>>();

/**
 * The product ids of the customer's favourites (the header counter and the product hearts
 * follow them). Spec 4: once signed in, favourites live on the server.
 */
export function favouriteIds(context: AppLoadContext, ctx: RequestContext): Promise<number[]> {
  return oncePerRequest(favourites, context, () => context.services.accounts.wishlistProductIds(ctx));
}
