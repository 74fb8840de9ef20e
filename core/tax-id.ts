/**
 * Tax identification numbers of the billing addresses (spec 5). Browser-safe: the storefront
 * form, the address API and, later, checkout use these same rules.
 *
 * Spain checks the control letter or digit (a typo in a DNI is the most common mistake, and an
 * invoice with a wrong tax id is void); France follows the formats the spec gives.
 */
export const TAX_TYPES = ["dni", "nie", "cif"] as const;
export type TaxType = (typeof TAX_TYPES)[number];
export type TaxCountry = "ES" | "FR";

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_FIRST = "ABCDEFGHJKLMNPQRSUVW";
const CIF_CONTROL_LETTERS = "JABCDEFGHI";

/** Upper case without spaces, dots or hyphens: "12.345.678-z" -> "12345678Z". */
export function normaliseTaxId(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23];
}

export function isValidDni(value: string): boolean {
  const v = normaliseTaxId(value);
  const m = /^(\d{8})([A-Z])$/.exec(v);
  return m !== null && dniLetter(m[1]) === m[2];
}

/** NIE: X, Y or Z (read as 0, 1, 2), 7 or 8 digits, and the DNI control letter of that number. */
export function isValidNie(value: string): boolean {
  const v = normaliseTaxId(value);
  const m = /^([XYZ])(\d{7,8})([A-Z])$/.exec(v);
  if (!m) return false;
  return dniLetter(`${"XYZ".indexOf(m[1])}${m[2]}`) === m[3];
}

/**
 * CIF: an organisation letter, 7 digits and a control character. Some organisation types take
 * the control as a letter (P, Q, R, S, W, N, K), some as a digit (A, B, E, H), the rest either.
 */
export function isValidCif(value: string): boolean {
  const v = normaliseTaxId(value);
  const m = /^([A-Z])(\d{7})([0-9A-J])$/.exec(v);
  if (!m || !CIF_FIRST.includes(m[1])) return false;
  const digits = m[2];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else {
      const twice = d * 2;
      sum += Math.floor(twice / 10) + (twice % 10);
    }
  }
  const control = (10 - (sum % 10)) % 10;
  const asLetter = CIF_CONTROL_LETTERS[control];
  const given = m[3];
  if ("PQRSWNK".includes(m[1])) return given === asLetter;
  if ("ABEH".includes(m[1])) return given === String(control);
  return given === asLetter || given === String(control);
}

/** France (spec 5): DNI 9 or 15 digits; NIE 15 digits; CIF "FR" plus 11 digits. */
const FR_PATTERNS: Record<TaxType, RegExp> = {
  dni: /^(\d{9}|\d{15})$/,
  nie: /^\d{15}$/,
  cif: /^FR\d{11}$/,
};

/**
 * Null when the tax id is valid for its type and country, else the message key
 * (`validation.tax_id.dni` ...: 'El formato del DNI no es correcto').
 */
export function validateTaxId(country: TaxCountry, type: TaxType, value: string): `validation.tax_id.${TaxType}` | null {
  const v = normaliseTaxId(value);
  let ok: boolean;
  if (country === "FR") ok = FR_PATTERNS[type].test(v);
  else if (type === "dni") ok = isValidDni(v);
  else if (type === "nie") ok = isValidNie(v);
  else ok = isValidCif(v);
  return ok ? null : `validation.tax_id.${type}`;
}
