/**
 * The checkout's shapes (issue 9, spec 3, 4, 5): the form the shopper sends to place an order
 * and the order as its owner sees it. The storefront's action and the /api/checkout routes
 * parse with the same schema, in the page's language; browser-safe.
 */
import { z } from "zod";
import { isDeniedPassword, PASSWORD_MAX, PASSWORD_MIN } from "./accounts.forms.ts";
import { PAYMENT_METHODS, ShippingPrice } from "./cart.schema.ts";
import { ImageDto } from "./catalog.schema.ts";
import { t } from "./i18n/index.ts";
import { isValidPhone, normalisePhone } from "./phone.ts";
import { deliveryExcluded, isValidPostalCode } from "./postal-code.ts";
import type { Language } from "./stores.ts";
import { normaliseTaxId, TAX_TYPES, validateTaxId } from "./tax-id.ts";
import { emailField, hasControlCharacters } from "./validation.ts";

const int = () => z.number().int();
const cents = () => z.number().int();

const BILLING_FIELDS = ["billing_address", "billing_number", "billing_postal_code", "billing_city", "billing_province", "billing_country"];

/** The country a store delivers to (spec 5: Spain enabled for es, France for fr). */
export const storeCountry = (lang: Language): "ES" | "FR" => (lang === "fr" ? "FR" : "ES");

const required = (lang: Language, max = 100) =>
  z
    .string({ error: t(lang, "validation.required") })
    .trim()
    .min(1, t(lang, "validation.required"))
    .max(max, t(lang, "validation.too_long", { max }))
    .refine((v) => !hasControlCharacters(v), t(lang, "validation.invalid_characters"));

const optional = (lang: Language, max: number) =>
  z
    .string()
    .trim()
    .max(max, t(lang, "validation.too_long", { max }))
    .refine((v) => !hasControlCharacters(v.replace(/[\r\n\t]/g, "")), t(lang, "validation.invalid_characters"))
    .optional()
    .default("");

/** A ticked checkbox ("on", "true", true); anything else is false. */
const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/**
 * The checkout form (spec 5): contact, shipping address, billing (business name and tax id
 * always; a billing address only when it differs from the shipping one), observations and the
 * payment method. `idempotency_key` comes with the form (one per checkout page): the same key
 * sent twice places one order. `expected_total` is the total the shopper was shown; the order
 * is not placed when the cart's total differs (spec 8's price-mismatch message). `password`
 * (guests only, optional) creates an account to follow the order (spec 6). `quotation` saves
 * the cart as a quotation (status 200) instead of paying now.
 */
export function checkoutSchema(lang: Language) {
  const country = storeCountry(lang);
  const postal = z
    .string({ error: t(lang, "validation.postal_code.invalid") })
    .trim()
    .refine(isValidPostalCode, t(lang, "validation.postal_code.invalid"));
  return (
    z
      .strictObject({
        cart: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        idempotency_key: z.string({ error: t(lang, "validation.required") }).regex(/^[A-Za-z0-9_-]{16,100}$/, t(lang, "validation.required")),
        expected_total: z.coerce.number().int().min(0).max(100_000_000),
        name: required(lang),
        surnames: required(lang, 150),
        phone: required(lang, 30).refine((v) => isValidPhone(country, v), t(lang, "validation.phone.invalid")),
        email: emailField(lang),
        shipping_address: required(lang, 200),
        shipping_number: required(lang, 60),
        shipping_postal_code: postal.refine((v) => !deliveryExcluded(country, v), t(lang, "checkout.validation.not_delivered")),
        shipping_city: required(lang),
        shipping_province: required(lang),
        shipping_country: z.literal(country, { error: t(lang, "validation.country.required") }),
        same_billing_data: z
          .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
          .optional()
          .transform((v) => v === undefined || v === true || v === "on" || v === "true"),
        billing_business_name: required(lang, 200),
        billing_tax_id_type: z.enum(TAX_TYPES, { error: t(lang, "validation.tax_type.required") }),
        billing_tax_id: required(lang, 20),
        billing_address: optional(lang, 200),
        billing_number: optional(lang, 60),
        billing_postal_code: optional(lang, 5),
        billing_city: optional(lang, 100),
        billing_province: optional(lang, 100),
        billing_country: optional(lang, 2),
        observations: optional(lang, 1000),
        payment_method: z.enum(PAYMENT_METHODS, { error: t(lang, "checkout.validation.payment_method") }),
        password: z
          .string()
          .max(PASSWORD_MAX, t(lang, "validation.too_long", { max: PASSWORD_MAX }))
          .refine((v) => v === "" || v.length >= PASSWORD_MIN, t(lang, "validation.password.min"))
          .refine((v) => v.length < PASSWORD_MIN || !isDeniedPassword(v), t(lang, "validation.password.common"))
          .optional()
          .default(""),
        quotation: checkbox,
        terms: checkbox,
      })
      // Each check runs once the fields it reads parsed, so every error shows at once (not the
      // billing address's only after the tax id is right).
      .superRefine(
        (v, ctx) => {
          const problem = validateTaxId(country, v.billing_tax_id_type, v.billing_tax_id);
          if (problem) ctx.addIssue({ code: "custom", path: ["billing_tax_id"], message: t(lang, problem) });
        },
        {
          when: (p: { issues: { path?: PropertyKey[] }[] }) => !p.issues.some((i) => ["billing_tax_id_type", "billing_tax_id"].includes(String(i.path?.[0]))),
        } as never,
      )
      .superRefine(
        (v, ctx) => {
          const issue = (path: string, key: string) => ctx.addIssue({ code: "custom", path: [path], message: t(lang, key) });
          if (!v.same_billing_data) {
            for (const f of ["billing_address", "billing_number", "billing_city", "billing_province"] as const) if (!v[f]) issue(f, "validation.required");
            if (!isValidPostalCode(v.billing_postal_code)) issue("billing_postal_code", "validation.postal_code.invalid");
            if (v.billing_country !== country) issue("billing_country", "validation.country.required");
          }
        },
        {
          when: (p: { issues: { path?: PropertyKey[] }[] }) => !p.issues.some((i) => ["same_billing_data", ...BILLING_FIELDS].includes(String(i.path?.[0]))),
        } as never,
      )
      .transform((v) => ({
        ...v,
        phone: normalisePhone(v.phone),
        billing_tax_id: normaliseTaxId(v.billing_tax_id),
        // With the same billing data, the billing address is the shipping one (kept explicit on the order).
        ...(v.same_billing_data
          ? {
              billing_address: v.shipping_address,
              billing_number: v.shipping_number,
              billing_postal_code: v.shipping_postal_code,
              billing_city: v.shipping_city,
              billing_province: v.shipping_province,
              billing_country: v.shipping_country,
            }
          : {}),
      }))
  );
}
export type CheckoutInput = z.output<ReturnType<typeof checkoutSchema>>;
export type CheckoutForm = z.input<ReturnType<typeof checkoutSchema>>;

// ---------------------------------------------------------------- the order as its owner sees it

export const OrderLineDto = z.object({
  kind: z.enum(["product", "complement", "service"]),
  name: z.string(),
  ref: z.string(),
  quantity: int(),
  unit: cents().describe("Unit price paid (after the professional discount), VAT included"),
  professional_discount: cents(),
  total: cents(),
});

export const OrderRowDto = z.object({
  id: int(),
  name: z.string(),
  ref: z.string(),
  quantity: int(),
  product: z.object({ slug: z.string(), path: z.string(), image: ImageDto.nullable() }),
  summary: z.array(z.object({ label: z.string(), value: z.string() })),
  lines: z.array(OrderLineDto),
  /** Products, complements and services after the professional discount, before the coupon. */
  total: cents(),
  professional_discount: cents(),
  coupon_discount: cents(),
  shipping: cents(),
  shipping_prices: z.array(ShippingPrice),
  /** total - coupon_discount + shipping: what this row costs the customer. */
  final_total: cents(),
  sub_order: int().nullable(),
});

export const SubOrderDto = z.object({
  id: int(),
  package: int(),
  status: int(),
  delivery_from: z.string().nullable().describe("yyyy-mm-dd"),
  delivery_to: z.string().nullable().describe("yyyy-mm-dd"),
  agency: z.string().nullable(),
  shipment_number: z.string().nullable(),
  rows: z.array(int()),
});

export const OrderRequestDto = z.object({
  id: int(),
  kind: z.enum(["incident", "return", "withdrawal"]),
  status: z.enum(["open", "accepted", "refused", "closed"]),
  reason: z.string(),
  message: z.string(),
  created_at: z.string(),
});

const address = z.object({
  address: z.string().nullable(),
  number: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  country: z.string().nullable(),
});

export const OrderDto = z.object({
  id: int(),
  order_number: z.string(),
  status: int(),
  store: z.string(),
  kind: z.enum(["order", "quotation"]),
  created_at: z.string(),
  placed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  expires_at: z.string().nullable().describe("Quotations: valid until"),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payment_reference: z.string().nullable(),
  customer: int().nullable(),
  beneficiary: z.object({ name: z.string().nullable(), surnames: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  shipping_address: address,
  billing: address.extend({
    business_name: z.string().nullable(),
    tax_id_type: z.string().nullable(),
    tax_id: z.string().nullable(),
  }),
  observations: z.string().nullable(),
  professional: z.boolean(),
  coupon_code: z.string().nullable(),
  rows: z.array(OrderRowDto),
  sub_orders: z.array(SubOrderDto),
  prices: z.object({
    subtotal: cents(),
    shipping: cents(),
    coupon_discount: cents(),
    paypal_commission: cents(),
    total: cents(),
    saved: cents(),
  }),
  vat: z.object({ rate_bp: int(), base: cents(), amount: cents() }),
  requests: z.array(OrderRequestDto),
  invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
  /** What the customer can do now (spec 4: pay-my-order, open incident, return). */
  actions: z.object({ pay: z.boolean(), incident: z.boolean(), return: z.boolean(), withdraw: z.boolean() }),
});

export const OrderSummaryDto = OrderDto.pick({
  id: true,
  order_number: true,
  status: true,
  kind: true,
  created_at: true,
  placed_at: true,
  expires_at: true,
  payment_method: true,
}).extend({ total: cents(), size: int() });

/** What the checkout asks the shopper's browser to do next. */
export const PaymentAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("redirect"), url: z.string().describe("The provider's payment page") }),
  z.object({
    type: z.literal("transfer"),
    reference: z.string(),
    amount: cents(),
    bank: z.object({ holder: z.string(), iban: z.string(), bic: z.string(), bank: z.string() }),
  }),
  z.object({ type: z.literal("none").describe("A quotation: nothing to pay now") }),
]);

export const PlaceOrderAnswer = z.object({
  order: OrderDto,
  payment: PaymentAction,
  /** A repeated request (same idempotency key, or a cart already placed): the order placed the first time. */
  existing: z.boolean(),
  /** Signed link to the order for a guest (also mailed). */
  order_url: z.string(),
});
