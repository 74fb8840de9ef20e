import { Island, lazyPart } from "~/components/island";

/**
 * The footer as an island (issue 12, docs/decisions/029): rendered by the server into every page,
 * and in the browser kept as that markup until it comes near the viewport, gets focus or a click,
 * or the browser is idle after load; only then is its code (the newsletter form, the columns)
 * fetched. Its links are plain links, which the root's delegated handler turns into client-side
 * navigations, and a newsletter form sent before the code arrives is sent again by the live form.
 */
export const FooterPart = lazyPart(() => import("./footer").then((m) => m.Footer));

export function SiteFooter() {
  return <Island id="site-footer" part={FooterPart} props={{}} />;
}
