import type { LoginInput } from "../../../core/accounts.forms.ts";
import type { ClientDto } from "../../../core/accounts.types.ts";
import { cookieValue, serializeCookie } from "../../../core/cookies.ts";
import { languageFromPath } from "../../../core/stores.ts";
import type { Config } from "../../config.ts";
import type { AuthUser, RequestContext } from "../../lib/request-context.ts";
import type { users } from "./accounts.schema.ts";
import { ACCESS_TTL_S, REFRESH_TTL_S } from "./accounts.tokens.ts";

/** The storefront's session cookies. The page cache must bypass any request that carries one. */
export const ACCESS_COOKIE = "sid_access";
export const REFRESH_COOKIE = "sid_refresh";
export const SESSION_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE] as const;

type UserRow = typeof users.$inferSelect;
type Meta = { ip?: string };

export type WebSession = {
  /** The signed-in client's profile, fresh from the database (a deactivated or erased account is null). */
  user: ClientDto | null;
  /** For contextFor(store, auth): professional prices, user-scoped service calls. */
  auth: AuthUser | null;
  /** The session (refresh family) of this browser: changePassword keeps it. */
  sessionId: string | null;
  /** Set-Cookie values to add to the response (a rotation, or clearing dead cookies). */
  setCookie: string[];
};

/** The parts of the accounts service the cookie layer uses. */
type Core = {
  userFromAccessToken(token: string): Promise<{ user: UserRow; sessionId: string } | null>;
  rotate(
    refresh: string,
    meta: Meta,
    grace: boolean,
  ): Promise<{ ok: true; userId: number; sessionId: string; access: string; refresh: string | null } | { ok: false; code: string; retryAfter?: number }>;
  login(
    ctx: RequestContext,
    input: LoginInput,
    meta: Meta,
  ): Promise<{ ok: true; user: UserRow; tokens: { access: string; refresh: string; sessionId: string } } | { ok: false; code: string; retryAfter?: number }>;
  logout(tokens: { refresh?: string; access?: string }): Promise<void>;
  openSession(userId: number): Promise<{ access: string; refresh: string; sessionId: string }>;
  userById(id: number): Promise<UserRow | null>;
  toAuthUser(u: UserRow): AuthUser;
  toClient(u: UserRow): Promise<ClientDto>;
  /** The request context of a storefront page (its store from the /fr prefix), anonymous. */
  contextOfPage(language: "es" | "fr"): Promise<RequestContext>;
};

/** The client's address as a proxy in front of the shop reports it (first X-Forwarded-For hop). */
export function requestIp(request: Request): string | undefined {
  const xff = request.headers.get("x-forwarded-for");
  const first = xff?.split(",")[0]?.trim();
  return first || undefined;
}

/**
 * Sessions of the storefront in HttpOnly cookies (never in local storage, so a script injected
 * in a page cannot read them). Loaders call `session(request)`; an expired access token is
 * renewed with the refresh cookie transparently (rotation) and the new cookies come back in
 * `setCookie`.
 */
export function createWebSessions(core: Core, config: Pick<Config, "publicUrl">) {
  const secure = config.publicUrl.startsWith("https:");
  const cookie = (name: string, value: string, maxAge: number) => serializeCookie(name, value, { httpOnly: true, sameSite: "Lax", path: "/", maxAge, secure });
  const cookiesFor = (access: string, refresh: string | null) => [
    cookie(ACCESS_COOKIE, access, ACCESS_TTL_S),
    ...(refresh ? [cookie(REFRESH_COOKIE, refresh, REFRESH_TTL_S)] : []),
  ];
  const clearing = () => [cookie(ACCESS_COOKIE, "", 0), cookie(REFRESH_COOKIE, "", 0)];
  const anonymous = (setCookie: string[] = []): WebSession => ({ user: null, auth: null, sessionId: null, setCookie });
  const signedIn = async (u: UserRow, sessionId: string, setCookie: string[]): Promise<WebSession> => ({
    user: await core.toClient(u),
    auth: core.toAuthUser(u),
    sessionId,
    setCookie,
  });

  // One resolution per Request: parallel loaders of one page must not each rotate the refresh token.
  const memo = new WeakMap<Request, Promise<WebSession>>();

  async function resolve(request: Request, meta: Meta): Promise<WebSession> {
    const header = request.headers.get("cookie");
    const access = cookieValue(header, ACCESS_COOKIE);
    const refresh = cookieValue(header, REFRESH_COOKIE);
    if (!access && !refresh) return anonymous();
    if (access) {
      const r = await core.userFromAccessToken(access);
      if (r) return signedIn(r.user, r.sessionId, []);
    }
    if (refresh) {
      const r = await core.rotate(refresh, { ip: meta.ip ?? requestIp(request) }, true);
      if (r.ok) {
        const u = await core.userById(r.userId);
        if (u?.isActive) return signedIn(u, r.sessionId, cookiesFor(r.access, r.refresh));
      } else if (r.code === "auth.too_many_attempts") {
        // Throttled is not logged out: keep the cookies for the next request.
        return anonymous();
      }
    }
    return anonymous(clearing());
  }

  return {
    cookieNames: SESSION_COOKIES,

    /** The signed-in customer of a storefront request, or null. Memoised per Request object. */
    session(request: Request, meta: Meta = {}): Promise<WebSession> {
      let p = memo.get(request);
      if (!p) {
        p = resolve(request, meta);
        memo.set(request, p);
      }
      return p;
    },

    /** The login form: on success the cookies of a new session (a previous session of this browser ends). */
    async login(
      request: Request,
      input: LoginInput,
      meta: Meta = {},
    ): Promise<
      | { ok: true; user: ClientDto; auth: AuthUser; sessionId: string; setCookie: string[] }
      | { ok: false; code: "auth.invalid_credentials" | "auth.inactive" | "auth.too_many_attempts"; retryAfter?: number }
    > {
      const ctx = await core.contextOfPage(languageFromPath(new URL(request.url).pathname));
      const r = await core.login(ctx, input, { ip: meta.ip ?? requestIp(request) });
      if (!r.ok) return r as { ok: false; code: "auth.invalid_credentials" | "auth.inactive" | "auth.too_many_attempts"; retryAfter?: number };
      const header = request.headers.get("cookie");
      await core.logout({ refresh: cookieValue(header, REFRESH_COOKIE), access: cookieValue(header, ACCESS_COOKIE) });
      return {
        ok: true,
        user: await core.toClient(r.user),
        auth: core.toAuthUser(r.user),
        sessionId: r.tokens.sessionId,
        setCookie: cookiesFor(r.tokens.access, r.tokens.refresh),
      };
    },

    /** Logout: the session's refresh family is revoked and both cookies cleared. */
    async logout(request: Request): Promise<{ setCookie: string[] }> {
      const header = request.headers.get("cookie");
      await core.logout({ refresh: cookieValue(header, REFRESH_COOKIE), access: cookieValue(header, ACCESS_COOKIE) });
      return { setCookie: clearing() };
    },

    /** Signs a customer in without a password (e.g. right after following the activation link). */
    async startSession(userId: number): Promise<{ sessionId: string; setCookie: string[] }> {
      const t = await core.openSession(userId);
      return { sessionId: t.sessionId, setCookie: cookiesFor(t.access, t.refresh) };
    },

    /** Set-Cookie values that end the session cookies (after an account deletion, say). */
    clearCookies(): string[] {
      return clearing();
    },

    /**
     * Whether a state-changing form post comes from the shop's own pages: its Origin (or, without
     * one, its Referer) must be the shop's. Requests with neither are not from a browser form.
     */
    sameOrigin(request: Request): boolean {
      const allowed = new Set([new URL(config.publicUrl).origin, new URL(request.url).origin]);
      const origin = request.headers.get("origin");
      if (origin && origin !== "null") return allowed.has(origin);
      if (origin === "null") return false;
      const referer = request.headers.get("referer");
      if (!referer) return true;
      try {
        return allowed.has(new URL(referer).origin);
      } catch {
        return false;
      }
    },
  };
}

export type WebSessions = ReturnType<typeof createWebSessions>;
