import { describe, expect, it } from "vitest";
import { formatDate, madridDay } from "./dates.ts";

describe("dates in Europe/Madrid", () => {
  it("uses the Madrid calendar day, not UTC's", () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid (UTC+1 in winter).
    expect(madridDay(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    // 22:30 UTC on 30 June is 00:30 on 1 July in Madrid (UTC+2 in summer).
    expect(madridDay(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
  });
  it("formats in Spanish and French", () => {
    expect(formatDate("es", "2026-11-22T10:00:00Z")).toBe("22 de noviembre de 2026");
    expect(formatDate("fr", "2026-11-22T10:00:00Z")).toBe("22 novembre 2026");
  });
});

describe("Madrid days as instants (staff date filters)", () => {
  it("starts a winter day at 23:00 UTC and a summer day at 22:00 UTC of the day before", async () => {
    const { madridDayStart, madridDayEnd } = await import("./dates.ts");
    expect(madridDayStart("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(madridDayStart("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    expect(madridDayEnd("2026-07-15").toISOString()).toBe("2026-07-15T22:00:00.000Z");
    // The change to summer time (29 March 2026) and back (25 October 2026).
    expect(madridDayEnd("2026-03-29").getTime() - madridDayStart("2026-03-29").getTime()).toBe(23 * 3600_000);
    expect(madridDayEnd("2026-10-25").getTime() - madridDayStart("2026-10-25").getTime()).toBe(25 * 3600_000);
  });
});
