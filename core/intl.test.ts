import { describe, expect, it } from "vitest";
import { formatCents, formatDecimal } from "./intl.ts";

// The written-out formats of the stores' locales must be exactly Intl's (hydration compares the
// server's text with the browser's, and shoppers compare prices across pages).
const LOCALES = ["es-ES", "fr-FR"];

describe("the stores' number formats", () => {
  it("write every amount of cents as Intl's currency format does", () => {
    const amounts = [0, 1, 5, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 1_234_567, 12_345_678, 123_456_789_01, -1, -320, -123_456];
    for (let c = 0; c < 2_000_000; c += 7_919) amounts.push(c);
    for (const locale of LOCALES) {
      const intl = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
      for (const c of amounts) expect(formatCents(c, locale, "EUR"), `${locale} ${c}`).toBe(intl.format(c / 100));
    }
  });

  it("write decimals as Intl does, with its rounding (half away from zero)", () => {
    const values = [0, 1, 4, 4.25, 4.35, 4.05, 3.96, 4.999, 2.5, 0.05, 12.34, 1234.5, 12345.67, 99999.95, -4.25, -0.04, 21, 10.5];
    for (let v = 0; v < 60; v += 0.0137) values.push(v);
    for (const locale of LOCALES) {
      for (const [max, min] of [
        [1, 0],
        [1, 1],
        [2, 0],
        [0, 0],
      ]) {
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
        for (const v of values) expect(formatDecimal(v, locale, max, min), `${locale} ${v} ${min}-${max}`).toBe(intl.format(v));
      }
    }
  });

  it("leave other locales and currencies to Intl", () => {
    expect(formatCents(123_456, "en-GB", "EUR")).toBe(new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(1234.56));
    expect(formatCents(123_456, "es-ES", "USD")).toBe(new Intl.NumberFormat("es-ES", { style: "currency", currency: "USD" }).format(1234.56));
    expect(formatDecimal(1234.5, "de-DE", 1)).toBe("1.234,5");
  });
});
