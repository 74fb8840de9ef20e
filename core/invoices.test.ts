import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  creditNoteTypeFor,
  euros,
  formatInvoiceNumber,
  invoiceTypeFor,
  madridDate,
  madridTimestamp,
  madridYear,
  makeLine,
  parseInvoiceNumber,
  totalsOf,
  vatBreakdown,
  verifactuChainInput,
  verifactuHash,
  verifactuQrUrl,
} from "./invoices.ts";
import { isValidCif } from "./tax-id.ts";
import { SELLERS } from "./invoices.ts";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

describe("VERI*FACTU fingerprint", () => {
  const first = {
    issuerNif: "89890001K",
    number: "12345678/G33",
    issueDate: "01-01-2024",
    type: "F1" as const,
    vatTotal: "12.35",
    total: "123.45",
    previousHash: "",
    generatedAt: "2024-01-01T19:20:30+01:00",
  };

  it("reproduces the tax agency's published example", () => {
    expect(verifactuChainInput(first)).toBe(
      "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00",
    );
    expect(verifactuHash(first, sha)).toBe("3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60");
  });

  it("chains a second record to the first one's fingerprint", () => {
    const h1 = verifactuHash(first, sha);
    const second = {
      ...first,
      number: "12345679/G34",
      issueDate: "01-01-2024",
      type: "F1" as const,
      vatTotal: "12.35",
      total: "123.45",
      previousHash: h1,
      generatedAt: "2024-01-01T19:20:35+01:00",
    };
    const input = verifactuChainInput(second);
    expect(input).toContain(`&Huella=${h1}&`);
    const h2 = verifactuHash(second, sha);
    expect(h2).toMatch(/^[0-9A-F]{64}$/);
    expect(h2).toBe(sha(input).toUpperCase());
    expect(h2).not.toBe(h1);
    // Changing anything of the first record breaks the second's link.
    expect(verifactuHash({ ...second, previousHash: verifactuHash({ ...first, total: "123.46" }, sha) }, sha)).not.toBe(h2);
  });

  it("builds the QR URL with each value encoded", () => {
    const url = verifactuQrUrl({ issuerNif: "89890001K", number: "12345678&G33", issueDate: "01-01-2024", total: "241.40" });
    expect(url).toBe("https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40");
  });

  it("writes amounts with two decimals and a point", () => {
    expect(euros(12345)).toBe("123.45");
    expect(euros(5)).toBe("0.05");
    expect(euros(-1210)).toBe("-12.10");
    expect(euros(0)).toBe("0.00");
  });
});

describe("invoice type (Spain F1 vs F2)", () => {
  const address = ["Calle Mayor 12", "28013 Madrid"];
  it("gives a full invoice for a valid DNI, NIE or CIF with a billing address", () => {
    expect(invoiceTypeFor("ESDB", { taxIdType: "dni", taxId: "12345678Z", address })).toBe("F1");
    expect(invoiceTypeFor("ESDB", { taxIdType: "nie", taxId: "X1234567L", address })).toBe("F1");
    expect(invoiceTypeFor("ESDB", { taxIdType: "cif", taxId: "B12345674", address })).toBe("F1");
    expect(invoiceTypeFor("ESDB", { taxIdType: "dni", taxId: " 12.345.678-z ", address })).toBe("F1");
  });
  it("gives a simplified invoice without a tax id, with a wrong control letter, or without an address", () => {
    expect(invoiceTypeFor("ESDB", { taxIdType: null, taxId: null, address })).toBe("F2");
    expect(invoiceTypeFor("ESDB", { taxIdType: "dni", taxId: "12345678A", address })).toBe("F2");
    expect(invoiceTypeFor("ESDB", { taxIdType: "cif", taxId: "B12345675", address })).toBe("F2");
    expect(invoiceTypeFor("ESDB", { taxIdType: "dni", taxId: "12345678Z", address: null })).toBe("F2");
  });
  it("France issues one kind; credit notes follow the corrected type", () => {
    expect(invoiceTypeFor("FRDB", { taxIdType: null, taxId: null, address: null })).toBe("FA");
    expect(creditNoteTypeFor("F1")).toBe("R1");
    expect(creditNoteTypeFor("F2")).toBe("R5");
    expect(creditNoteTypeFor("FA")).toBe("AV");
  });
  it("the demo seller's CIF is valid", () => {
    expect(isValidCif(SELLERS.ESDB.taxId)).toBe(true);
  });
});

describe("totals per VAT rate", () => {
  it("derives base and VAT per rate from VAT-inclusive lines, adding up to what was paid", () => {
    const lines = [
      makeLine({ kind: "product", description: "Plato", ref: "P", quantity: 3, unitGross: 19_999, discount: 1_001, vatRateBp: 2100 }),
      makeLine({ kind: "service", description: "Instalación", ref: "I", quantity: 1, unitGross: 12_100, discount: 0, vatRateBp: 2100 }),
      makeLine({ kind: "product", description: "Libro", ref: "L", quantity: 1, unitGross: 1_040, discount: 0, vatRateBp: 400 }),
    ];
    expect(lines[0].gross).toBe(58_996);
    expect(lines[1].net).toBe(10_000);
    const b = vatBreakdown(lines);
    expect(b).toEqual([
      { rateBp: 2100, gross: 71_096, base: 58_757, vat: 12_339 },
      { rateBp: 400, gross: 1_040, base: 1_000, vat: 40 },
    ]);
    const t = totalsOf(b);
    expect(t.total).toBe(72_136);
    expect(t.base + t.vat).toBe(t.total);
  });
  it("negative lines (a credit note) mirror the invoice", () => {
    const inv = vatBreakdown([makeLine({ kind: "product", description: "x", ref: "x", quantity: 1, unitGross: 24_200, discount: 0, vatRateBp: 2100 })]);
    const cn = vatBreakdown([makeLine({ kind: "product", description: "x", ref: "x", quantity: 1, unitGross: -24_200, discount: 0, vatRateBp: 2100 })]);
    expect(cn[0]).toEqual({ rateBp: 2100, gross: -24_200, base: -inv[0].base, vat: -inv[0].vat });
  });
  it("France at 20 %", () => {
    const b = vatBreakdown([makeLine({ kind: "product", description: "x", ref: "x", quantity: 2, unitGross: 6_000, discount: 0, vatRateBp: 2000 })]);
    expect(b).toEqual([{ rateBp: 2000, gross: 12_000, base: 10_000, vat: 2_000 }]);
  });
});

describe("numbers and dates", () => {
  it("formats and parses the series", () => {
    expect(formatInvoiceNumber("ESDB", "invoice", 2026, 123)).toBe("ESDB-2026-000123");
    expect(formatInvoiceNumber("FRDB", "credit_note", 2026, 4)).toBe("FRDB-R-2026-000004");
    expect(parseInvoiceNumber("FRDB-R-2026-000004")).toEqual({ store: "FRDB", kind: "credit_note", year: 2026, seq: 4 });
    expect(parseInvoiceNumber("XX-2026-1")).toBeNull();
  });
  it("uses the Spanish calendar and offset", () => {
    const nye = new Date("2026-12-31T23:30:00Z"); // already 2027 in Madrid
    expect(madridYear(nye)).toBe(2027);
    expect(madridDate(nye)).toBe("01-01-2027");
    expect(madridTimestamp(new Date("2024-01-01T18:20:30Z"))).toBe("2024-01-01T19:20:30+01:00");
    expect(madridTimestamp(new Date("2024-07-01T18:20:30.900Z"))).toBe("2024-07-01T20:20:30+02:00");
  });
});
