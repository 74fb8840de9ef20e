/**
 * Intl formatters, one per locale and options, built once and kept. Building one costs tens of
 * microseconds (locale data, time zone rules); `toLocaleString(locale, options)` and
 * `toLocaleDateString` build a new one on every call. A product page formats a date per review,
 * per question and per delivery estimate on every server render. The keys are the code's own
 * option literals and the stores' locales: a few dozen entries at most.
 */
const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

function kept<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dates, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numbers, locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * The stores' number formats written out (issue 12): building the first Intl.NumberFormat of a
 * page costs the browser ~25 ms of main thread (its locale data is loaded then), on a slow phone
 * four times that, all in one task while the page hydrates. The shop's two locales follow these
 * rules, the same as Intl's (core/intl.test.ts compares them over a range of values): es-ES groups
 * thousands with "." only from five digits (minimumGroupingDigits 2), fr-FR with a narrow
 * no-break space from four; both use "," for decimals and put the euro sign after a no-break
 * space. Any other locale or currency goes to Intl.
 */
const WRITTEN: Record<string, { group: string; minGrouping: number }> = {
  "es-ES": { group: ".", minGrouping: 2 },
  "fr-FR": { group: "\u202f", minGrouping: 1 },
};

function grouped(integer: string, group: string, minGrouping: number): string {
  if (integer.length < 4 + minGrouping - 1) return integer;
  return integer.replace(/\B(?=(\d{3})+$)/g, group);
}

/** `units` whole units and `fraction` (already rounded, as digits) in a written locale. */
function written(rules: { group: string; minGrouping: number }, negative: boolean, units: number, fraction: string): string {
  return `${negative ? "-" : ""}${grouped(String(units), rules.group, rules.minGrouping)}${fraction ? `,${fraction}` : ""}`;
}

/** An amount of cents in a currency: 123456 → "1.234,56 €" (es-ES). */
export function formatCents(cents: number, locale: string, currency: string): string {
  const rules = WRITTEN[locale];
  if (!rules || currency !== "EUR" || !Number.isSafeInteger(cents)) {
    return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
  }
  const abs = Math.abs(cents);
  return `${written(rules, cents < 0, Math.floor(abs / 100), String(abs % 100).padStart(2, "0"))}\u00a0€`;
}

/** A number with at most `maxFraction` decimals (at least `minFraction`), rounded half away from zero as Intl does. */
export function formatDecimal(value: number, locale: string, maxFraction: number, minFraction = 0): string {
  const rules = WRITTEN[locale];
  const scale = 10 ** maxFraction;
  const scaled = Math.round(Math.abs(value) * scale);
  if (!rules || !Number.isSafeInteger(scaled)) {
    return numberFormat(locale, { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction }).format(value);
  }
  let fraction = maxFraction > 0 ? String(scaled % scale).padStart(maxFraction, "0") : "";
  while (fraction.length > minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return written(rules, value < 0, Math.floor(scaled / scale), fraction);
}
