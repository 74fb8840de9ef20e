import { describe, expect, it } from "vitest";
import { DELIVERY_EXCLUDED_PREFIXES, deliveryExcluded, freeShippingExcluded, isValidPostalCode, NO_FREE_SHIPPING_PREFIXES } from "./postal-code.ts";

describe("postal codes", () => {
  it("are 5 digits", () => {
    expect(isValidPostalCode("28001")).toBe(true);
    expect(isValidPostalCode(" 08001 ")).toBe(true);
    for (const bad of ["2800", "280011", "28a01", "", "28 001"]) expect(isValidPostalCode(bad)).toBe(false);
  });

  it("exclude delivery to the Canary Islands (35, 38) in Spain and the islands and Corsica (97, 98, 20) in France", () => {
    expect(DELIVERY_EXCLUDED_PREFIXES).toEqual({ ES: ["35", "38"], FR: ["97", "98", "20"] });
    expect(deliveryExcluded("ES", "35001")).toBe(true);
    expect(deliveryExcluded("ES", "38001")).toBe(true);
    expect(deliveryExcluded("ES", "28001")).toBe(false);
    expect(deliveryExcluded("FR", "97400")).toBe(true);
    expect(deliveryExcluded("FR", "98000")).toBe(true);
    expect(deliveryExcluded("FR", "20000")).toBe(true);
    expect(deliveryExcluded("FR", "75001")).toBe(false);
    // The prefixes are the country's own: 20xxx is Spain's Gipuzkoa, delivered.
    expect(deliveryExcluded("ES", "20001")).toBe(false);
  });

  it("give no free shipping to the Balearic Islands (07)", () => {
    expect(NO_FREE_SHIPPING_PREFIXES.ES).toEqual(["07"]);
    expect(freeShippingExcluded("ES", "07001")).toBe(true);
    expect(freeShippingExcluded("ES", "08001")).toBe(false);
    expect(deliveryExcluded("ES", "07001")).toBe(false);
  });
});
