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
