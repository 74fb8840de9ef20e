import { describe, expect, it } from "vitest";
import { centsCell, safeCell, toCsv } from "./csv.ts";

describe("CSV export cells", () => {
  it("escapes every text cell a spreadsheet would run as a formula", () => {
    for (const bad of ["=1+2", "+34 600", "-2+3", "@SUM(A1)", "\tx", "\rx"]) expect(safeCell(bad)).toBe(`'${bad}`);
    expect(safeCell("Reformas =1+2 SL")).toBe("Reformas =1+2 SL");
    expect(safeCell(-1500)).toBe(-1500);
  });
  it("writes a BOM, semicolons and quoted text", () => {
    const csv = toCsv(["name", "total"], [["=1+2", centsCell(123450)]]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(`"'=1+2";"1234,50"`);
    expect(centsCell(-5)).toBe("-0,05");
    // A credit note's amount stays a number (not turned into text by the apostrophe).
    expect(toCsv(["total"], [[centsCell(-123450)]])).toContain(`"-1234,50"`);
  });
});
