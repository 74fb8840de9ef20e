import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { CART_COOKIE, CART_TOKEN_HEADER } from "../../../core/cart.types.ts";
import { cookieValue, shopCookie } from "../../../core/cookies.ts";

/**
 * A guest cart's token: "<cart id>.<secret>", the secret 32 random bytes (base64url). The
 * database keeps only the SHA-256 of the secret, so a leaked table grants no cart. The
 * storefront keeps the token in an HttpOnly cookie; API clients send it in X-Cart-Token.
 */
export type ParsedToken = { id: number; secret: string };

const TOKEN_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;
/** Thirty days: a guest's cart outlives a few visits (it is abandoned, not deleted). */
export const CART_COOKIE_MAX_AGE = 30 * 24 * 3600;

export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export const formatToken = (id: number, secret: string) => `${id}.${secret}`;

export function parseToken(token: string | null | undefined): ParsedToken | null {
  const m = token ? TOKEN_PATTERN.exec(token.trim()) : null;
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? { id, secret: m[2] } : null;
}

/** Whether a secret matches a stored hash, in constant time. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The cart token of a request: the X-Cart-Token header (API clients) first, else the storefront's cookie. */
export function tokenFromHeaders(header: (name: string) => string | null | undefined): string | null {
  const h = header(CART_TOKEN_HEADER);
  if (h && parseToken(h)) return h.trim();
  const c = cookieValue(header("cookie"), CART_COOKIE);
  return c && parseToken(c) ? c : null;
}

export function tokenFromRequest(request: Request): string | null {
  return tokenFromHeaders((n) => request.headers.get(n));
}

export function cartCookie(config: { publicUrl: string }, token: string): string {
  return shopCookie(config, CART_COOKIE, token, { httpOnly: true, maxAge: CART_COOKIE_MAX_AGE });
}

export function clearCartCookie(config: { publicUrl: string }): string {
  return shopCookie(config, CART_COOKIE, "", { httpOnly: true, maxAge: 0 });
}
