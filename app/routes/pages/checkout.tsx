import { data, type HeadersFunction } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { cartHeaders } from "~/features/cart/cart.server";
import { checkoutAction, checkoutPage } from "~/features/checkout/checkout.server";
import { CheckoutPage } from "~/features/checkout/checkout-page";
import { CheckoutSteps } from "~/features/checkout/checkout-steps";
import type { CheckoutActionResult, CheckoutPageData } from "~/features/checkout/checkout-view";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { PRIVATE, requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/checkout";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** A checkout is one shopper's (their cart, their address): never stored by any cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { r, page } = await checkoutPage(request, context);
  return data(page, { headers: cartHeaders(r) });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  return checkoutAction(request, context);
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const root = rootMeta(matches);
  return seoMeta({
    title: t(d.lang, "checkout.title"),
    description: t(d.lang, "checkout.description"),
    origin: root.origin,
    lang: d.lang,
    path: d.path,
    noindex: true,
  });
};

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <CheckoutSteps current={2} />
      <CheckoutPage data={loaderData as CheckoutPageData} actionData={actionData as CheckoutActionResult | undefined} />
    </>
  );
}
