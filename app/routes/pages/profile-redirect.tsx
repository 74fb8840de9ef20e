import { requireProfile } from "~/lib/session.server";
import type { Route } from "./+types/profile-redirect";

/** "/profile": the customer's own profile home (or the login first). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireProfile(request, context, params);
  return null;
}

export default function ProfileRedirect() {
  return null;
}
