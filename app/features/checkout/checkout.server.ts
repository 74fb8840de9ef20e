import { type AppLoadContext, data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { parseForm } from "../../../core/accounts.forms.ts";
import type { AddressDto } from "../../../core/accounts.types.ts";
import type { CartDto } from "../../../core/cart.types.ts";
import { checkoutSchema, storeCountry } from "../../../core/checkout.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import type { PaymentAction } from "../../../core/orders.types.ts";
import { isValidPostalCode } from "../../../core/postal-code.ts";
import { type Language, localePath, stripLocale } from "../../../core/stores.ts";
import { isValidEmail } from "../../../core/validation.ts";
import { type CartRequest, cartHeaders, cartRequest, currentCart } from "~/features/cart/cart.server";
import { clientMeta, formObject } from "~/lib/session.server";
import {
  type CheckoutValues,
  commissionFor,
  newIdempotencyKey,
  numberAndFlat,
  placeOrderForm,
  EMPTY_CART,
  prefill,
  STORE_METHODS,
  totalWithoutCommission,
  valuesFromForm,
} from "./checkout-values";
import type { CheckoutActionResult, CheckoutCart, CheckoutPageData, SavedAddress } from "./checkout-view";

/** The cart as the checkout shows it (no personal fields: those are the form's values). */
export function checkoutCart(c: CartDto): CheckoutCart {
  return {
    id: c.id,
    size: c.size,
    status: c.status,
    rows: c.rows,
    coupon: c.coupon,
    professional: c.professional,
    prices: c.prices,
    vat: c.vat,
    delivery: c.delivery,
    shipping_postal_code: c.shipping_postal_code,
    can_checkout: c.can_checkout,
    blockers: c.blockers,
  };
}

function savedAddress(a: AddressDto, type: "shipping" | "billing", lang: Language): SavedAddress {
  const line = `${a.address} ${numberAndFlat(a)}, ${a.postal_code} ${a.city}`;
  const who = type === "billing" ? a.business_name || a.name : a.name;
  const fields: Record<string, string> = {
    [`${type}_address`]: a.address,
    [`${type}_number`]: numberAndFlat(a),
    [`${type}_postal_code`]: a.postal_code,
    [`${type}_city`]: a.city,
    [`${type}_province`]: a.province,
  };
  if (type === "billing") {
    fields.billing_business_name = a.business_name;
    if (a.tax_type) fields.billing_tax_id_type = a.tax_type;
    fields.billing_tax_id = a.tax_id;
  } else if (a.phone) fields.phone = a.phone;
  void lang;
  return { id: a.id, label: who ? `${who} · ${line}` : line, default: a.default, fields };
}

const picked = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/**
 * The checkout page's data: the visitor's cart (null when there is none or it is empty), the
 * form's first values (the cart's stored data, the customer's and their saved addresses), the
 * idempotency key of this render, and what PayPal would add. A saved address picked now (or the
 * first one, on a cart without a postal code) re-prices the cart for its postal code first, so
 * the total shown is the one the order will have.
 */
export async function checkoutPage(request: Request, context: AppLoadContext): Promise<{ r: CartRequest; page: CheckoutPageData }> {
  const r = await cartRequest(request, context);
  const user = r.session.user;
  let cart = await currentCart(r, context);
  const lang = r.lang;
  const rate = context.services.config.paypalCommissionRate;
  let shipping: AddressDto[] = [];
  let billing: AddressDto[] = [];
  if (user && cart?.rows.length) {
    const accounts = context.services.accounts;
    [shipping, billing] = await Promise.all([
      accounts.listAddresses(r.ctx, "shipping", { page: -1 }).then((x) => x.results.filter((a) => a.country === storeCountry(lang))),
      accounts.listAddresses(r.ctx, "billing", { page: -1 }).then((x) => x.results.filter((a) => a.country === storeCountry(lang))),
    ]);
  }
  const pickShip = picked(r.url.searchParams.get("shipping"));
  const pickBill = picked(r.url.searchParams.get("billing"));
  const ship = shipping.find((a) => a.id === pickShip) ?? shipping.find((a) => a.default) ?? shipping[0] ?? null;
  const bill = billing.find((a) => a.id === pickBill) ?? billing.find((a) => a.default) ?? null;
  let values: CheckoutValues | null = null;
  if (cart?.rows.length) {
    values = prefill({
      lang,
      cart,
      user,
      shipping: ship,
      shippingPicked: ship != null && ship.id === pickShip,
      billing: bill,
      billingPicked: bill != null && bill.id === pickBill,
    });
    // Priced for the address shown: a saved address picked now, or the first one on a cart without a postal code
    // (a code the shopper typed or gave on the cart page is theirs: the page's script prices what they type).
    const pc = values.shipping_postal_code;
    const picking = (ship != null && ship.id === pickShip) || !cart.shipping_postal_code;
    if (picking && pc && pc !== cart.shipping_postal_code && isValidPostalCode(pc)) {
      const repriced = await r.cart.updateCart(r.ctx, cart.id, r.token, { shipping_postal_code: pc });
      if (repriced) cart = repriced;
    }
  }
  const view = cart?.rows.length ? checkoutCart(cart) : null;
  // Back from the payment page: the cart became the order, which waits for its payment (docs/decisions/055).
  const pending = view ? null : await context.services.checkout.pendingPayment(r.ctx, r.token);
  const page: CheckoutPageData = {
    pending,
    lang,
    path: stripLocale(r.url.pathname),
    cart: view,
    values: values ?? prefill({ lang, cart: EMPTY_CART, user, shipping: null, shippingPicked: false, billing: null, billingPicked: false }),
    idempotencyKey: newIdempotencyKey(),
    customer: user ? { id: user.id, email: user.email } : null,
    addresses: { shipping: shipping.map((a) => savedAddress(a, "shipping", lang)), billing: billing.map((a) => savedAddress(a, "billing", lang)) },
    picked: { shipping: ship?.id ?? null, billing: bill?.id ?? null },
    paypal: { rate, commission: view ? commissionFor(view, rate) : 0 },
    methods: [...STORE_METHODS[lang]],
    country: storeCountry(lang),
    expectedTotal: view ? totalWithoutCommission(view) : 0,
  };
  return { r, page };
}

const STATUS: Record<string, number> = {
  "checkout.invalid": 400,
  "checkout.price_mismatch": 409,
  "checkout.email_taken": 409,
  "auth.too_many_attempts": 429,
  "cart.empty": 409,
  "cart.not_delivered": 422,
  "cart.out_of_stock": 409,
  "coupon.invalid": 409,
  "cart.not_found": 404,
  "payment.unavailable": 503,
};

const PostalCode = z.object({
  intent: z.literal("postal_code"),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/),
});
const JoinEmail = z.object({ intent: z.literal("join_email"), email: z.string().trim().max(254) });
const Pending = z.object({ intent: z.enum(["pay_pending", "restore_pending"]), order: z.coerce.number().int().positive().max(2_147_483_647) });

/** Where the browser goes once the order is placed: the provider's page, the transfer's reference, or the quotation. */
function next(r: CartRequest, payment: PaymentAction, order: { id: number; customer: number | null }, orderUrl: string, headers: Headers): Response {
  if (payment.type === "redirect") {
    // A full page load: the provider's page is not a page of this app (with JavaScript on, a plain
    // redirect would be followed by the client router).
    return redirectDocument(payment.url, { headers });
  }
  if (payment.type === "transfer") return redirect(localePath(r.lang, `/checkout/result/${encodeURIComponent(payment.reference)}`), { headers });
  const user = r.session.user;
  if (user && order.customer === user.id) return redirect(localePath(r.lang, `/profile/${user.id}/quotation/${order.id}`), { headers });
  const link = new URL(orderUrl, r.url);
  return redirect(link.pathname + link.search, { headers });
}

/**
 * The checkout's form posts: placing the order (or saving a quotation), and with JavaScript the
 * postal code (the summary is priced for it as the shopper types) and the email joined to the
 * cart. The form is checked here with the same schema the service uses, so every field error
 * comes back at once, in the page's language, with what was typed (never the password).
 */
export async function checkoutAction(request: Request, context: AppLoadContext): Promise<Response | ReturnType<typeof data<CheckoutActionResult>>> {
  const r = await cartRequest(request, context);
  const form = await formObject(request);
  const headers = cartHeaders(r);
  const answer = (body: CheckoutActionResult, status = 200) => data(body, { status, headers });

  if (form.intent === "postal_code") {
    const p = PostalCode.safeParse(form);
    if (!p.success) return answer({ intent: "postal_code", ok: false }, 400);
    const res = await r.cart.updateCart(r.ctx, null, r.token, { shipping_postal_code: p.data.postal_code });
    return answer({ intent: "postal_code", ok: res != null }, res ? 200 : 409);
  }
  if (form.intent === "join_email") {
    const p = JoinEmail.safeParse(form);
    const email = p.success ? p.data.email.toLowerCase() : "";
    if (!p.success || !isValidEmail(email)) return answer({ intent: "join_email", ok: false }, 400);
    const res = await r.cart.joinEmail(r.ctx, null, r.token, email);
    return answer({ intent: "join_email", ok: res != null });
  }

  if (form.intent === "pay_pending" || form.intent === "restore_pending") return pendingAction(r, context, form, headers);

  const lang = r.lang;
  const raw = placeOrderForm(form);
  const key = /^[A-Za-z0-9_-]{16,100}$/.test(form.idempotency_key ?? "") ? form.idempotency_key : newIdempotencyKey();
  const values = valuesFromForm(
    form,
    prefill({ lang, cart: EMPTY_CART, user: null, shipping: null, shippingPicked: false, billing: null, billingPicked: false }),
  );
  const refuse = (code: string, message: string, extra: { fieldErrors?: Record<string, string>; cart?: CartDto; idempotencyKey?: string } = {}) =>
    answer(
      {
        intent: "place",
        ok: false,
        code,
        message,
        fieldErrors: extra.fieldErrors ?? {},
        values,
        idempotencyKey: extra.idempotencyKey ?? key,
        ...(extra.cart ? { cart: checkoutCart(extra.cart) } : {}),
      },
      STATUS[code] ?? 409,
    );

  const parsed = parseForm(checkoutSchema(lang), { ...raw, idempotency_key: key }, lang);
  if (!parsed.ok) return refuse("checkout.invalid", t(lang, "errors.checkout.invalid"), { fieldErrors: parsed.fieldErrors });
  const res = await context.services.checkout.placeOrder(r.ctx, r.token, { ...raw, idempotency_key: key }, clientMeta(context));
  if (res.ok) return next(r, res.answer.payment, res.answer.order, res.answer.order_url, headers);
  switch (res.code) {
    case "checkout.invalid":
      return refuse(res.code, res.message, { fieldErrors: res.fieldErrors });
    case "checkout.email_taken":
      return refuse(res.code, res.message, { fieldErrors: { email: res.message } });
    case "payment.unavailable":
      // The order went back to being the cart: a new attempt needs a new key.
      return refuse(res.code, res.message, { idempotencyKey: newIdempotencyKey() });
    default:
      return refuse(res.code, res.message, "cart" in res ? { cart: res.cart } : {});
  }
}

/**
 * The pending order's two buttons (docs/decisions/055): pay it (its provider session opened
 * again, or a new one) or turn it back into the cart (then the checkout shows the cart, ready
 * for another payment method). A payment that landed meanwhile shows the paid order instead.
 */
async function pendingAction(r: CartRequest, context: AppLoadContext, form: Record<string, string>, headers: Headers): Promise<Response> {
  const p = Pending.safeParse(form);
  const checkout = localePath(r.lang, "/checkout");
  if (!p.success) return redirect(checkout, { headers, status: 303 });
  const services = context.services.checkout;
  if (p.data.intent === "pay_pending") {
    const paid = await services.payOrder(r.ctx, p.data.order, { cartToken: r.token });
    if (paid.ok && paid.payment.type === "redirect") return redirectDocument(paid.payment.url, { headers, status: 303 });
    // Nothing to pay any more (paid, restored or expired meanwhile): the checkout says how things are now.
    if (!paid.ok) return redirect(checkout, { headers, status: 303 });
    return next(r, paid.payment, { id: paid.order.id, customer: paid.order.userId }, context.services.orders.orderLink(paid.order), headers);
  }
  const res = await services.restorePending(r.ctx, r.token, p.data.order);
  if (res.ok && !res.restored && res.status >= 400 && res.status !== 700 && res.reference) {
    return redirect(localePath(r.lang, `/checkout/result/${encodeURIComponent(res.reference)}`), { headers, status: 303 });
  }
  return redirect(checkout, { headers, status: 303 });
}
