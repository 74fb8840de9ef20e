import { data, type HeadersFunction, redirect } from "react-router";
import { localePath, stripLocale } from "../../../core/stores.ts";
import { cartHeaders, cartRequest } from "~/features/cart/cart.server";
import { OrderDetail } from "~/features/orders/order-detail";
import type { OrderActionResult, OrderPageData } from "~/features/orders/order-view";
import { type Access, orderAction, orderPageData, requireOrder, transferBank } from "~/features/orders/orders.server";
import { accountMeta } from "~/features/accounts/meta";
import { notFound } from "~/lib/store.server";
import { PRIVATE, requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/order";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** An order is one customer's: never stored by any cache (the signed link is in its URL). */
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE });

/** /order/{id}: the order to its customer, to the guest who placed it (their cart cookie), or to whoever holds the mailed link (?t=). */
async function orderRequest(request: Request, context: Route.LoaderArgs["context"], id: string | undefined) {
  const r = await cartRequest(request, context);
  if (id === undefined) {
    if (r.session.user) throw redirect(localePath(r.lang, `/profile/${r.session.user.id}/order`), { headers: cartHeaders(r) });
    throw notFound();
  }
  const linkToken = r.url.searchParams.get("t")?.slice(0, 64) || null;
  const access: Access = { cartToken: r.token, linkToken };
  const order = await requireOrder(context, r.ctx, id, access);
  return { r, access, order };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { r, access, order } = await orderRequest(request, context, params.id);
  const bank = await transferBank(context, order);
  const page = orderPageData(r.lang, r.url, order, { path: stripLocale(r.url.pathname), linkToken: access.linkToken, back: null, bank });
  return data(page, { headers: cartHeaders(r) });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { r, access, order } = await orderRequest(request, context, params.id);
  return orderAction(request, context, r.ctx, order, access, { headers: cartHeaders(r), pagePath: r.url.pathname });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-shop py-6 sm:py-8">
      <OrderDetail data={loaderData as OrderPageData} actionData={actionData as OrderActionResult | undefined} />
    </div>
  );
}
