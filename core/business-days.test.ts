import { describe, expect, it } from "vitest";
import { addBusinessDays, deliveryRange, shopToday } from "./business-days.ts";

const day = (s: string) => new Date(`${s}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe("business days", () => {
  it("skips weekends", () => {
    // 2025-03-06 is a Thursday.
    expect(iso(addBusinessDays(day("2025-03-06"), 1))).toBe("2025-03-07");
    expect(iso(addBusinessDays(day("2025-03-06"), 2))).toBe("2025-03-10");
    expect(iso(addBusinessDays(day("2025-03-06"), 7))).toBe("2025-03-17");
  });
  it("counts from Monday when ordering at the weekend", () => {
    expect(iso(addBusinessDays(day("2025-03-08"), 1))).toBe("2025-03-11");
    expect(iso(addBusinessDays(day("2025-03-09"), 0))).toBe("2025-03-10");
  });
  it("uses the Madrid calendar date", () => {
    // 23:30 UTC on Friday is already Saturday in Madrid.
    expect(iso(shopToday(new Date("2025-03-07T23:30:00Z")))).toBe("2025-03-08");
  });
  it("gives a from-to range", () => {
    const r = deliveryRange({ min: 3, max: 7 }, new Date("2025-03-06T10:00:00Z"));
    expect([iso(r.from), iso(r.to)]).toEqual(["2025-03-11", "2025-03-17"]);
  });
});
