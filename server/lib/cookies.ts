import type { Language } from "../../core/stores.ts";
import { cookieAttributes, shopCookie } from "../../core/cookies.ts";

/**
 * The server's cookies. The attributes (Secure whenever PUBLIC_URL is https, SameSite=Lax,
 * Path=/) come from one place, core/cookies.ts `cookieAttributes(config)`, which the storefront's
 * actions use too (through `context.services.config`): locale, consent, and the session cookies
 * of the accounts module.
 */
export { cookieAttributes, shopCookie };

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The language preference: a functional cookie (no consent needed), 365 days per the spec. */
export function localeCookie(config: { publicUrl: string }, lang: Language): string {
  return shopCookie(config, "locale", lang, { maxAge: LOCALE_COOKIE_MAX_AGE });
}
