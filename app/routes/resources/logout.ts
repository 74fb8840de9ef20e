import { data, redirect } from "react-router";
import { localePath } from "../../../core/stores.ts";
import { requireSameOrigin, sessionHeaders } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/logout";

/**
 * Log out: the refresh token's family is revoked and both cookies cleared. The access token
 * simply expires (spec 4: no server call for it). POST only: a link or an image on another
 * site must not be able to log a customer out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { lang } = await storeFor(request, context);
  const { setCookie } = await context.services.accounts.web.logout(request);
  throw redirect(`${localePath(lang, "/login")}?notice=logged_out`, { headers: sessionHeaders({ user: null, setCookie }) });
}

export async function loader() {
  throw data(null, { status: 404 });
}
