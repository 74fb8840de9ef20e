/**
 * One way to read and write cookies, shared by the server (page cache, SSR, API) and the
 * storefront's loaders, so that what decides a cache key and what decides a render can never
 * read the same header differently. Browser-safe: no node imports.
 *
 * Reading: RFC 6265 gives no meaning to the order of cookies with the same name, so the first
 * one wins, everywhere (as the `cookie` package and most frameworks do). Values are
 * percent-decoded when they decode; otherwise kept as sent.
 */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(i + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    out.set(name, decode(value));
  }
  return out;
}

export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return parseCookies(header).get(name);
}

function decode(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const CONSENT_COOKIE = "cookie_consent";
export type Consent = "accepted" | "rejected";

/** The visitor's cookie choice, or null when there is none (the banner shows). */
export function consentFromCookies(header: string | null | undefined): Consent | null {
  const v = cookieValue(header, CONSENT_COOKIE);
  return v === "accepted" || v === "rejected" ? v : null;
}

/**
 * Cookies that make a request personal: a page rendered for it shows this visitor's account or
 * cart, so it must never be served from a shared cache nor stored in one. The accounts module's
 * session and tokens (sid, sid_access, sid_refresh, __Host-sid..., access_token, refresh_token)
 * and the guest cart (bd_cart). Matching by pattern keeps a renamed session cookie personal.
 */
export const PERSONAL_COOKIES = ["sid", "__Host-sid", "access_token", "refresh_token", "session", "bd_cart"] as const;
const PERSONAL_PATTERN = /^(?:__Host-|__Secure-)?(?:sid|session)(?:[_-]|$)|(?:^|_)(?:access|refresh)_token$/i;

export function hasPersonalCookie(header: string | null | undefined): boolean {
  for (const name of parseCookies(header).keys()) {
    if ((PERSONAL_COOKIES as readonly string[]).includes(name) || PERSONAL_PATTERN.test(name)) return true;
  }
  return false;
}

export type CookieOptions = {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
};

/** The attributes every cookie of the shop carries: Secure whenever the shop is served over https. */
export function cookieAttributes(config: { publicUrl: string }): Required<Pick<CookieOptions, "path" | "sameSite" | "secure">> {
  return { path: "/", sameSite: "Lax", secure: config.publicUrl.startsWith("https:") };
}

/** A Set-Cookie value with the shop's attributes (Secure on https) and the cookie's own options. */
export function shopCookie(config: { publicUrl: string }, name: string, value: string, opts: CookieOptions = {}): string {
  return serializeCookie(name, value, { ...cookieAttributes(config), ...opts });
}

/** A Set-Cookie value. Names and values are the shop's own (no user input), checked anyway. */
export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  if (!/^[\w!#$%&'*+.^`|~-]+$/.test(name)) throw new Error(`invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? "/"}`];
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(opts.maxAge)}`);
  parts.push(`SameSite=${opts.sameSite ?? "Lax"}`);
  if (opts.httpOnly) parts.push("HttpOnly");
  if (opts.secure || opts.sameSite === "None") parts.push("Secure");
  return parts.join("; ");
}
