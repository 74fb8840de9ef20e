import { LOCALE_BY_LANGUAGE, type Language, TIME_ZONE } from "./stores.ts";
import { dateFormat } from "./intl.ts";

/** Dates are shown in the shop's time zone (Europe/Madrid) whatever the server's or browser's. */
export function formatDate(language: Language, date: Date | string, opts: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const d = typeof date === "string" ? new Date(date) : date;
  return dateFormat(LOCALE_BY_LANGUAGE[language], { timeZone: TIME_ZONE, ...opts }).format(d);
}

/** The calendar day (YYYY-MM-DD) of an instant in Europe/Madrid. */
export function madridDay(date: Date): string {
  return dateFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * The instant a Europe/Madrid calendar day (YYYY-MM-DD) begins: midnight in Madrid, which is
 * 23:00 or 22:00 UTC of the day before (winter CET, summer CEST). Staff filters "from day A to
 * day B" mean [start(A), start(B + 1 day)).
 */
export function madridDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  // Madrid is UTC+1 or UTC+2: try both offsets and keep the one whose Madrid day and hour are right.
  for (const offset of [1, 2]) {
    const guess = new Date(Date.UTC(y, m - 1, d, -offset));
    const hour = Number(dateFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(guess));
    if (madridDay(guess) === day && hour === 0) return guess;
  }
  throw new RangeError(`not a day: ${day}`);
}

/** The instant the Madrid day after `day` begins (the exclusive end of a "to" filter). */
export function madridDayEnd(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return madridDayStart(next);
}
