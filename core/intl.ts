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
