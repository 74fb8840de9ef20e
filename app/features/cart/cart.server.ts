import type { AppLoadContext } from "react-router";
import type { CartDto, DbCart } from "../../../core/cart.types.ts";
import { type Language, stripLocale } from "../../../core/stores.ts";
import { contextFor, type RequestContext } from "../../../server/lib/request-context.ts";
import type { Store } from "../../../server/modules/stores/stores.service.ts";
import { oncePerRequest, PRIVATE, type Session, sessionFor } from "~/lib/session.server";
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
  // The cart and checkout pages read the whole cart anyway, in their own loader running beside
  // this one: the counter takes its size from that same read.
  if (request.method === "GET" && PAGES_WITH_THE_CART.has(stripLocale(new URL(request.url).pathname).replace(/\.data$/, ""))) {
    const c = await currentCart(await cartRequest(request, context), context);
    return c ? { id: c.id, size: c.size } : null;
  }
  const { store } = await storeFor(request, context);
  // Counted in one query, not priced: this runs on every page a shopper with a cart opens.
  return cart.badge(contextFor(store, session.auth), token);
}

/** The pages whose loader reads the visitor's whole cart (through currentCart below). */
const PAGES_WITH_THE_CART = new Set(["/cart", "/checkout"]);
const currentCarts = new WeakMap<object, Promise<CartDto | null>>();

/**
 * The visitor's current cart, priced, read once per HTTP request (kept with the request's load
 * context, as the session): the cart and checkout pages' loaders and the header's counter on
 * those pages share it. Only loaders call it, after the request's action if any, so what it
 * answers is the cart as the action left it.
 */
export function currentCart(r: Pick<CartRequest, "cart" | "ctx" | "token">, context: AppLoadContext): Promise<CartDto | null> {
  return oncePerRequest(currentCarts, context, () => r.cart.currentCart(r.ctx, r.token));
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
