import { type AppLoadContext, redirect } from "react-router";
import type { BankDetails, OrderDto } from "../../../core/orders.types.ts";
import { localePath, stripLocale } from "../../../core/stores.ts";
import { type CartRequest, cartHeaders, cartRequest } from "~/features/cart/cart.server";
import { orderPath } from "~/features/orders/order-format";
import { notFound } from "~/lib/store.server";
import { RESULT_CODES, type ResultCode, type ResultPageData, resultView } from "./result-view";

const REFERENCE = /^[A-Za-z0-9_-]{10,100}$/;

function log(m: string, extra: Record<string, unknown>) {
  console.error(JSON.stringify({ level: 40, time: Date.now(), name: "checkout-result", msg: m, ...extra }));
}

/**
 * /checkout/result/{payment_reference}: the shopper is back from the provider's page (or from
 * placing a transfer order). Provider parameters in the URL are handed to the payments module
 * (it asks the provider and applies the outcome), then the browser is sent to the same page
 * without them (a reload never replays them); the page then reads the order.
 */
export async function resultPage(request: Request, context: AppLoadContext, reference: string | undefined): Promise<{ r: CartRequest; page: ResultPageData }> {
  if (!reference || !REFERENCE.test(reference)) throw notFound();
  const r = await cartRequest(request, context);
  const { url } = r;
  const providerKeys = [...url.searchParams.keys()].filter((k) => k !== "result");
  if (providerKeys.length) {
    let code: string | null = null;
    try {
      const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== "result").map(([k, v]) => [k, v.slice(0, 4000)]));
      code = (await context.services.payments.completeReturn(r.ctx, { reference, query })).resultCode;
    } catch (err) {
      // The order's status (the webhook may have settled it) still decides what the page says.
      log("payment return not completed", { reference, err: String(err) });
    }
    const clean = localePath(r.lang, `/checkout/result/${encodeURIComponent(reference)}`);
    throw redirect(code ? `${clean}?result=${encodeURIComponent(code)}` : clean, { headers: cartHeaders(r) });
  }
  const rawResult = url.searchParams.get("result");
  const result = (RESULT_CODES as readonly string[]).includes(rawResult ?? "") ? (rawResult as ResultCode) : null;
  const order = await context.services.orders.byReference(r.ctx, reference, { cartToken: r.token });
  if (order?.kind === "quotation") throw redirect(orderHrefFor(context, r, order), { headers: cartHeaders(r) });
  let bank: BankDetails | null = null;
  if (order?.status === 300 && order.payment_method === "transfer") {
    bank = context.services.payments.transferInstructions({ reference, amount: order.prices.total });
  }
  let cartSize = 0;
  if (order?.status !== 300) cartSize = (await r.cart.currentCart(r.ctx, r.token))?.size ?? 0;
  const view = resultView(order, result, { orderHref: order ? orderHrefFor(context, r, order) : null, bank, cartSize });
  if (!view) throw notFound();
  // A guest who asked for an account at checkout: it waits for the password chosen from its mail.
  const owner = order && order.customer != null && !r.session.user ? await context.services.accounts.userById(order.customer) : null;
  const accountPending = Boolean(owner && !owner.isActive && owner.pendingPasswordHash);
  return { r, page: { lang: r.lang, path: stripLocale(url.pathname), reference, view, accountPending } };
}

/** The customer's own order page, or the signed link for a guest (the link also mailed to them). */
function orderHrefFor(context: AppLoadContext, r: CartRequest, order: OrderDto): string {
  const userId = r.session.user?.id ?? null;
  return orderPath(r.lang, order, { userId, linkToken: userId != null && order.customer === userId ? null : context.services.orders.linkToken(order.id) });
}
