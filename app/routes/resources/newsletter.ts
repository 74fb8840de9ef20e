import { data } from "react-router";
import { subscribeFromForm } from "~/features/content/newsletter.server";
import type { Route } from "./+types/newsletter";

/** The footer newsletter form (name, surname, email, terms). */
export async function action({ request, context }: Route.ActionArgs) {
  return subscribeFromForm(request, context, "footer");
}

export async function loader() {
  throw data(null, { status: 404 });
}
