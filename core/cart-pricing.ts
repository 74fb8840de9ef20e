/**
 * The cart's price maths (spec sections 3, 5 and 9): pure and browser-safe, so the cart page,
 * the API and the checkout all read one set of rules. Every amount is integer cents, VAT
 * included unless a name says "net". The server is the only one that feeds it real prices.
 */
import { type Cents, multiply, sum } from "./money.ts";

/** Free shipping in the peninsula (and metropolitan France) from this cart amount; the header promises it ("desde 200 €"). */
export const FREE_SHIPPING_THRESHOLD_CENTS: Cents = 20_000;

/** Spec 9: "A further constant 0.02 exists": the PayPal commission rate unless configured otherwise. */
export const DEFAULT_PAYPAL_COMMISSION_RATE = 0.02;

/**
 * Shipping per unit, net of VAT, by product type (the catalog's product_type). What the row's
 * shipping charges: amount x quantity x (1 + VAT), rounded (spec 9). Bulky goods travel by
 * pallet; small parts by parcel.
 */
export const SHIPPING_NET_PER_UNIT: Readonly<Record<string, Cents>> = {
  shower_tray: 2900,
  bathtub_builtin: 4900,
  bathtub_freestanding: 5900,
  bathtub_whirlpool: 5900,
  shower_screen_frontal: 2900,
  shower_screen_angular: 2900,
  shower_screen_semicircular: 2900,
  bath_screen: 1900,
  cabinet_column: 2400,
  vanity: 3400,
  washbasin_wall: 1900,
  toilet_floor: 2400,
  toilet_wall: 2400,
  toilet_compact: 2400,
  shower_column: 1400,
  mirror: 1400,
};
/** Taps, valves, seats, grates and other parcels. */
export const SHIPPING_NET_DEFAULT: Cents = 690;

export function shippingNetPerUnit(productType: string): Cents {
  return SHIPPING_NET_PER_UNIT[productType] ?? SHIPPING_NET_DEFAULT;
}

/** 2100 bp -> 1.21. */
export const vatFactor = (vatRateBp: number) => 1 + vatRateBp / 10_000;

/** Spec 9: shipping per row = amount x quantity x 1.21, rounded half up. */
export function rowShipping(netPerUnit: Cents, quantity: number, vatRateBp: number): Cents {
  return multiply(netPerUnit * quantity, vatFactor(vatRateBp));
}

// ---------------------------------------------------------------- coupons

export type CouponKind = "amount" | "percent";
/**
 * `value`: cents for "amount", basis points for "percent" (1000 = 10 %). `minAmount`: the cart
 * amount below which the coupon takes nothing off (rows deleted after it was applied).
 */
export type CouponRule = { kind: CouponKind; value: number; minAmount?: Cents };

/** What a coupon takes off an amount: never more than the amount, never negative. */
export function couponDiscount(rule: CouponRule, amount: Cents): Cents {
  if (amount <= 0 || rule.value <= 0 || amount < (rule.minAmount ?? 0)) return 0;
  const raw = rule.kind === "amount" ? rule.value : Math.round((amount * Math.min(rule.value, 10_000)) / 10_000);
  return Math.min(raw, amount);
}

/**
 * Splits an amount across lines in proportion to their weights (largest remainder), so the
 * parts always add up to the amount exactly: what an invoice line needs.
 */
export function prorate(amount: Cents, weights: Cents[]): Cents[] {
  const total = sum(weights);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - sum(parts);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}

// ---------------------------------------------------------------- VAT and commission

/** The VAT inside a VAT-inclusive amount: base = amount / (1 + rate), rounded; VAT is the rest. */
export function vatSplit(amount: Cents, vatRateBp: number): { rate_bp: number; base: Cents; amount: Cents } {
  const base = Math.round((amount * 10_000) / (10_000 + vatRateBp));
  return { rate_bp: vatRateBp, base, amount: amount - base };
}

/** Spec 9: the PayPal commission is a rate applied to the total and rounded. */
export function paypalCommission(total: Cents, rate: number): Cents {
  return total <= 0 ? 0 : multiply(total, rate);
}

// ---------------------------------------------------------------- the whole cart

export type DeliveryRule = "ok" | "no_free_shipping" | "not_delivered";

export type PricingRow = {
  /** What the row costs: products, complements and services after the professional discount. */
  total: Cents;
  /** The same at list prices (before offers and the professional discount). */
  listTotal: Cents;
  quantity: number;
  shippingNetPerUnit: Cents;
};

export type PricingInput = {
  rows: PricingRow[];
  vatRateBp: number;
  /** From the postal code (core/postal-code.ts); "ok" while none is known yet. */
  delivery: DeliveryRule;
  coupon: CouponRule | null;
  paypal: boolean;
  paypalRate: number;
  freeShippingThreshold?: Cents;
};

export type ShippingPrice = { _type: "shipping" | "free_shipping"; amount: Cents };

export type CartPrices = {
  pvp: Cents;
  pvp_shipping: Cents;
  pvp_saved: Cents;
  paypal_commission: Cents;
  pvp_total: Cents;
};

export type PricedCart = {
  prices: CartPrices;
  /** The coupon's discount, and its share on each row (adds up to it). */
  discount: Cents;
  rowDiscounts: Cents[];
  rowShipping: ShippingPrice[][];
  freeShipping: boolean;
  /** How much more the cart needs for free shipping (0 when it has it or cannot get it). */
  missingForFreeShipping: Cents;
  vat: { rate_bp: number; base: Cents; amount: Cents };
};

/**
 * The cart's totals. pvp: rows after the professional discount; the coupon comes off pvp
 * (never below zero); shipping is free when the discounted amount reaches the threshold and
 * the postal code allows it (never to the Balearic Islands, prefix 07); the PayPal commission
 * applies to pvp - coupon + shipping, only when PayPal is the method; pvp_saved = offers +
 * professional discount + coupon.
 */
export function priceCart(input: PricingInput): PricedCart {
  const threshold = input.freeShippingThreshold ?? FREE_SHIPPING_THRESHOLD_CENTS;
  const pvp = sum(input.rows.map((r) => r.total));
  const discount = input.coupon ? couponDiscount(input.coupon, pvp) : 0;
  const rowDiscounts = prorate(
    discount,
    input.rows.map((r) => r.total),
  );
  const afterCoupon = pvp - discount;
  const canBeFree = input.delivery === "ok";
  const freeShipping = canBeFree && input.rows.length > 0 && afterCoupon >= threshold;
  const rowShippingPrices = input.rows.map((r): ShippingPrice[] => {
    const amount = rowShipping(r.shippingNetPerUnit, r.quantity, input.vatRateBp);
    return freeShipping && amount > 0
      ? [
          { _type: "shipping", amount },
          { _type: "free_shipping", amount: -amount },
        ]
      : [{ _type: "shipping", amount }];
  });
  const shipping = sum(rowShippingPrices.map((list) => sum(list.map((s) => s.amount))));
  const beforeCommission = afterCoupon + shipping;
  const commission = input.paypal ? paypalCommission(beforeCommission, input.paypalRate) : 0;
  const total = beforeCommission + commission;
  const saved = sum(input.rows.map((r) => Math.max(0, r.listTotal - r.total))) + discount;
  return {
    prices: { pvp, pvp_shipping: shipping, pvp_saved: saved, paypal_commission: commission, pvp_total: total },
    discount,
    rowDiscounts,
    rowShipping: rowShippingPrices,
    freeShipping,
    missingForFreeShipping: canBeFree && !freeShipping ? Math.max(0, threshold - afterCoupon) : 0,
    vat: vatSplit(total, input.vatRateBp),
  };
}
