import { z } from "zod";
import { t } from "./i18n/index.ts";
import type { Language } from "./stores.ts";

/**
 * Zod pieces shared by the storefront forms and the API (spec section 5), with the
 * messages in the request's language. Browser-safe: no node or database imports.
 */

/** Spec: a local part, an @, and a domain whose top-level domain has at least 2 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value) && !hasControlCharacters(value);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * NUL, line breaks, escape codes and the other C0/C1 control characters have no place in a
 * one-line field: PostgreSQL refuses NUL in text (a 500 before this check), and the others
 * end up in e-mails, CSV exports and logs.
 */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A one-line text field: trimmed, at most `max` characters, no control characters. */
export const singleLineText = (lang: Language, max = 100) =>
  z
    .string()
    .trim()
    .max(max, t(lang, "validation.too_long", { max }))
    .refine((v) => !hasControlCharacters(v), t(lang, "validation.invalid_characters"));

/** An email, trimmed and lower-cased so "Ana@X.es" and "ana@x.es" are one subscriber. */
export const emailField = (lang: Language) =>
  z
    .string({ error: t(lang, "validation.email.required") })
    .trim()
    .min(1, t(lang, "validation.email.required"))
    .refine(isValidEmail, t(lang, "validation.email.invalid"))
    .transform((v) => v.toLowerCase());

/** A required person's name (or surname) of at most 100 characters. */
export const requiredText = (lang: Language, key: "name" | "surname") =>
  z
    .string({ error: t(lang, `validation.${key}.required`) })
    .trim()
    .min(1, t(lang, `validation.${key}.required`))
    .max(100, t(lang, "validation.too_long", { max: 100 }))
    .refine((v) => !hasControlCharacters(v), t(lang, "validation.invalid_characters"));

/** A checkbox that must be ticked: the form sends "on", the API `true`. */
export const termsAccepted = (lang: Language) =>
  z.union([z.literal(true), z.literal("on"), z.literal("true")], { error: t(lang, "validation.terms.required") }).transform(() => true as const);

export type NewsletterSource = "footer" | "popup";

/** Footer form: name, surname, email and terms. Popup form: name, email and terms. */
export function newsletterSchema(lang: Language, source: NewsletterSource) {
  return z.object({
    name: requiredText(lang, "name"),
    surname: source === "footer" ? requiredText(lang, "surname") : singleLineText(lang).optional().default(""),
    email: emailField(lang),
    terms: termsAccepted(lang),
  });
}

export type NewsletterInput = z.output<ReturnType<typeof newsletterSchema>>;

export type FieldErrors = Record<string, string>;

/** The first message of each field, for a form to show next to its input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Parses a raw form or JSON body; the result carries either the data or one message per field. */
export function parseNewsletter(
  lang: Language,
  source: NewsletterSource,
  raw: unknown,
): { ok: true; data: NewsletterInput } | { ok: false; fieldErrors: FieldErrors } {
  const r = newsletterSchema(lang, source).safeParse(raw);
  return r.success ? { ok: true, data: r.data } : { ok: false, fieldErrors: fieldErrors(r.error) };
}
