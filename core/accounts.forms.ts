import { z } from "zod";
import { t } from "./i18n/index.ts";
import { isValidPhone, normalisePhone } from "./phone.ts";
import { isValidPostalCode } from "./postal-code.ts";
import type { Language } from "./stores.ts";
import { normaliseTaxId, TAX_TYPES, validateTaxId } from "./tax-id.ts";
import { emailField, type FieldErrors, requiredText, termsAccepted } from "./validation.ts";

/**
 * The account forms (sign up, log in, recovery, profile, addresses) as Zod schemas with the
 * messages in the page's language. The storefront's actions and the /api/auth-users routes
 * parse with these same schemas; browser-safe. Every object is strict: a key the form does
 * not have (`role`, `user`, `is_active` ...) is refused, never silently written.
 */

/** Argon2 hashes any length, but an unbounded one is free CPU for an attacker. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * The list of common (breached) passwords lives on the server (~70 KB, never sent to browsers):
 * the server installs its check at start (server/modules/accounts/accounts.common-passwords.ts).
 * It is kept on globalThis because the storefront's server build has its own copy of this
 * module in the same process. In a browser no check is installed: the server refuses on submit.
 */
const DENYLIST = Symbol.for("bano-shop.password-denylist");
type DenylistHolder = { [DENYLIST]?: (password: string) => boolean };

export function setPasswordDenylist(check: ((password: string) => boolean) | undefined): void {
  (globalThis as DenylistHolder)[DENYLIST] = check;
}

/** True when the installed list (if any) has this password. */
export function isDeniedPassword(password: string): boolean {
  return (globalThis as DenylistHolder)[DENYLIST]?.(password) ?? false;
}

export const passwordField = (lang: Language) =>
  z
    .string({ error: t(lang, "validation.password.required") })
    .min(1, t(lang, "validation.password.required"))
    .min(PASSWORD_MIN, t(lang, "validation.password.min"))
    .max(PASSWORD_MAX, t(lang, "validation.too_long", { max: PASSWORD_MAX }))
    .refine((v) => v.length < PASSWORD_MIN || !isDeniedPassword(v), t(lang, "validation.password.common"));

/** The password as typed at login: no length rule (old accounts, and no hint to an attacker). */
const loginPassword = (lang: Language) =>
  z
    .string({ error: t(lang, "validation.password.required") })
    .min(1, t(lang, "validation.password.required"))
    .max(PASSWORD_MAX, t(lang, "errors.auth.invalid_credentials"));

/** An optional checkbox: ticked is "on"/"true"/true, anything else (or absent) is false. */
const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/**
 * The confirmation must match. A refinement of the whole object, which Zod would skip when any
 * other field is wrong: `when` lets the form show this message together with the others.
 */
const samePasswords = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = (lang: Language) => ({
  path: ["password_confirmation"],
  message: t(lang, "validation.password.match"),
  when(payload: z.core.ParsePayload) {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return (
      typeof v?.password === "string" && typeof v.password_confirmation === "string" && !payload.issues.some((i) => i.path?.[0] === "password_confirmation")
    );
  },
});

export function signupSchema(lang: Language) {
  return z
    .strictObject({
      name: requiredText(lang, "name"),
      surnames: requiredText(lang, "surname"),
      email: emailField(lang),
      password: passwordField(lang),
      password_confirmation: z.string({ error: t(lang, "validation.password.match") }),
      privacy: z.union([z.literal(true), z.literal("on"), z.literal("true")], { error: t(lang, "validation.privacy.required") }).transform(() => true as const),
      professional: checkbox,
    })
    .refine(samePasswords, mismatch(lang));
}
export type SignupInput = z.output<ReturnType<typeof signupSchema>>;

/** The login form: email, password and the terms box (spec 5). */
export function loginSchema(lang: Language) {
  return z.strictObject({ email: emailField(lang), password: loginPassword(lang), terms: termsAccepted(lang) });
}
/** POST /auth-users/token/: the same pair without the form's terms box. */
export function tokenSchema(lang: Language) {
  return z.strictObject({ email: emailField(lang), password: loginPassword(lang) });
}
export type LoginInput = z.output<ReturnType<typeof tokenSchema>>;

export function resetRequestSchema(lang: Language) {
  return z.strictObject({ email: emailField(lang) });
}

export function newPasswordSchema(lang: Language) {
  return z
    .strictObject({ password: passwordField(lang), password_confirmation: z.string({ error: t(lang, "validation.password.match") }) })
    .refine(samePasswords, mismatch(lang));
}
export type NewPasswordInput = z.output<ReturnType<typeof newPasswordSchema>>;

export function changePasswordSchema(lang: Language) {
  return z
    .strictObject({
      current_password: loginPassword(lang),
      password: passwordField(lang),
      password_confirmation: z.string({ error: t(lang, "validation.password.match") }),
    })
    .refine(samePasswords, mismatch(lang));
}
export type ChangePasswordInput = z.output<ReturnType<typeof changePasswordSchema>>;

export function changeEmailSchema(lang: Language) {
  return z.strictObject({ email: emailField(lang), current_password: loginPassword(lang) });
}
export type ChangeEmailInput = z.output<ReturnType<typeof changeEmailSchema>>;

export function deleteAccountSchema(lang: Language) {
  return z.strictObject({ password: loginPassword(lang) });
}

const optionalText = (lang: Language, max = 100) =>
  z
    .string()
    .trim()
    .max(max, t(lang, "validation.too_long", { max }));

const phoneOf = (country: "ES" | "FR") => (v: string) => v === "" || isValidPhone(country, v);

/** What a customer may change of their own profile (PATCH: any subset; PUT: name and surnames required). */
export function profileSchema(lang: Language) {
  return z.strictObject({
    name: requiredText(lang, "name"),
    surnames: requiredText(lang, "surname"),
    phone: optionalText(lang, 30)
      .refine(phoneOf(lang === "fr" ? "FR" : "ES"), t(lang, "validation.phone.invalid"))
      .transform((v) => (v === "" ? null : normalisePhone(v)))
      .nullable()
      .optional(),
    language: z.enum(["es", "fr"]).optional(),
  });
}
export type ProfileInput = z.output<ReturnType<typeof profileSchema>>;

export const ADDRESS_TYPES = ["shipping", "billing"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_COUNTRIES = ["ES", "FR"] as const;

const required = (lang: Language, max = 100) =>
  z
    .string({ error: t(lang, "validation.required") })
    .trim()
    .min(1, t(lang, "validation.required"))
    .max(max, t(lang, "validation.too_long", { max }));

/**
 * An address of spec 3. Both types need the street, number, postal code (5 digits), city,
 * province and country; a shipping address also the recipient's name and phone; a billing
 * address the business name and a tax id valid for its type and country (control letters in
 * Spain). `user` may be sent (the spec's payloads carry it) but the server checks it is the
 * caller.
 */
export function addressSchema(lang: Language, type: AddressType) {
  const base = z.strictObject({
    user: z.coerce.number().int().positive().optional(),
    name: type === "shipping" ? required(lang) : optionalText(lang).default(""),
    business_name: type === "billing" ? required(lang, 150) : optionalText(lang, 150).default(""),
    tax_type: z
      .enum(TAX_TYPES, { error: t(lang, "validation.tax_type.required") })
      .nullable()
      .optional(),
    tax_id: optionalText(lang, 20).default(""),
    phone: type === "shipping" ? required(lang, 30) : optionalText(lang, 30).default(""),
    address: required(lang, 200),
    flat: optionalText(lang, 50).default(""),
    number: required(lang, 20),
    postal_code: z
      .string({ error: t(lang, "validation.postal_code.invalid") })
      .trim()
      .refine(isValidPostalCode, t(lang, "validation.postal_code.invalid")),
    city: required(lang),
    province: required(lang),
    country: z.enum(ADDRESS_COUNTRIES, { error: t(lang, "validation.country.required") }),
    default: checkbox,
  });
  return base
    .superRefine(
      (v, ctx) => {
        if (v.phone !== "" && !isValidPhone(v.country, v.phone)) {
          ctx.addIssue({ code: "custom", path: ["phone"], message: t(lang, "validation.phone.invalid") });
        }
        const needsTaxId = type === "billing" || v.tax_id !== "" || v.tax_type;
        if (!needsTaxId) return;
        if (!v.tax_type) {
          ctx.addIssue({ code: "custom", path: ["tax_type"], message: t(lang, "validation.tax_type.required") });
          return;
        }
        if (v.tax_id === "") {
          ctx.addIssue({ code: "custom", path: ["tax_id"], message: t(lang, "validation.required") });
          return;
        }
        const problem = validateTaxId(v.country, v.tax_type, v.tax_id);
        if (problem) ctx.addIssue({ code: "custom", path: ["tax_id"], message: t(lang, problem) });
      },
      // Checked even when other fields are wrong (a shopper sees every error at the first submit), as
      // long as the fields these rules read parsed.
      {
        when: (p: { issues: { path?: PropertyKey[] }[] }) => !p.issues.some((i) => ["phone", "country", "tax_type", "tax_id"].includes(String(i.path?.[0]))),
      } as never,
    )
    .transform((v) => ({
      ...v,
      tax_type: v.tax_type ?? null,
      tax_id: v.tax_id === "" ? "" : normaliseTaxId(v.tax_id),
      phone: v.phone === "" ? "" : normalisePhone(v.phone),
    }));
}
export type AddressInput = z.output<ReturnType<typeof addressSchema>>;

/**
 * Parses a raw form or JSON body: the data, or the first message of each field. A key the form
 * does not have (a tampered form: `role`, `user`...) is named with its own message.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  lang: Language = "es",
): { ok: true; data: z.output<S> } | { ok: false; fieldErrors: FieldErrors } {
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, data: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) errors[k] ??= t(lang, "validation.unknown_field");
      continue;
    }
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors: errors };
}
