import { type AppLoadContext, data } from "react-router";
import type { Language } from "../../../core/stores.ts";
import { clientMeta, PRIVATE } from "~/lib/session.server";
import { requireFeature, storeFor } from "~/lib/store.server";

/**
 * What the confirmation page shows (double opt-in, docs/decisions/047): ask, confirmed now (with
 * or without the welcome coupon), confirmed before, too many tries, or a link that is not genuine.
 */
export type ConfirmView = {
  state: "ask" | "confirmed" | "already" | "busy" | "invalid";
  welcome: boolean;
  email: string | null;
  shop: string;
  lang: Language;
  path: string;
};

// The page belongs to one subscriber (the token is in its URL): never cached.
const headers = { "Cache-Control": PRIVATE };

async function setup(request: Request, context: AppLoadContext) {
  const { store, lang, url, path } = await storeFor(request, context);
  requireFeature(store, "newsletter");
  return { base: { shop: store.name, lang, path, welcome: false }, token: url.searchParams.get("token") ?? "" };
}

/** GET: never confirms (mail scanners open links); it asks, with one button. */
export async function confirmLoader(request: Request, context: AppLoadContext) {
  const { base, token } = await setup(request, context);
  const check = await context.services.marketing.checkConfirm(token);
  if (!check.ok) return data<ConfirmView>({ ...base, state: "invalid", email: null }, { status: 400, headers });
  return data<ConfirmView>({ ...base, state: check.confirmed ? "already" : "ask", email: check.email }, { headers });
}

/** POST: the page's button. Throttled per address like the accounts' mail links. Idempotent. */
export async function confirmAction(request: Request, context: AppLoadContext) {
  const { base, token } = await setup(request, context);
  const stop = await context.services.marketing.throttle.hit([["link:ip", clientMeta(context).ip]]);
  if (!stop.ok)
    return data<ConfirmView>({ ...base, state: "busy", email: null }, { status: 429, headers: { ...headers, "Retry-After": String(stop.retryAfter) } });
  const r = await context.services.marketing.confirm(token);
  if (!r.ok) return data<ConfirmView>({ ...base, state: "invalid", email: null }, { status: 400, headers });
  return data<ConfirmView>({ ...base, state: r.state, welcome: r.welcome, email: r.email }, { headers });
}
