import { describe, expect, it } from "vitest";
import { isValidPhone, normalisePhone } from "./phone.ts";

describe("Spanish phones: optional +/00 prefix of 2-3 digits, then 9 digits", () => {
  it.each(["600123456", "+34600123456", "0034600123456", "+34 600 123 456", "600-123-456", "+351912345678", "912 34 56 78"])("accepts %s", (v) => {
    expect(isValidPhone("ES", v)).toBe(true);
  });
  it.each(["60012345", "6001234567", "+3460012345", "34+600123456", "600 123 45a", "600--123456", "phone", ""])("refuses %s", (v) => {
    expect(isValidPhone("ES", v)).toBe(false);
  });
});

describe("French phones: +33, 0033 or 0, a digit 1-7, then 8 digits", () => {
  it.each(["0612345678", "+33612345678", "0033612345678", "01 23 45 67 89", "07-12-34-56-78"])("accepts %s", (v) => {
    expect(isValidPhone("FR", v)).toBe(true);
  });
  it.each(["0812345678", "612345678", "+3361234567", "+34612345678", "06123456789"])("refuses %s", (v) => {
    expect(isValidPhone("FR", v)).toBe(false);
  });
});

it("keeps only digits and the leading +", () => {
  expect(normalisePhone(" +34 600-123 456 ")).toBe("+34600123456");
});
