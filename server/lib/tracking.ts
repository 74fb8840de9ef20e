import { safeReturnPath } from "../../core/safe-path.ts";

/** Query parameters of ad and analytics tools that never change what a page shows (spec section 9). */
export const TRACKING_PARAMS = ["gclid", "srsltid", "fbclid", "msclkid", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/**
 * The same URL without tracking parameters, or null when it has none or when the URL is not a
 * path of this shop. The answer is a cacheable 301 that any link can trigger, so it goes
 * through safeReturnPath: "//evil.example/?utm_source=x", "/\evil.example/?gclid=1" or an
 * absolute-form request line ("GET http://evil.example/?utm_source=1") are never redirected.
 */
export function stripTrackingParams(url: string): string | null {
  const q = url.indexOf("?");
  if (q < 0) return null;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const p of TRACKING_PARAMS) {
    if (params.has(p)) {
      params.delete(p);
      changed = true;
    }
  }
  if (!changed) return null;
  const rest = params.toString();
  const clean = safeReturnPath(url.slice(0, q) + (rest ? `?${rest}` : ""), "");
  return clean === "" ? null : clean;
}
