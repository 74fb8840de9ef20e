import { stringify } from "csv-stringify/sync";

/**
 * A text cell a spreadsheet will not run: one starting with = + - @, a tab or a carriage
 * return gets a leading apostrophe (OWASP's CSV injection advice), so "=1+2" stays text.
 * Numbers (cents, ids) are written as numbers and never touched.
 */
export function safeCell(v: unknown): string | number {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "bigint") return typeof v === "bigint" ? v.toString() : v;
  if (v instanceof Date) return v.toISOString();
  const s = typeof v === "string" ? v : typeof v === "boolean" ? (v ? "true" : "false") : JSON.stringify(v);
  // A negative amount as decimal text (centsCell: "-12,50") is a number, not a formula: kept as is.
  if (/^-\d+(,\d+)?$/.test(s)) return s;
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/**
 * A CSV document for spreadsheets used in Spain and France: UTF-8 with a BOM (Excel reads the
 * accents), ";" between cells (the decimal separator there is the comma), CRLF line ends, every
 * text cell made safe with safeCell.
 */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${stringify([header, ...rows.map((r) => r.map(safeCell))], { delimiter: ";", record_delimiter: "windows", quoted_string: true })}`;
}

/** Amount in cents as the spreadsheet's decimal text ("1234,50"), never a float. */
export function centsCell(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)},${String(a % 100).padStart(2, "0")}`;
}
