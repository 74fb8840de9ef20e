import type { FastifyReply, FastifyRequest } from "fastify";
import { sendRefusal } from "./error-handler.ts";

/**
 * Cross-site request protection (docs/decisions/012): a state-changing request a browser sends
 * on behalf of another site (a hidden form posting /cookies or /newsletter, later /cart and the
 * account forms) is refused with 403. Browsers say where a request comes from; the shop only
 * has to believe them:
 *
 * 1. GET, HEAD and OPTIONS change nothing: always allowed.
 * 2. `Origin` (sent by every current browser on every cross-origin POST and on same-origin
 *    fetches): allowed only when it is the shop's own origin (PUBLIC_URL, or the origin the
 *    request was addressed to). `Origin: null` (sandboxed frames, data: pages) is refused.
 * 3. No Origin, but `Sec-Fetch-Site`: allowed for `same-origin` and `none` (the user's own
 *    action), refused for `same-site` and `cross-site`.
 * 4. Neither, but `Referer`: allowed only when it is on the shop's origin.
 * 5. None of the three: not a browser (curl, a server, a monitoring probe), which carries no
 *    visitor's cookies to abuse: allowed.
 */
export type OriginHeaders = {
  method: string;
  origin?: string;
  secFetchSite?: string;
  referer?: string;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why the request is refused, or null when it may go on. */
export function crossSiteReason(req: OriginHeaders, trustedOrigins: readonly string[]): string | null {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null;
  const trusted = new Set(trustedOrigins.map(originOf).filter((o): o is string => o !== null));
  if (req.origin !== undefined) {
    const origin = originOf(req.origin);
    if (origin !== null && trusted.has(origin)) return null;
    return `origin ${JSON.stringify(req.origin.slice(0, 200))} is not this shop`;
  }
  if (req.secFetchSite !== undefined) {
    const site = req.secFetchSite.trim().toLowerCase();
    if (site === "same-origin" || site === "none") return null;
    return `sec-fetch-site ${JSON.stringify(site.slice(0, 40))}`;
  }
  if (req.referer !== undefined) {
    const from = originOf(req.referer);
    if (from !== null && trusted.has(from)) return null;
    return "referer is not this shop";
  }
  return null;
}

/** The serialised origin of a URL ("null" and anything unparsable give null). */
function originOf(value: string): string | null {
  try {
    const o = new URL(value).origin;
    return o === "null" ? null : o;
  } catch {
    return null;
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The origins a request of this shop may come from: PUBLIC_URL and the one the request was sent to. */
export function trustedOrigins(req: FastifyRequest, publicUrl: string): string[] {
  const list = [publicUrl];
  const host = header(req, "host");
  if (host) list.push(`${req.protocol}://${host}`);
  // Behind a proxy (trustProxy), req.host is the forwarded host the browser used.
  if (req.host && req.host !== host) list.push(`${req.protocol}://${req.host}`);
  return list;
}

/** The Fastify side of crossSiteReason. */
export function originCheck(req: FastifyRequest, publicUrl: string): string | null {
  return crossSiteReason(
    { method: req.method, origin: header(req, "origin"), secFetchSite: header(req, "sec-fetch-site"), referer: header(req, "referer") },
    trustedOrigins(req, publicUrl),
  );
}

/**
 * onRequest hook: refuses a cross-site state-changing request with 403 and a short translated
 * page (a document request) or {error} (anything else). `onlyWithCookies`: the JSON API, whose
 * callers with an Authorization header or without cookies cannot be abused by another site.
 */
export function originGuard(publicUrl: string, opts: { onlyWithCookies?: boolean } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (opts.onlyWithCookies && (!req.headers.cookie || req.headers.authorization)) return;
    const reason = originCheck(req, publicUrl);
    if (reason === null) return;
    req.log.warn({ reason, url: req.url.slice(0, 200) }, "cross-site request refused");
    return sendRefusal(req, reply, 403, "request.cross_site");
  };
}
