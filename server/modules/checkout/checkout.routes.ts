import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { PAYMENT_METHODS } from "../../../core/cart.schema.ts";
import * as S from "../../../core/checkout.schema.ts";
import { apiRoute } from "../../lib/api-route.ts";
import type { Services } from "../index.ts";
import { accessOf } from "../orders/orders.routes.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";

const TAG = "checkout";
const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function refuse(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
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
  "order.not_found": 404,
  "order.quotation_expired": 410,
  "payment.unavailable": 503,
};

/** Placing orders, paying them later, and the staff's transfer confirmations and cancellations. */
export async function checkoutRoutes(app: FastifyInstance, services: Services) {
  const { stores, checkout, cart } = services;
  app.addHook("onSend", async (req, reply) => {
    if (req.url.includes("/checkout/v1/")) reply.header("cache-control", "private, no-store");
  });

  apiRoute(
    app,
    {
      method: "POST",
      url: "/checkout/v1/place_order/",
      tag: TAG,
      summary: "Place the caller's cart as an order (or save it as a quotation) and open its payment",
      description:
        "The checkout form of spec 5 (every field of `checkoutSchema` in core/checkout.schema.ts): contact, shipping address, billing " +
        "(business name, tax id type and tax id; `same_billing_data` true by default), observations, `payment_method`, an optional " +
        "`password` (guests: asks for an account to follow the order; the password stays unusable until the mailbox's owner chooses " +
        "the account's password through the link mailed to the order's email: docs/decisions/047), `quotation` (save instead of paying), `idempotency_key` " +
        "(16-100 url-safe characters, one per checkout page: the same key sent again answers the first order with `existing: true`) " +
        "and `expected_total` (cents: the total the shopper was shown, before any PayPal commission). Field errors: 400 with " +
        "`details` {field: message} in the request's language. The total changed (a price, a coupon that lapsed): 409 " +
        "'No coinciden los importes entre el pago y el importe del pedido, continúa para actualizar los precios.' with the updated " +
        "cart in `details.cart`. Stock gone, empty cart: 409; not delivered to the postal code: 422. A guest's password with an " +
        "email that has an account: 409 `checkout.email_taken`, throttled per address and email (429 with Retry-After). The cart is the caller's " +
        "(guest: `X-Cart-Token`; customer: access token). The answer's `payment` says what to do next: follow `url` (the provider's " +
        "payment page), pay a bank transfer with its reference, or nothing (a quotation).",
      query: StoreQuery,
      body: z.record(z.string(), z.unknown()),
      response: S.PlaceOrderAnswer,
      status: 201,
      auth: "optional",
      errors: [404, 409, 422, 429, 503],
    },
    async ({ query, body, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const token = cart.tokenFromHeaders((n) => {
        const v = req.headers[n];
        return Array.isArray(v) ? v[0] : v;
      });
      const r = await checkout.placeOrder(ctx, token, body, { ip: req.ip });
      if (r.ok) {
        if (r.answer.existing) {
          reply.status(200);
          reply.hasExplicitStatus = true;
        }
        return r.answer;
      }
      if (r.code === "auth.too_many_attempts") reply.header("retry-after", String(r.retryAfter));
      const details = r.code === "checkout.invalid" ? r.fieldErrors : "cart" in r ? { cart: r.cart } : undefined;
      return refuse(reply, STATUS[r.code] ?? 409, r.code, r.message, details);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/checkout/v1/orders/:id/pay/",
      tag: TAG,
      summary: "Pay my order (spec 4): a valid quotation becomes an order awaiting payment, or an unpaid order gets a new payment",
      description:
        "Same access as reading the order (customer, guest cart token, or the signed link's `t`). A quotation's stock is taken now; " +
        "409 when it ran out, 410 when the quotation expired, 409 when nothing is owed.",
      params: Id,
      query: StoreQuery.extend({ t: z.string().max(64).optional() }),
      body: z.object({ payment_method: z.enum(PAYMENT_METHODS).optional() }).strict(),
      response: z.object({ payment: S.PaymentAction, order: S.OrderDto }),
      auth: "optional",
      errors: [404, 409, 410],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const access = accessOf(req, services, query.t);
      const r = await checkout.payOrder(ctx, params.id, access, body.payment_method);
      if (!r.ok) return refuse(reply, STATUS[r.code] ?? 409, r.code, r.message);
      return { payment: r.payment, order: (await services.orders.get(ctx, params.id, access))! };
    },
  );
  // Staff's transfer confirmations and cancellations moved to the back office (/api/admin/v1/orders/:id/confirm-transfer/, /cancel/).
}
