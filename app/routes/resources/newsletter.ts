import { data, redirect } from "react-router";
import { subscribeFromForm } from "~/features/content/newsletter.server";
import type { Route } from "./+types/newsletter";

/** Outcome words the footer reads back from the URL after a submission without JavaScript. */
export const NEWSLETTER_OUTCOMES = { 200: "ok", 400: "invalid", 409: "exists" } as Record<number, string>;

/**
 * The footer newsletter form (name, surname, email, terms). With JavaScript the form posts
 * through a fetcher and shows the answer in place; without it the browser navigates here, so
 * the visitor is sent back to the page they were on with the outcome in the URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const documentPost = request.headers.get("sec-fetch-dest") === "document";
  const back = documentPost ? await returnPath(request) : null;
  const result = await subscribeFromForm(request, context, "footer");
  if (!back) return result;
  const status = result.init?.status ?? 200;
  const url = new URL(back, "http://x");
  url.searchParams.set("newsletter", NEWSLETTER_OUTCOMES[status] ?? "error");
  return redirect(`${url.pathname}${url.search}#newsletter-title`, 303);
}

/** The same-site page the form was on (never an open redirect). */
async function returnPath(request: Request): Promise<string> {
  const form = await request.clone().formData().catch(() => null);
  const given = String(form?.get("redirectTo") ?? "");
  return given.startsWith("/") && !given.startsWith("//") ? given : "/";
}

export async function loader() {
  throw data(null, { status: 404 });
}
