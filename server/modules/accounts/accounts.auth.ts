import type { FastifyRequest } from "fastify";
import { cookieValue } from "../../../core/cookies.ts";
import type { Authenticator } from "../../lib/api-route.ts";
import type { AuthUser } from "../../lib/request-context.ts";
import { ACCESS_COOKIE } from "./accounts.web.ts";

type Verifier = {
  userFromAccessToken(
    token: string,
  ): Promise<{ user: { id: number; email: string; customerType: "customer" | "professional"; role: "customer" | "staff" }; sessionId: string } | null>;
};

const sessions = new WeakMap<FastifyRequest, string>();

/** The session (refresh family) of an authenticated API request: change_password keeps it open. */
export function sessionIdOf(req: FastifyRequest): string | undefined {
  return sessions.get(req);
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The caller of an /api request: `Authorization: Bearer <access token>`, else the storefront's
 * access cookie. A cookie is sent by the browser on its own, so a state-changing call that
 * relies on it must come from the shop's own origin (defence in depth on top of SameSite=Lax).
 */
export function createAuthenticator(accounts: Verifier, publicUrl: string): Authenticator {
  const shopOrigin = new URL(publicUrl).origin;
  return async (req): Promise<AuthUser | null> => {
    const header = req.headers.authorization;
    let token: string | undefined;
    if (header !== undefined) {
      const m = /^Bearer\s+([\w-]+\.[\w-]*\.[\w-]*)\s*$/i.exec(header);
      if (!m) return null;
      token = m[1];
    } else {
      token = cookieValue(req.headers.cookie, ACCESS_COOKIE);
      if (token && !SAFE.has(req.method)) {
        const origin = req.headers.origin;
        const own = new Set([shopOrigin, `${req.protocol}://${req.headers.host}`]);
        if (origin && !own.has(origin)) return null;
      }
    }
    if (!token) return null;
    const r = await accounts.userFromAccessToken(token);
    if (!r) return null;
    sessions.set(req, r.sessionId);
    return { id: r.user.id, email: r.user.email, customerType: r.user.customerType, role: r.user.role };
  };
}
