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
  it("turns the day at Madrid's midnight, minute by minute, in winter and in summer", () => {
    // Winter (UTC+1): midnight is 23:00 UTC; summer (UTC+2): 22:00 UTC.
    expect(iso(shopToday(new Date("2025-01-14T22:59:59.999Z")))).toBe("2025-01-14");
    expect(iso(shopToday(new Date("2025-01-14T23:00:00Z")))).toBe("2025-01-15");
    expect(iso(shopToday(new Date("2025-01-14T22:59:00Z")))).toBe("2025-01-14");
    expect(iso(shopToday(new Date("2025-07-14T21:59:30Z")))).toBe("2025-07-14");
    expect(iso(shopToday(new Date("2025-07-14T22:00:30Z")))).toBe("2025-07-15");
    // Each answer is its own Date: a caller changing it changes nobody else's.
    const a = shopToday(new Date("2025-07-14T22:00:40Z"));
    a.setUTCDate(1);
    expect(iso(shopToday(new Date("2025-07-14T22:00:50Z")))).toBe("2025-07-15");
  });
  it("gives a from-to range", () => {
    const r = deliveryRange({ min: 3, max: 7 }, new Date("2025-03-06T10:00:00Z"));
    expect([iso(r.from), iso(r.to)]).toEqual(["2025-03-11", "2025-03-17"]);
  });
});
