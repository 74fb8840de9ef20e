/**
 * Invoices of both stores (issue 10, docs/decisions/018): the pure rules — which kind of
 * Spanish invoice an order gets (F1 full / F2 simplified), the VAT breakdown per rate, the
 * numbers of the series, and the VERI*FACTU fingerprint ("huella") and QR URL. Browser-safe:
 * no node or database imports (the hash takes a SHA-256 function from the caller).
 */
import { isValidCif, isValidDni, isValidNie, normaliseTaxId } from "./tax-id.ts";

export type InvoiceKind = "invoice" | "credit_note";
/** Spain: F1 full, F2 simplified, R1 credit note of a full invoice (art. 80 LIVA), R5 of a simplified one. France: FA invoice, AV avoir. */
export type InvoiceType = "F1" | "F2" | "R1" | "R5" | "FA" | "AV";
export type StoreCodeOf = "ESDB" | "FRDB";

/** A line as issued: quantities and VAT-inclusive amounts in cents, the net derived per line for display. */
export type InvoiceLine = {
  kind: "product" | "complement" | "service" | "shipping" | "commission" | "correction";
  description: string;
  ref: string;
  quantity: number;
  /** Unit price VAT included, cents (negative on a credit note). */
  unitGross: number;
  /** Unit price before VAT, cents (rounded; the breakdown per rate is what counts). */
  unitNet: number;
  /** Discount on the whole line, VAT included, cents. */
  discount: number;
  vatRateBp: number;
  /** Line total VAT included after the discount. */
  gross: number;
  /** Line total before VAT (rounded). */
  net: number;
};

export type VatBreakdown = { rateBp: number; base: number; vat: number; gross: number }[];

/**
 * Seller identification printed on each store's invoices. DEMO values (a valid-looking CIF and
 * SIREN): a real shop replaces them with its registry data before going live (README).
 */
export const SELLERS: Record<
  StoreCodeOf,
  { legalName: string; taxId: string; vatNumber: string; address: string[]; registry: string; email: string; country: "ES" | "FR" }
> = {
  ESDB: {
    legalName: "BañoDirecto Reformas S.L.",
    taxId: "B12345674",
    vatNumber: "ESB12345674",
    address: ["Calle de Alcalá 100", "28009 Madrid", "España"],
    registry: "Registro Mercantil de Madrid, tomo 00000, folio 0, hoja M-000000 (datos de demostración)",
    email: "facturas@banodirecto.example",
    country: "ES",
  },
  FRDB: {
    legalName: "BañoDirecto France SAS",
    taxId: "SIREN 123 456 789",
    vatNumber: "FR32123456789",
    address: ["10 rue de Rivoli", "75004 Paris", "France"],
    registry: "SAS au capital de 10 000 € — RCS Paris 123 456 789 (données de démonstration)",
    email: "factures@banodirecto.example",
    country: "FR",
  },
};

/** Above this a Spanish simplified invoice is not allowed, even for retail (RD 1619/2012 art. 4.1: 3,000 € VAT included). */
export const SIMPLIFIED_LIMIT_CENTS = 300_000;

export type Buyer = {
  name: string;
  businessName: string | null;
  taxIdType: "dni" | "nie" | "cif" | null;
  taxId: string | null;
  address: string[] | null;
  email: string;
};

/** Whether a Spanish tax id is valid for its type (control letter/digit checked). */
export function validSpanishTaxId(type: string | null, value: string | null): boolean {
  if (!type || !value) return false;
  const v = normaliseTaxId(value);
  if (type === "dni") return isValidDni(v);
  if (type === "nie") return isValidNie(v);
  if (type === "cif") return isValidCif(v);
  return false;
}

/**
 * Spain: a full invoice (F1) when the customer gave a valid tax id (DNI/NIE/CIF with its
 * control character) and a billing address; otherwise a simplified one (F2), which needs
 * neither. France issues one kind of invoice (FA).
 */
export function invoiceTypeFor(store: StoreCodeOf, buyer: Pick<Buyer, "taxIdType" | "taxId" | "address">): InvoiceType {
  if (store === "FRDB") return "FA";
  return validSpanishTaxId(buyer.taxIdType, buyer.taxId) && buyer.address && buyer.address.length > 0 ? "F1" : "F2";
}

/** The credit note's type for the invoice it corrects. */
export function creditNoteTypeFor(corrected: InvoiceType): InvoiceType {
  if (corrected === "FA") return "AV";
  return corrected === "F2" ? "R5" : "R1";
}

/** Net of a VAT-inclusive amount: round half away from zero. */
export function netOf(gross: number, rateBp: number): number {
  const n = (Math.abs(gross) * 10_000) / (10_000 + rateBp);
  return Math.sign(gross) * Math.round(n);
}

/** A line from its gross unit price, quantity and discount. */
export function makeLine(l: Omit<InvoiceLine, "gross" | "net" | "unitNet">): InvoiceLine {
  const gross = l.unitGross * l.quantity - l.discount;
  return { ...l, gross, net: netOf(gross, l.vatRateBp), unitNet: netOf(l.unitGross, l.vatRateBp) };
}

/**
 * Base and VAT per rate. Prices are VAT-inclusive, so the base of each rate is derived from
 * the rate's gross sum (rounded once per rate) and the VAT is the difference: the totals add
 * up to exactly what the customer paid, whatever the rounding of single lines.
 */
export function vatBreakdown(lines: Pick<InvoiceLine, "gross" | "vatRateBp">[]): VatBreakdown {
  const by = new Map<number, number>();
  for (const l of lines) by.set(l.vatRateBp, (by.get(l.vatRateBp) ?? 0) + l.gross);
  return [...by.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rateBp, gross]) => {
      const base = netOf(gross, rateBp);
      return { rateBp, base, vat: gross - base, gross };
    });
}

export function totalsOf(breakdown: VatBreakdown): { base: number; vat: number; total: number } {
  return breakdown.reduce((a, r) => ({ base: a.base + r.base, vat: a.vat + r.vat, total: a.total + r.gross }), { base: 0, vat: 0, total: 0 });
}

/** Series code: "F" for invoices, "R" for credit notes (a series of their own, per store and year). */
export const seriesOf = (kind: InvoiceKind) => (kind === "invoice" ? "F" : "R");

/** ESDB-2026-000123 (invoices), ESDB-R-2026-000004 (credit notes). */
export function formatInvoiceNumber(store: StoreCodeOf, kind: InvoiceKind, year: number, seq: number): string {
  return `${store}-${kind === "credit_note" ? "R-" : ""}${year}-${String(seq).padStart(6, "0")}`;
}

export function parseInvoiceNumber(n: string): { store: StoreCodeOf; kind: InvoiceKind; year: number; seq: number } | null {
  const m = /^(ESDB|FRDB)-(R-)?(\d{4})-(\d{6,})$/.exec(n);
  if (!m) return null;
  return { store: m[1] as StoreCodeOf, kind: m[2] ? "credit_note" : "invoice", year: Number(m[3]), seq: Number(m[4]) };
}

// ---------------------------------------------------------------- dates in Europe/Madrid

const madridParts = (d: Date) => {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return { y: get("year"), m: get("month"), d: get("day"), h: get("hour"), min: get("minute"), s: get("second") };
};

/** The calendar year of an instant in Spain (the series' year). */
export const madridYear = (d: Date) => Number(madridParts(d).y);
/** dd-mm-yyyy in Spain (FechaExpedicionFactura). */
export function madridDate(d: Date): string {
  const p = madridParts(d);
  return `${p.d}-${p.m}-${p.y}`;
}
/** yyyy-mm-dd in Spain (the invoice's issue date column). */
export function madridIsoDate(d: Date): string {
  const p = madridParts(d);
  return `${p.y}-${p.m}-${p.d}`;
}
/** ISO 8601 with the Spanish offset, seconds precision: 2024-01-01T19:20:30+01:00 (FechaHoraHusoGenRegistro). */
export function madridTimestamp(d: Date): string {
  const p = madridParts(d);
  const local = Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d), Number(p.h), Number(p.min), Number(p.s));
  const offMin = Math.round((local - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  const sign = offMin >= 0 ? "+" : "-";
  const a = Math.abs(offMin);
  return `${p.y}-${p.m}-${p.d}T${p.h}:${p.min}:${p.s}${sign}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------- VERI*FACTU

/** Euros with two decimals and a point, as in the registration record ("123.45", "-12.10"). */
export function euros(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

export type VerifactuFields = {
  issuerNif: string;
  number: string;
  /** dd-mm-yyyy */
  issueDate: string;
  type: InvoiceType;
  /** CuotaTotal and ImporteTotal as written in the record ("12.35"). */
  vatTotal: string;
  total: string;
  previousHash: string;
  /** ISO 8601 with offset. */
  generatedAt: string;
};

/**
 * The string the fingerprint of a registration record (RegistroAlta) is computed over, in the
 * order and with the names of the tax agency's specification.
 */
export function verifactuChainInput(f: VerifactuFields): string {
  return (
    `IDEmisorFactura=${f.issuerNif.trim()}&NumSerieFactura=${f.number.trim()}&FechaExpedicionFactura=${f.issueDate}` +
    `&TipoFactura=${f.type}&CuotaTotal=${f.vatTotal}&ImporteTotal=${f.total}&Huella=${f.previousHash}&FechaHoraHusoGenRegistro=${f.generatedAt}`
  );
}

/** SHA-256 of the chain input, upper-case hex. `sha256Hex` is node:crypto on the server (any lower/upper hex). */
export function verifactuHash(f: VerifactuFields, sha256Hex: (s: string) => string): string {
  return sha256Hex(verifactuChainInput(f)).toUpperCase();
}

/** The tax agency's verification service the QR code points to (production). */
export const AEAT_QR_BASE = "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR";

/** The QR code's URL: ValidarQR?nif=…&numserie=…&fecha=dd-mm-yyyy&importe=… (each value URL-encoded). */
export function verifactuQrUrl(f: { issuerNif: string; number: string; issueDate: string; total: string }): string {
  const q = new URLSearchParams({ nif: f.issuerNif, numserie: f.number, fecha: f.issueDate, importe: f.total });
  return `${AEAT_QR_BASE}?${q.toString()}`;
}

export const VERIFACTU_LEGEND = "Factura verificable en la sede electrónica de la AEAT";
