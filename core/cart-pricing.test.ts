import { describe, expect, it } from "vitest";
import {
  couponDiscount,
  FREE_SHIPPING_THRESHOLD_CENTS,
  paypalCommission,
  type PricingInput,
  priceCart,
  prorate,
  rowShipping,
  shippingNetPerUnit,
  SHIPPING_NET_DEFAULT,
  vatSplit,
} from "./cart-pricing.ts";
import es from "./i18n/es/common.json";
import fr from "./i18n/fr/common.json";
import { formatPrice } from "./money.ts";

const row = (total: number, opts: Partial<{ listTotal: number; quantity: number; ship: number }> = {}) => ({
  total,
  listTotal: opts.listTotal ?? total,
  quantity: opts.quantity ?? 1,
  shippingNetPerUnit: opts.ship ?? 1000,
});
const base = (over: Partial<PricingInput> = {}): PricingInput => ({
  rows: [row(10_000)],
  vatRateBp: 2100,
  delivery: "ok",
  coupon: null,
  paypal: false,
  paypalRate: 0.02,
  ...over,
});

describe("cart pricing: shipping (spec 9)", () => {
  it.each([
    // net per unit, quantity, VAT bp, expected (amount x quantity x 1.21, half up)
    [1000, 1, 2100, 1210],
    [690, 3, 2100, 2505], // 2070 x 1.21 = 2504.7
    [2900, 2, 2100, 7018],
    [333, 1, 2100, 403], // 402.93
    [1000, 1, 2000, 1200], // France, 20 %
    [0, 5, 2100, 0],
  ])("row shipping %i x %i at %i bp = %i", (net, q, vat, expected) => {
    expect(rowShipping(net, q, vat)).toBe(expected);
  });

  it("ships bulky goods by pallet and small parts by parcel", () => {
    expect(shippingNetPerUnit("shower_tray")).toBe(2900);
    expect(shippingNetPerUnit("a_new_type")).toBe(SHIPPING_NET_DEFAULT);
  });
});

describe("cart pricing: free shipping and postal codes (spec 5)", () => {
  it("is the threshold the header promises in both stores", () => {
    const shown = formatPrice(FREE_SHIPPING_THRESHOLD_CENTS, "es-ES").replace(",00", "").replace(/\s/g, " ");
    expect(shown).toBe("200 €");
    expect(es["header.free_shipping"]).toContain(shown);
    expect(fr["header.free_shipping"].replace(/\s/g, " ")).toContain(shown);
  });

  it("charges shipping below 200 € and none from 200 €", () => {
    const below = priceCart(base({ rows: [row(19_999)] }));
    expect(below.prices.pvp_shipping).toBe(1210);
    expect(below.freeShipping).toBe(false);
    expect(below.missingForFreeShipping).toBe(1);
    const at = priceCart(base({ rows: [row(20_000)] }));
    expect(at.prices.pvp_shipping).toBe(0);
    expect(at.freeShipping).toBe(true);
    expect(at.rowShipping[0]).toEqual([
      { _type: "shipping", amount: 1210 },
      { _type: "free_shipping", amount: -1210 },
    ]);
    expect(at.prices.pvp_total).toBe(20_000);
  });

  it("never ships free to the Balearic Islands, and says nothing is missing", () => {
    const r = priceCart(base({ rows: [row(50_000)], delivery: "no_free_shipping" }));
    expect(r.prices.pvp_shipping).toBe(1210);
    expect(r.freeShipping).toBe(false);
    expect(r.missingForFreeShipping).toBe(0);
    expect(r.prices.pvp_total).toBe(51_210);
  });

  it("measures the threshold after the coupon", () => {
    const r = priceCart(base({ rows: [row(20_500)], coupon: { kind: "amount", value: 1000 } }));
    expect(r.discount).toBe(1000);
    expect(r.freeShipping).toBe(false);
    expect(r.prices.pvp_total).toBe(20_500 - 1000 + 1210);
  });

  it("has no shipping for an empty cart", () => {
    const r = priceCart(base({ rows: [] }));
    expect(r.prices).toEqual({ pvp: 0, pvp_shipping: 0, pvp_saved: 0, paypal_commission: 0, pvp_total: 0 });
  });
});

describe("cart pricing: coupons", () => {
  it.each([
    [{ kind: "amount", value: 500 }, 10_000, 500],
    [{ kind: "amount", value: 15_000 }, 10_000, 10_000], // never below zero
    [{ kind: "percent", value: 1000 }, 12_345, 1235], // 10 % of 123.45 = 12.345 -> 12.35
    [{ kind: "percent", value: 10_000 }, 9_999, 9_999],
    [{ kind: "percent", value: 25_000 }, 9_999, 9_999], // capped at 100 %
    [{ kind: "amount", value: 500, minAmount: 10_001 }, 10_000, 0], // below the minimum
    [{ kind: "amount", value: 500 }, 0, 0],
  ] as const)("%o on %i takes %i", (rule, amount, expected) => {
    expect(couponDiscount(rule, amount)).toBe(expected);
  });

  it("prorates a discount across rows so the parts add up exactly", () => {
    expect(prorate(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
    expect(prorate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(prorate(0, [10, 20])).toEqual([0, 0]);
    expect(prorate(50, [0, 0])).toEqual([0, 0]);
    const parts = prorate(777, [12_990, 4_500, 30_250]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(777);
    const r = priceCart(base({ rows: [row(12_990), row(4_500)], coupon: { kind: "percent", value: 1500 } }));
    expect(r.rowDiscounts.reduce((a, b) => a + b, 0)).toBe(r.discount);
  });

  it("counts offers, professional discounts and the coupon as saved", () => {
    const r = priceCart(base({ rows: [row(18_000, { listTotal: 20_000 }), row(5_000)], coupon: { kind: "amount", value: 300 } }));
    expect(r.prices.pvp_saved).toBe(2_000 + 300);
    expect(r.prices.pvp).toBe(23_000);
  });
});

describe("cart pricing: PayPal commission and VAT", () => {
  it("adds 2 % of the total, rounded, only with PayPal", () => {
    expect(paypalCommission(12_345, 0.02)).toBe(247); // 246.9
    const without = priceCart(base());
    const withPaypal = priceCart(base({ paypal: true }));
    expect(without.prices.paypal_commission).toBe(0);
    expect(withPaypal.prices.paypal_commission).toBe(Math.round((10_000 + 1210) * 0.02));
    expect(withPaypal.prices.pvp_total).toBe(10_000 + 1210 + 224);
    expect(priceCart(base({ paypal: true, paypalRate: 0.035 })).prices.paypal_commission).toBe(392); // 392.35
  });

  it("splits the VAT out of a VAT-inclusive total at the store's rate", () => {
    expect(vatSplit(12_100, 2100)).toEqual({ rate_bp: 2100, base: 10_000, amount: 2_100 });
    expect(vatSplit(12_000, 2000)).toEqual({ rate_bp: 2000, base: 10_000, amount: 2_000 });
    expect(vatSplit(999, 2100)).toEqual({ rate_bp: 2100, base: 826, amount: 173 }); // 825.6
    const r = priceCart(base());
    expect(r.vat.base + r.vat.amount).toBe(r.prices.pvp_total);
  });
});
