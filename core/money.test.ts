import { describe, expect, it } from "vitest";
import { applyDiscountBp, formatPrice, multiply, percentOff } from "./money.ts";

describe("money", () => {
  it("multiplies by VAT with half-up rounding and no float drift", () => {
    expect(multiply(5000, 1.21)).toBe(6050);
    expect(multiply(2000, 1.21)).toBe(2420);
    expect(multiply(333, 1.21)).toBe(403); // 402.93
    expect(multiply(1, 1.21)).toBe(1);
  });
  it("applies a professional discount in basis points", () => {
    expect(applyDiscountBp(19990, 1000)).toBe(17991);
    expect(applyDiscountBp(999, 1500)).toBe(849); // 149.85 -> 150 discount
  });
  it("formats euros the Spanish and French way", () => {
    expect(formatPrice(123456, "es-ES").replace(/\s/g, " ")).toBe("1234,56 €");
    expect(formatPrice(1234567, "es-ES").replace(/\s/g, " ")).toBe("12.345,67 €");
    expect(formatPrice(123456, "fr-FR").replace(/\s/g, " ")).toBe("1 234,56 €");
  });
  it("never overstates a saving", () => {
    expect(percentOff(10000, 6667)).toBe(33);
    expect(percentOff(10000, 10000)).toBe(0);
  });
});
