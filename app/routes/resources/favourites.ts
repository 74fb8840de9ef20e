import { data, redirect } from "react-router";
import { safeReturnPath } from "../../../core/safe-path.ts";
import { localePath } from "../../../core/stores.ts";
import { contextFor, favouriteIds, formObject, requireSameOrigin, sessionFor, sessionHeaders } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/favourites";

const MAX_IDS = 200;

/**
 * The hearts' target (add / remove one product) and the login sync (set: add many). Only for a
 * signed-in customer; a guest keeps favourites in the browser, and a guest without JavaScript
 * who presses a heart is sent to the login, coming back to the same page afterwards.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { store, lang } = await storeFor(request, context);
  const form = await formObject(request);
  const documentPost = request.headers.get("sec-fetch-dest") === "document";
  const back = safeReturnPath(form.redirectTo, localePath(lang, "/"));
  const session = await sessionFor(request, context);
  const headers = sessionHeaders(session);
  if (!session.auth) {
    if (documentPost) throw redirect(`${localePath(lang, "/login")}?next=${encodeURIComponent(back)}`, { headers });
    return data({ ok: false, favourites: [] as number[] }, { status: 401, headers });
  }
  const ctx = contextFor(store, session.auth);
  const accounts = context.services.accounts;
  const product = Number(form.product);
  let ok = true;
  switch (form.intent) {
    case "add":
      ok = Number.isInteger(product) && product > 0 && (await accounts.addToWishlist(ctx, product)).ok;
      break;
    case "remove":
      ok = Number.isInteger(product) && product > 0 && (await accounts.removeProductFromWishlist(ctx, product));
      break;
    case "set": {
      const ids = [...new Set((form.ids ?? "").split(",").map(Number))].filter((n) => Number.isInteger(n) && n > 0).slice(0, MAX_IDS);
      if (ids.length) await accounts.setFavourites(ctx, ids);
      break;
    }
    default:
      return data({ ok: false, favourites: [] as number[] }, { status: 400, headers });
  }
  if (documentPost) throw redirect(back, { headers });
  return data({ ok, favourites: await favouriteIds(context, ctx) }, { status: ok ? 200 : 404, headers });
}

export async function loader() {
  throw data(null, { status: 404 });
}
