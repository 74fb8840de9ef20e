import { data, redirect } from "react-router";
import { safeReturnPath } from "../../../core/safe-path.ts";
import { languageFromPath, localePath } from "../../../core/stores.ts";
import { subscribeFromForm } from "~/features/content/newsletter.server";
import { readForm } from "~/lib/form.server";
import type { Route } from "./+types/newsletter";

/** Outcome words the footer reads back from the URL after a submission without JavaScript. */
export const NEWSLETTER_OUTCOMES = { 200: "ok", 400: "invalid", 409: "exists", 429: "busy" } as Record<number, string>;

/**
 * The footer newsletter form (name, surname, email, terms). With JavaScript the form posts
 * through a fetcher and shows the answer in place; without it the browser navigates here, so
 * the visitor is sent back to the page they were on with the outcome in the URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const documentPost = request.headers.get("sec-fetch-dest") === "document";
  const home = localePath(languageFromPath(new URL(request.url).pathname), "/");
  const back = documentPost ? await returnPath(request, home) : null;
  const result = await subscribeFromForm(request, context, "footer");
  if (!back) return result;
  const status = result.init?.status ?? 200;
  const url = new URL(back, "http://x");
  url.searchParams.set("newsletter", NEWSLETTER_OUTCOMES[status] ?? "error");
  return redirect(safeReturnPath(`${url.pathname}${url.search}#newsletter-title`, home), 303);
}

/** The page the form was on, as the browser will read it (never an open redirect). */
async function returnPath(request: Request, home: string): Promise<string> {
  const read = await readForm(request.clone());
  return safeReturnPath(read.ok ? read.form.get("redirectTo") : null, home);
}

export async function loader() {
  throw data(null, { status: 404 });
}
