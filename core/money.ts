/** Money is integer cents everywhere. Every rounding rule of the shop lives here. */
import { formatCents } from "./intl.ts";

export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of cents: ${value}`);
  return value;
}

/** Half-up rounding of a cents amount multiplied by a factor (VAT 1.21, commission rates). */
export function multiply(cents: Cents, factor: number): Cents {
  // Work in integer ten-thousandths to avoid binary-fraction drift (e.g. 1.21 * 100).
  const f = Math.round(factor * 10_000);
  return Math.round((cents * f) / 10_000);
}

/** Percentage from basis points: applyDiscountBp(10000, 1000) = 9000 (10 % off). */
export function applyDiscountBp(cents: Cents, bp: number): Cents {
  return cents - discountBp(cents, bp);
}

export function discountBp(cents: Cents, bp: number): Cents {
  return Math.round((cents * bp) / 10_000);
}

export function sum(values: Cents[]): Cents {
  return values.reduce((a, b) => a + b, 0);
}

/** 123456 -> "1.234,56 €" in es-ES. */
export function formatPrice(cents: Cents, locale = "es-ES", currency = "EUR"): string {
  return formatCents(cents, locale, currency);
}

/** Percentage saved, rounded down so a label never promises more than the real saving. */
export function percentOff(original: Cents, now: Cents): number {
  if (original <= 0 || now >= original) return 0;
  return Math.floor(((original - now) * 100) / original);
}
