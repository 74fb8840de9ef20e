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
