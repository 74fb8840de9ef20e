/**
 * The forms' length limits, as the browser needs them (maxLength). core/product-page.schema.ts
 * is where they are defined and checked, but it builds Zod schemas when imported: importing a
 * constant from it put Zod (~15 KB gzip) into the product page's script. limits.test.ts keeps
 * both equal.
 */
export const REVIEW_MAX = 2000;
export const QUESTION_MAX = 1000;
