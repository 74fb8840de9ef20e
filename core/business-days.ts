/**
 * Delivery date ranges count business days: Saturdays and Sundays are skipped (spec section 9).
 * Dates are calendar days in the shop's time zone (Europe/Madrid), handled as UTC midnights
 * so that adding days never trips over a daylight-saving change.
 */
import { TIME_ZONE } from "./stores.ts";
import { dateFormat } from "./intl.ts";

let lastMinute = Number.NaN;
let lastDay = 0;

/**
 * Today's calendar date in Madrid, as a UTC-midnight Date. Worked out once a minute: Madrid's
 * offset is whole hours, so every instant of one UTC minute falls on the same Madrid day (a
 * product page asks for it for each delivery range, and the time zone's formatting is the costly
 * part).
 */
export function shopToday(now: Date = new Date()): Date {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    const parts = dateFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
    lastDay = Date.parse(`${parts}T00:00:00Z`);
    lastMinute = minute;
  }
  return new Date(lastDay);
}

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** The date `days` business days after `from` (a weekend start counts from the next Monday). */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = Math.max(0, Math.trunc(days));
  while (isWeekend(d)) d.setUTCDate(d.getUTCDate() + 1);
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!isWeekend(d)) left--;
  }
  return d;
}

/** Earliest and latest delivery dates for a product delivered in min..max business days. */
export function deliveryRange(days: { min: number; max: number }, now: Date = new Date()): { from: Date; to: Date } {
  const today = shopToday(now);
  return { from: addBusinessDays(today, days.min), to: addBusinessDays(today, Math.max(days.min, days.max)) };
}

/** "lun, 3 mar" style short date in the store's language. */
export function formatDay(d: Date, locale: string): string {
  return dateFormat(locale, { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(d);
}
