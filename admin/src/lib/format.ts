import type { Lang } from "./i18n";

const LOCALE: Record<Lang, string> = { es: "es-ES", fr: "fr-FR" };
const TZ = "Europe/Madrid";

/** Integer cents as euros in the staff member's language (the server computes every amount). */
export function money(cents: number | null | undefined, lang: Lang): string {
  if (cents === null || cents === undefined) return "—";
  return new Intl.NumberFormat(LOCALE[lang], { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** A date and time in the shop's time zone (Europe/Madrid), whatever the browser's. */
export function dateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(LOCALE[lang], { timeZone: TZ, dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
}

export function date(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(LOCALE[lang], { timeZone: TZ, dateStyle: "medium" }).format(new Date(iso));
}

/** Today's Madrid day (YYYY-MM-DD), for date filters. */
export function madridToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** Euros typed by staff ("12,50" or "12.50") as integer cents, or null when it is not an amount. */
export function parseEuros(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [e, c = ""] = t.split(".");
  return Number(e) * 100 + Number(c.padEnd(2, "0"));
}
