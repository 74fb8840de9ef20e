import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import * as S from "../../../core/cart.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import { apiRoute } from "../../lib/api-route.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";

const TAG = "coupons";
const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function refuse(reply: FastifyReply, ctx: RequestContext, status: number, code: string, message?: string) {
  return reply.status(status).send({ error: { code, message: message ?? t(ctx.language, `errors.${code}`) } });
}

/** Coupons: staff manage them (CRUD), shoppers apply them to their cart and see the public ones. */
export async function couponsRoutes(app: FastifyInstance, services: Services) {
  const { stores, coupons, cart } = services;
  // A cart (and a staff coupon list) is one person's: no shared or browser cache may keep it.
  app.addHook("onSend", async (_req, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/coupons/",
      tag: TAG,
      summary: "Staff: the store's coupons, newest first",
      query: StoreQuery.extend({ page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(200).default(50) }),
      response: z.object({
        results: z.array(S.CouponDto),
        page: z.number().int(),
        page_size: z.number().int(),
        total: z.number().int(),
        pages: z.number().int(),
      }),
      permission: "marketing.write",
    },
    async ({ query, user }) => coupons.list(await apiContext(stores, query, user), query.page, query.page_size),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/cart/v1/coupons/",
      tag: TAG,
      summary: "Staff: create a coupon (code unique per store whatever its case; single_use means one use in total)",
      description: "`value` is cents for kind amount, basis points for percent (1000 = 10 %).",
      query: StoreQuery,
      body: S.CouponInput,
      response: S.CouponDto,
      status: 201,
      permission: "marketing.write",
      errors: [409],
    },
    async ({ query, body, user, audit }, _req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const r = await coupons.create(ctx, body);
      if (!r.ok) return refuse(reply, ctx, 409, r.code);
      await audit({ action: "coupon.create", entityType: "coupon", entityId: r.coupon.id, after: r.coupon });
      return r.coupon;
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/coupons/web_list/",
      tag: TAG,
      summary: "The public coupons of the store that are valid now",
      query: StoreQuery,
      response: z.object({ results: z.array(S.PublicCouponDto) }),
    },
    async ({ query }) => ({ results: await coupons.webList(await apiContext(stores, query)) }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/cart/v1/coupons/validate-coupon/",
      tag: TAG,
      summary: "Apply a coupon to the caller's cart ('Cupón aplicado correctamente' / 422 'Lo sentimos, este cupón no es válido')",
      description:
        "Checks the code (active, dates, minimum amount, first purchase, personal email, per-customer and total limits) and reserves one use " +
        "for the cart. The cart is `cart` or the caller's current one (X-Cart-Token / cookie, or the customer's).",
      query: StoreQuery,
      body: S.ValidateCouponInput,
      response: z.object({ message: z.string(), cart: S.CartDto }),
      auth: "optional",
      errors: [404, 409, 422],
    },
    async ({ query, body, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const token = cart.tokenFromHeaders((n) => {
        const v = req.headers[n];
        return Array.isArray(v) ? v[0] : v;
      });
      const r = await cart.applyCoupon(ctx, body.cart ?? null, token, body.code);
      if (r.ok) return { message: r.message, cart: r.cart };
      const status = r.code === "coupon.invalid" ? 422 : r.code === "cart.not_found" ? 404 : 409;
      return refuse(reply, ctx, status, r.code, r.message);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/coupons/:id/",
      tag: TAG,
      summary: "Staff: one coupon",
      params: Id,
      query: StoreQuery,
      response: S.CouponDto,
      permission: "marketing.write",
      errors: [404],
    },
    async ({ params, query, user }, _req, reply) => {
      const ctx = await apiContext(stores, query, user);
      return (await coupons.get(ctx, params.id)) ?? refuse(reply, ctx, 404, "coupon.not_found");
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/cart/v1/coupons/:id/",
      tag: TAG,
      summary: "Staff: replace a coupon's terms (a limit below the uses already counted is refused)",
      params: Id,
      query: StoreQuery,
      body: S.CouponInput,
      response: S.CouponDto,
      permission: "marketing.write",
      errors: [404, 409],
    },
    async ({ params, query, body, user, audit }, _req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const before = await coupons.get(ctx, params.id);
      const r = await coupons.update(ctx, params.id, body);
      if (r.ok) {
        await audit({ action: "coupon.update", entityType: "coupon", entityId: params.id, before, after: r.coupon });
        return r.coupon;
      }
      return r.code === "not_found" ? refuse(reply, ctx, 404, "coupon.not_found") : refuse(reply, ctx, 409, r.code);
    },
  );

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/cart/v1/coupons/:id/",
      tag: TAG,
      summary: "Staff: delete a coupon nobody has used (409 otherwise: deactivate it instead)",
      params: Id,
      query: StoreQuery,
      status: 204,
      permission: "marketing.write",
      errors: [404, 409],
    },
    async ({ params, query, user, audit }, _req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const before = await coupons.get(ctx, params.id);
      const r = await coupons.remove(ctx, params.id);
      if (r.ok) {
        await audit({ action: "coupon.delete", entityType: "coupon", entityId: params.id, before });
        return undefined;
      }
      return r.code === "not_found" ? refuse(reply, ctx, 404, "coupon.not_found") : refuse(reply, ctx, 409, r.code);
    },
  );
}
