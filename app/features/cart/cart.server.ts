import type { AppLoadContext } from "react-router";
import type { CartDto, DbCart } from "../../../core/cart.types.ts";
import type { Language } from "../../../core/stores.ts";
import { contextFor, type RequestContext } from "../../../server/lib/request-context.ts";
import type { Store } from "../../../server/modules/stores/stores.service.ts";
import { PRIVATE, type Session, sessionFor } from "~/lib/session.server";
import { storeFor } from "~/lib/store.server";
import type { CartView } from "./cart-view";

export type CartRequest = {
  store: Store;
  lang: Language;
  url: URL;
  session: Session;
  ctx: RequestContext;
  /** The guest's cart token from the HttpOnly cookie (null for none). */
  token: string | null;
  cart: AppLoadContext["services"]["cart"];
};

/** Everything a cart loader or action needs: the store, who is asking (their prices), their cart token. */
export async function cartRequest(request: Request, context: AppLoadContext): Promise<CartRequest> {
  const { store, lang, url } = await storeFor(request, context);
  const session = await sessionFor(request, context);
  const cart = context.services.cart;
  return { store, lang, url, session, ctx: contextFor(store, session.auth), token: cart.tokenFromRequest(request), cart };
}

/**
 * Headers of every cart response: the session's cookies, any cart cookie, and never a cache
 * (a cart is one visitor's: a shared or browser cache could show it to someone else).
 */
export function cartHeaders(r: Pick<CartRequest, "session">, extra: string[] = []): Headers {
  const h = new Headers();
  for (const c of [...r.session.setCookie, ...extra]) h.append("Set-Cookie", c);
  h.set("Cache-Control", PRIVATE);
  return h;
}

/**
 * The header counter's data ({id, size}, spec 3's db_cart), read on every page by the root
 * loader. A visitor with neither a cart cookie nor a session has no cart: no query at all.
 */
export async function cartBadge(request: Request, context: AppLoadContext): Promise<DbCart | null> {
  const cart = context.services.cart;
  const token = cart.tokenFromRequest(request);
  const session = await sessionFor(request, context);
  if (!token && !session.auth) return null;
  const { store } = await storeFor(request, context);
  // Counted in one query, not priced: this runs on every page a shopper with a cart opens.
  return cart.badge(contextFor(store, session.auth), token);
}

/** What the cart page shows of a cart: the rows and the money, none of the checkout's personal fields. */
export function cartView(c: CartDto): CartView {
  return {
    id: c.id,
    order_number: c.order_number,
    status: c.status,
    size: c.size,
    rows: c.rows,
    coupon: c.coupon,
    professional: c.professional,
    payment_method_selected: c.payment_method_selected,
    prices: c.prices,
    vat: c.vat,
    delivery: c.delivery,
    shipping_postal_code: c.shipping_postal_code,
    can_checkout: c.can_checkout,
    blockers: c.blockers,
  };
}
