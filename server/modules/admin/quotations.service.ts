import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type DeliveryRule, paypalCommission, priceCart } from "../../../core/cart-pricing.ts";
import type { PaymentMethod } from "../../../core/cart.types.ts";
import type { Selection } from "../../../core/configurator.ts";
import { ONLINE_PAYMENT_WAIT_MINUTES, TRANSFER_WAIT_DAYS } from "../../../core/orders.ts";
import { deliveryExcluded, freeShippingExcluded } from "../../../core/postal-code.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { contextFor } from "../../lib/request-context.ts";
import { addresses, users } from "../accounts/accounts.schema.ts";
import type { OrderRecord, RowRecord } from "../cart/cart.dto.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import { products, productStores, productTranslations } from "../catalog/catalog.schema.ts";
import { paymentReference } from "../checkout/checkout.service.ts";
import type { Services } from "../index.ts";
import { facilityOptions, installationQuoteRequests } from "../installations/installations.schema.ts";
import type { AuditEntry } from "../staff/staff.audit.ts";
import { plainMail } from "./money.service.ts";
import { quotationDiscounts } from "./money.schema.ts";
import { renderQuotationPdf } from "./quotations.pdf.ts";
import { quotationDrafts } from "./quotations.schema.ts";

export type Audit = (entry: AuditEntry, tx?: unknown) => Promise<void>;
type Discount = { kind: "cents" | "percent"; value: number };
type DiscountRecord = typeof quotationDiscounts.$inferSelect;

/** How long a quotation stays valid once sent, unless staff say otherwise. */
export const QUOTATION_DEFAULT_DAYS = 30;
const DAY = 86_400_000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const like = (s: string) => `%${s.replace(/[%_\\]/g, "\\$&")}%`;

/** A row's price at its owner's prices (the professional discount only for a professional), as the cart prices it. */
function rowGross(r: RowRecord, professional: boolean) {
  const q = r.quantity;
  const pro = (d: number) => (professional ? d : 0);
  const product = (r.unitPvp - pro(r.unitProfessionalDiscount)) * q;
  const lines = r.lines.map((l) => {
    const lq = l.follows ? q : l.quantity;
    return {
      total: (l.unit - pro(l.unitProfessionalDiscount)) * lq,
      original: l.unitOriginal == null ? null : l.unitOriginal * lq,
      pro: pro(l.unitProfessionalDiscount) * lq,
    };
  });
  const total = product + lines.reduce((s, l) => s + l.total, 0);
  const productOriginal = r.unitOriginal == null ? null : r.unitOriginal * q;
  const listTotal = (productOriginal ?? product + pro(r.unitProfessionalDiscount) * q) + lines.reduce((s, l) => s + (l.original ?? l.total + l.pro), 0);
  const professionalDiscount = pro(r.unitProfessionalDiscount) * q + lines.reduce((s, l) => s + l.pro, 0);
  return { total, listTotal, professionalDiscount };
}

/** What a staff discount takes off a row total: a percentage rounded, cents as given; never more than the row. */
export function discountAmount(d: Discount, rowTotal: number): number {
  const raw = d.kind === "percent" ? Math.round((rowTotal * d.value) / 100) : d.value;
  return Math.max(0, Math.min(raw, rowTotal));
}

/**
 * Quotations as draft orders (back office): a quotation is an order in status 200 made by staff
 * for a customer, rows configured and priced by the cart's own code, a discount per line, the
 * totals recomputed with core/cart-pricing.ts and frozen on the order exactly as the checkout
 * freezes a customer's quotation (so "pay my order" charges the quoted total). Every change runs
 * under the order's row lock and only while it is still a quotation (status 200).
 */
/**
 * GDPR erasure (docs/decisions/048), in the accounts erasure's transaction: the installation
 * quote requests sent with the erased customer's email lose who sent them (name, email, phone,
 * their message); what was asked (product, town, distance) and staff's quoted price stay. The
 * quotations themselves are orders: the orders module's erasure pseudonymises them.
 */
export async function eraseQuoteRequests(tx: Db, email: string): Promise<void> {
  const who = email.trim().toLowerCase();
  await tx
    .update(installationQuoteRequests)
    .set({
      name: "",
      email: sql`'deleted-r' || ${installationQuoteRequests.id} || '@erased.invalid'`,
      phone: null,
      message: "",
    })
    .where(sql`lower(${installationQuoteRequests.email}) = ${who}`);
}

export function createQuotationsService(s: Services) {
  const db = s.database.db as Db;

  async function storeOf(id: number) {
    return s.stores.resolve(id);
  }

  async function lockQuotation(tx: Db, id: number, statuses: number[] = [200]): Promise<OrderRecord> {
    const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    // An order placed from a quotation (300 and on) is refused as no longer open; carts are not quotations.
    if (!o || o.status < 200) throw new AppError("quotation.not_found", 404);
    if (!statuses.includes(o.status)) throw new AppError("quotation.not_open", 409);
    return o;
  }

  async function rowsOf(q: Db, orderId: number) {
    return q.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.position), asc(orderRows.id));
  }
  async function discountsOf(q: Db, orderId: number) {
    return q.select().from(quotationDiscounts).where(eq(quotationDiscounts.orderId, orderId));
  }

  function deliveryOf(o: OrderRecord, storeCountry: string): { rule: DeliveryRule; notDelivered: boolean } {
    const country = ((o.shippingCountry ?? storeCountry).toUpperCase() === "FR" ? "FR" : "ES") as "ES" | "FR";
    const postal = o.shippingPostalCode;
    const notDelivered = postal ? deliveryExcluded(country, postal) : false;
    return { rule: notDelivered ? "not_delivered" : postal && freeShippingExcluded(country, postal) ? "no_free_shipping" : "ok", notDelivered };
  }

  /**
   * Prices the quotation again from its rows' snapshots and its line discounts (cart-pricing's
   * rules: the discounted rows feed the free-shipping threshold, the VAT split and PayPal's
   * commission) and freezes the result on the rows and the order, in the caller's transaction.
   */
  async function reprice(tx: Db, o: OrderRecord): Promise<OrderRecord> {
    const store = await storeOf(o.storeId);
    const rows = await rowsOf(tx, o.id);
    const discounts = new Map((await discountsOf(tx, o.id)).map((d) => [d.rowId, d]));
    const professional = o.professional;
    const gross = rows.map((r) => rowGross(r, professional));
    const lineDiscounts = rows.map((r, i) => {
      const d = discounts.get(r.id);
      return d ? discountAmount(d, gross[i].total) : 0;
    });
    const coupon = o.couponId ? await s.coupons.rule({ tx }, o.couponId) : null;
    const { rule } = deliveryOf(o, store.countryCode);
    const priced = priceCart({
      rows: rows.map((r, i) => ({
        total: gross[i].total - lineDiscounts[i],
        listTotal: gross[i].listTotal,
        quantity: r.quantity,
        shippingNetPerUnit: r.shippingAmount,
      })),
      vatRateBp: store.vatRateBp,
      delivery: rule,
      coupon,
      paypal: o.paymentMethodSelected === "paypal",
      paypalRate: s.config.paypalCommissionRate,
    });
    for (const [i, r] of rows.entries()) {
      const shipping = priced.rowShipping[i].reduce((a, p) => a + p.amount, 0);
      const off = priced.rowDiscounts[i] + lineDiscounts[i];
      await tx
        .update(orderRows)
        .set({
          professionalDiscountTotal: gross[i].professionalDiscount,
          rowTotal: gross[i].total,
          couponDiscount: off,
          shippingTotal: shipping,
          finalTotal: gross[i].total - off + shipping,
        })
        .where(eq(orderRows.id, r.id));
      const d = discounts.get(r.id);
      if (d && d.amount !== lineDiscounts[i]) await tx.update(quotationDiscounts).set({ amount: lineDiscounts[i] }).where(eq(quotationDiscounts.rowId, r.id));
    }
    const subtotal = gross.reduce((a, g) => a + g.total, 0);
    const [fresh] = await tx
      .update(orders)
      .set({
        subtotal,
        couponDiscount: priced.discount + lineDiscounts.reduce((a, b) => a + b, 0),
        shippingTotal: priced.prices.pvp_shipping,
        paypalCommission: priced.prices.paypal_commission,
        savedTotal: priced.prices.pvp_saved,
        total: priced.prices.pvp_total,
        vatRateBp: priced.vat.rate_bp,
        vatBase: priced.vat.base,
        vatAmount: priced.vat.amount,
        updatedAt: sql`now()`,
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, o.id))
      .returning();
    return fresh;
  }

  /** What the audit log keeps of a quotation before and after a change. */
  async function snapshot(tx: Db, id: number) {
    const [o] = await tx.select().from(orders).where(eq(orders.id, id));
    const rows = await rowsOf(tx, id);
    const discounts = new Map((await discountsOf(tx, id)).map((d) => [d.rowId, d]));
    return {
      status: o.status,
      total: o.total,
      expires_at: iso(o.expiresAt),
      rows: rows.map((r) => {
        const d = discounts.get(r.id);
        return { id: r.id, ref: r.ref, quantity: r.quantity, discount: d ? { kind: d.kind, value: d.value, amount: d.amount } : null };
      }),
    };
  }

  function discountDto(d: DiscountRecord | undefined) {
    return d ? { kind: d.kind, value: d.value, amount: d.amount } : null;
  }

  async function dto(q: Db, id: number) {
    const [o] = await q.select().from(orders).where(eq(orders.id, id));
    if (!o || (o.status !== 200 && o.status !== 250 && !(await isDraft(q, id)))) throw new AppError("quotation.not_found", 404);
    const store = await storeOf(o.storeId);
    const [rows, discounts, draft] = await Promise.all([
      rowsOf(q, id),
      discountsOf(q, id),
      q
        .select()
        .from(quotationDrafts)
        .where(eq(quotationDrafts.orderId, id))
        .then((r) => r[0] ?? null),
    ]);
    const byRow = new Map(discounts.map((d) => [d.rowId, d]));
    const { notDelivered } = deliveryOf(o, store.countryCode);
    return {
      id: o.id,
      number: o.orderNumber,
      status: o.status,
      store: store.sourceCode,
      language: (o.language === "fr" ? "fr" : "es") as "es" | "fr",
      customer: { id: o.userId, email: o.email, name: o.name, surnames: o.surnames, phone: o.phone },
      shipping: {
        address: o.shippingAddress,
        number: o.shippingNumber,
        postal_code: o.shippingPostalCode,
        city: o.shippingCity,
        province: o.shippingProvince,
        country: o.shippingCountry,
      },
      professional: o.professional,
      created_at: o.createdAt.toISOString(),
      expires_at: iso(o.expiresAt),
      sent_at: iso(draft?.sentAt),
      sent_count: draft?.sentCount ?? 0,
      quote_request: draft?.quoteRequestId ?? null,
      rows: rows.map((r) => ({
        id: r.id,
        product_id: r.productId,
        name: r.name,
        ref: r.ref,
        quantity: r.quantity,
        summary: r.summary,
        lines: r.lines.map((l) => ({ kind: l.kind, name: l.name, ref: l.ref, quantity: l.follows ? r.quantity : l.quantity })),
        total: r.rowTotal ?? 0,
        discount: discountDto(byRow.get(r.id)),
        discount_total: r.couponDiscount ?? 0,
        shipping: r.shippingTotal ?? 0,
        final_total: r.finalTotal ?? 0,
      })),
      prices: {
        subtotal: o.subtotal ?? 0,
        discount: o.couponDiscount ?? 0,
        shipping: o.shippingTotal ?? 0,
        paypal_commission: o.paypalCommission ?? 0,
        total: o.total ?? 0,
      },
      vat: { rate_bp: o.vatRateBp ?? store.vatRateBp, base: o.vatBase ?? 0, amount: o.vatAmount ?? 0 },
      not_delivered: notDelivered,
      pay_url: s.orders.orderLink(o),
    };
  }

  async function isDraft(q: Db, id: number) {
    const [d] = await q.select({ id: quotationDrafts.orderId }).from(quotationDrafts).where(eq(quotationDrafts.orderId, id));
    return Boolean(d);
  }

  /** An edit of an open quotation: lock, change, price again, audit before/after, all in one transaction. */
  async function edit(id: number, action: string, audit: Audit, fn: (tx: Db, o: OrderRecord) => Promise<void>) {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const o = await lockQuotation(tx, id);
      const before = await snapshot(tx, id);
      await fn(tx, o);
      const [now] = await tx.select().from(orders).where(eq(orders.id, id));
      await reprice(tx, now);
      await audit({ action, entityType: "order", entityId: id, orderId: id, before, after: await snapshot(tx, id) }, tx);
    });
    return dto(db, id);
  }

  type Customer = typeof users.$inferSelect;

  async function findCustomer(q: Db, by: { id?: number; email?: string }): Promise<Customer | null> {
    const where = by.id != null ? eq(users.id, by.id) : sql`lower(${users.email}) = ${(by.email ?? "").toLowerCase()}`;
    const [u] = await q
      .select()
      .from(users)
      .where(and(where, eq(users.role, "customer"), sql`${users.deletedAt} is null`));
    return u ?? null;
  }

  /** Inserts an empty quotation (status 200) for a customer or, without an account, a name and an email. */
  async function insertQuotation(
    tx: Db,
    input: {
      storeId: number;
      customer: Customer | null;
      email: string;
      name: string | null;
      surnames: string | null;
      phone: string | null;
      city?: string | null;
      postalCode?: string | null;
      staffId: number;
      quoteRequestId?: number | null;
    },
  ): Promise<OrderRecord> {
    const store = await storeOf(input.storeId);
    const c = input.customer;
    const [addr] = c
      ? await tx
          .select()
          .from(addresses)
          .where(and(eq(addresses.userId, c.id), eq(addresses.type, "shipping")))
          .orderBy(desc(addresses.isDefault), asc(addresses.id))
          .limit(1)
      : [];
    const [o] = await tx
      .insert(orders)
      .values({
        storeId: store.id,
        status: 200,
        orderNumber: sql`${store.sourceCode.slice(0, 2)} || nextval('order_number_seq')::text`,
        userId: c?.id ?? null,
        email: input.email.toLowerCase(),
        name: input.name,
        surnames: input.surnames,
        phone: input.phone ?? (addr?.phone || null),
        shippingAddress: addr?.address ?? null,
        shippingNumber: addr?.number ?? null,
        shippingPostalCode: addr?.postalCode ?? input.postalCode ?? null,
        shippingCity: addr?.city ?? input.city ?? null,
        shippingProvince: addr?.province ?? null,
        shippingCountry: addr?.country ?? store.countryCode,
        language: store.language,
        professional: c?.customerType === "professional",
        placedAt: sql`now()`,
        statusChangedAt: sql`now()`,
        expiresAt: new Date(Date.now() + QUOTATION_DEFAULT_DAYS * DAY),
        paymentMethodSelected: "card",
        subtotal: 0,
        couponDiscount: 0,
        shippingTotal: 0,
        paypalCommission: 0,
        savedTotal: 0,
        total: 0,
        vatRateBp: store.vatRateBp,
        vatBase: 0,
        vatAmount: 0,
      })
      .returning();
    await tx.insert(quotationDrafts).values({ orderId: o.id, createdBy: input.staffId, quoteRequestId: input.quoteRequestId ?? null });
    await s.orders.logEvent(tx, { orderId: o.id, from: null, to: 200, actor: "staff", note: "quotation created in the back office" });
    return o;
  }

  async function takeStock(tx: Db, needs: { productId: number; variantId: number | null; quantity: number }[]): Promise<boolean> {
    const sorted = [...needs].sort((a, b) => (a.variantId ?? -1) - (b.variantId ?? -1) || a.productId - b.productId);
    for (const n of sorted) {
      const res =
        n.variantId == null
          ? await tx.execute(sql`update products set stock = stock - ${n.quantity} where id = ${n.productId} and stock >= ${n.quantity} returning id`)
          : await tx.execute(sql`update variants set stock = stock - ${n.quantity} where id = ${n.variantId} and stock >= ${n.quantity} returning id`);
      if ((res as unknown as { rows: unknown[] }).rows.length === 0) return false;
    }
    return true;
  }

  return {
    get: (id: number) => dto(db, id),

    /** Quotations (200 and 250), the soonest to expire first; by store code, days left and number or email. */
    async list(f: { store?: string; expiring_days?: number; q?: string; status?: 200 | 250; page: number; limit: number }) {
      const where: SQL[] = [inArray(orders.status, f.status ? [f.status] : [200, 250])];
      if (f.store) {
        const st = (await s.stores.all()).find((x) => x.sourceCode === f.store);
        if (!st) return { count: 0, results: [] };
        where.push(eq(orders.storeId, st.id));
      }
      if (f.expiring_days != null) {
        where.push(eq(orders.status, 200));
        where.push(sql`${orders.expiresAt} <= ${new Date(Date.now() + f.expiring_days * DAY).toISOString()}::timestamptz`);
      }
      if (f.q) where.push(or(ilike(orders.orderNumber, like(f.q)), ilike(orders.email, like(f.q)))!);
      const cond = and(...where);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(cond);
      const list = await db
        .select({ o: orders, sentAt: quotationDrafts.sentAt })
        .from(orders)
        .leftJoin(quotationDrafts, eq(quotationDrafts.orderId, orders.id))
        .where(cond)
        .orderBy(sql`${orders.status} asc`, sql`${orders.expiresAt} asc nulls last`, asc(orders.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit);
      const stores = await s.stores.all();
      return {
        count: n,
        results: list.map(({ o, sentAt }) => ({
          id: o.id,
          number: o.orderNumber,
          status: o.status,
          store: stores.find((x) => x.id === o.storeId)?.sourceCode ?? "",
          email: o.email,
          name: [o.name, o.surnames].filter(Boolean).join(" "),
          total: o.total ?? 0,
          created_at: o.createdAt.toISOString(),
          expires_at: iso(o.expiresAt),
          sent_at: iso(sentAt),
        })),
      };
    },

    /** Customers by email (the screen's finder). */
    async findCustomers(email: string) {
      const stores = await s.stores.all();
      const rows = await db
        .select()
        .from(users)
        .where(and(ilike(users.email, like(email.toLowerCase())), eq(users.role, "customer"), sql`${users.deletedAt} is null`))
        .orderBy(asc(users.email))
        .limit(10);
      return rows.map((u) => ({
        id: u.id,
        email: u.email,
        name: [u.name, u.surnames].filter(Boolean).join(" "),
        professional: u.customerType === "professional",
        store: stores.find((x) => x.id === u.storeId)?.sourceCode ?? "",
      }));
    },

    /** Products sold in a store whose name or reference matches (the product picker). */
    async searchProducts(storeCode: string, q: string) {
      const store = (await s.stores.all()).find((x) => x.sourceCode === storeCode);
      if (!store) throw new AppError("quotation.store_not_found", 404);
      const rows = await db
        .select({ id: products.id, ref: products.ref, price: products.pvpWeb, slug: productTranslations.slug, name: productTranslations.name })
        .from(products)
        .innerJoin(productStores, and(eq(productStores.productId, products.id), eq(productStores.storeId, store.id)))
        .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.language, store.language)))
        .where(and(eq(products.active, true), or(ilike(productTranslations.name, like(q)), ilike(products.ref, like(q)))))
        .orderBy(asc(productTranslations.name))
        .limit(20);
      return rows.map((r) => ({ id: r.id, ref: r.ref, slug: r.slug, name: r.name, from_price: r.price }));
    },

    /** The configurator's attributes of a product in a store (what a row's selection chooses from). */
    async productAttributes(storeCode: string, slug: string) {
      const store = (await s.stores.all()).find((x) => x.sourceCode === storeCode);
      if (!store) throw new AppError("quotation.store_not_found", 404);
      const attrs = await s.catalog.productAttributes(contextFor(store), slug);
      if (!attrs) throw new AppError("quotation.product_not_found", 404);
      return attrs;
    },

    /** A new, empty quotation for an existing customer (by id or email) in their store. */
    async create(staffId: number, input: { customer_id?: number; email?: string }, audit: Audit) {
      const id = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const c = await findCustomer(tx, { id: input.customer_id, email: input.email });
        if (!c) throw new AppError("quotation.customer_not_found", 404);
        const o = await insertQuotation(tx, {
          storeId: c.storeId,
          customer: c,
          email: c.email,
          name: c.name,
          surnames: c.surnames,
          phone: c.phone,
          staffId,
        });
        await audit({ action: "quotation.create", entityType: "order", entityId: o.id, orderId: o.id, before: null, after: await snapshot(tx, o.id) }, tx);
        return o.id;
      });
      return dto(db, id);
    },

    /** An installation quote request becomes a quotation draft for its shopper (once: the unique key decides). */
    async fromQuoteRequest(staffId: number, requestId: number, audit: Audit) {
      const id = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [r] = await tx.select().from(installationQuoteRequests).where(eq(installationQuoteRequests.id, requestId)).for("update");
        if (!r) throw new AppError("quote_request.not_found", 404);
        const [already] = await tx.select().from(quotationDrafts).where(eq(quotationDrafts.quoteRequestId, r.id));
        if (already) throw new AppError("quote_request.already_quoted", 409);
        const [city] = r.facilityOptionId
          ? await tx.select({ name: facilityOptions.valueString }).from(facilityOptions).where(eq(facilityOptions.id, r.facilityOptionId))
          : [];
        const c = await findCustomer(tx, { email: r.email });
        const [first, ...rest] = r.name.trim().split(/\s+/);
        const o = await insertQuotation(tx, {
          storeId: c?.storeId ?? r.storeId,
          customer: c,
          email: r.email,
          name: c?.name ?? first ?? r.name,
          surnames: c?.surnames ?? rest.join(" "),
          phone: r.phone ?? c?.phone ?? null,
          city: r.town ?? city?.name ?? null,
          postalCode: r.postalCode,
          staffId,
          quoteRequestId: r.id,
        });
        const before = { request_status: r.status };
        await tx
          .update(installationQuoteRequests)
          .set({ status: "answered", repliedAt: r.repliedAt ?? new Date() })
          .where(eq(installationQuoteRequests.id, r.id));
        await audit(
          {
            action: "quotation.from_quote_request",
            entityType: "order",
            entityId: o.id,
            orderId: o.id,
            before,
            after: { request_status: "answered", quote_request: r.id, quotation: o.orderNumber, ...(await snapshot(tx, o.id)) },
          },
          tx,
        );
        return { id: o.id, product: r.productId };
      });
      return { ...(await dto(db, id.id)), suggested_product: id.product };
    },

    /** Adds a configured product, checked and priced by the cart's code (the catalog's prices now). */
    async addRow(id: number, input: { product: string | number; selection: Selection }, audit: Audit) {
      const [o0] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, id));
      if (!o0) throw new AppError("quotation.not_found", 404);
      const ctx = contextFor(await storeOf(o0.storeId));
      const configured = await s.cart.configure(ctx, input);
      if (!configured.ok) {
        if (configured.code === "cart.product_not_found") throw new AppError("quotation.product_not_found", 404);
        throw new AppError("quotation.config_invalid", 422, undefined, configured.issues);
      }
      const { stockNeeds: _n, ...row } = configured.row;
      return edit(id, "quotation.row_add", audit, async (tx, o) => {
        await tx.insert(orderRows).values({
          ...row,
          orderId: o.id,
          position: sql`(select coalesce(max(position), 0) + 1 from order_rows where order_id = ${o.id})`,
        });
      });
    },

    /** A row's quantity (its services follow it) and/or its staff discount (null removes it). */
    async updateRow(id: number, rowId: number, input: { quantity?: number; discount?: Discount | null }, audit: Audit) {
      return edit(id, "quotation.row_update", audit, async (tx, o) => {
        const [row] = await tx
          .select()
          .from(orderRows)
          .where(and(eq(orderRows.id, rowId), eq(orderRows.orderId, o.id)));
        if (!row) throw new AppError("quotation.row_not_found", 404);
        const quantity = input.quantity ?? row.quantity;
        if (input.quantity != null && input.quantity !== row.quantity) {
          await tx
            .update(orderRows)
            .set({ quantity, lines: row.lines.map((l) => (l.follows ? { ...l, quantity } : l)) })
            .where(eq(orderRows.id, rowId));
        }
        if (input.discount === null) {
          await tx.delete(quotationDiscounts).where(eq(quotationDiscounts.rowId, rowId));
        } else if (input.discount) {
          const d = input.discount;
          const total = rowGross({ ...row, quantity, lines: row.lines.map((l) => (l.follows ? { ...l, quantity } : l)) }, o.professional).total;
          const raw = d.kind === "percent" ? Math.round((total * d.value) / 100) : d.value;
          if (raw > total) throw new AppError("quotation.discount_too_large", 422);
          await tx
            .insert(quotationDiscounts)
            .values({ rowId, orderId: o.id, kind: d.kind, value: d.value, amount: raw })
            .onConflictDoUpdate({ target: quotationDiscounts.rowId, set: { kind: d.kind, value: d.value, amount: raw } });
        } else if (input.quantity != null) {
          // A cents discount larger than the row after a smaller quantity: refused, never clamped silently.
          const [d] = await tx.select().from(quotationDiscounts).where(eq(quotationDiscounts.rowId, rowId));
          const total = rowGross({ ...row, quantity, lines: row.lines.map((l) => (l.follows ? { ...l, quantity } : l)) }, o.professional).total;
          if (d && d.kind === "cents" && d.value > total) throw new AppError("quotation.discount_too_large", 422);
        }
      });
    },

    async deleteRow(id: number, rowId: number, audit: Audit) {
      return edit(id, "quotation.row_delete", audit, async (tx, o) => {
        const gone = await tx
          .delete(orderRows)
          .where(and(eq(orderRows.id, rowId), eq(orderRows.orderId, o.id)))
          .returning({ id: orderRows.id });
        if (!gone.length) throw new AppError("quotation.row_not_found", 404);
      });
    },

    /** Who it is for and where it goes (the delivery rules and shipping follow the postal code). */
    async updateDetails(
      id: number,
      input: Partial<{
        name: string;
        surnames: string;
        phone: string;
        shipping_address: string;
        shipping_number: string;
        shipping_postal_code: string;
        shipping_city: string;
        shipping_province: string;
        shipping_country: "ES" | "FR";
        observations: string;
      }>,
      audit: Audit,
    ) {
      const map = {
        name: "name",
        surnames: "surnames",
        phone: "phone",
        shipping_address: "shippingAddress",
        shipping_number: "shippingNumber",
        shipping_postal_code: "shippingPostalCode",
        shipping_city: "shippingCity",
        shipping_province: "shippingProvince",
        shipping_country: "shippingCountry",
        observations: "observations",
      } as const;
      return edit(id, "quotation.details", audit, async (tx, o) => {
        const set: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(input)) if (v !== undefined) set[map[k as keyof typeof map]] = v === "" ? null : v;
        if (Object.keys(set).length) await tx.update(orders).set(set).where(eq(orders.id, o.id));
      });
    },

    /**
     * Mails the quotation to the customer in the store's language with its PDF and the link that
     * pays it (the storefront's pay-my-order), and sets how long it stays valid. The mail goes
     * inside the transaction: when it cannot be sent nothing changes (503).
     */
    async send(id: number, input: { days: number; message?: string }, audit: Audit) {
      await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const o = await lockQuotation(tx, id);
        const before = await snapshot(tx, id);
        if (!o.email) throw new AppError("quotation.no_email", 409);
        const rows = await rowsOf(tx, id);
        if (!rows.length) throw new AppError("quotation.empty", 409);
        const [sent] = await tx
          .update(orders)
          .set({ expiresAt: new Date(Date.now() + input.days * DAY), updatedAt: sql`now()` })
          .where(eq(orders.id, id))
          .returning();
        await tx
          .insert(quotationDrafts)
          .values({ orderId: id, sentAt: new Date(), sentCount: 1 })
          .onConflictDoUpdate({ target: quotationDrafts.orderId, set: { sentAt: new Date(), sentCount: sql`${quotationDrafts.sentCount} + 1` } });
        const q = await dto(tx, id);
        const store = await storeOf(o.storeId);
        const lang = q.language;
        const euros = (c: number) => new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "es-ES", { style: "currency", currency: "EUR" }).format(c / 100);
        const pdf = await renderQuotationPdf(
          {
            shop: store.name,
            number: sent.orderNumber,
            createdAt: sent.createdAt,
            expiresAt: sent.expiresAt,
            customer: [
              [sent.name, sent.surnames].filter(Boolean).join(" "),
              sent.email ?? "",
              [sent.shippingAddress, sent.shippingNumber].filter(Boolean).join(", "),
              [sent.shippingPostalCode, sent.shippingCity].filter(Boolean).join(" "),
            ],
            rows: q.rows.map((r) => ({
              name: r.name,
              ref: r.ref,
              quantity: r.quantity,
              summary: r.summary.map((x) => `${x.label}: ${x.value}`),
              lines: r.lines.map((l) => `+ ${l.quantity} × ${l.name} (${l.ref})`),
              total: r.total,
              discount: r.discount_total,
              discountLabel: r.discount ? (r.discount.kind === "percent" ? `${r.discount.value} %` : null) : null,
            })),
            subtotal: q.prices.subtotal,
            discount: q.prices.discount,
            shipping: q.prices.shipping,
            total: q.prices.total,
            vat: q.vat,
            payUrl: q.pay_url,
          },
          lang,
        );
        const until = sent.expiresAt
          ? new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "es-ES", { dateStyle: "long", timeZone: "Europe/Madrid" }).format(sent.expiresAt)
          : "";
        const paras =
          lang === "fr"
            ? [
                `Bonjour ${sent.name ?? ""},`,
                `Voici votre devis ${sent.orderNumber} de ${store.name} : ${euros(q.prices.total)} TVA incluse, valable jusqu’au ${until}. Vous le trouverez en PDF joint.`,
                input.message ?? "",
                "Pour l’accepter et le payer, suivez ce lien :",
                q.pay_url,
              ]
            : [
                `Hola ${sent.name ?? ""}:`,
                `Te enviamos tu presupuesto ${sent.orderNumber} de ${store.name}: ${euros(q.prices.total)} IVA incluido, válido hasta el ${until}. Lo tienes en el PDF adjunto.`,
                input.message ?? "",
                "Para aceptarlo y pagarlo, sigue este enlace:",
                q.pay_url,
              ];
        const subject = lang === "fr" ? `Votre devis ${sent.orderNumber}` : `Tu presupuesto ${sent.orderNumber}`;
        const filename = `${lang === "fr" ? "devis" : "presupuesto"}-${sent.orderNumber}.pdf`;
        await audit(
          {
            action: "quotation.send",
            entityType: "order",
            entityId: id,
            orderId: id,
            before,
            after: { ...(await snapshot(tx, id)), sent_to: sent.email, pay_url: q.pay_url.replace(/\?t=.*/, "?t=…") },
          },
          tx,
        );
        try {
          await s.mail.send(plainMail(sent.email ?? "", lang, subject, paras, [{ filename, content: pdf, contentType: "application/pdf" }]));
        } catch {
          throw new AppError("quotation.mail_failed", 503);
        }
      });
      return dto(db, id);
    },

    /** More days to accept it (from today or from its current expiry, whichever is later); an expired one (250) opens again. */
    async extend(id: number, input: { days: number }, audit: Audit) {
      await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const o = await lockQuotation(tx, id, [200, 250]);
        const before = await snapshot(tx, id);
        const from = Math.max(Date.now(), o.expiresAt?.getTime() ?? 0);
        await tx
          .update(orders)
          .set({
            status: 200,
            expiresAt: new Date(from + input.days * DAY),
            updatedAt: sql`now()`,
            ...(o.status === 250 ? { statusChangedAt: sql`now()` } : {}),
          })
          .where(and(eq(orders.id, id), inArray(orders.status, [200, 250])));
        if (o.status === 250) await s.orders.logEvent(tx, { orderId: id, from: 250, to: 200, actor: "staff", note: "quotation extended" });
        await audit({ action: "quotation.extend", entityType: "order", entityId: id, orderId: id, before, after: await snapshot(tx, id) }, tx);
      });
      return dto(db, id);
    },

    /**
     * The customer accepted: the quotation becomes an order waiting for its payment (300) at the
     * quoted prices, its stock taken now, exactly as "pay my order" does. Once: the conditional
     * UPDATE on status 200 under the row lock decides, a second call is 409.
     */
    async convert(id: number, input: { payment_method: PaymentMethod }, audit: Audit) {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const o = await lockQuotation(tx, id);
        if (o.expiresAt && o.expiresAt <= new Date()) throw new AppError("quotation.expired", 410);
        const rows = await rowsOf(tx, id);
        if (!rows.length) throw new AppError("quotation.empty", 409);
        const before = await snapshot(tx, id);
        if (!(await takeStock(tx, s.cart.stockNeeds(rows)))) throw new AppError("quotation.out_of_stock", 409);
        const m = input.payment_method;
        const beforeCommission = (o.total ?? 0) - (o.paypalCommission ?? 0);
        const commission = m === "paypal" ? paypalCommission(beforeCommission, s.config.paypalCommissionRate) : 0;
        const store = await storeOf(o.storeId);
        const [moved] = await tx
          .update(orders)
          .set({
            status: 300,
            stockHeld: true,
            paymentMethodSelected: m,
            paypalCommission: commission,
            total: beforeCommission + commission,
            expiresAt: new Date(Date.now() + (m === "transfer" ? TRANSFER_WAIT_DAYS * DAY : ONLINE_PAYMENT_WAIT_MINUTES * 60_000)),
            statusChangedAt: sql`now()`,
            updatedAt: sql`now()`,
            paymentReference: o.paymentReference ?? paymentReference(store.sourceCode),
          })
          .where(and(eq(orders.id, id), eq(orders.status, 200)))
          .returning();
        if (!moved) throw new AppError("quotation.not_open", 409);
        await s.orders.logEvent(tx, { orderId: id, from: 200, to: 300, actor: "staff", note: "quotation converted in the back office" });
        await audit(
          { action: "quotation.convert", entityType: "order", entityId: id, orderId: id, before, after: { ...(await snapshot(tx, id)), payment_method: m } },
          tx,
        );
        return {
          id: moved.id,
          number: moved.orderNumber,
          status: moved.status,
          total: moved.total ?? 0,
          payment_method: m,
          pay_url: s.orders.orderLink(moved),
        };
      });
    },
  };
}
export type QuotationsService = ReturnType<typeof createQuotationsService>;
