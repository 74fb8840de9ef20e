import { type AppLoadContext, data } from "react-router";
import type { Language } from "../../../core/stores.ts";
import { PRIVATE } from "~/lib/session.server";
import { requireFeature, storeFor } from "~/lib/store.server";

/** What the unsubscribe page shows: ask, done (now or before), or a link that is not genuine. */
export type UnsubscribeView = {
  state: "confirm" | "done" | "already" | "invalid";
  email: string | null;
  shop: string;
  lang: Language;
  path: string;
  token: string;
};

// The page belongs to one subscriber (the token is in its URL): never cached.
const headers = { "Cache-Control": PRIVATE };

async function setup(request: Request, context: AppLoadContext) {
  const { store, lang, url, path } = await storeFor(request, context);
  requireFeature(store, "newsletter");
  return { store, lang, path, token: url.searchParams.get("token") ?? "" };
}

/** GET: never unsubscribes (mail scanners open links); it asks, with one button. */
export async function unsubscribeLoader(request: Request, context: AppLoadContext) {
  const { store, lang, path, token } = await setup(request, context);
  const check = await context.services.marketing.checkUnsubscribe(token);
  const base = { shop: store.name, lang, path, token };
  if (!check.ok) return data<UnsubscribeView>({ ...base, state: "invalid", email: null }, { status: 400, headers });
  return data<UnsubscribeView>({ ...base, state: check.subscribed ? "confirm" : "already", email: check.email }, { headers });
}

/**
 * POST: the page's button, or a mail program's RFC 8058 one-click request
 * (`List-Unsubscribe=One-Click` in the body, the token in the URL, no cookies). Idempotent.
 */
export async function unsubscribeAction(request: Request, context: AppLoadContext) {
  const { store, lang, path, token } = await setup(request, context);
  const result = await context.services.marketing.unsubscribeByToken(token);
  const base = { shop: store.name, lang, path, token };
  if (!result.ok) return data<UnsubscribeView>({ ...base, state: "invalid", email: null }, { status: 400, headers });
  return data<UnsubscribeView>({ ...base, state: result.removed ? "done" : "already", email: null }, { headers });
}
