import { data, type HeadersFunction } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { cartHeaders } from "~/features/cart/cart.server";
import { CheckoutSteps } from "~/features/checkout/checkout-steps";
import { ResultPage } from "~/features/checkout/result-page";
import { resultPage } from "~/features/checkout/result.server";
import type { ResultPageData } from "~/features/checkout/result-view";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { PRIVATE } from "~/lib/session.server";
import type { Route } from "./+types/checkout-result";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** A payment's result is one shopper's, and changes (pending -> paid): never cached. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { r, page } = await resultPage(request, context, params.payment_reference);
  return data(page, { headers: cartHeaders(r) });
}

const TITLE: Record<ResultPageData["view"]["kind"], string> = {
  authorised: "checkout.result.ok.title",
  transfer: "checkout.result.transfer.title",
  pending: "checkout.result.pending.title",
  error: "checkout.result.error.title",
};

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const root = rootMeta(matches);
  return seoMeta({ title: t(d.lang, TITLE[d.view.kind]), origin: root.origin, lang: d.lang, path: d.path, noindex: true });
};

export default function CheckoutResultRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <CheckoutSteps current={3} />
      <div className="container-shop py-6 sm:py-10">
        <ResultPage data={loaderData as ResultPageData} />
      </div>
    </>
  );
}
