import { type CouponRule, type DeliveryRule, FREE_SHIPPING_THRESHOLD_CENTS, priceCart } from "../../../core/cart-pricing.ts";
import type { CartBlocker, CartDto, CartLine, CartRowDto, PaymentMethod } from "../../../core/cart.types.ts";
import { t } from "../../../core/i18n/index.ts";
import { deliveryExcluded, freeShippingExcluded, type PostalCountry } from "../../../core/postal-code.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { type StockLevels, stockOf } from "../catalog/catalog.stock.ts";
import type { orderRows, orders } from "./cart.schema.ts";

export type OrderRecord = typeof orders.$inferSelect;
export type RowRecord = typeof orderRows.$inferSelect;

type Priced = { lines: CartLine[]; total: number; listTotal: number; original: number | null; professional: number };

/** A row's lines at the prices its cart's owner pays (professional discount only for professionals). */
function priceRow(r: RowRecord, professional: boolean): Priced {
  const q = r.quantity;
  const productUnit = r.unitPvp - (professional ? r.unitProfessionalDiscount : 0);
  const lines: CartLine[] = [
    {
      kind: "product",
      id: String(r.productId),
      name: r.name,
      ref: r.ref,
      quantity: q,
      unit: productUnit,
      total: productUnit * q,
      original: r.unitOriginal == null ? null : r.unitOriginal * q,
      professional_discount: professional ? r.unitProfessionalDiscount * q : 0,
    },
    ...r.lines.map((l): CartLine => {
      const lq = l.follows ? q : l.quantity;
      const unit = l.unit - (professional ? l.unitProfessionalDiscount : 0);
      return {
        kind: l.kind,
        id: l.id,
        name: l.name,
        ref: l.ref,
        quantity: lq,
        unit,
        total: unit * lq,
        original: l.unitOriginal == null ? null : l.unitOriginal * lq,
        professional_discount: professional ? l.unitProfessionalDiscount * lq : 0,
      };
    }),
  ];
  const total = lines.reduce((s, l) => s + l.total, 0);
  const anyOffer = lines.some((l) => l.original != null);
  return {
    lines,
    total,
    // At list prices: the offer's struck-through price, else the price before the professional discount.
    listTotal: lines.reduce((s, l) => s + (l.original ?? l.total + l.professional_discount), 0),
    original: anyOffer ? lines.reduce((s, l) => s + (l.original ?? l.total), 0) : null,
    professional: lines.reduce((s, l) => s + l.professional_discount, 0),
  };
}

/** A row whose product (or a complement's) has less stock now than the row needs. */
function rowOutOfStock(r: RowRecord, stock: StockLevels): boolean {
  if (stockOf(stock, { productId: r.productId, variantId: r.variantId }) < r.quantity) return true;
  return r.lines.some((l) => l.productId != null && stockOf(stock, { productId: l.productId, variantId: l.variantId }) < (l.follows ? r.quantity : l.quantity));
}

export type CartView = {
  order: OrderRecord;
  rows: RowRecord[];
  coupon: (CouponRule & { id: number; code: string }) | null;
  stock: StockLevels;
  paypalRate: number;
  deleteCommissions?: boolean;
};

/** Whether the cart's prices are a professional's: its owner is the signed-in professional. */
export function isProfessionalCart(ctx: RequestContext, order: OrderRecord): boolean {
  return order.userId != null && ctx.user?.id === order.userId && ctx.customerType === "professional";
}

/**
 * The server cart response of spec 3 (plus size, prices, VAT split, delivery and what stops
 * the checkout), priced now with core/cart-pricing.ts from the rows' snapshots.
 */
export function toCartDto(ctx: RequestContext, v: CartView): CartDto {
  const { order } = v;
  const professional = isProfessionalCart(ctx, order);
  const priced = v.rows.map((r) => priceRow(r, professional));
  const country = ((order.shippingCountry ?? ctx.store.countryCode).toUpperCase() === "FR" ? "FR" : "ES") as PostalCountry;
  const postal = order.shippingPostalCode;
  const notDelivered = postal ? deliveryExcluded(country, postal) : false;
  const rule: DeliveryRule = notDelivered ? "not_delivered" : postal && freeShippingExcluded(country, postal) ? "no_free_shipping" : "ok";
  const paypal = order.paymentMethodSelected === "paypal" && !v.deleteCommissions;
  const result = priceCart({
    rows: v.rows.map((r, i) => ({ total: priced[i].total, listTotal: priced[i].listTotal, quantity: r.quantity, shippingNetPerUnit: r.shippingAmount })),
    vatRateBp: ctx.store.vatRateBp,
    delivery: rule,
    coupon: v.coupon,
    paypal,
    paypalRate: v.paypalRate,
  });
  const rows: CartRowDto[] = v.rows.map((r, i) => ({
    id: r.id,
    order: order.id,
    quantity: r.quantity,
    product: {
      id: r.productId,
      slug: r.productSlug,
      // Store path without the /fr prefix, as the catalog gives it.
      path: `/${r.productSlug}.html`,
      name: r.name,
      ref: r.productRef,
      image: r.image ?? null,
      product_type: r.productType,
    },
    variant_id: r.variantId,
    ref: r.ref,
    name: r.name,
    selection: { ...r.selection, quantity: r.quantity },
    summary: r.summary,
    lines: priced[i].lines,
    total: priced[i].total,
    original_total: priced[i].original,
    professional_discount: priced[i].professional,
    coupon_discount: result.rowDiscounts[i],
    shipping_prices: result.rowShipping[i],
    out_of_stock: rowOutOfStock(r, v.stock),
  }));
  const blockers: CartBlocker[] = [];
  if (rows.length === 0) blockers.push("cart.empty");
  if (notDelivered) blockers.push("cart.not_delivered");
  if (rows.some((r) => r.out_of_stock)) blockers.push("cart.out_of_stock");
  const message = notDelivered
    ? t(ctx.language, "cart.delivery.not_delivered", { postal_code: postal ?? "" })
    : rule === "no_free_shipping"
      ? t(ctx.language, "cart.delivery.no_free_shipping")
      : null;
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    store: ctx.store.sourceCode,
    size: rows.length,
    rows,
    cart_total: result.prices.pvp_total,
    total_discount: result.discount,
    coupon: v.coupon ? { id: v.coupon.id, code: v.coupon.code, total_discount: result.discount } : null,
    coupon_code: v.coupon?.code ?? null,
    name: order.name,
    surnames: order.surnames,
    phone: order.phone,
    email: order.email,
    customer: order.userId,
    professional,
    shipping_address: order.shippingAddress,
    shipping_number: order.shippingNumber,
    shipping_postal_code: order.shippingPostalCode,
    shipping_city: order.shippingCity,
    shipping_province: order.shippingProvince,
    shipping_country: order.shippingCountry,
    same_billing_data: order.sameBillingData,
    billing_business_name: order.billingBusinessName,
    billing_tax_id_type: order.billingTaxIdType,
    billing_tax_id: order.billingTaxId,
    billing_address: order.billingAddress,
    billing_number: order.billingNumber,
    billing_postal_code: order.billingPostalCode,
    billing_city: order.billingCity,
    billing_province: order.billingProvince,
    billing_country: order.billingCountry,
    payment_method_selected: (order.paymentMethodSelected as PaymentMethod | null) ?? null,
    observations: order.observations,
    paypal_commission: result.prices.paypal_commission,
    prices: result.prices,
    vat: result.vat,
    delivery: {
      postal_code: postal,
      status: !postal ? "unknown" : notDelivered ? "not_delivered" : "ok",
      free_shipping: result.freeShipping,
      free_shipping_threshold: FREE_SHIPPING_THRESHOLD_CENTS,
      missing_for_free_shipping: result.missingForFreeShipping,
      message,
    },
    can_checkout: blockers.length === 0,
    blockers,
    updated_at: order.updatedAt.toISOString(),
  };
}
