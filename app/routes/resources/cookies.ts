import { data, redirect } from "react-router";
import type { Route } from "./+types/cookies";

const HALF_YEAR = 182 * 24 * 3600;

/** Records the visitor's cookie choice (a functional cookie), then returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const consent = form.get("consent");
  if (consent !== "accepted" && consent !== "rejected") {
    return data({ ok: false, error: "consent must be accepted or rejected" }, { status: 400 });
  }
  const back = String(form.get("redirectTo") ?? "/");
  // Only same-site paths: never an open redirect.
  const to = back.startsWith("/") && !back.startsWith("//") ? back : "/";
  return redirect(to, {
    headers: { "set-cookie": `cookie_consent=${consent}; Path=/; Max-Age=${HALF_YEAR}; SameSite=Lax; HttpOnly` },
  });
}

export async function loader() {
  throw data(null, { status: 404 });
}
