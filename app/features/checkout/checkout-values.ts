import type { AddressDto, ClientDto } from "../../../core/accounts.types.ts";
import { paypalCommission } from "../../../core/cart-pricing.ts";
import type { CartDto, PaymentMethod } from "../../../core/cart.types.ts";
import type { Language } from "../../../core/stores.ts";
import { TAX_TYPES } from "../../../core/tax-id.ts";
import { formatDecimal } from "../../../core/intl.ts";

/**
 * The checkout form's fields in the order the page shows them: the first one with an error
 * gets the focus after a refused submit, and the error summary lists them in this order.
 */
export const CHECKOUT_FIELDS = [
  "name",
  "surnames",
  "phone",
  "email",
  "shipping_address",
  "shipping_number",
  "shipping_postal_code",
  "shipping_city",
  "shipping_province",
  "shipping_country",
  "billing_business_name",
  "billing_tax_id_type",
  "billing_tax_id",
  "same_billing_data",
  "billing_address",
  "billing_number",
  "billing_postal_code",
  "billing_city",
  "billing_province",
  "billing_country",
  "observations",
  "payment_method",
  "password",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<Exclude<CheckoutField, "password">, string>;

/** Every key the checkout schema accepts from the page's form (anything else is left out before placing). */
export const FORM_KEYS: readonly string[] = [...CHECKOUT_FIELDS, "cart", "idempotency_key", "expected_total", "quotation"];

/** The payment methods a store offers, in the order the page lists them (Bizum exists in Spain only). */
export const STORE_METHODS: Record<Language, readonly PaymentMethod[]> = {
  es: ["card", "bizum", "paypal", "applePay", "googlePay", "klarna_account", "scalapay_3x", "transfer"],
  fr: ["card", "paypal", "applePay", "googlePay", "klarna_account", "scalapay_3x", "transfer"],
};

/** The total the shopper is shown before any PayPal commission: what the form sends as `expected_total`. */
export const totalWithoutCommission = (c: Pick<CartDto, "prices">) => c.prices.pvp_total - c.prices.paypal_commission;

/** What choosing PayPal adds to that total (the server adds the same, spec 9: a rate of the total, rounded). */
export const commissionFor = (c: Pick<CartDto, "prices">, rate: number) => paypalCommission(totalWithoutCommission(c), rate);

/** "2 %" / "2,5 %" for the PayPal option's note. */
export function ratePercent(rate: number, locale: string): string {
  return `${formatDecimal(rate * 100, locale, 2)} %`;
}

/** "Calle Mayor 12" + "3º B" -> the single number/floor/door field of the checkout. */
export function numberAndFlat(a: Pick<AddressDto, "number" | "flat">): string {
  return [a.number, a.flat]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(", ");
}

const pick = (...vs: (string | null | undefined)[]) => vs.find((v) => v != null && v.trim() !== "")?.trim() ?? "";

export type PrefillInput = {
  lang: Language;
  cart: Pick<
    CartDto,
    | "name"
    | "surnames"
    | "phone"
    | "email"
    | "shipping_address"
    | "shipping_number"
    | "shipping_postal_code"
    | "shipping_city"
    | "shipping_province"
    | "same_billing_data"
    | "billing_business_name"
    | "billing_tax_id_type"
    | "billing_tax_id"
    | "billing_address"
    | "billing_number"
    | "billing_postal_code"
    | "billing_city"
    | "billing_province"
    | "payment_method_selected"
    | "observations"
  >;
  user: Pick<ClientDto, "name" | "surnames" | "email" | "phone"> | null;
  /** A saved shipping address the customer picked (?shipping=id), or their default one. */
  shipping: AddressDto | null;
  /** True when `shipping` was picked now: it wins over what the cart holds. */
  shippingPicked: boolean;
  billing: AddressDto | null;
  billingPicked: boolean;
};

/** A cart with nothing typed yet (the form of an empty checkout). */
export const EMPTY_CART: PrefillInput["cart"] = {
  name: null,
  surnames: null,
  phone: null,
  email: null,
  shipping_address: null,
  shipping_number: null,
  shipping_postal_code: null,
  shipping_city: null,
  shipping_province: null,
  same_billing_data: true,
  billing_business_name: null,
  billing_tax_id_type: null,
  billing_tax_id: null,
  billing_address: null,
  billing_number: null,
  billing_postal_code: null,
  billing_city: null,
  billing_province: null,
  payment_method_selected: null,
  observations: null,
};

/**
 * The form's first values: what the shopper typed on this cart before (the cart keeps it), then
 * the signed-in customer's data and saved addresses. An address picked now replaces the cart's.
 * The billing tax id type starts on the first option of its list (spec 5); the billing data is
 * the shipping data unless the cart or a picked billing address says otherwise.
 */
export function prefill(p: PrefillInput): CheckoutValues {
  const { cart, user } = p;
  const country = p.lang === "fr" ? "FR" : "ES";
  const ship = p.shipping;
  const fromShip = p.shippingPicked || !pick(cart.shipping_address);
  const s = (cartValue: string | null, addrValue: string | undefined) => (fromShip ? pick(addrValue, cartValue) : pick(cartValue, addrValue));
  const bill = p.billing;
  const fromBill = p.billingPicked || !pick(cart.billing_business_name, cart.billing_tax_id);
  const b = (cartValue: string | null, addrValue: string | undefined) => (fromBill ? pick(addrValue, cartValue) : pick(cartValue, addrValue));
  const fullName = pick([cart.name ?? user?.name, cart.surnames ?? user?.surnames].filter(Boolean).join(" "));
  const billingDiffers =
    bill != null && fromBill && (ship == null || bill.address !== ship.address || bill.number !== ship.number || bill.postal_code !== ship.postal_code);
  const taxType = b(cart.billing_tax_id_type, bill?.tax_type ?? undefined);
  return {
    name: pick(cart.name, user?.name),
    surnames: pick(cart.surnames, user?.surnames),
    phone: pick(cart.phone, ship?.phone, user?.phone),
    email: pick(cart.email, user?.email),
    shipping_address: s(cart.shipping_address, ship?.address),
    shipping_number: s(cart.shipping_number, ship ? numberAndFlat(ship) : undefined),
    shipping_postal_code: s(cart.shipping_postal_code, ship?.postal_code),
    shipping_city: s(cart.shipping_city, ship?.city),
    shipping_province: s(cart.shipping_province, ship?.province),
    shipping_country: country,
    billing_business_name: b(cart.billing_business_name, bill?.business_name) || (user ? fullName : ""),
    billing_tax_id_type: (TAX_TYPES as readonly string[]).includes(taxType) ? taxType : TAX_TYPES[0],
    billing_tax_id: b(cart.billing_tax_id, bill?.tax_id),
    same_billing_data: (fromBill ? !billingDiffers : cart.same_billing_data) ? "on" : "",
    billing_address: b(cart.billing_address, bill?.address),
    billing_number: b(cart.billing_number, bill ? numberAndFlat(bill) : undefined),
    billing_postal_code: b(cart.billing_postal_code, bill?.postal_code),
    billing_city: b(cart.billing_city, bill?.city),
    billing_province: b(cart.billing_province, bill?.province),
    billing_country: country,
    observations: cart.observations ?? "",
    payment_method: cart.payment_method_selected ?? "",
  };
}

/** The values a refused form sends back to the page (the password never is). */
export function valuesFromForm(form: Record<string, string>, fallback: CheckoutValues): CheckoutValues {
  const out = { ...fallback };
  for (const k of Object.keys(fallback) as (keyof CheckoutValues)[]) {
    if (k === "same_billing_data") out[k] = form.same_billing_data === "on" || form.same_billing_data === "true" ? "on" : "";
    else out[k] = typeof form[k] === "string" ? form[k].slice(0, 2000) : "";
  }
  return out;
}

/** Only the keys the checkout schema knows (the page's own `intent` and anything added on the way are left out). */
export function placeOrderForm(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([k]) => FORM_KEYS.includes(k)));
}

/** The first field with an error, in the order the page shows them. */
export function firstInvalid(errors: Record<string, string> | undefined): string | null {
  if (!errors) return null;
  return CHECKOUT_FIELDS.find((f) => errors[f]) ?? Object.keys(errors)[0] ?? null;
}

/** 32 url-safe random characters: one idempotency key per checkout page (a double click or a retry places one order). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
