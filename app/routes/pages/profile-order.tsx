import { redirect } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import { accountMeta } from "~/features/accounts/meta";
import { profileData } from "~/features/accounts/profile.server";
import { OrderDetail } from "~/features/orders/order-detail";
import type { OrderActionResult, OrderPageData } from "~/features/orders/order-view";
import { orderAction, orderPageData, requireOrder, transferBank } from "~/features/orders/orders.server";
import { type ProfileRequest, requireProfile, requireSameOrigin } from "~/lib/session.server";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/profile-order";

type Params = { id?: string; order_id?: string; quotation_id?: string };

/**
 * One order (/profile/{id}/order/{order_id}) or quotation (/profile/{id}/quotation/{quotation_id})
 * of the signed-in customer: theirs only (anyone else's is a 404), in the same component as
 * /order/{id}. An order asked for under the other kind's path is sent to its own.
 */
async function profileOrder(request: Request, context: Route.LoaderArgs["context"], params: Params) {
  const p = await requireProfile(request, context, params);
  const wanted = params.quotation_id !== undefined ? "quotation" : "order";
  const order = await requireOrder(context, p.ctx, params.order_id ?? params.quotation_id, { cartToken: null, linkToken: null });
  if (order.customer !== p.user.id) throw notFound();
  if (order.kind !== wanted) throw redirect(`${p.base}/${order.kind}/${order.id}`, { headers: p.headers });
  return { p, order };
}

function page(p: ProfileRequest, order: OrderPageData["order"], bank: OrderPageData["bank"]) {
  const list = `${p.base}/${order.kind}`;
  return orderPageData(p.lang, p.url, order, {
    path: `/profile/${p.user.id}/${order.kind}/${order.id}`,
    linkToken: null,
    back: { href: list, label: t(p.lang, order.kind === "quotation" ? "orders.back.quotations" : "orders.back.orders") },
    bank,
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { p, order } = await profileOrder(request, context, params);
  return profileData(p, page(p, order, await transferBank(context, order)));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const { p, order } = await profileOrder(request, context, params);
  return orderAction(request, context, p.ctx, order, { cartToken: null, linkToken: null }, { headers: p.headers, pagePath: p.url.pathname });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function ProfileOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetail data={loaderData as OrderPageData} actionData={actionData as OrderActionResult | undefined} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
