import { describe, expect, it } from "vitest";
import { isValidCif, isValidDni, isValidNie, normaliseTaxId, validateTaxId } from "./tax-id.ts";

describe("Spanish DNI: 8 digits and the control letter (number mod 23)", () => {
  it.each(["12345678Z", "00000000T", "99999999R", "12345678z", " 12.345.678-Z "])("accepts %s", (v) => {
    expect(isValidDni(v)).toBe(true);
    expect(validateTaxId("ES", "dni", v)).toBeNull();
  });
  it.each([
    ["12345678A", "wrong control letter"],
    ["12345678", "no letter"],
    ["1234567Z", "7 digits"],
    ["123456789Z", "9 digits"],
    ["X1234567L", "a NIE"],
    ["ABCDEFGHZ", "letters"],
    ["", "empty"],
  ])("refuses %s (%s) with the spec's message key", (v) => {
    expect(isValidDni(v)).toBe(false);
    expect(validateTaxId("ES", "dni", v)).toBe("validation.tax_id.dni");
  });
});

describe("Spanish NIE: X, Y or Z, 7 digits and the control letter", () => {
  it.each(["X1234567L", "Y1234567X", "Z7654321H", "x1234567l"])("accepts %s", (v) => {
    expect(isValidNie(v)).toBe(true);
  });
  it.each(["X1234567A", "Y1234567L", "W1234567L", "X123456L", "12345678Z"])("refuses %s", (v) => {
    expect(isValidNie(v)).toBe(false);
    expect(validateTaxId("ES", "nie", v)).toBe("validation.tax_id.nie");
  });
});

describe("Spanish CIF: organisation letter, 7 digits, control digit or letter", () => {
  // Q2826000H: the tax agency's own; B12345674 / P1234567D computed by the official rule.
  it.each(["Q2826000H", "B12345674", "P1234567D", "G12345674", "G1234567D", "b12345674"])("accepts %s", (v) => {
    expect(isValidCif(v)).toBe(true);
  });
  it.each([
    ["B12345675", "wrong control digit"],
    ["Q2826000A", "wrong control letter"],
    ["B1234567D", "letter control on a company that takes a digit"],
    ["P12345674", "digit control on a body that takes a letter"],
    ["I12345674", "I is no organisation letter"],
    ["B1234567", "no control"],
    ["12345678Z", "a DNI"],
  ])("refuses %s (%s)", (v) => {
    expect(isValidCif(v)).toBe(false);
    expect(validateTaxId("ES", "cif", v)).toBe("validation.tax_id.cif");
  });
});

describe("French formats (spec 5)", () => {
  it("DNI: 9 or 15 digits", () => {
    expect(validateTaxId("FR", "dni", "123456789")).toBeNull();
    expect(validateTaxId("FR", "dni", "123456789012345")).toBeNull();
    expect(validateTaxId("FR", "dni", "1234567890")).toBe("validation.tax_id.dni");
    expect(validateTaxId("FR", "dni", "12345678Z")).toBe("validation.tax_id.dni");
  });
  it("NIE: 15 digits", () => {
    expect(validateTaxId("FR", "nie", "123456789012345")).toBeNull();
    expect(validateTaxId("FR", "nie", "123456789")).toBe("validation.tax_id.nie");
  });
  it("CIF: FR and 11 digits", () => {
    expect(validateTaxId("FR", "cif", "FR12345678901")).toBeNull();
    expect(validateTaxId("FR", "cif", "fr 123 456 789 01")).toBeNull();
    expect(validateTaxId("FR", "cif", "FR1234567890")).toBe("validation.tax_id.cif");
    expect(validateTaxId("FR", "cif", "ES12345678901")).toBe("validation.tax_id.cif");
    expect(validateTaxId("FR", "cif", "B12345674")).toBe("validation.tax_id.cif");
  });
});

it("normalises spaces, dots, hyphens and case", () => {
  expect(normaliseTaxId(" 12.345.678-z ")).toBe("12345678Z");
});
