import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import * as S from "../../../core/cart.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import { emailField } from "../../../core/validation.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";

const TAG = "cart";
const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const results = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const Message = z.object({ message: z.string() });

/** `?delete_commissions` (present, empty or true) leaves the PayPal commission out. */
const CartQuery = StoreQuery.extend({
  delete_commissions: z
    .union([z.literal(""), z.enum(["true", "false", "1", "0"])])
    .optional()
    .transform((v) => v !== undefined && v !== "false" && v !== "0")
    .describe("Present: prices without the PayPal commission"),
});

const OWNERSHIP =
  "Only the cart's owner reaches it: a guest with its token (`X-Cart-Token: <token>` header, or the storefront's HttpOnly cookie), " +
  "a customer with their access token. Anyone else's cart id answers 404.";

/**
 * An expected refusal, answered in the store's language (the error handler would pick the
 * request's, which may differ when only `store` is given).
 */
function refuse(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

const tokenOf = (req: FastifyRequest, services: Services) =>
  services.cart.tokenFromHeaders((n) => {
    const v = req.headers[n];
    return Array.isArray(v) ? v[0] : v;
  });

export async function cartRoutes(app: FastifyInstance, services: Services) {
  const { stores, cart } = services;
  // A cart (and a staff coupon list) is one person's: no shared or browser cache may keep it.
  app.addHook("onSend", async (_req, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  const ctxOf = (query: z.output<typeof StoreQuery>, user: Parameters<typeof apiContext>[2]): Promise<RequestContext> => apiContext(stores, query, user);
  const notFound = (reply: FastifyReply, ctx: RequestContext) => refuse(reply, 404, "cart.not_found", tMsg(ctx, "cart.not_found"));

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/carts/:id/",
      tag: TAG,
      summary: "A cart: rows, totals, coupon, contact and delivery (spec 3's server cart response, plus size and prices)",
      description: OWNERSHIP,
      params: Id,
      query: CartQuery,
      response: S.CartDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const c = await cart.getCart(ctx, params.id, tokenOf(req, services), { deleteCommissions: query.delete_commissions });
      return c ?? notFound(reply, ctx);
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/cart/v1/carts/:id/",
      tag: TAG,
      summary: "Contact, shipping and billing data, payment method and observations of a cart (any subset)",
      description: `${OWNERSHIP} Empty strings clear a field. The shipping postal code drives delivery and free shipping.`,
      params: Id,
      query: StoreQuery,
      body: S.CartUpdateInput,
      response: S.CartDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const c = await cart.updateCart(ctx, params.id, tokenOf(req, services), body);
      return c ?? notFound(reply, ctx);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/cart/v1/carts/",
      tag: TAG,
      summary: "Open a cart: a customer's open cart (made if none), or a new guest cart with its token",
      description:
        "`cart_token` is returned once, for a guest: send it back in `X-Cart-Token` (it is also set as the storefront's HttpOnly cookie). Null for customers.",
      query: StoreQuery,
      response: S.CartDto.extend({ cart_token: z.string().nullable() }),
      status: 201,
      auth: "optional",
    },
    async ({ query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const r = await cart.createCart(ctx, tokenOf(req, services));
      if (r.token) reply.header("set-cookie", cart.cookieFor(r.token));
      return { ...r.cart, cart_token: r.token };
    },
  );

  for (const url of ["/cart/v1/carts/", "/cart/v1/carts/:id/"]) {
    apiRoute(
      app,
      {
        method: "DELETE",
        url,
        tag: TAG,
        summary: url.includes(":id") ? "Delete a cart: its rows and coupon go with it" : "Delete the caller's current cart",
        description: `${OWNERSHIP} Clears the storefront's cart cookie.`,
        ...(url.includes(":id") ? { params: Id } : {}),
        query: StoreQuery,
        status: 204,
        auth: "optional",
        errors: [404],
      },
      async ({ params, query, user }, req, reply) => {
        const ctx = await ctxOf(query, user);
        const id = (params as { id?: number } | undefined)?.id ?? null;
        if (!(await cart.deleteCart(ctx, id, tokenOf(req, services)))) return notFound(reply, ctx);
        reply.header("set-cookie", cart.clearCookie());
        return undefined;
      },
    );
  }

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/carts/:id/custom_rows/",
      tag: TAG,
      summary: "The cart's rows as the cart page shows them (lines, summary, shipping, stock)",
      description: OWNERSHIP,
      params: Id,
      query: StoreQuery,
      response: results(S.CartRowDto),
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const rows = await cart.customRows(ctx, params.id, tokenOf(req, services));
      return rows ? { results: rows } : notFound(reply, ctx);
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/cart/v1/carts/:id/disable_coupon/",
      tag: TAG,
      summary: "Take the coupon off the cart ('Cupón eliminado'; 409 'Error, No se ha podido borrar el cupón' when it has none)",
      description: OWNERSHIP,
      params: Id,
      query: StoreQuery,
      response: Message.extend({ cart: S.CartDto }),
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const r = await cart.removeCoupon(ctx, params.id, tokenOf(req, services));
      if (r.ok) return { message: r.message, cart: r.cart };
      return refuse(reply, r.code === "cart.not_found" ? 404 : 409, r.code, r.message);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/cart/v1/carts/:id/join_email_to_cart/",
      tag: TAG,
      summary: "Keep the shopper's email with the cart",
      description: OWNERSHIP,
      params: Id,
      query: StoreQuery,
      body: z.object({ email: z.string().max(254) }),
      response: S.CartDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const email = emailField(ctx.language).safeParse(body.email);
      if (!email.success) return refuse(reply, 400, "validation", email.error.issues[0].message);
      const c = await cart.joinEmail(ctx, params.id, tokenOf(req, services), email.data);
      return c ?? notFound(reply, ctx);
    },
  );

  // ---------------------------------------------------------------- rows

  apiRoute(
    app,
    {
      method: "POST",
      url: "/cart/v1/cart-rows/",
      tag: TAG,
      summary: "Add a configured product (options, measures, complements, installation services) to the cart",
      description:
        "The configuration is checked and priced from the catalog on the server, never from the client. Refused configurations answer 422 " +
        "with the spec's message ('Configuración del producto incompleta', 'Existen complementos con configuración incompleta', or the " +
        "measure's range / combined-measure message) and `details.issues` / `details.messages`; no stock: 409 'Articulo fuera de stock.'. " +
        "Without `cart`, the row goes to the caller's current cart, made now if they have none (`cart_token` then holds a guest's new token). " +
        OWNERSHIP,
      query: StoreQuery,
      body: S.AddRowInput,
      response: Message.extend({ row: S.CartRowDto, cart: S.CartDto, cart_token: z.string().nullable() }),
      status: 201,
      auth: "optional",
      errors: [404, 409, 422],
    },
    async ({ query, body, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const r = await cart.addRow(ctx, tokenOf(req, services), body);
      if (r.ok) {
        if (r.token) reply.header("set-cookie", cart.cookieFor(r.token));
        return { message: r.message, row: r.row, cart: r.cart, cart_token: r.token };
      }
      const status =
        r.code === "cart.out_of_stock"
          ? 409
          : r.code === "cart.not_found" || r.code === "cart.product_not_found"
            ? 404
            : r.code === "cart.abandoned"
              ? 409
              : 422;
      return refuse(reply, status, r.code, r.message, r.issues ? { issues: r.issues, messages: r.issueMessages } : undefined);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/cart-rows/:id/",
      tag: TAG,
      summary: "One row of the caller's cart",
      description: OWNERSHIP,
      params: Id,
      query: StoreQuery,
      response: S.CartRowDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const row = await cart.getRow(ctx, params.id, tokenOf(req, services));
      return row ?? refuse(reply, 404, "cart.row_not_found", tMsg(ctx, "cart.row_not_found"));
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/cart/v1/cart-rows/:id/",
      tag: TAG,
      summary: "Change a row's quantity (its installation and facility services follow; stock checked when it grows)",
      description: OWNERSHIP,
      params: Id,
      query: StoreQuery,
      body: S.RowQuantityInput,
      response: Message.extend({ row: S.CartRowDto, cart: S.CartDto }),
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const r = await cart.updateRow(ctx, params.id, tokenOf(req, services), body);
      if (r.ok && r.row) return { message: r.message, row: r.row, cart: r.cart };
      if (r.ok) throw new AppError("internal", 500, "row vanished after its update");
      return refuse(reply, r.code === "cart.out_of_stock" || r.code === "cart.abandoned" ? 409 : 404, r.code, r.message);
    },
  );

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/cart/v1/cart-rows/:id/delete_item/",
      tag: TAG,
      summary: "Remove a row; answers the reloaded cart (spec 4)",
      description: OWNERSHIP,
      params: Id,
      query: StoreQuery,
      response: Message.extend({ cart: S.CartDto }),
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const r = await cart.deleteRow(ctx, params.id, tokenOf(req, services));
      if (r.ok) return { message: r.message, cart: r.cart };
      return refuse(reply, r.code === "cart.abandoned" ? 409 : 404, r.code, r.message);
    },
  );
}

function tMsg(ctx: RequestContext, code: string): string {
  return t(ctx.language, `errors.${code}`);
}
