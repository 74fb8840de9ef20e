import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { PaymentMethod } from "../../../core/cart.types.ts";
import { t } from "../../../core/i18n/index.ts";
import {
  canMoveOrder,
  canMoveSubOrder,
  DEFECT_REPORT_HOURS,
  orderStatusFromSubOrders,
  PLACED_STATUSES,
  QUOTATION_STATUSES,
  RETURN_PERIOD_DAYS,
  WARRANTY_YEARS,
} from "../../../core/orders.ts";
import { localePath } from "../../../core/stores.ts";
import { parseForm } from "../../../core/accounts.forms.ts";
import { hasControlCharacters } from "../../../core/validation.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { OrderRecord, RowRecord } from "../cart/cart.dto.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import { parseToken, secretMatches } from "../cart/cart.tokens.ts";
import type { StoresService } from "../stores/stores.service.ts";
import { orderEvents, orderRequests, subOrders } from "./orders.schema.ts";
import type { OrderAccess, OrderDto, OrderSummaryDto } from "./orders.types.ts";

type SubOrderRecord = typeof subOrders.$inferSelect;
type RequestRecord = typeof orderRequests.$inferSelect;

export type OrdersDeps = {
  db: Db;
  config: Pick<Config, "secret" | "publicUrl">;
  stores: StoresService;
  /** The invoice of an order, when one was issued (late-bound: the invoices module). */
  invoiceOf?: (orderId: number) => Promise<{ id: number; number: string } | null>;
  /** The withdrawals of an order (late-bound: the after-sale module), shown with its requests. */
  withdrawalsOf?: () => ((orderId: number) => Promise<WithdrawalSummary[]>) | null;
};

export type WithdrawalSummary = { id: number; status: "received" | "accepted" | "refused"; statement: string; createdAt: Date };

export type Actor = "system" | "customer" | "staff" | "provider";

export type MoveResult<T> = { ok: true; value: T } | { ok: false; code: "order.not_found" | "order.illegal_transition"; message: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a shopper calls "artículos": the units of the products they ordered (a tray bought twice
 * is 2; its complements and services are part of it, not more articles). The column is written
 * out qualified: Drizzle renders `${orders.id}` as a bare "id" in a select, which inside this
 * subquery meant order_rows.id and counted unrelated rows ("3 artículos" for one tray).
 */
const itemsCount = sql<number>`(select coalesce(sum(r.quantity), 0)::int from order_rows r where r.order_id = "orders"."id")`;

/** Request forms of spec 4 (open incident, return): what the customer says, validated here. */
export function requestSchema(lang: "es" | "fr") {
  const text = (max: number, required: boolean) =>
    z
      .string({ error: t(lang, "validation.required") })
      .trim()
      .max(max, t(lang, "validation.too_long", { max }))
      .refine((v) => !required || v.length > 0, t(lang, "validation.required"))
      .refine((v) => !hasControlCharacters(v.replace(/[\r\n\t]/g, "")), t(lang, "validation.invalid_characters"));
  return z.strictObject({
    kind: z.enum(["incident", "return"], { error: t(lang, "validation.required") }),
    reason: text(200, true),
    message: text(2000, false).optional().default(""),
    sub_order: z.coerce.number().int().positive().optional(),
    row_ids: z
      .union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()])
      .optional()
      .transform((v) => (v == null ? [] : Array.isArray(v) ? v : [v])),
  });
}

/** An erased customer's order that no longer needs delivering: its delivery data goes. */
const NO_DELIVERY = {
  phone: null,
  shippingAddress: null,
  shippingNumber: null,
  shippingPostalCode: null,
  shippingCity: null,
  shippingProvince: null,
  shippingCountry: null,
} satisfies Partial<typeof orders.$inferInsert>;
/** An erased customer's order without an invoice keeps no billing identity. */
const NO_BILLING = {
  billingBusinessName: null,
  billingTaxIdType: null,
  billingTaxId: null,
  billingAddress: null,
  billingNumber: null,
  billingPostalCode: null,
  billingCity: null,
  billingProvince: null,
  billingCountry: null,
} satisfies Partial<typeof orders.$inferInsert>;

/** Days a mailed order link (`/order/{id}?t=`) keeps working after the order's last change. */
export const ORDER_LINK_DAYS = 90;

/**
 * Orders as their owners and the shop's staff see them (issue 9, spec 3 and 4): reading with
 * object-level access (the customer, the guest's cart cookie, or the mailed signed link),
 * the customer's lists, incident and return requests, and the staff moves of the state
 * machine of core/orders.ts (docs/decisions/016). Every move is a conditional UPDATE on the
 * current status, logged in order_events, so two moves racing cannot both apply.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db, config } = deps;
  const linkKey = createHmac("sha256", config.secret).update("order-link-v1").digest();

  const sign = (id: number) => createHmac("sha256", linkKey).update(`order:${id}`).digest("base64url").slice(0, 32);

  function linkTokenValid(id: number, token: string | null | undefined): boolean {
    if (token?.length !== 32) return false;
    const a = Buffer.from(sign(id));
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /**
   * Whether the mailed link of an order still opens it: never once its customer was erased, and
   * not ORDER_LINK_DAYS after the order last changed (placed, paid, a package moved, delivered).
   * The link carries no date, so links already mailed follow the same rule (docs/decisions/048).
   */
  function linkAlive(o: OrderRecord, now = Date.now()): boolean {
    if (o.erasedAt) return false;
    const last = Math.max(o.updatedAt.getTime(), o.statusChangedAt?.getTime() ?? 0, o.placedAt?.getTime() ?? 0);
    return now - last <= ORDER_LINK_DAYS * 86_400_000;
  }

  /** Whether the viewer may see this order: its customer, its guest (cart cookie) or the signed link (staff: the back office). */
  function mayView(ctx: RequestContext, o: OrderRecord, access: OrderAccess): boolean {
    if (o.status < 200) return false;
    if (o.storeId !== ctx.store.id) return false;
    if (o.userId != null && ctx.user?.id === o.userId) return true;
    if (linkTokenValid(o.id, access.linkToken) && linkAlive(o)) return true;
    const parsed = parseToken(access.cartToken);
    return Boolean(parsed && parsed.id === o.id && o.guestTokenHash && secretMatches(parsed.secret, o.guestTokenHash));
  }

  /** The delivery data of an erased customer's order, once nothing is left to deliver. */
  async function forgetDelivery(tx: Db, o: OrderRecord): Promise<OrderRecord> {
    const [u] = await tx.update(orders).set(NO_DELIVERY).where(eq(orders.id, o.id)).returning();
    return u ?? o;
  }

  async function load(q: Db, id: number) {
    const [o] = await q.select().from(orders).where(eq(orders.id, id));
    return o ?? null;
  }

  async function parts(q: Db, orderId: number) {
    const withdrawalsOf = deps.withdrawalsOf?.() ?? null;
    const [rows, subs, requests, withdrawals] = await Promise.all([
      q.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.position), asc(orderRows.id)),
      q.select().from(subOrders).where(eq(subOrders.orderId, orderId)).orderBy(asc(subOrders.package)),
      q.select().from(orderRequests).where(eq(orderRequests.orderId, orderId)).orderBy(asc(orderRequests.id)),
      withdrawalsOf ? withdrawalsOf(orderId) : ([] as WithdrawalSummary[]),
    ]);
    return { rows, subs, requests, withdrawals };
  }

  /** When the last package of an order was delivered (null while any is on its way). */
  function deliveredAt(subs: SubOrderRecord[]): Date | null {
    const live = subs.filter((s) => s.status !== 500 && s.status !== 550);
    if (!live.length || live.some((s) => !s.deliveredAt)) return null;
    return new Date(Math.max(...live.map((s) => s.deliveredAt!.getTime())));
  }

  function actionsOf(o: OrderRecord, subs: SubOrderRecord[], withdrawals: WithdrawalSummary[] = [], now = new Date()) {
    const delivered = deliveredAt(subs);
    const shippedAny = subs.some((s) => [600, 650, 700, 900].includes(s.status));
    const withinReturn = delivered != null && now.getTime() - delivered.getTime() <= RETURN_PERIOD_DAYS * 86_400_000;
    const withinWarranty = delivered != null && now.getTime() - delivered.getTime() <= WARRANTY_YEARS * 365 * 86_400_000;
    const payable = (o.status === 200 && (!o.expiresAt || o.expiresAt > now)) || (o.status === 300 && o.paymentMethodSelected !== "transfer");
    return {
      pay: payable,
      // An incident (a defect, a missing part, a damaged package) once anything has shipped; warranty claims later.
      incident: [400, 450, 500, 600, 650].includes(o.status) && (shippedAny || withinWarranty),
      return: withinReturn && [600, 650].includes(o.status),
      // Once per order: a withdrawal received or accepted closes the button (a refused one reopens it).
      withdraw:
        !withdrawals.some((w) => w.status !== "refused") &&
        ([400, 450, 500, 600].includes(o.status) || (o.status === 650 && (delivered == null || withinReturn))),
    };
  }

  function toDto(
    o: OrderRecord,
    p: { rows: RowRecord[]; subs: SubOrderRecord[]; requests: RequestRecord[]; withdrawals: WithdrawalSummary[] },
    invoice: { id: number; number: string } | null,
    storeCode: string,
  ): OrderDto {
    const professional = o.professional;
    const rows = p.rows.map((r) => {
      const q = r.quantity;
      const productUnit = r.unitPvp - (professional ? r.unitProfessionalDiscount : 0);
      const lines = [
        {
          kind: "product" as const,
          name: r.name,
          ref: r.ref,
          quantity: q,
          unit: productUnit,
          professional_discount: professional ? r.unitProfessionalDiscount * q : 0,
          total: productUnit * q,
        },
        ...r.lines.map((l) => {
          const lq = l.follows ? q : l.quantity;
          const unit = l.unit - (professional ? l.unitProfessionalDiscount : 0);
          return {
            kind: l.kind,
            name: l.name,
            ref: l.ref,
            quantity: lq,
            unit,
            professional_discount: professional ? l.unitProfessionalDiscount * lq : 0,
            total: unit * lq,
          };
        }),
      ];
      const shipping = r.shippingTotal ?? 0;
      return {
        id: r.id,
        name: r.name,
        ref: r.ref,
        quantity: q,
        product: { slug: r.productSlug, path: `/${r.productSlug}.html`, image: r.image ?? null },
        summary: r.summary,
        lines,
        total: r.rowTotal ?? lines.reduce((s, l) => s + l.total, 0),
        professional_discount: r.professionalDiscountTotal ?? lines.reduce((s, l) => s + l.professional_discount, 0),
        coupon_discount: r.couponDiscount ?? 0,
        shipping,
        shipping_prices: shipping > 0 ? [{ _type: "shipping" as const, amount: shipping }] : [],
        final_total: r.finalTotal ?? 0,
        sub_order: r.subOrderId,
      };
    });
    return {
      id: o.id,
      order_number: o.orderNumber,
      status: o.status,
      store: storeCode,
      kind: QUOTATION_STATUSES.includes(o.status as never) ? "quotation" : "order",
      created_at: o.createdAt.toISOString(),
      placed_at: iso(o.placedAt),
      paid_at: iso(o.paidAt),
      expires_at: iso(o.expiresAt),
      payment_method: (o.paymentMethodSelected as PaymentMethod | null) ?? null,
      payment_reference: o.paymentReference,
      customer: o.userId,
      beneficiary: { name: o.name, surnames: o.surnames, email: o.email, phone: o.phone },
      shipping_address: {
        address: o.shippingAddress,
        number: o.shippingNumber,
        postal_code: o.shippingPostalCode,
        city: o.shippingCity,
        province: o.shippingProvince,
        country: o.shippingCountry,
      },
      billing: {
        business_name: o.billingBusinessName,
        tax_id_type: o.billingTaxIdType,
        tax_id: o.billingTaxId,
        address: o.billingAddress,
        number: o.billingNumber,
        postal_code: o.billingPostalCode,
        city: o.billingCity,
        province: o.billingProvince,
        country: o.billingCountry,
      },
      observations: o.observations,
      professional,
      coupon_code: o.couponCode,
      rows,
      sub_orders: p.subs.map((s) => ({
        id: s.id,
        package: s.package,
        status: s.status,
        delivery_from: s.deliveryFrom,
        delivery_to: s.deliveryTo,
        agency: s.agency,
        shipment_number: s.shipmentNumber,
        rows: p.rows.filter((r) => r.subOrderId === s.id).map((r) => r.id),
      })),
      prices: {
        subtotal: o.subtotal ?? 0,
        shipping: o.shippingTotal ?? 0,
        coupon_discount: o.couponDiscount ?? 0,
        paypal_commission: o.paypalCommission ?? 0,
        total: o.total ?? 0,
        saved: o.savedTotal ?? 0,
      },
      vat: { rate_bp: o.vatRateBp ?? 0, base: o.vatBase ?? 0, amount: o.vatAmount ?? 0 },
      requests: [
        ...p.requests.map((r) => ({
          id: r.id,
          kind: r.kind,
          status: r.status,
          reason: r.reason,
          message: r.message,
          created_at: r.createdAt.toISOString(),
        })),
        ...p.withdrawals.map((w) => ({
          id: w.id,
          kind: "withdrawal" as const,
          status: w.status === "received" ? ("open" as const) : w.status,
          reason: "",
          message: w.statement,
          created_at: w.createdAt.toISOString(),
        })),
      ],
      invoice: invoice ? { number: invoice.number, url: `/api/accounting/v1/invoices/${invoice.id}/pdf/` } : null,
      actions: actionsOf(o, p.subs, p.withdrawals),
    };
  }

  async function dto(q: Db, o: OrderRecord): Promise<OrderDto> {
    const [p, invoice, stores] = await Promise.all([parts(q, o.id), deps.invoiceOf ? deps.invoiceOf(o.id) : null, deps.stores.all()]);
    return toDto(o, p, invoice, stores.find((s) => s.id === o.storeId)?.sourceCode ?? "");
  }

  /** Logs a status change (in the caller's transaction). */
  async function logEvent(
    q: Db,
    e: { orderId: number; subOrderId?: number | null; from: number | null; to: number; actor: Actor | string; note?: string | null },
  ): Promise<void> {
    await q
      .insert(orderEvents)
      .values({ orderId: e.orderId, subOrderId: e.subOrderId ?? null, fromStatus: e.from, toStatus: e.to, actor: e.actor, note: e.note ?? null });
  }

  const api = {
    /** The signed-link token of an order (the mailed link: `/order/{id}?t=`). */
    linkToken: sign,

    /** The absolute link a guest follows to their order (mailed): /order/{id}?t=<signature>, in the order's language. */
    orderLink(order: { id: number; language?: string | null }): string {
      const lang = order.language === "fr" ? "fr" : "es";
      return `${config.publicUrl}${localePath(lang, `/order/${order.id}`)}?t=${sign(order.id)}`;
    },

    /** An order (or quotation) as its owner sees it; null when the viewer may not see it. */
    async get(ctx: RequestContext, id: number, access: OrderAccess = {}): Promise<OrderDto | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const o = await load(db, id);
      if (!o || !mayView(ctx, o, access)) return null;
      return dto(db, o);
    },

    /** The order behind a payment reference, for the result page (same access rules). */
    async byReference(ctx: RequestContext, reference: string, access: OrderAccess = {}): Promise<OrderDto | null> {
      if (!/^[A-Za-z0-9_-]{10,100}$/.test(reference)) return null;
      const [o] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
      if (!o || !mayView(ctx, o, access)) return null;
      return dto(db, o);
    },

    /** The order as an internal record, when the viewer may see it (for the checkout and payments). */
    async recordFor(ctx: RequestContext, id: number, access: OrderAccess = {}): Promise<OrderRecord | null> {
      const o = await load(db, id);
      return o && mayView(ctx, o, access) ? o : null;
    },

    /** The signed-in customer's orders or quotations in this store, newest first. */
    async list(
      ctx: RequestContext,
      kind: "order" | "quotation",
      q: { page?: number; page_size?: number } = {},
    ): Promise<{ results: OrderSummaryDto[]; page: number; page_size: number; total: number; pages: number }> {
      const page = Math.max(1, q.page ?? 1);
      const pageSize = Math.min(100, Math.max(1, q.page_size ?? 20));
      if (!ctx.user) return { results: [], page, page_size: pageSize, total: 0, pages: 0 };
      const statuses = kind === "order" ? PLACED_STATUSES : QUOTATION_STATUSES;
      const where = and(eq(orders.userId, ctx.user.id), eq(orders.storeId, ctx.store.id), inArray(orders.status, [...statuses]));
      const [[{ n }], list] = await Promise.all([
        db.select({ n: count() }).from(orders).where(where),
        db
          .select({
            o: orders,
            size: itemsCount,
          })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.placedAt), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      ]);
      return {
        results: list.map(({ o, size }) => ({
          id: o.id,
          order_number: o.orderNumber,
          status: o.status,
          kind,
          created_at: o.createdAt.toISOString(),
          placed_at: iso(o.placedAt),
          expires_at: iso(o.expiresAt),
          payment_method: (o.paymentMethodSelected as PaymentMethod | null) ?? null,
          total: o.total ?? 0,
          size: Number(size),
        })),
        page,
        page_size: pageSize,
        total: Number(n),
        pages: Math.ceil(Number(n) / pageSize),
      };
    },

    /**
     * Open incident / return (spec 4) on an order the viewer may see, stored for staff. A return
     * is possible within 14 days of delivery (spec 9); an incident once something shipped (a
     * defect reported more than 24 hours after delivery is recorded as a warranty claim).
     */
    async createRequest(
      ctx: RequestContext,
      orderId: number,
      access: OrderAccess,
      raw: unknown,
    ): Promise<{ ok: true; order: OrderDto } | { ok: false; code: string; message: string; fieldErrors?: Record<string, string> }> {
      const o = await load(db, orderId);
      if (!o || !mayView(ctx, o, access)) return { ok: false, code: "order.not_found", message: t(ctx.language, "errors.order.not_found") };
      const parsed = parseForm(requestSchema(ctx.language), raw, ctx.language);
      if (!parsed.ok)
        return { ok: false, code: "order.request_invalid", message: t(ctx.language, "errors.order.request_invalid"), fieldErrors: parsed.fieldErrors };
      const input = parsed.data;
      const p = await parts(db, o.id);
      const actions = actionsOf(o, p.subs);
      if (!actions[input.kind]) return { ok: false, code: "order.request_not_allowed", message: t(ctx.language, "errors.order.request_not_allowed") };
      const rowIds = input.row_ids.filter((id) => p.rows.some((r) => r.id === id));
      const sub = input.sub_order != null ? p.subs.find((s) => s.id === input.sub_order) : undefined;
      const delivered = deliveredAt(p.subs);
      const late = input.kind === "incident" && delivered != null && Date.now() - delivered.getTime() > DEFECT_REPORT_HOURS * 3_600_000;
      await db.insert(orderRequests).values({
        orderId: o.id,
        subOrderId: sub?.id ?? null,
        kind: input.kind,
        reason: late ? `[warranty] ${input.reason}` : input.reason,
        message: input.message,
        rowIds,
      });
      return { ok: true, order: await dto(db, o) };
    },

    // ---------------------------------------------------------------- staff

    /**
     * Moves an order along the state machine (core/orders.ts) in the caller's transaction (or
     * its own): a conditional UPDATE on the status read, so a concurrent move wins or loses as
     * a whole. Illegal moves are refused with `order.illegal_transition`.
     */
    async moveOrder(
      ctx: RequestContext,
      id: number,
      to: number,
      opts: { actor: Actor; note?: string | null; tx?: Db; set?: Partial<typeof orders.$inferInsert> } = { actor: "staff" },
    ): Promise<MoveResult<OrderRecord>> {
      const run = async (tx: Db): Promise<MoveResult<OrderRecord>> => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!o || o.status < 200) return { ok: false, code: "order.not_found", message: t(ctx.language, "errors.order.not_found") };
        if (!canMoveOrder(o.status, to)) return { ok: false, code: "order.illegal_transition", message: t(ctx.language, "errors.order.illegal_transition") };
        const [moved] = await tx
          .update(orders)
          .set({ ...opts.set, status: to, statusChangedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${orders.version} + 1` })
          .where(and(eq(orders.id, id), eq(orders.status, o.status)))
          .returning();
        if (!moved) return { ok: false, code: "order.illegal_transition", message: t(ctx.language, "errors.order.illegal_transition") };
        await logEvent(tx, { orderId: id, from: o.status, to, actor: opts.actor, note: opts.note });
        if (moved.erasedAt && (to === 700 || to === 800)) return { ok: true, value: await forgetDelivery(tx, moved) };
        return { ok: true, value: moved };
      };
      return opts.tx ? run(opts.tx) : db.transaction((trx) => run(trx as unknown as Db));
    },

    /**
     * Staff move a package (spec 4's sub-order statuses): shipped with agency and tracking
     * number, delivered, delayed, incident, cancelled, returned. The order follows its
     * packages (all shipped: 650; some: 600; all returned: 800).
     */
    async moveSubOrder(
      ctx: RequestContext,
      subOrderId: number,
      input: { status: number; agency?: string | null; shipment_number?: string | null; note?: string | null },
      opts: {
        /** Runs in the move's transaction once it applied (the back office records its audit entry there). */
        inTx?: (tx: Db, moved: { before: SubOrderRecord; after: SubOrderRecord; orderBefore: number; orderAfter: number }) => Promise<void>;
      } = {},
    ): Promise<MoveResult<{ order: OrderRecord; subOrder: SubOrderRecord; shipped: boolean }>> {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [s] = await tx.select().from(subOrders).where(eq(subOrders.id, subOrderId));
        if (!s) return { ok: false, code: "order.not_found", message: t(ctx.language, "errors.order.not_found") };
        const [o] = await tx.select().from(orders).where(eq(orders.id, s.orderId)).for("update");
        if (!o || o.status < 400 || o.status === 700)
          return { ok: false, code: "order.illegal_transition", message: t(ctx.language, "errors.order.illegal_transition") };
        if (!canMoveSubOrder(s.status, input.status))
          return { ok: false, code: "order.illegal_transition", message: t(ctx.language, "errors.order.illegal_transition") };
        const shipping = input.status === 600 || input.status === 650;
        if (shipping && !(input.agency ?? s.agency) && !(input.shipment_number ?? s.shipmentNumber)) {
          return { ok: false, code: "order.illegal_transition", message: t(ctx.language, "errors.order.tracking_required") };
        }
        const [moved] = await tx
          .update(subOrders)
          .set({
            status: input.status,
            agency: input.agency ?? s.agency,
            shipmentNumber: input.shipment_number ?? s.shipmentNumber,
            ...(shipping && !s.shippedAt ? { shippedAt: sql`now()` } : {}),
            ...(input.status === 700 ? { deliveredAt: sql`now()` } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(subOrders.id, s.id), eq(subOrders.status, s.status)))
          .returning();
        if (!moved) return { ok: false, code: "order.illegal_transition", message: t(ctx.language, "errors.order.illegal_transition") };
        await logEvent(tx, { orderId: o.id, subOrderId: s.id, from: s.status, to: input.status, actor: "staff", note: input.note });
        const all = await tx.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, o.id));
        const implied = orderStatusFromSubOrders(all.map((x) => x.status));
        let order = o;
        if (implied != null && implied !== o.status && canMoveOrder(o.status, implied)) {
          const [u] = await tx
            .update(orders)
            .set({ status: implied, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(orders.id, o.id))
            .returning();
          await logEvent(tx, { orderId: o.id, from: o.status, to: implied, actor: "system", note: `package ${s.package}` });
          order = u;
        } else {
          // A package's move is a change of its order (the mailed link lives 90 days past the last one).
          const [u] = await tx.update(orders).set({ updatedAt: sql`now()` }).where(eq(orders.id, o.id)).returning();
          order = u;
        }
        // An erased customer's order keeps its delivery data only until nothing is left to deliver.
        if (order.erasedAt && all.every((x) => [500, 550, 700, 800].includes(x.status))) order = await forgetDelivery(tx, order);
        if (opts.inTx) await opts.inTx(tx, { before: s, after: moved, orderBefore: o.status, orderAfter: order.status });
        return { ok: true, value: { order, subOrder: moved, shipped: shipping && s.status !== 600 && s.status !== 650 } };
      });
    },

    /** Staff answer a request (accepted, refused or closed, with a note). */
    async resolveRequest(id: number, status: "accepted" | "refused" | "closed", note: string | null) {
      const [r] = await db
        .update(orderRequests)
        .set({ status, staffNote: note, resolvedAt: sql`now()` })
        .where(and(eq(orderRequests.id, id), eq(orderRequests.status, "open")))
        .returning();
      return r ?? null;
    },

    /** An order and its parts as staff see them (any store). */
    async staffGet(ctx: RequestContext, id: number): Promise<OrderDto | null> {
      const o = await load(db, id);
      if (!o || o.status < 200) return null;
      void ctx;
      return dto(db, o);
    },

    /** A customer's orders and quotations in every store, for their GDPR export. */
    async exportFor(userId: number) {
      const list = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), sql`${orders.status} >= 200`))
        .orderBy(asc(orders.id));
      return list.map((o) => ({
        id: o.id,
        order_number: o.orderNumber,
        store: o.storeId,
        status: o.status,
        placed_at: iso(o.placedAt),
        total: o.total,
        email: o.email,
      }));
    },

    /**
     * GDPR erasure of a customer, in the accounts erasure's transaction: every order, quotation
     * and cart of the account, and every one placed as a guest with its email. What the law
     * makes the shop keep stays (docs/decisions/048):
     * - an invoiced order keeps the buyer's identity its invoice names (name, surnames, business
     *   name, tax id, billing address); the invoice itself is never touched;
     * - an order still being delivered keeps the delivery data (name, phone, shipping address)
     *   until its packages are delivered, cancelled or returned (then moveSubOrder/moveOrder clear it).
     * Everything else personal (email, phone, addresses, notes, the guest's cart token) goes, and
     * the mailed link stops working (erased_at).
     */
    async eraseCustomer(tx: Db, who: { userId: number; email: string }): Promise<number[]> {
      const email = who.email.trim().toLowerCase();
      const list = await tx
        .select({
          id: orders.id,
          status: orders.status,
          same: orders.sameBillingData,
          // Raw SQL on purpose: in the erasure's transaction, without a round trip per order.
          invoiced: sql<boolean>`exists (select 1 from invoices i where i.order_id = "orders"."id")`,
          open: sql<boolean>`exists (select 1 from sub_orders s where s.order_id = "orders"."id" and s.status not in (500, 550, 700, 800))`,
        })
        .from(orders)
        .where(sql`${orders.userId} = ${who.userId} or lower(${orders.email}) = ${email}`)
        .for("update");
      for (const o of list) {
        const delivering = [400, 450, 500, 600, 650].includes(o.status) && o.open;
        const set: Partial<typeof orders.$inferInsert> = {
          email: null,
          observations: null,
          guestTokenHash: null,
          erasedAt: new Date(),
          updatedAt: new Date(),
        };
        if (!delivering) Object.assign(set, NO_DELIVERY);
        if (!o.invoiced && !delivering) Object.assign(set, { name: null, surnames: null });
        if (!o.invoiced) Object.assign(set, NO_BILLING);
        if (o.invoiced && o.same) {
          // The invoice's address was the shipping one: it stays as the billing address, alone.
          await tx
            .update(orders)
            .set({
              sameBillingData: false,
              billingAddress: sql`${orders.shippingAddress}`,
              billingNumber: sql`${orders.shippingNumber}`,
              billingPostalCode: sql`${orders.shippingPostalCode}`,
              billingCity: sql`${orders.shippingCity}`,
              billingProvince: sql`${orders.shippingProvince}`,
              billingCountry: sql`${orders.shippingCountry}`,
            })
            .where(eq(orders.id, o.id));
        }
        await tx.update(orders).set(set).where(eq(orders.id, o.id));
      }
      return list.map((o) => o.id);
    },

    /** The order a package belongs to (null for no such package). */
    async subOrderOwner(subOrderId: number): Promise<number | null> {
      const [s] = await db.select({ orderId: subOrders.orderId }).from(subOrders).where(eq(subOrders.id, subOrderId));
      return s?.orderId ?? null;
    },

    /** The order's DTO from a record already read (in the caller's transaction, when given). */
    toDto: (o: OrderRecord, tx: Db = db) => dto(tx, o),
    logEvent,
    subOrdersOf: (orderId: number, tx: Db = db) => tx.select().from(subOrders).where(eq(subOrders.orderId, orderId)).orderBy(asc(subOrders.package)),
  };
  return api;
}
export type OrdersService = ReturnType<typeof createOrdersService>;
