import { data } from "react-router";
import { requireProfile } from "~/lib/session.server";
import type { Route } from "./+types/profile-export";

/**
 * GDPR access and portability (art. 15 and 20): everything the shop keeps about the customer,
 * as a JSON file. Only for its owner (another id is a 404, like every profile page).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const r = await context.services.accounts.exportData(p.ctx, p.user.id);
  if (!r.ok) throw data(null, { status: 404 });
  const headers = new Headers(p.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${p.lang === "fr" ? "mes-donnees" : "mis-datos"}-${p.user.id}.json"`);
  return new Response(JSON.stringify(r.data, null, 2), { headers });
}
