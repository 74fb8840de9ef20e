import { randomUUID } from "node:crypto";
import { isUniqueViolation } from "../../db/errors.ts";
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { parseForm } from "../../../core/accounts.forms.ts";
import { addBusinessDays, shopToday } from "../../../core/business-days.ts";
import { paypalCommission, prorate, SHIPPING_NET_PER_UNIT } from "../../../core/cart-pricing.ts";
import type { CartDto, PaymentMethod } from "../../../core/cart.types.ts";
import { type CheckoutInput, checkoutSchema } from "../../../core/checkout.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import { ONLINE_PAYMENT_WAIT_MINUTES, QUOTATION_VALID_DAYS, TRANSFER_WAIT_DAYS } from "../../../core/orders.ts";
import { localePath } from "../../../core/stores.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { JobEngine } from "../../lib/jobs.ts";
import { contextFor, type RequestContext } from "../../lib/request-context.ts";
import type { AccountsCore } from "../accounts/accounts.service.ts";
import type { OrderRecord, RowRecord } from "../cart/cart.dto.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import type { CartService } from "../cart/cart.service.ts";
import { parseToken, secretMatches } from "../cart/cart.tokens.ts";
import type { CouponsService } from "../coupons/coupons.service.ts";
import type { InvoicesService } from "../invoices/invoices.service.ts";
import type { MailService } from "../mail/mail.service.ts";
import { renderOrderMail } from "../orders/orders.mails.ts";
import { orderMails, subOrders } from "../orders/orders.schema.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ApplyOutcomeResult, AutomaticRefundReason, OrderForPayment, OrderPayments, PaymentOutcome } from "../payments/payments.types.ts";
import type { StoresService } from "../stores/stores.service.ts";
import type { OrderAccess, PaymentAction, PendingPayment, PlaceOrderAnswer, PlaceOrderResult } from "./checkout.types.ts";

export type CheckoutDeps = {
  db: Db;
  config: Config;
  cart: CartService;
  coupons: CouponsService;
  orders: OrdersService;
  payments: PaymentsService;
  invoices: InvoicesService;
  accounts: () => AccountsCore;
  mail: MailService;
  stores: StoresService;
  /** The job engine (server/lib/jobs.ts): order mails (queue 'order-mail') and the expiry schedule. */
  jobs: JobEngine;
};

/** What the invoices module offers the checkout (issue 10); optional until it is wired. */
type InvoiceHooks = {
  issueForOrder(tx: Db, source: InvoiceSource): Promise<{ id: number; number: string }>;
  creditNote(tx: Db, input: { orderId: number; reason: string }): Promise<{ id: number; number: string; total?: number } | null>;
  forOrder(orderId: number): Promise<{ id: number; number: string } | null>;
  attachmentFor?(invoiceId: number): Promise<{ filename: string; content: Buffer; contentType: string }>;
};
export type InvoiceSource = {
  orderId: number;
  orderNumber: string;
  storeId: number;
  storeCode: "ESDB" | "FRDB";
  language: "es" | "fr";
  paidAt: Date;
  paymentMethod: string;
  customer: {
    name: string;
    surnames: string;
    email: string;
    businessName: string | null;
    taxIdType: "dni" | "nie" | "cif" | null;
    taxId: string | null;
    billingAddress: { address: string; number: string; postalCode: string; city: string; province: string; country: "ES" | "FR" } | null;
  };
  lines: {
    kind: "product" | "complement" | "service" | "shipping" | "commission";
    description: string;
    ref: string;
    quantity: number;
    unitGross: number;
    discount: number;
    vatRateBp: number;
  }[];
  total: number;
};

/** Rolls a transaction back while carrying an expected outcome out of it. */
class Outcome<T> extends Error {
  constructor(public readonly value: T) {
    super("checkout outcome");
  }
}

/** The expiry of unpaid orders and quotations runs once per minute across the copies (a job engine schedule). */
const EXPIRE_EVERY_MS = 60_000;

/**
 * Spec 9: the payment reference is the store's source code, a timestamp and a random string of
 * 36 characters (a UUID: ESDB-1795400000000-0f8fad5b-d9cb-469f-a165-70867728950e).
 */
export function paymentReference(storeCode: string, now = Date.now()): string {
  return `${storeCode}-${now}-${randomUUID()}`;
}

/**
 * The checkout (issue 9; docs/decisions/016): places the caller's cart as an order in one
 * transaction — the cart's row lock, the contact and delivery data, prices checked against
 * what the shopper saw, stock taken with conditional UPDATEs (never below zero), the coupon's
 * use confirmed, prices frozen on the order and its rows, a payment reference and the
 * form's idempotency key (a second request with it answers the first order) — and then opens
 * the payment. It applies the providers' outcomes (OrderPayments) exactly once, gives the
 * shopper their cart back when a payment fails, and lets unpaid orders and quotations expire.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, config, cart, coupons, orders: ordersService, payments, mail, stores, jobs } = deps;
  const invoices = deps.invoices as unknown as Partial<InvoiceHooks>;

  const msg = (lang: "es" | "fr", code: string) => t(lang, `errors.${code}`);
  const log = (level: number, m: string, extra: Record<string, unknown> = {}) =>
    console.error(JSON.stringify({ level, time: Date.now(), name: "checkout", msg: m, ...extra }));

  async function storeOf(storeId: number) {
    const s = (await stores.all()).find((x) => x.id === storeId);
    if (!s) throw new Error(`store ${storeId} missing`);
    return s;
  }

  // ---------------------------------------------------------------- stock

  type Need = { productId: number; variantId: number | null; quantity: number };

  /** Takes the units of every need or none: false (and the caller rolls back) when one falls short. */
  async function takeStock(tx: Db, needs: Need[]): Promise<boolean> {
    // A fixed order (variants then products, by id) so two checkouts never wait on each other in a cycle.
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

  async function giveStockBack(tx: Db, needs: Need[]): Promise<void> {
    for (const n of needs) {
      if (n.variantId == null) await tx.execute(sql`update products set stock = stock + ${n.quantity} where id = ${n.productId}`);
      else await tx.execute(sql`update variants set stock = stock + ${n.quantity} where id = ${n.variantId}`);
    }
  }

  async function rowsOf(tx: Db, orderId: number): Promise<RowRecord[]> {
    return tx.select().from(orderRows).where(eq(orderRows.orderId, orderId));
  }

  // ---------------------------------------------------------------- mails

  async function queueMail(tx: Db, orderId: number, kind: "confirmation" | "transfer" | "paid" | "shipped", key: string = kind, subOrderId?: number) {
    await tx
      .insert(orderMails)
      .values({ orderId, kind, key, subOrderId: subOrderId ?? null })
      .onConflictDoNothing();
  }

  /**
   * Order mails are jobs of the engine (queue 'order-mail', created by a trigger on order_mails:
   * docs/decisions/053): claimed one at a time with a renewed lease, sent with the job's stable
   * Message-ID, and marked sent in the transaction that marks the job done and claims the next.
   */
  jobs.work("order-mail", {
    concurrency: 4,
    timeoutMs: 60_000,
    async run(job) {
      const [m] = await db
        .select()
        .from(orderMails)
        .where(eq(orderMails.id, Number(job.payload.id)));
      if (!m || m.sentAt) return;
      await sendOrderMail(m, job.messageId);
    },
    async complete(tx, job) {
      await tx
        .update(orderMails)
        .set({ sentAt: sql`coalesce(${orderMails.sentAt}, now())`, attempts: job.attempts, attemptedAt: sql`now()`, lastError: null })
        .where(eq(orderMails.id, Number(job.payload.id)));
    },
    async failed(job, err) {
      log(50, "order mail not sent", { mail: job.payload.id, attempts: job.attempts, err: String(err) });
      await db
        .update(orderMails)
        .set({ attempts: job.attempts, attemptedAt: sql`now()`, lastError: String(err).slice(0, 500) })
        .where(eq(orderMails.id, Number(job.payload.id)));
    },
  });

  /** Wakes this copy's mail workers (the trigger's NOTIFY wakes every copy at commit too). */
  function kickMails(): void {
    jobs.kick("order-mail");
  }

  async function sendOrderMail(m: typeof orderMails.$inferSelect, messageId?: string): Promise<void> {
    const [o] = await db.select().from(orders).where(eq(orders.id, m.orderId));
    if (!o?.email) return;
    const store = await storeOf(o.storeId);
    const lang = o.language === "fr" ? "fr" : store.language;
    const order = await ordersService.toDto(o);
    const vars: Parameters<typeof renderOrderMail>[2] = {
      shop: store.name,
      home: `${config.publicUrl}${localePath(lang, "/")}`,
      order,
      orderUrl: ordersService.orderLink(o),
    };
    if (m.kind === "transfer" && o.paymentReference) {
      const bank = payments.transferInstructions({ reference: o.paymentReference, amount: o.total ?? 0 });
      vars.transfer = { ...bank, reference: o.paymentReference, amount: o.total ?? 0 };
    }
    if (m.kind === "shipped" && m.subOrderId) {
      const [s] = await db.select().from(subOrders).where(eq(subOrders.id, m.subOrderId));
      if (s) vars.tracking = { agency: s.agency ?? "", number: s.shipmentNumber ?? "" };
    }
    const rendered = renderOrderMail(m.kind, lang, vars);
    let attachments: { filename: string; content: Buffer; contentType: string }[] | undefined;
    if (m.kind === "paid" && invoices.forOrder && invoices.attachmentFor) {
      const inv = await invoices.forOrder(o.id);
      if (inv) attachments = [await invoices.attachmentFor(inv.id)];
    }
    await mail.send({ to: o.email, ...rendered, ...(attachments ? { attachments } : {}), ...(messageId ? { messageId } : {}) } as Parameters<
      MailService["send"]
    >[0]);
  }

  // ---------------------------------------------------------------- placing

  /** The order placed with this idempotency key, when the caller may see it. */
  async function byKey(ctx: RequestContext, key: string, cartToken: string | null): Promise<OrderRecord | null> {
    const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    return o ? ordersService.recordFor(ctx, o.id, { cartToken }) : null;
  }

  /** The caller's cart placed a moment ago by another request (two tabs, a retry with a new key). */
  async function placedCart(ctx: RequestContext, id: number | null, cartToken: string | null): Promise<OrderRecord | null> {
    const target = id ?? parseToken(cartToken)?.id ?? null;
    if (target == null) return null;
    const o = await ordersService.recordFor(ctx, target, { cartToken });
    return o?.placedAt && Date.now() - o.placedAt.getTime() < 30 * 60_000 ? o : null;
  }

  function expiryFor(quotation: boolean, method: PaymentMethod): Date {
    const now = Date.now();
    if (quotation) return new Date(now + QUOTATION_VALID_DAYS * 86_400_000);
    if (method === "transfer") return new Date(now + TRANSFER_WAIT_DAYS * 86_400_000);
    return new Date(now + ONLINE_PAYMENT_WAIT_MINUTES * 60_000);
  }

  /** Opens (or, with the same key, finds again) the payment of a placed order. */
  async function paymentFor(ctx: RequestContext, o: OrderRecord, idempotencyKey: string): Promise<PaymentAction> {
    const started = await startFor(ctx, o, idempotencyKey);
    if (!started) return { type: "none" };
    return started.type === "redirect" ? { type: "redirect", url: started.url } : started;
  }

  /** The provider's session or order (or a transfer's bank details) of an order waiting for payment. */
  async function startFor(ctx: RequestContext, o: OrderRecord, idempotencyKey: string) {
    if (o.status !== 300 || !o.paymentReference || !o.paymentMethodSelected) return null;
    const lang = o.language === "fr" ? "fr" : ctx.language;
    return payments.startPayment(ctx, {
      orderId: o.id,
      reference: o.paymentReference,
      method: o.paymentMethodSelected as PaymentMethod,
      amount: o.total ?? 0,
      currency: "EUR",
      language: lang,
      shopperEmail: o.email ?? "",
      returnUrl: `${config.publicUrl}${localePath(lang, `/checkout/result/${o.paymentReference}`)}`,
      idempotencyKey,
      description: `${ctx.store.name} ${o.orderNumber}`,
    });
  }

  async function answerFor(ctx: RequestContext, o: OrderRecord, existing: boolean, idempotencyKey: string): Promise<PlaceOrderAnswer> {
    const payment = await paymentFor(ctx, o, idempotencyKey);
    return { order: await ordersService.toDto(o), payment, existing, order_url: ordersService.orderLink(o) };
  }

  type Placed = { ok: true; order: OrderRecord } | { ok: false; failure: PlaceOrderResult & { ok: false } };

  async function placeInTx(ctx: RequestContext, input: CheckoutInput, cartToken: string | null): Promise<Placed | "gone"> {
    const lang = ctx.language;
    return db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const locked = await cart.lockForCheckout(tx, ctx, input.cart ?? null, cartToken);
      if (!locked || locked === "cart.abandoned") return "gone" as const;
      // The form's data goes on the cart first: a refusal below keeps it (the shopper's typing is not lost).
      const [fresh] = await tx
        .update(orders)
        .set({
          name: input.name,
          surnames: input.surnames,
          phone: input.phone,
          email: input.email,
          shippingAddress: input.shipping_address,
          shippingNumber: input.shipping_number,
          shippingPostalCode: input.shipping_postal_code,
          shippingCity: input.shipping_city,
          shippingProvince: input.shipping_province,
          shippingCountry: input.shipping_country,
          sameBillingData: input.same_billing_data,
          billingBusinessName: input.billing_business_name,
          billingTaxIdType: input.billing_tax_id_type,
          billingTaxId: input.billing_tax_id,
          billingAddress: input.billing_address,
          billingNumber: input.billing_number,
          billingPostalCode: input.billing_postal_code,
          billingCity: input.billing_city,
          billingProvince: input.billing_province,
          billingCountry: input.billing_country,
          observations: input.observations || null,
          paymentMethodSelected: input.payment_method,
          language: lang,
        })
        .where(eq(orders.id, locked.id))
        .returning();
      // A coupon that lapsed since it was applied comes off; the shopper sees the new total first.
      let couponDropped = false;
      // ... and so does a personal or first-purchase coupon that the order's email cannot use
      // (a guest cart takes a newsletter code before it has an email: docs/decisions/047).
      if (fresh.couponId && !(await coupons.stillValid({ tx }, fresh.couponId, new Date(), { orderId: fresh.id, email: fresh.email, userId: fresh.userId }))) {
        await coupons.release({ tx }, fresh.id);
        await tx.update(orders).set({ couponId: null }).where(eq(orders.id, fresh.id));
        fresh.couponId = null;
        couponDropped = true;
      }
      const { cart: priced, rows } = await cart.pricedInTx(tx, ctx, fresh);
      const fail = (code: "cart.empty" | "cart.not_delivered" | "cart.out_of_stock", c: CartDto): Placed => ({
        ok: false,
        failure: { ok: false, code, message: msg(lang, code), cart: c },
      });
      if (priced.blockers.length) return fail(priced.blockers[0], priced);
      const seen = priced.prices.pvp_total - priced.prices.paypal_commission;
      if (couponDropped || seen !== input.expected_total) {
        return { ok: false, failure: { ok: false, code: "checkout.price_mismatch", message: msg(lang, "checkout.price_mismatch"), cart: priced } };
      }
      const quotation = input.quotation;
      if (!quotation && !(await takeStock(tx, cart.stockNeeds(rows)))) {
        // Another shopper took the last units a moment ago: nothing of this attempt stays.
        throw new Outcome(fail("cart.out_of_stock", { ...priced, blockers: ["cart.out_of_stock"], can_checkout: false }));
      }
      // Prices frozen on each row and on the order: what the shopper agreed to, whatever the catalog does next.
      for (const r of priced.rows) {
        const shipping = r.shipping_prices.reduce((s, p) => s + p.amount, 0);
        await tx
          .update(orderRows)
          .set({
            professionalDiscountTotal: r.professional_discount,
            rowTotal: r.total,
            couponDiscount: r.coupon_discount,
            shippingTotal: shipping,
            finalTotal: r.total - r.coupon_discount + shipping,
          })
          .where(eq(orderRows.id, r.id));
      }
      const status = quotation ? 200 : 300;
      const [placed] = await tx
        .update(orders)
        .set({
          status,
          placedAt: sql`now()`,
          statusChangedAt: sql`now()`,
          updatedAt: sql`now()`,
          lastActivityAt: sql`now()`,
          version: sql`${orders.version} + 1`,
          paymentReference: fresh.paymentReference ?? paymentReference(ctx.store.sourceCode),
          idempotencyKey: input.idempotency_key,
          expiresAt: expiryFor(quotation, input.payment_method),
          stockHeld: !quotation,
          professional: priced.professional,
          couponCode: priced.coupon?.code ?? null,
          subtotal: priced.prices.pvp,
          couponDiscount: priced.total_discount,
          shippingTotal: priced.prices.pvp_shipping,
          paypalCommission: priced.prices.paypal_commission,
          savedTotal: priced.prices.pvp_saved,
          total: priced.prices.pvp_total,
          vatRateBp: priced.vat.rate_bp,
          vatBase: priced.vat.base,
          vatAmount: priced.vat.amount,
        })
        .where(and(eq(orders.id, fresh.id), eq(orders.status, 100)))
        .returning();
      if (priced.coupon) await coupons.redeem({ tx }, placed.id);
      await ordersService.logEvent(tx, { orderId: placed.id, from: 100, to: status, actor: "customer" });
      await queueMail(tx, placed.id, input.payment_method === "transfer" && !quotation ? "transfer" : "confirmation");
      return { ok: true as const, order: placed };
    });
  }

  // ---------------------------------------------------------------- payment outcomes

  /** Packages of a paid order: pallets (bulky goods) and parcels, each with its delivery range in business days. */
  async function createSubOrders(tx: Db, o: OrderRecord): Promise<void> {
    const existing = await tx.select({ id: subOrders.id }).from(subOrders).where(eq(subOrders.orderId, o.id));
    if (existing.length) return;
    const rows = await rowsOf(tx, o.id);
    const bulky = rows.filter((r) => r.productType in SHIPPING_NET_PER_UNIT);
    const parcels = rows.filter((r) => !(r.productType in SHIPPING_NET_PER_UNIT));
    const today = shopToday();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    let pkg = 0;
    for (const [group, days] of [
      [bulky, { min: 5, max: 10 }],
      [parcels, { min: 2, max: 4 }],
    ] as const) {
      if (!group.length) continue;
      pkg++;
      const [s] = await tx
        .insert(subOrders)
        .values({
          orderId: o.id,
          package: pkg,
          status: 100,
          deliveryFrom: day(addBusinessDays(today, days.min)),
          deliveryTo: day(addBusinessDays(today, days.max)),
        })
        .returning();
      await tx
        .update(orderRows)
        .set({ subOrderId: s.id })
        .where(
          inArray(
            orderRows.id,
            group.map((r) => r.id),
          ),
        );
    }
  }

  /** Everything an invoice needs, frozen on the order (issue 10). */
  async function invoiceSource(tx: Db, o: OrderRecord, paidAt: Date): Promise<InvoiceSource> {
    const store = await storeOf(o.storeId);
    const rows = await rowsOf(tx, o.id);
    const vat = o.vatRateBp ?? store.vatRateBp;
    const lines: InvoiceSource["lines"] = [];
    for (const r of rows) {
      const q = r.quantity;
      const pro = o.professional;
      const all = [
        { kind: "product" as const, description: r.name, ref: r.ref, quantity: q, unitGross: r.unitPvp - (pro ? r.unitProfessionalDiscount : 0) },
        ...r.lines.map((l) => ({
          kind: l.kind,
          description: l.name,
          ref: l.ref,
          quantity: l.follows ? q : l.quantity,
          unitGross: l.unit - (pro ? l.unitProfessionalDiscount : 0),
        })),
      ];
      // The row's coupon share spread over its lines (largest remainder: the parts add up to it).
      const weights = all.map((l) => l.unitGross * l.quantity);
      const shares = prorate(r.couponDiscount ?? 0, weights);
      for (const [i, l] of all.entries()) lines.push({ ...l, discount: shares[i], vatRateBp: vat });
      if ((r.shippingTotal ?? 0) > 0)
        lines.push({ kind: "shipping", description: "shipping", ref: "SHIPPING", quantity: 1, unitGross: r.shippingTotal ?? 0, discount: 0, vatRateBp: vat });
    }
    if ((o.paypalCommission ?? 0) > 0)
      lines.push({ kind: "commission", description: "paypal", ref: "PAYPAL", quantity: 1, unitGross: o.paypalCommission ?? 0, discount: 0, vatRateBp: vat });
    const hasBilling = Boolean(o.billingAddress && o.billingPostalCode && o.billingCity);
    return {
      orderId: o.id,
      orderNumber: o.orderNumber,
      storeId: o.storeId,
      storeCode: store.sourceCode as "ESDB" | "FRDB",
      language: o.language === "fr" ? "fr" : "es",
      paidAt,
      paymentMethod: o.paymentMethodSelected ?? "",
      customer: {
        name: o.name ?? "",
        surnames: o.surnames ?? "",
        email: o.email ?? "",
        businessName: o.billingBusinessName,
        taxIdType: (o.billingTaxIdType as "dni" | "nie" | "cif" | null) ?? null,
        taxId: o.billingTaxId,
        billingAddress: hasBilling
          ? {
              address: o.billingAddress ?? "",
              number: o.billingNumber ?? "",
              postalCode: o.billingPostalCode ?? "",
              city: o.billingCity ?? "",
              province: o.billingProvince ?? "",
              country: (o.billingCountry === "FR" ? "FR" : "ES") as "ES" | "FR",
            }
          : null,
      },
      lines,
      total: o.total ?? 0,
    };
  }

  /** 300/350 -> 400 in the caller's transaction: packages, the invoice, the payment-received mail. */
  async function markPaid(tx: Db, o: OrderRecord, actor: "provider" | "staff", note: string): Promise<OrderRecord> {
    const [paid] = await tx
      .update(orders)
      .set({ status: 400, paidAt: sql`now()`, statusChangedAt: sql`now()`, updatedAt: sql`now()`, expiresAt: null, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
      .returning();
    await ordersService.logEvent(tx, { orderId: o.id, from: o.status, to: 400, actor, note });
    await createSubOrders(tx, paid);
    if (invoices.issueForOrder) await invoices.issueForOrder(tx, await invoiceSource(tx, paid, paid.paidAt ?? new Date()));
    await queueMail(tx, o.id, "paid");
    return paid;
  }

  /** A placed order goes back to being the shopper's cart (its payment failed): stock and coupon back to the cart. */
  async function backToCart(tx: Db, o: OrderRecord, note: string, actor: "provider" | "customer" = "provider"): Promise<OrderRecord> {
    if (o.stockHeld) await giveStockBack(tx, cart.stockNeeds(await rowsOf(tx, o.id)));
    await coupons.unredeem({ tx }, o.id);
    // A customer who opened another cart meanwhile keeps that one: this order is abandoned instead.
    const other =
      o.userId != null
        ? await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.storeId, o.storeId), eq(orders.userId, o.userId), eq(orders.status, 100), ne(orders.id, o.id)))
        : [];
    const to = other.length ? 350 : 100;
    if (to === 350) await coupons.release({ tx }, o.id);
    const [moved] = await tx
      .update(orders)
      .set({
        status: to,
        stockHeld: false,
        ...(to === 100 ? { placedAt: null, idempotencyKey: null, expiresAt: null } : {}),
        statusChangedAt: sql`now()`,
        updatedAt: sql`now()`,
        lastActivityAt: sql`now()`,
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
      .returning();
    await ordersService.logEvent(tx, { orderId: o.id, from: o.status, to, actor, note });
    return moved;
  }

  /** An order placed and still waiting for an online payment that can be paid now. */
  function awaitingOnline(o: OrderRecord): boolean {
    return o.status === 300 && o.paymentMethodSelected != null && o.paymentMethodSelected !== "transfer" && (!o.expiresAt || o.expiresAt > new Date());
  }

  /** Whether the caller placed order `o`: their account, or the guest cart token the cart (now the order) had. */
  function ownsPlaced(ctx: RequestContext, o: OrderRecord, cartToken: string | null): boolean {
    if (o.storeId !== ctx.store.id) return false;
    if (o.userId != null && ctx.user?.id === o.userId) return true;
    const parsed = parseToken(cartToken);
    return Boolean(parsed && parsed.id === o.id && o.guestTokenHash && secretMatches(parsed.secret, o.guestTokenHash));
  }

  const orderPayments: OrderPayments = {
    async applyOutcome(tx: Db, outcome: PaymentOutcome): Promise<ApplyOutcomeResult | null> {
      const [o] = await tx.select().from(orders).where(eq(orders.paymentReference, outcome.reference)).for("update");
      if (!o) return null;
      const same = (status: number, extra: Partial<ApplyOutcomeResult> = {}) => ({ orderId: o.id, status, changed: false, refund: false, ...extra });
      const note = `${outcome.provider} ${outcome.resultCode} ${outcome.pspReference} (${outcome.source})`;
      if (outcome.resultCode === "Pending") return same(o.status);
      if (outcome.resultCode === "Authorised") {
        // Money the order cannot keep goes back by itself, once (the payments module keys the refund
        // by the payment; docs/decisions/046). A staff confirmation takes no money: nothing to give back.
        // (The order page's timeline shows each such refund; an amount mismatch is also noted on the order.)
        const giveBack = async (reason: AutomaticRefundReason, what: string) => {
          if (outcome.source === "staff") return same(o.status);
          if (reason === "amount_mismatch")
            await ordersService.logEvent(tx, {
              orderId: o.id,
              from: o.status,
              to: o.status,
              actor: "provider",
              note: `${what}, refunded automatically: ${note} ${outcome.amount}`,
            });
          return same(o.status, { refund: true, refundReason: reason });
        };
        // Paid already (by another session, tab or PSP reference: the same payment again is a duplicate event, never here).
        if (o.status >= 400 && o.status !== 700) return giveBack("duplicate", "second payment of a paid order");
        // Another amount: refunded whole, and the order stays unpaid (the shopper can pay the right amount).
        if (outcome.amount !== o.total || outcome.currency !== "EUR") return giveBack("amount_mismatch", "amount mismatch");
        if (o.status === 300)
          return {
            orderId: o.id,
            status: (await markPaid(tx, o, outcome.source === "staff" ? "staff" : "provider", note)).status,
            changed: true,
            refund: false,
          };
        if (o.status === 350) {
          // Abandoned and its stock given back: paid only if the units are still there, else refunded.
          const needs = cart.stockNeeds(await rowsOf(tx, o.id));
          await tx.execute(sql`savepoint retake`);
          if (await takeStock(tx, needs)) {
            await tx.update(orders).set({ stockHeld: true }).where(eq(orders.id, o.id));
            return {
              orderId: o.id,
              status: (await markPaid(tx, { ...o, stockHeld: true }, "provider", `${note} after abandonment`)).status,
              changed: true,
              refund: false,
            };
          }
          await tx.execute(sql`rollback to savepoint retake`);
          return giveBack("late", "late payment of an expired order whose stock is gone");
        }
        // Money for an order that is a cart again, a quotation or cancelled: give it back.
        return giveBack("late", "payment of an order that can no longer take it");
      }
      // Refused, Error, Cancelled: only an order still waiting for this payment goes back to the cart.
      if (o.status !== 300 || o.paymentMethodSelected === "transfer") return same(o.status);
      const moved = await backToCart(tx, o, note);
      return { orderId: o.id, status: moved.status, changed: true, refund: false };
    },

    async byReference(reference: string): Promise<OrderForPayment | null> {
      const [o] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
      if (!o) return null;
      const store = await storeOf(o.storeId);
      return {
        orderId: o.id,
        orderNumber: o.orderNumber,
        storeId: o.storeId,
        storeCode: store.sourceCode,
        status: o.status,
        total: o.total ?? 0,
        method: (o.paymentMethodSelected as PaymentMethod | null) ?? null,
        language: o.language === "fr" ? "fr" : store.language,
        email: o.email,
      };
    },
  };

  /** Applies an outcome in a transaction of its own (staff confirmations), then sends what it owes. */
  async function applyAlone(outcome: PaymentOutcome) {
    const r = await db.transaction((trx) => orderPayments.applyOutcome(trx as unknown as Db, outcome));
    kickMails();
    return r;
  }

  /**
   * The account a guest created at checkout keeps the addresses they just typed (shipping, and
   * billing with its tax id), as defaults: their next checkout is filled in.
   */
  async function saveCheckoutAddresses(ctx: RequestContext, user: { id: number; email: string }, input: CheckoutInput) {
    const as = { ...ctx, user: { id: user.id, email: user.email, customerType: "customer" as const, role: "customer" as const } };
    const accounts = deps.accounts();
    const shipping = {
      name: `${input.name} ${input.surnames}`.trim(),
      phone: input.phone,
      address: input.shipping_address,
      number: input.shipping_number,
      postal_code: input.shipping_postal_code,
      city: input.shipping_city,
      province: input.shipping_province,
      country: input.shipping_country,
      default: true,
    };
    await accounts.createAddress(as, "shipping", shipping);
    const same = input.same_billing_data;
    await accounts.createAddress(as, "billing", {
      name: `${input.name} ${input.surnames}`.trim(),
      business_name: input.billing_business_name,
      tax_type: input.billing_tax_id_type,
      tax_id: input.billing_tax_id,
      address: same ? input.shipping_address : input.billing_address,
      number: same ? input.shipping_number : input.billing_number,
      postal_code: same ? input.shipping_postal_code : input.billing_postal_code,
      city: same ? input.shipping_city : input.billing_city,
      province: same ? input.shipping_province : input.billing_province,
      country: same ? input.shipping_country : input.billing_country,
      default: true,
    });
  }

  // ---------------------------------------------------------------- expiry

  /** Unpaid orders past their time give their stock and coupon back (350); expired quotations become 250. */
  async function expire(now = new Date()): Promise<{ orders: number; quotations: number }> {
    let nOrders = 0;
    let nQuotations = 0;
    for (;;) {
      const done = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const res = await tx.execute(sql`
          select id from orders where status in (200, 300) and expires_at < ${now.toISOString()}::timestamptz
          order by id limit 20 for update skip locked`);
        const ids = (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
        for (const id of ids) {
          const [o] = await tx.select().from(orders).where(eq(orders.id, id));
          if (o.status === 300) {
            if (o.stockHeld) await giveStockBack(tx, cart.stockNeeds(await rowsOf(tx, o.id)));
            await coupons.unredeem({ tx }, o.id);
            await coupons.release({ tx }, o.id);
            await tx.update(orders).set({ status: 350, stockHeld: false, statusChangedAt: sql`now()` }).where(eq(orders.id, o.id));
            await ordersService.logEvent(tx, { orderId: o.id, from: 300, to: 350, actor: "system", note: "no payment in time" });
            nOrders++;
          } else {
            await coupons.unredeem({ tx }, o.id);
            await coupons.release({ tx }, o.id);
            await tx.update(orders).set({ status: 250, statusChangedAt: sql`now()` }).where(eq(orders.id, o.id));
            await ordersService.logEvent(tx, { orderId: o.id, from: 200, to: 250, actor: "system", note: "quotation expired" });
            nQuotations++;
          }
        }
        return ids.length < 20;
      });
      if (done) break;
    }
    return { orders: nOrders, quotations: nQuotations };
  }

  // ---------------------------------------------------------------- the service

  const api = {
    orderPayments: { ...orderPayments, settled: kickMails },

    /** Opens (again, with the same key) the payment of the order behind a payment reference; null when it waits for none. */
    async openPayment(ctx: RequestContext, reference: string, idempotencyKey: string) {
      const [o] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
      return o ? startFor(ctx, o as OrderRecord, idempotencyKey) : null;
    },

    /**
     * Places the caller's cart as an order (or, with `quotation`, saves it as a quotation) and
     * opens its payment. Field errors in the request's language; spec 8's price mismatch when
     * the total shown is not the cart's total now (the cart comes back updated); a repeated
     * request with the same idempotency key, or a cart another request just placed, answers
     * the first order (`existing: true`). A guest's optional password creates their account
     * after the order is placed, and the order joins it.
     */
    async placeOrder(ctx: RequestContext, cartToken: string | null, raw: unknown, meta: { ip?: string } = {}): Promise<PlaceOrderResult> {
      const lang = ctx.language;
      const parsed = parseForm(checkoutSchema(lang), raw, lang);
      if (!parsed.ok) return { ok: false, code: "checkout.invalid", message: msg(lang, "checkout.invalid"), fieldErrors: parsed.fieldErrors };
      const input = parsed.data;
      const again = await byKey(ctx, input.idempotency_key, cartToken);
      if (again) return { ok: true, answer: await answerFor(ctx, again, true, input.idempotency_key) };
      const wantsAccount = !ctx.user && input.password !== "";
      if (wantsAccount) {
        // The 409 below tells whether an email has an account: throttled per address and email.
        const stop = await deps.accounts().throttleCheckoutAccount(input.email, meta);
        if (stop) return { ok: false, code: "auth.too_many_attempts", message: msg(lang, "auth.too_many_attempts"), retryAfter: stop.retryAfter };
        if (await deps.accounts().emailRegistered(input.email)) {
          return { ok: false, code: "checkout.email_taken", message: msg(lang, "checkout.email_taken") };
        }
      }
      // A signed-in shopper still holding a guest cart: it joins theirs first (as on every cart read).
      if (ctx.user) await cart.getCart(ctx, input.cart ?? null, cartToken);
      let placed: Placed | "gone";
      try {
        placed = await placeInTx(ctx, input, cartToken);
      } catch (e) {
        if (e instanceof Outcome) placed = e.value as Placed;
        else if (isUniqueViolation(e)) placed = "gone";
        else throw e;
      }
      if (placed === "gone") {
        const first = (await byKey(ctx, input.idempotency_key, cartToken)) ?? (await placedCart(ctx, input.cart ?? null, cartToken));
        if (first) return { ok: true, answer: await answerFor(ctx, first, true, input.idempotency_key) };
        return { ok: false, code: "cart.not_found", message: msg(lang, "cart.not_found") };
      }
      if (!placed.ok) return placed.failure;
      let order = placed.order;
      kickMails();
      if (wantsAccount) {
        // The typed password is not usable until the mailbox's owner chooses the account's
        // password through the mailed link (docs/decisions/047).
        const signed = await deps.accounts().createFromCheckout(ctx, {
          name: input.name,
          surnames: input.surnames,
          email: input.email,
          password: input.password,
        });
        if (signed.ok) {
          const [joined] = await db
            .update(orders)
            .set({ userId: signed.user.id })
            .where(and(eq(orders.id, order.id), isNull(orders.userId)))
            .returning();
          if (joined) order = joined;
          await saveCheckoutAddresses(ctx, signed.user, input).catch((err) => log(40, "checkout addresses not saved", { err: String(err) }));
        }
      }
      try {
        return { ok: true, answer: await answerFor(ctx, order, false, input.idempotency_key) };
      } catch (err) {
        // The provider could not open a payment: the shopper keeps their cart and can try again.
        log(50, "payment could not start", { order: order.id, err: String(err) });
        await db.transaction(async (trx) => {
          const tx = trx as unknown as Db;
          const [o] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
          if (o?.status === 300) await backToCart(tx, o, "payment could not start");
        });
        return { ok: false, code: "payment.unavailable", message: msg(lang, "payment.unavailable") };
      }
    },

    /**
     * Pay-my-order (spec 4): a quotation still valid becomes an order waiting for its payment
     * (its stock taken now), or an unpaid order gets a new payment attempt.
     */
    async payOrder(
      ctx: RequestContext,
      orderId: number,
      access: OrderAccess,
      method?: PaymentMethod,
    ): Promise<{ ok: true; payment: PaymentAction; order: OrderRecord } | { ok: false; code: string; message: string }> {
      const lang = ctx.language;
      const seen = await ordersService.recordFor(ctx, orderId, access);
      if (!seen) return { ok: false, code: "order.not_found", message: msg(lang, "order.not_found") };
      const res = await db
        .transaction(async (trx) => {
          const tx = trx as unknown as Db;
          const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
          if (o.status === 200) {
            if (o.expiresAt && o.expiresAt <= new Date()) return { ok: false as const, code: "order.quotation_expired" };
            if (!(await takeStock(tx, cart.stockNeeds(await rowsOf(tx, o.id))))) throw new Outcome({ ok: false as const, code: "cart.out_of_stock" });
            const m = method ?? (o.paymentMethodSelected as PaymentMethod | null) ?? "card";
            // PayPal's commission follows the method paid with now, not the one the quotation was saved with.
            const beforeCommission = (o.total ?? 0) - (o.paypalCommission ?? 0);
            const commission = m === "paypal" ? paypalCommission(beforeCommission, config.paypalCommissionRate) : 0;
            const [moved] = await tx
              .update(orders)
              .set({
                status: 300,
                stockHeld: true,
                paymentMethodSelected: m,
                paypalCommission: commission,
                total: beforeCommission + commission,
                expiresAt: expiryFor(false, m),
                statusChangedAt: sql`now()`,
                updatedAt: sql`now()`,
                paymentReference: o.paymentReference ?? paymentReference((await storeOf(o.storeId)).sourceCode),
              })
              .where(and(eq(orders.id, o.id), eq(orders.status, 200)))
              .returning();
            await ordersService.logEvent(tx, { orderId: o.id, from: 200, to: 300, actor: "customer", note: "pay my order" });
            return { ok: true as const, order: moved };
          }
          if (o.status === 300 && o.paymentMethodSelected !== "transfer") {
            const [again] = await tx
              .update(orders)
              .set({ expiresAt: expiryFor(false, "card"), updatedAt: sql`now()` })
              .where(eq(orders.id, o.id))
              .returning();
            return { ok: true as const, order: again };
          }
          return { ok: false as const, code: "order.not_payable" };
        })
        .catch((e) => {
          if (e instanceof Outcome) return e.value as { ok: false; code: string };
          throw e;
        });
      if (!res.ok) return { ok: false, code: res.code, message: msg(lang, res.code) };
      const payment = await paymentFor(ctx, res.order, `pay-${res.order.id}-${randomUUID()}`);
      return { ok: true, payment, order: res.order };
    },

    /**
     * Rows of a paid order that will not ship after all (a partial withdrawal before shipping):
     * their units go back to stock, in the caller's transaction.
     */
    async restockRows(tx: Db, orderId: number, rowIds: number[]): Promise<void> {
      const rows = (await rowsOf(tx, orderId)).filter((r) => rowIds.includes(r.id));
      await giveStockBack(tx, cart.stockNeeds(rows));
    },

    /** Staff: a bank transfer arrived for this order (spec 9: confirmed within 24 hours): it is paid. */
    async confirmTransfer(
      ctx: RequestContext,
      orderId: number,
      opts: {
        /** Runs in the paying transaction once the order moved (the back office's audit entry). */
        within?: (tx: Db, result: { status: number }) => Promise<void>;
      } = {},
    ): Promise<{ ok: true; status: number } | { ok: false; code: string; message: string }> {
      const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!o || o.status < 300) return { ok: false, code: "order.not_found", message: msg(ctx.language, "order.not_found") };
      if (o.paymentMethodSelected !== "transfer" || !o.paymentReference || ![300, 350].includes(o.status))
        return { ok: false, code: "order.illegal_transition", message: msg(ctx.language, "order.illegal_transition") };
      const outcome: PaymentOutcome = {
        reference: o.paymentReference,
        pspReference: `transfer-${o.id}`,
        resultCode: "Authorised",
        amount: o.total ?? 0,
        currency: "EUR",
        method: "transfer",
        provider: "transfer",
        source: "staff",
      };
      const within = opts.within;
      const r = within
        ? await db
            .transaction(async (trx) => {
              const res = await orderPayments.applyOutcome(trx as unknown as Db, outcome);
              if (res?.changed) await within(trx as unknown as Db, res);
              return res;
            })
            .finally(kickMails)
        : await applyAlone(outcome);
      if (!r?.changed) return { ok: false, code: "order.illegal_transition", message: msg(ctx.language, "order.illegal_transition") };
      return { ok: true, status: r.status };
    },

    /**
     * Staff cancel an order: unpaid, its stock and coupon come back; paid (not yet shipped), the
     * money is refunded, a credit note corrects the invoice, and the stock comes back too.
     */
    async cancelOrder(
      ctx: RequestContext,
      orderId: number,
      reason: string,
      opts: {
        /**
         * Runs first in the cancellation's transaction (after the order's lock): false refuses
         * the cancellation ("aftersale.already_resolved"), and a refusal below undoes its writes
         * (an accepted withdrawal and its order's cancellation commit together or not at all).
         */
        before?: (tx: Db) => Promise<boolean>;
      } = {},
    ): Promise<{ ok: true; status: number } | { ok: false; code: string; message: string }> {
      const res = await db
        .transaction(async (trx) => {
          const tx = trx as unknown as Db;
          const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
          if (!o || o.status < 200) return { ok: false as const, code: "order.not_found" };
          if (opts.before && !(await opts.before(tx))) return { ok: false as const, code: "aftersale.already_resolved" };
          const moved = await ordersService.moveOrder(ctx, o.id, 700, { actor: "staff", note: reason, tx, set: { stockHeld: false } });
          if (!moved.ok) throw new Outcome({ ok: false as const, code: moved.code });
          if (o.stockHeld) await giveStockBack(tx, cart.stockNeeds(await rowsOf(tx, o.id)));
          await tx
            .update(subOrders)
            .set({ status: 500, updatedAt: sql`now()` })
            .where(and(eq(subOrders.orderId, o.id), inArray(subOrders.status, [100, 200, 300, 400])));
          if (o.status < 400) {
            await coupons.unredeem({ tx }, o.id);
            await coupons.release({ tx }, o.id);
          }
          const paid = o.status >= 400;
          let credit: { id: number; total?: number } | null = null;
          if (paid && invoices.creditNote) {
            // Inside this transaction only (PGlite has one connection: a read outside it waits forever);
            // the credit note finds the order's invoice itself and does nothing without one (issue 10).
            credit = await invoices.creditNote(tx, { orderId: o.id, reason });
          }
          return { ok: true as const, paid, order: o, credit };
        })
        .catch((e) => {
          if (e instanceof Outcome) return e.value as { ok: false; code: string };
          throw e;
        });
      if (!res.ok) return { ok: false, code: res.code, message: msg(ctx.language, res.code) };
      if (res.paid && res.order.paymentReference) {
        // What the credit note gives back (the total less earlier partial refunds), keyed like every
        // credit note's refund: a credit note refunded before is not refunded again.
        await payments.refund({
          orderId: res.order.id,
          reference: res.order.paymentReference,
          amount: res.credit?.total != null ? -res.credit.total : (res.order.total ?? 0),
          idempotencyKey: res.credit?.total != null ? `credit-${res.credit.id}` : `cancel-${res.order.id}`,
        });
      }
      return { ok: true, status: 700 };
    },

    /** Staff move a package; a shipped package mails its tracking number. */
    async moveSubOrder(
      ctx: RequestContext,
      subOrderId: number,
      input: { status: number; agency?: string | null; shipment_number?: string | null; note?: string | null },
      opts: Parameters<OrdersService["moveSubOrder"]>[3] = {},
    ) {
      const r = await ordersService.moveSubOrder(ctx, subOrderId, input, opts);
      if (r.ok && r.value.shipped) {
        await queueMail(db, r.value.order.id, "shipped", `shipped:${r.value.subOrder.id}`, r.value.subOrder.id);
        kickMails();
      }
      return r;
    },

    /**
     * The caller's order still waiting for its online payment (status 300, not a transfer, not
     * expired), placed from this browser's cart (the cart token names the order: the cart became
     * it) or, signed in, their latest such order in this store. What the cart and checkout show
     * when the shopper comes back from the payment page (browser Back): docs/decisions/055.
     */
    async pendingPayment(ctx: RequestContext, cartToken: string | null): Promise<PendingPayment | null> {
      const parsed = parseToken(cartToken);
      let o: OrderRecord | undefined;
      if (parsed) {
        const [byToken] = await db.select().from(orders).where(eq(orders.id, parsed.id));
        if (byToken && awaitingOnline(byToken) && ownsPlaced(ctx, byToken, cartToken)) o = byToken;
      }
      if (!o && ctx.user) {
        [o] = await db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.storeId, ctx.store.id),
              eq(orders.userId, ctx.user.id),
              eq(orders.status, 300),
              ne(orders.paymentMethodSelected, "transfer"),
              gt(orders.expiresAt, sql`now()`),
            ),
          )
          .orderBy(desc(orders.placedAt), desc(orders.id))
          .limit(1);
      }
      if (!o || !awaitingOnline(o)) return null;
      const rows = await rowsOf(db, o.id);
      return {
        id: o.id,
        order_number: o.orderNumber,
        payment_method: o.paymentMethodSelected as PaymentMethod,
        total: o.total ?? 0,
        expires_at: o.expiresAt?.toISOString() ?? null,
        rows: rows.map((r) => ({ name: r.name, quantity: r.quantity })),
      };
    },

    /**
     * The shopper gives up paying their unpaid order to change its payment method or its cart:
     * the order becomes their cart again (stock and coupon back to the cart), decided by the
     * database under the order's row lock, as a refused payment does. A payment that landed
     * first wins: the answer is then the paid order; a second restore (another tab) changes
     * nothing. Only an online payment still awaited can be restored (a transfer may be on its way).
     */
    async restorePending(
      ctx: RequestContext,
      cartToken: string | null,
      orderId: number,
    ): Promise<{ ok: true; restored: boolean; status: number; reference: string | null } | { ok: false; code: string; message: string }> {
      const res = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!o || !ownsPlaced(ctx, o, cartToken)) return null;
        if (o.status === 300 && o.paymentMethodSelected !== "transfer") {
          // A customer's empty cart opened meanwhile would turn this order into an abandoned one
          // (one open cart per customer): that empty cart is set aside instead.
          if (o.userId != null) {
            const empties = await tx.execute(sql`
              update orders c set status = 150, status_changed_at = now(), updated_at = now()
              where c.store_id = ${o.storeId} and c.user_id = ${o.userId} and c.status = 100 and c.id <> ${o.id}
                and not exists (select 1 from order_rows r where r.order_id = c.id)
              returning c.id`);
            for (const e of (empties as unknown as { rows: { id: number }[] }).rows) await coupons.release({ tx }, Number(e.id));
          }
          const moved = await backToCart(tx, o, "the shopper came back from the payment page", "customer");
          return { restored: moved.status === 100, status: moved.status, reference: o.paymentReference };
        }
        return { restored: false, status: o.status, reference: o.paymentReference };
      });
      if (!res) return { ok: false, code: "order.not_found", message: msg(ctx.language, "order.not_found") };
      return { ok: true, ...res };
    },

    /** Runs the expiry now (the periodic job; tests call it). */
    expire,
    /** Sends the mails orders owe now (tests await it). */
    async flushMails() {
      await jobs.drain("order-mail");
    },
    /** Context for staff work in a store (CLI, jobs). */
    staffContext: async (storeId: number) => contextFor(await storeOf(storeId)),

    /** The engine runs the mails; the expiry is its schedule (once per minute across the copies). */
    start() {
      jobs.every("order-expiry", EXPIRE_EVERY_MS, () => expire());
    },
    /** The engine stops (services.stop) and finishes the mails in flight. */
    async stop() {},
  };
  return api;
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
