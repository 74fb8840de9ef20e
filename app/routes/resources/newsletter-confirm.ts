import type { HeadersFunction, MetaFunction } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { confirmAction, confirmLoader, type ConfirmView } from "~/features/marketing/confirm.server";
import { passCacheControl } from "~/lib/cache-headers";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter-confirm";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { spanishOnly as handle } from "~/lib/language-switch";
export { ConfirmPage as default } from "~/features/marketing/confirm-page";

/** One subscriber's page (the token is in its URL): never cached (private, no-store), never indexed. */
export const headers: HeadersFunction = (args) => {
  const h = new Headers(passCacheControl(args));
  h.set("X-Robots-Tag", "noindex");
  return h;
};

/**
 * /newsletter/confirm?token=: the link of the double opt-in mail (docs/decisions/047). GET shows
 * the page with one button (mail scanners open links); POST confirms the subscription, and the
 * first confirmation of an email sends its welcome coupon. No login: the signed token is the proof.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return confirmLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmAction(request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const view = data as ConfirmView | undefined;
  if (!view) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  return seoMeta({
    title: t(view.lang, "confirm.title"),
    description: t(view.lang, "confirm.description"),
    origin: root.origin,
    lang: view.lang,
    path: view.path,
    languages: ["es"],
    noindex: true,
  });
};
