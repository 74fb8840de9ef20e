/**
 * Phone numbers (spec 5), browser-safe. Spain: an optional international prefix (+ or 00 and
 * 2-3 digits), then 9 digits. France: +33, 0033 or 0, a digit 1-7, then 8 digits. Spaces and
 * hyphens between groups are allowed in both.
 */
export type PhoneCountry = "ES" | "FR";

const PATTERNS: Record<PhoneCountry, RegExp> = {
  ES: /^(?:(?:\+|00)\d{2,3})?\d{9}$/,
  FR: /^(?:(?:\+|00)33|0)[1-7]\d{8}$/,
};

/** Digits (and a leading +) only: "+34 600-123-456" -> "+34600123456". */
export function normalisePhone(value: string): string {
  return value.trim().replace(/[\s-]/g, "");
}

export function isValidPhone(country: PhoneCountry, value: string): boolean {
  const raw = value.trim();
  // Separators only between groups: "600--123" or a trailing hyphen is a typo, not a format.
  if (!/^\+?[\d]+(?:[\s-][\d]+)*$/.test(raw)) return false;
  return PATTERNS[country].test(normalisePhone(raw));
}
