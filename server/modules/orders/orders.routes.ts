import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import * as S from "../../../core/checkout.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import { SUB_ORDER_STATUSES } from "../../../core/orders.ts";
import { apiRoute } from "../../lib/api-route.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";
import type { OrderAccess } from "./orders.types.ts";

const TAG = "orders";
const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const Paged = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), page: z.number().int(), page_size: z.number().int(), total: z.number().int(), pages: z.number().int() });
const PageQuery = { page: z.coerce.number().int().min(1).max(10_000).default(1), page_size: z.coerce.number().int().min(1).max(100).default(20) };
/** The guest's proof of ownership: the signed link's `t` (mailed), besides the cart token header. */
const AccessQuery = StoreQuery.extend({ t: z.string().max(64).optional().describe("The signed link's token, from the order mail (guests)") });

const ACCESS =
  "An order is its customer's (access token), its guest's (the cart token it was placed with, `X-Cart-Token`), or anyone's holding " +
  "the signed link mailed with it (`?t=`). Staff see every order. Anyone else gets 404.";

export const SubOrderDto = S.SubOrderDto.extend({ order: z.number().int() });

function refuse(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/** Where an order request proves ownership: the cart token header (API) or cookie (storefront), and `?t=`. */
export function accessOf(req: FastifyRequest, services: Services, t?: string): OrderAccess {
  const cartToken = services.cart.tokenFromHeaders((n) => {
    const v = req.headers[n];
    return Array.isArray(v) ? v[0] : v;
  });
  return { cartToken, linkToken: t ?? null };
}

/**
 * Orders, quotations, their packages (spec 7's `sub-orders/`) and the customer's incident and
 * return requests; staff moves of the state machine (docs/decisions/016).
 */
export async function ordersRoutes(app: FastifyInstance, services: Services) {
  const { stores, orders, checkout } = services;
  // Orders are personal: no shared or browser cache may keep them.
  app.addHook("onSend", async (req, reply) => {
    if (req.url.includes("/orders/v1/") || req.url.includes("/sub-orders/")) reply.header("cache-control", "private, no-store");
  });
  const ctxOf = (query: z.output<typeof StoreQuery>, user: Parameters<typeof apiContext>[2]): Promise<RequestContext> => apiContext(stores, query, user);
  const notFound = (reply: FastifyReply, ctx: RequestContext) => refuse(reply, 404, "order.not_found", t(ctx.language, "errors.order.not_found"));

  apiRoute(
    app,
    {
      method: "GET",
      url: "/orders/v1/orders/",
      tag: TAG,
      summary: "The signed-in customer's orders (or quotations with kind=quotation) in this store, newest first",
      query: StoreQuery.extend({ kind: z.enum(["order", "quotation"]).default("order"), ...PageQuery }),
      response: Paged(S.OrderSummaryDto),
      auth: "user",
    },
    async ({ query, user }) => {
      const ctx = await ctxOf(query, user);
      return orders.list(ctx, query.kind, query);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/orders/v1/orders/:id/",
      tag: TAG,
      summary: "An order or quotation: lines with frozen prices, packages, totals, VAT, requests and what the customer can do now",
      description: ACCESS,
      params: Id,
      query: AccessQuery,
      response: S.OrderDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const o = await orders.get(ctx, params.id, accessOf(req, services, query.t));
      return o ?? notFound(reply, ctx);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/orders/v1/orders/:id/requests/",
      tag: TAG,
      summary: "Open an incident or ask for a return (spec 4); stored for staff",
      description: `${ACCESS} A return within 14 days of delivery; an incident once something shipped (after 24 hours from delivery it is recorded as a warranty claim).`,
      params: Id,
      query: AccessQuery,
      body: z.object({
        kind: z.enum(["incident", "return"]),
        reason: z.string().max(200),
        message: z.string().max(2000).optional(),
        sub_order: z.number().int().positive().optional(),
        row_ids: z.array(z.number().int().positive()).max(100).optional(),
      }),
      response: S.OrderDto,
      status: 201,
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const r = await orders.createRequest(ctx, params.id, accessOf(req, services, query.t), body);
      if (r.ok) return r.order;
      if (r.code === "order.not_found") return notFound(reply, ctx);
      return refuse(reply, r.code === "order.request_invalid" ? 400 : 409, r.code, r.message, r.fieldErrors);
    },
  );

  // ---------------------------------------------------------------- packages (spec 7: sub-orders/)

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/sub-orders/",
      tag: TAG,
      summary: "Packages of one of the caller's orders (`order`), or of all their orders in this store",
      description: ACCESS,
      query: AccessQuery.extend({ order: z.coerce.number().int().positive().max(2_147_483_647).optional(), ...PageQuery }),
      response: Paged(SubOrderDto),
      auth: "optional",
      errors: [404],
    },
    async ({ query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      let list: z.infer<typeof SubOrderDto>[] = [];
      if (query.order != null) {
        const o = await orders.get(ctx, query.order, accessOf(req, services, query.t));
        if (!o) return notFound(reply, ctx);
        list = o.sub_orders.map((s) => ({ ...s, order: o.id }));
      } else if (ctx.user) {
        const mine = await orders.list(ctx, "order", { page: 1, page_size: 100 });
        for (const s of mine.results) {
          const o = await orders.get(ctx, s.id);
          if (o) list.push(...o.sub_orders.map((x) => ({ ...x, order: o.id })));
        }
      }
      const start = (query.page - 1) * query.page_size;
      return {
        results: list.slice(start, start + query.page_size),
        page: query.page,
        page_size: query.page_size,
        total: list.length,
        pages: Math.ceil(list.length / query.page_size),
      };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/cart/v1/sub-orders/:id/",
      tag: TAG,
      summary: "One package of the caller's order",
      description: ACCESS,
      params: Id,
      query: AccessQuery,
      response: SubOrderDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await ctxOf(query, user);
      const found = await orders.subOrderOwner(params.id);
      const o = found ? await orders.get(ctx, found, accessOf(req, services, query.t)) : null;
      const s = o?.sub_orders.find((x) => x.id === params.id);
      return s && o ? { ...s, order: o.id } : notFound(reply, ctx);
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/cart/v1/sub-orders/:id/",
      tag: TAG,
      summary: "Staff (packages.write): move a package (shipped with agency and tracking number, delivered, delayed, incident, cancelled, returned)",
      description: "Illegal moves answer 409 (docs/decisions/016). A package shipped for the first time mails its tracking number.",
      params: Id,
      query: StoreQuery,
      body: z
        .object({
          status: z
            .number()
            .int()
            .refine((s) => (SUB_ORDER_STATUSES as number[]).includes(s), "unknown sub-order status"),
          agency: z.string().trim().min(1).max(100).nullable().optional(),
          shipment_number: z.string().trim().min(1).max(100).nullable().optional(),
          note: z.string().max(1000).nullable().optional(),
        })
        .strict(),
      response: SubOrderDto,
      permission: "packages.write",
      errors: [404, 409],
    },
    async ({ params, query, body, audit }, _req, reply) => {
      const ctx = await ctxOf(query, null);
      const r = await checkout.moveSubOrder(ctx, params.id, body, {
        // The package's move and its audit entry commit together (the customer's tracking mail follows the commit).
        inTx: (tx, m) =>
          audit(
            {
              action: "package.status",
              entityType: "sub_order",
              entityId: m.after.id,
              orderId: m.after.orderId,
              before: { status: m.before.status, agency: m.before.agency, shipment_number: m.before.shipmentNumber, order_status: m.orderBefore },
              after: {
                status: m.after.status,
                agency: m.after.agency,
                shipment_number: m.after.shipmentNumber,
                order_status: m.orderAfter,
                note: body.note ?? null,
              },
            },
            tx,
          ),
      });
      if (!r.ok) return r.code === "order.not_found" ? notFound(reply, ctx) : refuse(reply, 409, r.code, r.message);
      const o = await orders.staffGet(ctx, r.value.order.id);
      const s = o!.sub_orders.find((x) => x.id === params.id)!;
      return { ...s, order: o!.id };
    },
  );

  // ---------------------------------------------------------------- staff

  // Staff's incident and return requests moved to the back office's after-sale queue: /api/admin/v1/aftersale/...
}
