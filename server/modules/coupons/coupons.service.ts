import { randomBytes } from "node:crypto";
import { isUniqueViolation } from "../../db/errors.ts";
import { and, asc, count, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { CouponInput as CouponInputSchema } from "../../../core/cart.schema.ts";
import type { CouponRule } from "../../../core/cart-pricing.ts";
import type { CouponDto, PublicCouponDto } from "../../../core/cart.types.ts";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { couponRedemptions, coupons } from "./coupons.schema.ts";

type CouponRow = typeof coupons.$inferSelect;
export type CouponCreate = z.output<typeof CouponInputSchema>;

/** Every application of one coupon is serialised on this advisory lock (with the coupon id). */
const COUPON_LOCK_CLASS = 7_340_008;

export type ReserveInput = {
  code: string;
  orderId: number;
  userId: number | null;
  email: string | null;
  /** The cart amount the coupon would apply to (its minimum is checked against it). */
  cartAmount: number;
  /** The customer (or email) has never placed an order: for first-purchase coupons. */
  firstPurchase: boolean;
  now?: Date;
};

/** Why a coupon was refused: logged and tested; the shopper reads one message (spec 8). */
export type CouponRefusal =
  | "unknown"
  | "inactive"
  | "not_started"
  | "expired"
  | "min_amount"
  | "not_first_purchase"
  | "other_email"
  | "customer_limit"
  | "used_up";

export type ReserveResult = { ok: true; coupon: CouponRow } | { ok: false; code: "coupon.invalid"; reason: CouponRefusal };

export type CouponsService = ReturnType<typeof createCouponsService>;

export function toCouponDto(c: CouponRow, storeCode: string): CouponDto {
  return {
    id: c.id,
    store: storeCode,
    code: c.code,
    name: c.name,
    kind: c.kind,
    value: c.value,
    min_cart_amount: c.minCartAmount,
    valid_from: c.validFrom?.toISOString() ?? null,
    valid_to: c.validTo?.toISOString() ?? null,
    first_purchase_only: c.firstPurchaseOnly,
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    single_use: c.singleUse,
    used_count: c.usedCount,
    email: c.email,
    public: c.public,
    active: c.active,
  };
}

export const couponRule = (c: Pick<CouponRow, "kind" | "value" | "minCartAmount">): CouponRule => ({
  kind: c.kind,
  value: c.value,
  minAmount: c.minCartAmount,
});

function values(input: CouponCreate) {
  return {
    code: input.code,
    name: input.name,
    kind: input.kind,
    value: input.value,
    minCartAmount: input.min_cart_amount,
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validTo: input.valid_to ? new Date(input.valid_to) : null,
    firstPurchaseOnly: input.first_purchase_only,
    // A single-use code is a code with one use in total.
    usageLimit: input.single_use ? 1 : input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    singleUse: input.single_use,
    email: input.email,
    public: input.public,
    active: input.active,
  };
}

/**
 * Discount codes (spec 3, 7, 8). Staff manage them; the cart reserves one use when a
 * shopper applies a code and gives it back when the code is removed or the cart is deleted or
 * abandoned; the checkout turns the reservation into a redemption (docs/decisions/013).
 */
export function createCouponsService(db: Db) {
  const q = (ctx: { tx?: Db }) => ctx.tx ?? db;
  // Read on every priced cart answer: prepared once.
  const ruleById = db
    .select({ id: coupons.id, code: coupons.code, kind: coupons.kind, value: coupons.value, minCartAmount: coupons.minCartAmount })
    .from(coupons)
    .where(eq(coupons.id, sql.placeholder("id")))
    .prepare("coupon_rule_by_id");

  return {
    /** Staff: every coupon of the store, newest first. */
    async list(ctx: RequestContext, page = 1, pageSize = 50) {
      const where = eq(coupons.storeId, ctx.store.id);
      const [rows, [{ n }]] = await Promise.all([
        q(ctx)
          .select()
          .from(coupons)
          .where(where)
          .orderBy(sql`${coupons.id} desc`)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        q(ctx).select({ n: count() }).from(coupons).where(where),
      ]);
      return {
        results: rows.map((c) => toCouponDto(c, ctx.store.sourceCode)),
        page,
        page_size: pageSize,
        total: n,
        pages: Math.max(1, Math.ceil(n / pageSize)),
      };
    },

    async get(ctx: RequestContext, id: number): Promise<CouponDto | null> {
      const [c] = await q(ctx)
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), eq(coupons.storeId, ctx.store.id)));
      return c ? toCouponDto(c, ctx.store.sourceCode) : null;
    },

    /** Creates a coupon; a code is unique per store whatever its case (`coupon.code_taken`). */
    async create(ctx: RequestContext, input: CouponCreate): Promise<{ ok: true; coupon: CouponDto } | { ok: false; code: "coupon.code_taken" }> {
      try {
        const [c] = await q(ctx)
          .insert(coupons)
          .values({ storeId: ctx.store.id, ...values(input) })
          .returning();
        return { ok: true, coupon: toCouponDto(c, ctx.store.sourceCode) };
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, code: "coupon.code_taken" };
        throw e;
      }
    },

    /**
     * Replaces a coupon's terms. A limit below the uses already counted is refused
     * (`coupon.limit_below_uses`): the database's CHECK would refuse it anyway.
     */
    async update(
      ctx: RequestContext,
      id: number,
      input: CouponCreate,
    ): Promise<{ ok: true; coupon: CouponDto } | { ok: false; code: "not_found" | "coupon.code_taken" | "coupon.limit_below_uses" }> {
      try {
        const v = values(input);
        const [c] = await q(ctx)
          .update(coupons)
          .set(v)
          .where(and(eq(coupons.id, id), eq(coupons.storeId, ctx.store.id), v.usageLimit == null ? undefined : lte(coupons.usedCount, v.usageLimit)))
          .returning();
        if (c) return { ok: true, coupon: toCouponDto(c, ctx.store.sourceCode) };
        const exists = await this.get(ctx, id);
        return { ok: false, code: exists ? "coupon.limit_below_uses" : "not_found" };
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, code: "coupon.code_taken" };
        throw e;
      }
    },

    /**
     * Deletes a coupon nobody has used or reserved; one in use is refused (`coupon.in_use`):
     * deactivate it instead, so orders keep their history.
     */
    async remove(ctx: RequestContext, id: number): Promise<{ ok: true } | { ok: false; code: "not_found" | "coupon.in_use" }> {
      const rows = await q(ctx)
        .delete(coupons)
        .where(
          and(
            eq(coupons.id, id),
            eq(coupons.storeId, ctx.store.id),
            eq(coupons.usedCount, 0),
            sql`not exists (select 1 from coupon_redemptions r where r.coupon_id = ${coupons.id})`,
          ),
        )
        .returning({ id: coupons.id });
      if (rows.length) return { ok: true };
      return (await this.get(ctx, id)) ? { ok: false, code: "coupon.in_use" } : { ok: false, code: "not_found" };
    },

    /** GET coupons/web_list/: the public, active coupons of the store that are valid now. */
    async webList(ctx: RequestContext, now = new Date()): Promise<PublicCouponDto[]> {
      const rows = await q(ctx)
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.storeId, ctx.store.id),
            eq(coupons.public, true),
            eq(coupons.active, true),
            isNull(coupons.email),
            or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
            or(isNull(coupons.validTo), gt(coupons.validTo, now)),
            or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
          ),
        )
        .orderBy(asc(coupons.id));
      return rows.map((c) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        kind: c.kind,
        value: c.value,
        min_cart_amount: c.minCartAmount,
        valid_to: c.validTo?.toISOString() ?? null,
        first_purchase_only: c.firstPurchaseOnly,
      }));
    },

    /** The pricing terms of a coupon (the cart prices itself with them on every read). */
    async rule(ctx: { tx?: Db }, id: number): Promise<(CouponRule & { id: number; code: string }) | null> {
      const tx = q(ctx);
      const [c] =
        tx === db
          ? await ruleById.execute({ id })
          : await tx
              .select({ id: coupons.id, code: coupons.code, kind: coupons.kind, value: coupons.value, minCartAmount: coupons.minCartAmount })
              .from(coupons)
              .where(eq(coupons.id, id));
      return c ? { ...couponRule(c), id: c.id, code: c.code } : null;
    },

    /**
     * Reserves one use of a code for an order, inside the caller's transaction (ctx.tx, with
     * the order row locked). Every check a shopper can fail is an expected outcome
     * (`coupon.invalid`): unknown, inactive, outside its dates, below its minimum amount, not
     * a first purchase, another person's code, per-customer limit reached, used up. The
     * total limit is decided by the database: a conditional UPDATE that only raises the count
     * while it is below the limit, so N concurrent shoppers of a single-use code get one use.
     */
    async reserve(ctx: { store: { id: number }; tx?: Db }, input: ReserveInput): Promise<ReserveResult> {
      const tx = q(ctx);
      const now = input.now ?? new Date();
      const [c] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.storeId, ctx.store.id), sql`lower(${coupons.code}) = lower(${input.code.trim()})`));
      const refuse = (reason: CouponRefusal): ReserveResult => ({ ok: false, code: "coupon.invalid", reason });
      if (!c) return refuse("unknown");
      if (!c.active) return refuse("inactive");
      if (c.validFrom && c.validFrom > now) return refuse("not_started");
      if (c.validTo && c.validTo <= now) return refuse("expired");
      if (input.cartAmount < c.minCartAmount) return refuse("min_amount");
      if (c.firstPurchaseOnly && !input.firstPurchase) return refuse("not_first_purchase");
      // A personal coupon (the newsletter's) is for its email. A guest cart has no email until
      // checkout: it takes the code now, and placing the order checks it against the order's
      // email (stillValid with `who`), so the code never works for another person's order.
      if (c.email && input.email != null && c.email !== input.email.toLowerCase()) return refuse("other_email");
      // One application of this coupon at a time: the per-customer count below cannot race.
      await tx.execute(sql`select pg_advisory_xact_lock(${COUPON_LOCK_CLASS}, ${c.id})`);
      if (c.perCustomerLimit != null && (input.userId != null || input.email)) {
        const who = [
          input.userId != null ? eq(couponRedemptions.userId, input.userId) : undefined,
          input.email ? eq(couponRedemptions.email, input.email.toLowerCase()) : undefined,
        ].filter(Boolean);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.couponId, c.id), sql`${couponRedemptions.orderId} <> ${input.orderId}`, or(...who)));
        if (n >= c.perCustomerLimit) return refuse("customer_limit");
      }
      const taken = await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(and(eq(coupons.id, c.id), or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`)))
        .returning({ id: coupons.id });
      if (!taken.length) return refuse("used_up");
      await tx.insert(couponRedemptions).values({ couponId: c.id, orderId: input.orderId, userId: input.userId, email: input.email?.toLowerCase() ?? null });
      return { ok: true, coupon: c };
    },

    /**
     * Gives back the reserved use of an order's coupon (removed, replaced, cart deleted): of
     * one coupon, or of any. True when there was one.
     */
    async release(ctx: { tx?: Db }, orderId: number, couponId?: number): Promise<boolean> {
      const tx = q(ctx);
      const gone = await tx
        .delete(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.orderId, orderId),
            eq(couponRedemptions.status, "reserved"),
            couponId == null ? undefined : eq(couponRedemptions.couponId, couponId),
          ),
        )
        .returning({ couponId: couponRedemptions.couponId });
      for (const g of gone) {
        await tx
          .update(coupons)
          .set({ usedCount: sql`${coupons.usedCount} - 1` })
          .where(eq(coupons.id, g.couponId));
      }
      return gone.length > 0;
    },

    /** The checkout places the order: its reservation becomes a redemption (kept for good). */
    async redeem(ctx: { tx?: Db }, orderId: number): Promise<void> {
      await q(ctx).update(couponRedemptions).set({ status: "redeemed" }).where(eq(couponRedemptions.orderId, orderId));
    },

    /**
     * Whether a coupon applied earlier still holds now (active, within its dates): the checkout
     * asks before placing the order; one that lapsed is taken off the cart (spec 8's price mismatch).
     */
    async stillValid(
      ctx: { tx?: Db },
      id: number,
      now = new Date(),
      /**
       * The order being placed: a personal coupon must be for its email, and a first-purchase one
       * needs that email and account to have no order placed before (a guest applied both in a
       * cart that had no email yet).
       */
      who?: { orderId: number; email: string | null; userId: number | null },
    ): Promise<boolean> {
      const tx = q(ctx);
      const [c] = await tx
        .select({
          active: coupons.active,
          validFrom: coupons.validFrom,
          validTo: coupons.validTo,
          email: coupons.email,
          firstPurchaseOnly: coupons.firstPurchaseOnly,
        })
        .from(coupons)
        .where(eq(coupons.id, id));
      if (!c?.active || (c.validFrom && c.validFrom > now) || (c.validTo && c.validTo <= now)) return false;
      if (!who) return true;
      const email = who.email?.trim().toLowerCase() ?? null;
      if (c.email && c.email !== email) return false;
      if (c.firstPurchaseOnly) {
        const mine = [who.userId != null ? sql`user_id = ${who.userId}` : undefined, email != null ? sql`lower(email) = ${email}` : undefined].filter(
          (x) => x !== undefined,
        );
        if (mine.length) {
          const res = await tx.execute(sql`select 1 from orders where status >= 300 and id <> ${who.orderId} and (${sql.join(mine, sql` or `)}) limit 1`);
          if ((res as unknown as { rows: unknown[] }).rows.length > 0) return false;
        }
      }
      return true;
    },

    /** An order that goes back to being a cart (its payment failed): its redemption is a reservation again. */
    async unredeem(ctx: { tx?: Db }, orderId: number): Promise<void> {
      await q(ctx).update(couponRedemptions).set({ status: "reserved" }).where(eq(couponRedemptions.orderId, orderId));
    },

    /** Moves a reservation from one order to another (a guest cart merged into a customer's). */
    async moveReservation(ctx: { tx?: Db }, fromOrderId: number, toOrderId: number, userId: number | null): Promise<void> {
      await q(ctx)
        .update(couponRedemptions)
        .set({ orderId: toOrderId, userId })
        .where(and(eq(couponRedemptions.orderId, fromOrderId), eq(couponRedemptions.status, "reserved")));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Personal coupons (the newsletter's welcome coupon, issue 8). Standalone so that another module
// can write one inside its own transaction (ctx.tx): the subscription and its coupon commit together.

/** Unambiguous characters only (no 0/O, 1/I/L): the code is read from a mail and typed in. */
const PERSONAL_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export type PersonalCouponInput = {
  email: string;
  /** Cents off (kind "amount"). */
  amount: number;
  firstPurchaseOnly: boolean;
  singleUse: boolean;
  validDays: number;
  /** Code prefix, e.g. "NL" for the newsletter. */
  prefix?: string;
  /** Shown to staff in the coupon list. */
  name?: string;
  now?: Date;
};

export type PersonalCoupon = { id: number; code: string; value: number; validTo: Date };

/**
 * A personal coupon: works only for `email` (coupons.reserve checks it), not public, with a
 * random code of about 40 bits. A code already taken in the store (unique per store whatever its case)
 * is drawn again without aborting the caller's transaction (ON CONFLICT DO NOTHING).
 */
export async function createPersonalCoupon(ctx: { store: { id: number }; tx: Db }, input: PersonalCouponInput): Promise<PersonalCoupon> {
  const now = input.now ?? new Date();
  const validTo = new Date(now.getTime() + input.validDays * 86_400_000);
  for (let attempt = 0; attempt < 5; attempt++) {
    const bytes = randomBytes(8);
    const random = Array.from(bytes, (b) => PERSONAL_ALPHABET[b % PERSONAL_ALPHABET.length]).join("");
    const code = `${input.prefix ?? "P"}-${random}`;
    const [c] = await ctx.tx
      .insert(coupons)
      .values({
        storeId: ctx.store.id,
        code,
        name: input.name ?? "",
        kind: "amount",
        value: input.amount,
        validFrom: now,
        validTo,
        firstPurchaseOnly: input.firstPurchaseOnly,
        usageLimit: input.singleUse ? 1 : null,
        singleUse: input.singleUse,
        email: input.email.trim().toLowerCase(),
        public: false,
        active: true,
      })
      .onConflictDoNothing()
      .returning({ id: coupons.id, code: coupons.code, value: coupons.value, validTo: coupons.validTo });
    if (c) return { id: c.id, code: c.code, value: c.value, validTo: c.validTo ?? validTo };
  }
  throw new Error("coupons: could not draw a free personal code in 5 attempts");
}

/** A personal coupon's code, value and end date (to repeat them in a mail sent later), or null. */
export async function personalCoupon(ctx: { tx: Db }, id: number): Promise<PersonalCoupon | null> {
  const [c] = await ctx.tx
    .select({ id: coupons.id, code: coupons.code, value: coupons.value, validTo: coupons.validTo })
    .from(coupons)
    .where(eq(coupons.id, id));
  return c?.validTo ? { id: c.id, code: c.code, value: c.value, validTo: c.validTo } : null;
}
