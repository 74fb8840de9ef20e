import type { HeadersFunction, MetaFunction } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { unsubscribeAction, unsubscribeLoader, type UnsubscribeView } from "~/features/marketing/unsubscribe.server";
import { passCacheControl } from "~/lib/cache-headers";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter-unsubscribe";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { spanishOnly as handle } from "~/lib/language-switch";
export { UnsubscribePage as default } from "~/features/marketing/unsubscribe-page";

/** One subscriber's page (the token is in its URL): never cached (private, no-store), never indexed. */
export const headers: HeadersFunction = (args) => {
  const h = new Headers(passCacheControl(args));
  h.set("X-Robots-Tag", "noindex");
  return h;
};

/**
 * /newsletter/unsubscribe?token=: the link every newsletter mail carries (and its List-Unsubscribe
 * header). GET shows the page with one button; POST unsubscribes, for that button and for mail
 * programs' one-click (RFC 8058). No login: the signed token is the proof.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return unsubscribeLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAction(request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const view = data as UnsubscribeView | undefined;
  if (!view) return [{ title: "BañoDirecto" }];
  const root = rootMeta(matches);
  return seoMeta({
    title: t(view.lang, "unsubscribe.title"),
    description: t(view.lang, "unsubscribe.description"),
    origin: root.origin,
    lang: view.lang,
    path: view.path,
    languages: ["es"],
    noindex: true,
  });
};
