import { requireProfile } from "~/lib/session.server";
import type { Route } from "./+types/profile-redirect";

/**
 * "/profile", and a section's path without the id ("/profile/address/form-billing"): the
 * customer's own profile there (or the login first). No id here: requireProfile redirects.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireProfile(request, context, {});
  return null;
}

export default function ProfileRedirect() {
  return null;
}
