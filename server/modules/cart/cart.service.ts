import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { sqlState } from "../../db/errors.ts";
import type { CartDto, CartRowDto, CartUpdateInput } from "../../../core/cart.types.ts";
import type { Issue, Selection } from "../../../core/configurator.ts";
import { t } from "../../../core/i18n/index.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { jsonForColumns, recordFromJson } from "../../db/json-record.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { type StockLevels, type StockReader, stockOf } from "../catalog/catalog.stock.ts";
import { type CouponsService, couponRule } from "../coupons/coupons.service.ts";
import { type CartCatalog, type ConfiguredRow, cachedSource, catalogSource, configureRow, issueMessages } from "./cart.configure.ts";
import { isProfessionalCart, type OrderRecord, type RowRecord, toCartDto } from "./cart.dto.ts";
import { abandonIdleCarts } from "./cart.jobs.ts";
import { orderRows, orders } from "./cart.schema.ts";
import {
  cartCookie,
  clearCartCookie,
  formatToken,
  hashSecret,
  newSecret,
  parseToken,
  secretMatches,
  tokenFromHeaders,
  tokenFromRequest,
} from "./cart.tokens.ts";

export type CartToken = string | null;

/** What `cart_add_row` answers (migration 0016): rows as `row_to_json`, stock as [kind, id, units]; it raises CA409 when the stock is short. */
type AddRowAnswer = {
  ok: true;
  order: Record<string, unknown>;
  rows: Record<string, unknown>[];
  row_id: number;
  stock: ["p" | "v", number, number][];
  coupon: { id: number; code: string; kind: "amount" | "percent"; value: number; min_cart_amount: number } | null;
};

export type AddRowFailureCode =
  | "cart.product_not_found"
  | "cart.config_incomplete"
  | "cart.complements_incomplete"
  | "cart.config_invalid"
  | "cart.out_of_stock"
  | "cart.not_found"
  | "cart.abandoned";

export type AddRowResult =
  | { ok: true; cart: CartDto; row: CartRowDto; token: string | null; created: boolean; message: string }
  | { ok: false; code: AddRowFailureCode; message: string; issues?: Issue[]; issueMessages?: string[] };

export type RowResult =
  | { ok: true; cart: CartDto; row?: CartRowDto; message: string }
  | { ok: false; code: "cart.not_found" | "cart.row_not_found" | "cart.out_of_stock" | "cart.abandoned"; message: string };

export type CouponResult =
  | { ok: true; code: "coupon.applied" | "coupon.removed"; message: string; cart: CartDto }
  | { ok: false; code: "coupon.invalid" | "coupon.remove_failed" | "cart.not_found" | "cart.abandoned"; message: string; cart?: CartDto };

export type CartServiceDeps = {
  db: Db;
  catalog: CartCatalog;
  coupons: CouponsService;
  stock: StockReader;
  config: Pick<Config, "publicUrl" | "cartAbandonHours" | "paypalCommissionRate">;
};

export type CartService = ReturnType<typeof createCartService>;

/** Per-customer advisory lock: one open cart per customer, created or merged one at a time. */
const CUSTOMER_CART_LOCK = 7_340_009;
/** How often each copy runs the abandonment UPDATE (idempotent, safe on several copies). */
const ABANDON_EVERY_MS = 10 * 60_000;
const CART_STATUSES = [100, 150];

/** Rolls a transaction back while carrying an expected outcome out of it. */
class Outcome<T> extends Error {
  constructor(public readonly value: T) {
    super("cart outcome");
  }
}

const UPDATE_FIELDS = {
  name: "name",
  surnames: "surnames",
  phone: "phone",
  email: "email",
  shipping_address: "shippingAddress",
  shipping_number: "shippingNumber",
  shipping_postal_code: "shippingPostalCode",
  shipping_city: "shippingCity",
  shipping_province: "shippingProvince",
  shipping_country: "shippingCountry",
  same_billing_data: "sameBillingData",
  billing_business_name: "billingBusinessName",
  billing_tax_id_type: "billingTaxIdType",
  billing_tax_id: "billingTaxId",
  billing_address: "billingAddress",
  billing_number: "billingNumber",
  billing_postal_code: "billingPostalCode",
  billing_city: "billingCity",
  billing_province: "billingProvince",
  billing_country: "billingCountry",
  payment_method_selected: "paymentMethodSelected",
  observations: "observations",
} as const satisfies Record<keyof CartUpdateInput, keyof OrderRecord>;

type StockNeed = { productId: number; variantId: number | null; quantity: number };

/** What a cart's rows need in stock, per product or variant. */
function needsOf(rows: Pick<RowRecord, "productId" | "variantId" | "quantity" | "lines">[]): StockNeed[] {
  const out: StockNeed[] = [];
  for (const r of rows) {
    out.push({ productId: r.productId, variantId: r.variantId, quantity: r.quantity });
    for (const l of r.lines)
      if (l.productId != null) out.push({ productId: l.productId, variantId: l.variantId, quantity: l.follows ? r.quantity : l.quantity });
  }
  return out;
}

const needKey = (n: { productId: number; variantId: number | null }) => (n.variantId == null ? `p${n.productId}` : `v${n.variantId}`);

/**
 * The cart (spec 3, 4, 7): an order in status 100 that a guest reaches with its token and a
 * customer with their account (docs/decisions/013). Rows come from the configurator and are
 * checked and priced from the catalog, never from the client. Every change runs in one
 * transaction holding the cart's row lock (SELECT … FOR UPDATE), so concurrent requests on
 * one cart apply one after the other; `size` is the number of rows, counted, never stored.
 * A cart that is not the caller's is `null` / `cart.not_found` (the API's 404).
 */
export function createCartService(deps: CartServiceDeps) {
  const { db, coupons, config } = deps;
  let timer: NodeJS.Timeout | undefined;
  // The reads of every cart answer, prepared once (no query building per request).
  const orderById = db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("id")))
    .prepare("cart_order_by_id");
  // The header's cart counter (every page a shopper with a cart opens): the cart and its row
  // count in one statement, by the token's cart id or as a customer's open cart.
  const badgeFields = {
    id: orders.id,
    storeId: orders.storeId,
    status: orders.status,
    userId: orders.userId,
    guestTokenHash: orders.guestTokenHash,
    // Written out: drizzle leaves a column's table off inside a select list, and the subquery's
    // own "id" would then be order_rows.id.
    size: sql<number>`(select count(*)::int from "order_rows" where "order_rows"."order_id" = "orders"."id")`,
  };
  const badgeById = db
    .select(badgeFields)
    .from(orders)
    .where(eq(orders.id, sql.placeholder("id")))
    .prepare("cart_badge_by_id");
  const badgeOfCustomer = db
    .select(badgeFields)
    .from(orders)
    .where(and(eq(orders.storeId, sql.placeholder("store")), eq(orders.userId, sql.placeholder("user")), eq(orders.status, 100)))
    .limit(1)
    .prepare("cart_badge_of_customer");
  const rowsByOrder = db
    .select()
    .from(orderRows)
    .where(eq(orderRows.orderId, sql.placeholder("id")))
    .orderBy(asc(orderRows.position), asc(orderRows.id))
    .prepare("cart_rows_by_order");
  // Products as the configurator sees them, kept until the catalog changes (on any copy).
  const products = cachedSource(catalogSource(deps.catalog));
  deps.catalog.onChange(() => products.clear());

  const msg = (ctx: RequestContext, code: string, params?: Record<string, string | number>) => t(ctx.language, `errors.${code}`, params);
  const text = (ctx: RequestContext, key: string) => t(ctx.language, key);

  // ---------------------------------------------------------------- finding a cart

  /** The caller's cart: by id (or the token's id), checked against its token or its customer. */
  async function findOrder(q: Db, ctx: RequestContext, id: number | null, token: CartToken, lock: boolean): Promise<OrderRecord | null> {
    const parsed = parseToken(token);
    let target = id;
    if (target == null) {
      if (ctx.user) {
        const open = await customerOpenCart(q, ctx.store.id, ctx.user.id, lock);
        if (open) return open;
      }
      target = parsed?.id ?? null;
    }
    if (target == null) return null;
    const [o] = lock
      ? await q.select().from(orders).where(eq(orders.id, target)).for("update")
      : q === db
        ? await orderById.execute({ id: target })
        : await q.select().from(orders).where(eq(orders.id, target));
    return o && reachable(ctx, o, parsed) ? o : null;
  }

  /** Whether this caller may see cart `o`: in its store, still a cart, and theirs (account or token). */
  function reachable(
    ctx: RequestContext,
    o: Pick<OrderRecord, "id" | "storeId" | "status" | "userId" | "guestTokenHash">,
    parsed: ReturnType<typeof parseToken>,
  ): boolean {
    if (o.storeId !== ctx.store.id || !CART_STATUSES.includes(o.status)) return false;
    if (o.userId != null) return ctx.user?.id === o.userId;
    return !!parsed && parsed.id === o.id && secretMatches(parsed.secret, o.guestTokenHash);
  }

  /**
   * Locks the caller's cart for a change and marks the activity, in one statement (the UPDATE
   * takes the row lock; ownership is part of its WHERE, so nobody else's cart is touched).
   * An abandoned cart opens again, unless its customer has opened another one since.
   */
  async function lockForChange(tx: Db, ctx: RequestContext, id: number | null, token: CartToken): Promise<OrderRecord | "cart.abandoned" | null> {
    const bump = { updatedAt: sql`now()`, lastActivityAt: sql`now()`, version: sql`${orders.version} + 1` };
    if (id == null && ctx.user) {
      const [own] = await tx
        .update(orders)
        .set(bump)
        .where(and(eq(orders.storeId, ctx.store.id), eq(orders.userId, ctx.user.id), eq(orders.status, 100)))
        .returning();
      if (own) return own;
    }
    const parsed = parseToken(token);
    const target = id ?? parsed?.id ?? null;
    if (target == null) return null;
    const asGuest = parsed && parsed.id === target ? and(isNull(orders.userId), eq(orders.guestTokenHash, hashSecret(parsed.secret))) : undefined;
    const asCustomer = ctx.user ? eq(orders.userId, ctx.user.id) : undefined;
    if (!asGuest && !asCustomer) return null;
    const [o] = await tx
      .update(orders)
      .set(bump)
      .where(and(eq(orders.id, target), eq(orders.storeId, ctx.store.id), inArray(orders.status, CART_STATUSES), or(asGuest, asCustomer)))
      .returning();
    if (!o) return null;
    if (o.status === 100) return o;
    if (o.userId != null && (await customerOpenCart(tx, o.storeId, o.userId, false))) return "cart.abandoned";
    const [reopened] = await tx.update(orders).set({ status: 100 }).where(eq(orders.id, o.id)).returning();
    return reopened;
  }

  async function customerOpenCart(q: Db, storeId: number, userId: number, lock: boolean): Promise<OrderRecord | null> {
    const base = q
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId), eq(orders.status, 100)))
      .limit(1);
    const [o] = lock ? await base.for("update") : await base;
    return o ?? null;
  }

  /** A new cart: order number from the sequence (store code + number), owned by a customer or a token. */
  async function insertCart(q: Db, ctx: RequestContext, owner: { userId: number } | { secret: string }): Promise<OrderRecord> {
    const prefix = ctx.store.sourceCode.slice(0, 2);
    const [o] = await q
      .insert(orders)
      .values({
        storeId: ctx.store.id,
        orderNumber: sql`${prefix} || nextval('order_number_seq')::text`,
        userId: "userId" in owner ? owner.userId : null,
        guestTokenHash: "secret" in owner ? hashSecret(owner.secret) : null,
        email: "userId" in owner ? (ctx.user?.email ?? null) : null,
        shippingCountry: null,
      })
      .returning();
    return o;
  }

  /** The customer's open cart, created when they have none (under their advisory lock). */
  async function customerCart(q: Db, ctx: RequestContext, userId: number): Promise<{ order: OrderRecord; created: boolean }> {
    await q.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_CART_LOCK}, ${userId})`);
    const open = await customerOpenCart(q, ctx.store.id, userId, true);
    if (open) return { order: open, created: false };
    return { order: await insertCart(q, ctx, { userId }), created: true };
  }

  /**
   * Marks a change by the owner: activity now, version up, and an abandoned cart open again
   * (unless the customer has opened another one since: `cart.abandoned`).
   */
  async function touch(q: Db, order: OrderRecord): Promise<OrderRecord | null> {
    if (order.status === 150 && order.userId != null) {
      const other = await customerOpenCart(q, order.storeId, order.userId, false);
      if (other && other.id !== order.id) return null;
    }
    const [o] = await q
      .update(orders)
      .set({ status: 100, updatedAt: sql`now()`, lastActivityAt: sql`now()`, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id))
      .returning();
    return o;
  }

  async function rowsOf(q: Db, orderId: number): Promise<RowRecord[]> {
    if (q === db) return rowsByOrder.execute({ id: orderId });
    return q.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.position), asc(orderRows.id));
  }

  /** The response for a cart: rows, coupon terms and current stock, priced now. */
  async function view(q: Db, ctx: RequestContext, order: OrderRecord, opts: { deleteCommissions?: boolean } = {}): Promise<CartDto> {
    const [rows, coupon] = await Promise.all([rowsOf(q, order.id), order.couponId ? coupons.rule({ tx: q }, order.couponId) : null]);
    const stock = rows.length ? await deps.stock(needsOf(rows), q) : { product: new Map(), variant: new Map() };
    return toCartDto(ctx, { order, rows, coupon, stock, paypalRate: config.paypalCommissionRate, deleteCommissions: opts.deleteCommissions });
  }

  async function reload(ctx: RequestContext, orderId: number): Promise<CartDto> {
    const [o] = await orderById.execute({ id: orderId });
    return view(db, ctx, o);
  }

  /** Runs a change on the caller's cart inside one transaction holding its row lock. */
  async function withCart<T>(
    ctx: RequestContext,
    id: number | null,
    token: CartToken,
    fn: (tx: Db, order: OrderRecord) => Promise<T>,
  ): Promise<T | { ok: false; code: "cart.not_found" | "cart.abandoned" }> {
    // An Outcome thrown by fn (an expected refusal) rolls back and comes out as its value.
    try {
      return await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const order = await lockForChange(tx, ctx, id, token);
        if (!order) throw new Outcome({ ok: false as const, code: "cart.not_found" as const });
        if (order === "cart.abandoned") throw new Outcome({ ok: false as const, code: "cart.abandoned" as const });
        return fn(tx, order);
      });
    } catch (e) {
      if (e instanceof Outcome) return e.value;
      throw e;
    }
  }

  /**
   * Adds a checked and priced row to the caller's open cart in one round trip: the database
   * function `cart_add_row` (migration 0015, docs/decisions/025) locks the cart, checks the
   * stock of its rows plus this one, inserts it and reads back what the answer needs. Null
   * when the caller has no open cart here (a new cart, an abandoned one, another's: the
   * general path decides).
   */
  async function addToOpenCart(ctx: RequestContext, id: number | null, token: CartToken, row: ConfiguredRow) {
    const parsed = parseToken(token);
    const target = id ?? (ctx.user ? null : (parsed?.id ?? null));
    if (target == null && !ctx.user) return null;
    const tokenHash = parsed && target != null && parsed.id === target ? hashSecret(parsed.secret) : null;
    const userId = ctx.user?.id ?? null;
    if (tokenHash == null && userId == null) return null;
    let res: unknown;
    try {
      res = await db.execute(
        sql`select cart_add_row(${target}::int, ${ctx.store.id}::int, ${tokenHash}::text, ${userId}::int, ${JSON.stringify(jsonForColumns(orderRows, rowValues(row)))}::jsonb, ${JSON.stringify(row.stockNeeds)}::jsonb) as r`,
      );
    } catch (e) {
      // The function raises CA409 when the stock does not cover the cart (nothing changed).
      if (sqlState(e) === "CA409") return "cart.out_of_stock" as const;
      throw e;
    }
    const r = (res as { rows: { r: AddRowAnswer | null }[] }).rows[0]?.r;
    if (!r) return null;
    const levels: StockLevels = { product: new Map(), variant: new Map() };
    for (const [kind, itemId, units] of r.stock) (kind === "p" ? levels.product : levels.variant).set(itemId, units);
    const c = r.coupon;
    return {
      order: recordFromJson(orders, r.order),
      rows: r.rows.map((x) => recordFromJson(orderRows, x)),
      rowId: r.row_id,
      stock: levels,
      coupon: c ? { ...couponRule({ kind: c.kind, value: c.value, minCartAmount: c.min_cart_amount }), id: c.id, code: c.code } : null,
    };
  }

  /** Whether the stock covers what the cart's rows need, plus `extra` (and the levels read). */
  async function stockCovers(tx: Db, rows: RowRecord[], extra: StockNeed[]): Promise<{ ok: boolean; levels: StockLevels }> {
    const needs = new Map<string, StockNeed>();
    for (const n of [...needsOf(rows), ...extra]) {
      const k = needKey(n);
      const prev = needs.get(k);
      needs.set(k, prev ? { ...prev, quantity: prev.quantity + n.quantity } : { ...n });
    }
    const levels = await deps.stock([...needs.values()], tx);
    return { ok: [...needs.values()].every((n) => stockOf(levels, n) >= n.quantity), levels };
  }

  /** Guest cart -> customer, in the caller's transaction (see mergeGuestCart). */
  async function mergeInto(tx: Db, ctx: RequestContext, guestToken: string, userId: number): Promise<OrderRecord | null> {
    const parsed = parseToken(guestToken);
    if (!parsed) return null;
    await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_CART_LOCK}, ${userId})`);
    const [guest] = await tx.select().from(orders).where(eq(orders.id, parsed.id)).for("update");
    if (!guest || guest.userId != null || guest.storeId !== ctx.store.id || !CART_STATUSES.includes(guest.status)) return null;
    if (!secretMatches(parsed.secret, guest.guestTokenHash)) return null;
    const target = await customerOpenCart(tx, ctx.store.id, userId, true);
    if (!target) {
      // The guest cart becomes the customer's: the token grants nothing any more.
      const [o] = await tx
        .update(orders)
        .set({
          userId,
          guestTokenHash: null,
          status: 100,
          email: guest.email ?? ctx.user?.email ?? null,
          updatedAt: sql`now()`,
          lastActivityAt: sql`now()`,
          version: sql`${orders.version} + 1`,
        })
        .where(eq(orders.id, guest.id))
        .returning();
      await tx.execute(sql`update coupon_redemptions set user_id = ${userId} where order_id = ${guest.id} and status = 'reserved'`);
      return o;
    }
    // Rows move after the customer's own; the customer's coupon wins, else the guest's moves over.
    await tx.execute(sql`
      update order_rows set order_id = ${target.id},
        position = position + (select coalesce(max(position), 0) from order_rows where order_id = ${target.id})
      where order_id = ${guest.id}`);
    if (guest.couponId && !target.couponId) {
      await coupons.moveReservation({ tx }, guest.id, target.id, userId);
      await tx.update(orders).set({ couponId: guest.couponId }).where(eq(orders.id, target.id));
    } else {
      await coupons.release({ tx }, guest.id);
    }
    await tx.update(orders).set({ couponId: null }).where(eq(orders.id, guest.id));
    await tx.delete(orders).where(eq(orders.id, guest.id));
    await touch(tx, target);
    const [o] = await tx.select().from(orders).where(eq(orders.id, target.id));
    return o;
  }

  /** A signed-in shopper still holding a guest cart's token: the guest cart joins theirs first. */
  async function adoptGuestCart(ctx: RequestContext, token: CartToken): Promise<void> {
    if (!ctx.user || !token) return;
    const parsed = parseToken(token);
    if (!parsed) return;
    const [g] = await db.select({ userId: orders.userId, storeId: orders.storeId, status: orders.status }).from(orders).where(eq(orders.id, parsed.id));
    if (!g || g.userId != null || g.storeId !== ctx.store.id || !CART_STATUSES.includes(g.status)) return;
    await api.mergeGuestCart(ctx, token, ctx.user.id);
  }

  const api = {
    // ---------------------------------------------------------------- tokens and cookies

    /** The cart token of a storefront request (its cookie) or of an API call (X-Cart-Token). */
    tokenFromRequest,
    tokenFromHeaders,
    /** Set-Cookie for a new guest cart's token (HttpOnly, SameSite=Lax, 30 days, Secure on https). */
    cookieFor: (token: string) => cartCookie(config, token),
    /** Set-Cookie that forgets the cart (after deleteCart). */
    clearCookie: () => clearCartCookie(config),

    // ---------------------------------------------------------------- reading

    /**
     * The caller's cart: by id, or (id null) their current one: a signed-in customer's open
     * cart (a guest cart they still hold joins it first), else the token's. Abandoned carts
     * (150) stay readable. Null when there is none or it is not theirs.
     */
    async getCart(ctx: RequestContext, id: number | null, token: CartToken, opts: { deleteCommissions?: boolean } = {}): Promise<CartDto | null> {
      if (id == null) await adoptGuestCart(ctx, token);
      const order = await findOrder(db, ctx, id, token, false);
      return order ? view(db, ctx, order, opts) : null;
    },

    async currentCart(ctx: RequestContext, token: CartToken): Promise<CartDto | null> {
      return api.getCart(ctx, null, token);
    },

    /**
     * The header counter's {id, size} (spec 3's db_cart): the caller's current cart, counted
     * in one query without pricing it. Null when they have none.
     */
    async badge(ctx: RequestContext, token: CartToken): Promise<{ id: number; size: number } | null> {
      if (!token && !ctx.user) return null;
      await adoptGuestCart(ctx, token);
      // As findOrder finds the cart (the customer's open cart first, else the token's), with its
      // row count in the same statement.
      if (ctx.user) {
        const [own] = await badgeOfCustomer.execute({ store: ctx.store.id, user: ctx.user.id });
        if (own) return { id: own.id, size: Number(own.size) };
      }
      const parsed = parseToken(token);
      if (!parsed) return null;
      const [o] = await badgeById.execute({ id: parsed.id });
      return o && reachable(ctx, o, parsed) ? { id: o.id, size: Number(o.size) } : null;
    },

    /** GET carts/{id}/custom_rows/: the rows as the cart page shows them. */
    async customRows(ctx: RequestContext, id: number | null, token: CartToken): Promise<CartRowDto[] | null> {
      return (await api.getCart(ctx, id, token))?.rows ?? null;
    },

    async getRow(ctx: RequestContext, rowId: number, token: CartToken): Promise<CartRowDto | null> {
      const [r] = await db.select({ orderId: orderRows.orderId }).from(orderRows).where(eq(orderRows.id, rowId));
      if (!r) return null;
      const cart = await api.getCart(ctx, r.orderId, token);
      return cart?.rows.find((x) => x.id === rowId) ?? null;
    },

    // ---------------------------------------------------------------- creating and clearing

    /**
     * POST carts/: a customer gets their open cart (made if they have none); a guest a new
     * cart and its token (returned once: set it as the cookie or keep it for X-Cart-Token).
     */
    async createCart(ctx: RequestContext, token: CartToken = null): Promise<{ cart: CartDto; token: string | null; created: boolean }> {
      if (ctx.user) {
        await adoptGuestCart(ctx, token);
        const userId = ctx.user.id;
        const { order, created } = await db.transaction(async (trx) => customerCart(trx as unknown as Db, ctx, userId));
        return { cart: await view(db, ctx, order), token: null, created };
      }
      const secret = newSecret();
      const order = await insertCart(db, ctx, { secret });
      return { cart: await view(db, ctx, order), token: formatToken(order.id, secret), created: true };
    },

    /**
     * DELETE carts/: the cart, its rows and its coupon reservation are gone (spec 4:
     * "clearing removes storage and resets state"). False when it was not the caller's.
     */
    async deleteCart(ctx: RequestContext, id: number | null, token: CartToken): Promise<boolean> {
      const r = await withCart(ctx, id, token, async (tx, order) => {
        await coupons.release({ tx }, order.id);
        await tx.delete(orders).where(eq(orders.id, order.id));
        return { ok: true as const };
      });
      return r.ok;
    },

    // ---------------------------------------------------------------- rows

    /**
     * POST cart-rows/: checks the configuration against the catalog and prices it there
     * (refusals carry the spec's messages and add nothing), checks that the stock covers
     * this row plus what the cart already holds of the same products ('Articulo fuera de
     * stock.'), then adds it as a new row to the caller's cart, made now when they have none
     * (a guest then gets a new token to keep).
     */
    async addRow(ctx: RequestContext, token: CartToken, input: { product: string | number; selection: Selection; cart?: number }): Promise<AddRowResult> {
      const configured = await configureRow(ctx, products, input);
      if (!configured.ok) {
        const issues = configured.issues;
        const first = issues?.find((i) => i.code === "range" || i.code === "combined");
        return {
          ok: false,
          code: configured.code,
          // A measure out of range or over the combined maximum says which limit it broke.
          message: first ? issueMessages(ctx.language, [first])[0] : msg(ctx, configured.code),
          ...(issues ? { issues, issueMessages: issueMessages(ctx.language, issues) } : {}),
        };
      }
      const row = configured.row;
      if (input.cart == null) await adoptGuestCart(ctx, token);
      // The usual case, an open cart of the caller's, in one round trip; anything else below.
      const fast = await addToOpenCart(ctx, input.cart ?? null, token, row);
      if (fast === "cart.out_of_stock") return { ok: false, code: fast, message: msg(ctx, fast) };
      if (fast) {
        const cart = toCartDto(ctx, { ...fast, paypalRate: config.paypalCommissionRate });
        const dto = cart.rows.find((r) => r.id === fast.rowId)!;
        return { ok: true, cart, row: dto, token: null, created: false, message: text(ctx, "cart.msg.row_added") };
      }
      try {
        const out = await db.transaction(async (trx) => {
          const tx = trx as unknown as Db;
          const fail = (code: AddRowFailureCode) => new Outcome({ ok: false as const, code });
          const locked = await lockForChange(tx, ctx, input.cart ?? null, token);
          if (locked === "cart.abandoned") throw fail("cart.abandoned");
          if (!locked && input.cart != null) throw fail("cart.not_found");
          let order: OrderRecord | null = locked;
          let newToken: string | null = null;
          let created = false;
          if (!order && ctx.user) {
            ({ order, created } = await customerCart(tx, ctx, ctx.user.id));
          } else if (!order) {
            const secret = newSecret();
            order = await insertCart(tx, ctx, { secret });
            newToken = formatToken(order.id, secret);
            created = true;
          }
          // A failure below rolls the new cart back with everything else.
          const existing = created ? [] : await rowsOf(tx, order.id);
          const stock = await stockCovers(tx, existing, row.stockNeeds);
          if (!stock.ok) throw fail("cart.out_of_stock");
          const [inserted] = await tx
            .insert(orderRows)
            .values({
              ...rowValues(row),
              orderId: order.id,
              position: sql`(select coalesce(max(position), 0) + 1 from order_rows where order_id = ${order.id})`,
            })
            .returning();
          const coupon = order.couponId ? await coupons.rule({ tx }, order.couponId) : null;
          // Everything the answer needs was read under the cart's lock: no second look.
          const cart = toCartDto(ctx, { order, rows: [...existing, inserted], coupon, stock: stock.levels, paypalRate: config.paypalCommissionRate });
          return { cart, rowId: inserted.id, token: newToken, created };
        });
        const dto = out.cart.rows.find((r) => r.id === out.rowId)!;
        return { ok: true, cart: out.cart, row: dto, token: out.token, created: out.created, message: text(ctx, "cart.msg.row_added") };
      } catch (e) {
        if (e instanceof Outcome) return { ...(e.value as { ok: false; code: AddRowFailureCode }), message: msg(ctx, (e.value as { code: string }).code) };
        throw e;
      }
    },

    /**
     * PUT cart-rows/{id}/: a new quantity (1-99). Its installation and facility services
     * follow it (spec 4); when it grows, the stock must cover it.
     */
    async updateRow(ctx: RequestContext, rowId: number, token: CartToken, input: { quantity: number }): Promise<RowResult> {
      const [r0] = await db.select({ orderId: orderRows.orderId }).from(orderRows).where(eq(orderRows.id, rowId));
      if (!r0) return { ok: false, code: "cart.row_not_found", message: msg(ctx, "cart.row_not_found") };
      const res = await withCart(ctx, r0.orderId, token, async (tx, order) => {
        const rows = await rowsOf(tx, order.id);
        const row = rows.find((r) => r.id === rowId);
        if (!row) return { ok: false as const, code: "cart.row_not_found" as const };
        if (input.quantity > row.quantity) {
          const others = rows.filter((r) => r.id !== rowId);
          if (!(await stockCovers(tx, others, needsOf([{ ...row, quantity: input.quantity }]))).ok)
            return { ok: false as const, code: "cart.out_of_stock" as const };
        }
        await tx
          .update(orderRows)
          .set({ quantity: input.quantity, lines: row.lines.map((l) => (l.follows ? { ...l, quantity: input.quantity } : l)) })
          .where(eq(orderRows.id, rowId));
        return { ok: true as const, orderId: order.id };
      });
      if (!res.ok) return { ok: false, code: res.code, message: msg(ctx, res.code) };
      const cart = await reload(ctx, res.orderId);
      return { ok: true, cart, row: cart.rows.find((r) => r.id === rowId), message: text(ctx, "cart.msg.row_updated") };
    },

    /** DELETE cart-rows/{id}/delete_item/: the row goes; answers the reloaded cart (spec 4). */
    async deleteRow(ctx: RequestContext, rowId: number, token: CartToken): Promise<RowResult> {
      const [r0] = await db.select({ orderId: orderRows.orderId }).from(orderRows).where(eq(orderRows.id, rowId));
      if (!r0) return { ok: false, code: "cart.row_not_found", message: msg(ctx, "cart.row_not_found") };
      const res = await withCart(ctx, r0.orderId, token, async (tx, order) => {
        const gone = await tx
          .delete(orderRows)
          .where(and(eq(orderRows.id, rowId), eq(orderRows.orderId, order.id)))
          .returning({ id: orderRows.id });
        return gone.length ? { ok: true as const, orderId: order.id } : { ok: false as const, code: "cart.row_not_found" as const };
      });
      if (!res.ok) return { ok: false, code: res.code, message: msg(ctx, res.code) };
      return { ok: true, cart: await reload(ctx, res.orderId), message: text(ctx, "cart.msg.row_deleted") };
    },

    // ---------------------------------------------------------------- contact, shipping, billing

    /**
     * PUT carts/{id}/: contact, shipping and billing data, payment method and observations
     * (any subset). A postal code is stored as typed; delivery rules are read from it on
     * every answer (`delivery`, `blockers`). Null when the cart is not the caller's (or is an
     * abandoned cart of a customer who has opened another one since).
     */
    async updateCart(ctx: RequestContext, id: number | null, token: CartToken, patch: CartUpdateInput): Promise<CartDto | null> {
      const set: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) continue;
        const field = UPDATE_FIELDS[k as keyof CartUpdateInput];
        if (field) set[field] = typeof v === "string" && v.trim() === "" ? null : v;
      }
      const res = await withCart(ctx, id, token, async (tx, order) => {
        if (Object.keys(set).length) await tx.update(orders).set(set).where(eq(orders.id, order.id));
        return { ok: true as const, orderId: order.id };
      });
      return res.ok ? reload(ctx, res.orderId) : null;
    },

    /** POST carts/{id}/join_email_to_cart/: the shopper's email on their cart (for the checkout and reminders). */
    async joinEmail(ctx: RequestContext, id: number | null, token: CartToken, email: string): Promise<CartDto | null> {
      return api.updateCart(ctx, id, token, { email });
    },

    // ---------------------------------------------------------------- coupons

    /**
     * POST coupons/validate-coupon/: applies a code to the caller's cart, reserving one use
     * (coupons.reserve decides limits in the database). A cart has one coupon: a new valid
     * code replaces the old one, whose use is given back; an invalid one leaves the cart as
     * it was. Applying the cart's own code again changes nothing.
     */
    async applyCoupon(ctx: RequestContext, id: number | null, token: CartToken, code: string): Promise<CouponResult> {
      if (id == null) await adoptGuestCart(ctx, token);
      const res = (await withCart(ctx, id, token, async (tx, order) => {
        if (order.couponId) {
          const current = await coupons.rule({ tx }, order.couponId);
          if (current && current.code.toLowerCase() === code.trim().toLowerCase()) return { ok: true as const, orderId: order.id };
        }
        const rows = await rowsOf(tx, order.id);
        const professional = isProfessionalCart(ctx, order);
        const amount = rows.reduce(
          (s, r) =>
            s +
            (r.unitPvp - (professional ? r.unitProfessionalDiscount : 0)) * r.quantity +
            r.lines.reduce((a, l) => a + (l.unit - (professional ? l.unitProfessionalDiscount : 0)) * (l.follows ? r.quantity : l.quantity), 0),
          0,
        );
        const email = order.email ?? ctx.user?.email ?? null;
        const userId = order.userId;
        const placed = await tx.execute(
          sql`select 1 from orders where status >= 300 and (${userId == null ? sql`false` : sql`user_id = ${userId}`} or ${email == null ? sql`false` : sql`lower(email) = ${email.toLowerCase()}`}) limit 1`,
        );
        const firstPurchase = (placed as unknown as { rows: unknown[] }).rows.length === 0;
        const reserved = await coupons.reserve({ store: ctx.store, tx }, { code, orderId: order.id, userId, email, cartAmount: amount, firstPurchase });
        if (!reserved.ok) throw new Outcome({ ok: false as const, code: "coupon.invalid" as const });
        if (order.couponId) await coupons.release({ tx }, order.id, order.couponId);
        await tx.update(orders).set({ couponId: reserved.coupon.id }).where(eq(orders.id, order.id));
        return { ok: true as const, orderId: order.id };
      })) as { ok: true; orderId: number } | { ok: false; code: "coupon.invalid" | "cart.not_found" | "cart.abandoned" };
      if (!res.ok) {
        if (res.code === "coupon.invalid") {
          const cart = await api.getCart(ctx, id, token);
          return { ok: false, code: res.code, message: msg(ctx, res.code), ...(cart ? { cart } : {}) };
        }
        return { ok: false, code: res.code, message: msg(ctx, res.code) };
      }
      return { ok: true, code: "coupon.applied", message: text(ctx, "cart.coupon.applied"), cart: await reload(ctx, res.orderId) };
    },

    /** PUT carts/{id}/disable_coupon/: takes the coupon off and gives its use back. */
    async removeCoupon(ctx: RequestContext, id: number | null, token: CartToken): Promise<CouponResult> {
      const res = await withCart(ctx, id, token, async (tx, order) => {
        if (!order.couponId) return { ok: false as const, code: "coupon.remove_failed" as const, orderId: order.id };
        await coupons.release({ tx }, order.id);
        await tx.update(orders).set({ couponId: null }).where(eq(orders.id, order.id));
        return { ok: true as const, orderId: order.id };
      });
      if (!res.ok) {
        const cart = "orderId" in res ? await reload(ctx, res.orderId as number) : undefined;
        return { ok: false, code: res.code, message: msg(ctx, res.code), ...(cart ? { cart } : {}) };
      }
      return { ok: true, code: "coupon.removed", message: text(ctx, "cart.coupon.removed"), cart: await reload(ctx, res.orderId) };
    },

    // ---------------------------------------------------------------- for the checkout (one transaction)

    /**
     * Locks the caller's cart for the checkout inside the checkout's transaction (the same
     * ownership rules and row lock as every cart change). Null when it is not the caller's.
     */
    lockForCheckout: (tx: Db, ctx: RequestContext, id: number | null, token: CartToken) => lockForChange(tx, ctx, id, token),

    /** The cart's rows and its answer priced now, read in the caller's transaction. */
    async pricedInTx(tx: Db, ctx: RequestContext, order: OrderRecord): Promise<{ cart: CartDto; rows: RowRecord[] }> {
      const rows = await rowsOf(tx, order.id);
      const coupon = order.couponId ? await coupons.rule({ tx }, order.couponId) : null;
      const stock = rows.length ? await deps.stock(needsOf(rows), tx) : { product: new Map(), variant: new Map() };
      return { cart: toCartDto(ctx, { order, rows, coupon, stock, paypalRate: config.paypalCommissionRate }), rows };
    },

    /** A configurator submission checked and priced from the catalog exactly as addRow does, nothing stored (the back office's quotations). */
    configure: (ctx: RequestContext, input: { product: string | number; selection: Selection }) => configureRow(ctx, products, input),

    /** What rows need in stock, per product or variant (complements included; services need none). */
    stockNeeds: (rows: RowRecord[]) => {
      const merged = new Map<string, StockNeed>();
      for (const n of needsOf(rows)) {
        const k = needKey(n);
        const prev = merged.get(k);
        merged.set(k, prev ? { ...prev, quantity: prev.quantity + n.quantity } : { ...n });
      }
      return [...merged.values()];
    },

    // ---------------------------------------------------------------- login and abandonment

    /**
     * After a guest signs in (spec 4): in one transaction, the guest cart's rows move into
     * the customer's open cart (their coupon kept, else the guest's), or the guest cart
     * becomes the customer's when they have none. The token grants nothing afterwards.
     * Null when the token is not a guest cart of this store.
     */
    async mergeGuestCart(ctx: RequestContext, guestToken: string, userId: number): Promise<CartDto | null> {
      const merged = await db.transaction(async (trx) => mergeInto(trx as unknown as Db, ctx, guestToken, userId));
      if (!merged) return null;
      const owner = ctx.user?.id === userId ? ctx : { ...ctx, user: ctx.user ? { ...ctx.user, id: userId } : null };
      return view(db, owner, merged);
    },

    /** Abandons idle carts now (the periodic job; tests and the CLI call it directly). */
    abandonIdleCarts: (hours = config.cartAbandonHours) => abandonIdleCarts(db, hours),

    /** Runs the abandonment every 10 minutes on this copy (each run is one safe UPDATE). */
    start() {
      if (timer) return;
      const run = () => void abandonIdleCarts(db, config.cartAbandonHours).catch(() => {});
      timer = setInterval(run, ABANDON_EVERY_MS);
      timer.unref();
      run();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return api;
}

function rowValues(row: ConfiguredRow) {
  const { stockNeeds: _n, ...v } = row;
  return v;
}
