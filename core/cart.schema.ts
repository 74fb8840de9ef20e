/**
 * The cart's shapes (spec 3: "Server cart response", cart rows, coupons) as Zod schemas: the
 * REST API validates requests and documents (and, outside production, checks) its answers
 * with them; core/cart.types.ts infers the types the storefront uses. Amounts are integer
 * cents, VAT included.
 */
import { z } from "zod";
import { ImageDto } from "./catalog.schema.ts";
import { selectionSchema } from "./configurator.schema.ts";
import { isValidEmail } from "./validation.ts";

const int = () => z.number().int();
const cents = () => z.number().int();

export const PAYMENT_METHODS = ["card", "bizum", "klarna_account", "paypal", "transfer", "scalapay_3x", "googlePay", "applePay"] as const;
export const CART_STATUS = { cart: 100, abandoned: 150 } as const;

export const ShippingPrice = z.object({ _type: z.enum(["shipping", "free_shipping"]), amount: cents() });

export const CartLine = z.object({
  kind: z.enum(["product", "complement", "service"]),
  id: z.string(),
  name: z.string(),
  ref: z.string(),
  quantity: int(),
  unit: cents().describe("Unit price paid (after the professional discount), VAT included"),
  total: cents(),
  original: cents().nullable().describe("Total at the struck-through price, when on offer"),
  professional_discount: cents().describe("What the professional discount takes off this line"),
});

export const CartRowDto = z.object({
  id: int(),
  order: int().describe("The cart (order) id"),
  quantity: int(),
  product: z.object({
    id: int(),
    slug: z.string(),
    path: z.string(),
    name: z.string(),
    ref: z.string(),
    image: ImageDto.nullable(),
    product_type: z.string(),
  }),
  variant_id: int().nullable(),
  ref: z.string(),
  name: z.string(),
  selection: selectionSchema,
  summary: z.array(z.object({ label: z.string(), value: z.string() })).describe("The chosen options, in the store's language"),
  lines: z.array(CartLine),
  total: cents(),
  original_total: cents().nullable(),
  professional_discount: cents(),
  coupon_discount: cents().describe("This row's share of the coupon discount"),
  shipping_prices: z.array(ShippingPrice),
  out_of_stock: z.boolean().describe("The product ran out (or has less stock than the quantity) since it was added"),
});

export const CartPrices = z.object({
  pvp: cents(),
  pvp_shipping: cents(),
  pvp_saved: cents(),
  paypal_commission: cents(),
  pvp_total: cents(),
});

export const CartCoupon = z.object({ id: int(), code: z.string(), total_discount: cents() });

export const CART_BLOCKERS = ["cart.empty", "cart.not_delivered", "cart.out_of_stock"] as const;

export const CartDto = z.object({
  id: int(),
  order_number: z.string(),
  status: int().describe("100 cart, 150 abandoned cart"),
  store: z.string(),
  size: int().describe("Number of rows"),
  rows: z.array(CartRowDto),
  cart_total: cents(),
  total_discount: cents(),
  coupon: CartCoupon.nullable(),
  coupon_code: z.string().nullable(),
  name: z.string().nullable(),
  surnames: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  customer: int().nullable().describe("The customer's user id, when the cart is a customer's"),
  professional: z.boolean(),
  shipping_address: z.string().nullable(),
  shipping_number: z.string().nullable(),
  shipping_postal_code: z.string().nullable(),
  shipping_city: z.string().nullable(),
  shipping_province: z.string().nullable(),
  shipping_country: z.string().nullable(),
  same_billing_data: z.boolean(),
  billing_business_name: z.string().nullable(),
  billing_tax_id_type: z.string().nullable(),
  billing_tax_id: z.string().nullable(),
  billing_address: z.string().nullable(),
  billing_number: z.string().nullable(),
  billing_postal_code: z.string().nullable(),
  billing_city: z.string().nullable(),
  billing_province: z.string().nullable(),
  billing_country: z.string().nullable(),
  payment_method_selected: z.enum(PAYMENT_METHODS).nullable(),
  observations: z.string().nullable(),
  paypal_commission: cents(),
  prices: CartPrices,
  vat: z.object({ rate_bp: int(), base: cents(), amount: cents() }),
  delivery: z.object({
    postal_code: z.string().nullable(),
    status: z.enum(["unknown", "ok", "not_delivered"]),
    free_shipping: z.boolean(),
    free_shipping_threshold: cents(),
    missing_for_free_shipping: cents(),
    message: z.string().nullable(),
  }),
  can_checkout: z.boolean(),
  blockers: z.array(z.enum(CART_BLOCKERS)),
  updated_at: z.string(),
});

// ---------------------------------------------------------------- inputs

const text = (max: number) => z.string().trim().max(max);
const nullableText = (max: number) => text(max).nullable().optional();

/** PUT carts/{id}/: any subset of the contact, shipping, billing and payment fields. */
export const CartUpdateInput = z
  .object({
    name: nullableText(100),
    surnames: nullableText(150),
    phone: nullableText(30),
    email: z.string().trim().toLowerCase().refine(isValidEmail, "invalid email").nullable().optional(),
    shipping_address: nullableText(200),
    shipping_number: nullableText(60),
    shipping_postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "5 digits")
      .nullable()
      .optional(),
    shipping_city: nullableText(100),
    shipping_province: nullableText(100),
    shipping_country: nullableText(2),
    same_billing_data: z.boolean().optional(),
    billing_business_name: nullableText(200),
    billing_tax_id_type: z.enum(["dni", "nie", "cif"]).nullable().optional(),
    billing_tax_id: nullableText(20),
    billing_address: nullableText(200),
    billing_number: nullableText(60),
    billing_postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "5 digits")
      .nullable()
      .optional(),
    billing_city: nullableText(100),
    billing_province: nullableText(100),
    billing_country: nullableText(2),
    payment_method_selected: z.enum(PAYMENT_METHODS).nullable().optional(),
    observations: nullableText(1000),
  })
  .strict();

/** POST cart-rows/: a product (slug or id) and the configurator's selection. */
export const AddRowInput = z.object({
  cart: int().positive().optional().describe("The cart to add to; a new one is made when absent (its token comes back)"),
  product: z
    .union([
      z
        .string()
        .trim()
        .min(1)
        .max(200)
        .regex(/^[\w-]+$/),
      int().positive(),
    ])
    .describe("Product slug or id"),
  selection: selectionSchema,
});

export const RowQuantityInput = z.object({ quantity: int().min(1).max(99) });

// ---------------------------------------------------------------- coupons

export const CouponDto = z.object({
  id: int(),
  store: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(["amount", "percent"]),
  value: int().describe("Cents for amount, basis points for percent (1000 = 10 %)"),
  min_cart_amount: cents(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  first_purchase_only: z.boolean(),
  usage_limit: int().nullable(),
  per_customer_limit: int().nullable(),
  single_use: z.boolean(),
  used_count: int(),
  email: z.string().nullable().describe("A personal coupon works only for this email"),
  public: z.boolean(),
  active: z.boolean(),
});

/** What GET coupons/web_list/ shows to anyone: the public coupons valid now. */
export const PublicCouponDto = CouponDto.pick({
  id: true,
  code: true,
  name: true,
  kind: true,
  value: true,
  min_cart_amount: true,
  valid_to: true,
  first_purchase_only: true,
});

const couponCode = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only");

export const CouponInput = z
  .object({
    code: couponCode,
    name: z.string().trim().max(200).default(""),
    kind: z.enum(["amount", "percent"]),
    value: int().positive(),
    min_cart_amount: int().min(0).default(0),
    valid_from: z.iso.datetime({ offset: true }).nullable().default(null),
    valid_to: z.iso.datetime({ offset: true }).nullable().default(null),
    first_purchase_only: z.boolean().default(false),
    usage_limit: int().positive().nullable().default(null),
    per_customer_limit: int().positive().nullable().default(null),
    single_use: z.boolean().default(false),
    email: z.string().trim().toLowerCase().refine(isValidEmail, "invalid email").nullable().default(null),
    public: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((c) => c.kind !== "percent" || c.value <= 10_000, { message: "a percentage is at most 10000 bp (100 %)", path: ["value"] })
  .refine((c) => !c.valid_from || !c.valid_to || c.valid_from < c.valid_to, { message: "valid_to must be after valid_from", path: ["valid_to"] });

export const ValidateCouponInput = z.object({
  cart: int().positive().optional().describe("The cart; the caller's current cart when absent"),
  code: z.string().trim().min(1).max(60),
});
