import { z } from "zod";
import { PAYMENT_METHODS } from "../../../core/cart.schema.ts";
import { ORDER_STATUSES } from "../../../core/orders.ts";
import { hasControlCharacters } from "../../../core/validation.ts";
import { OrderDto } from "../../../core/checkout.schema.ts";

export const Id = z.coerce.number().int().min(1).max(2_147_483_647);
export const IdParams = z.object({ id: Id });

/** Text without NUL or control characters (new lines allowed where `multiline`). */
export const Text = (max: number, opts: { min?: number; multiline?: boolean } = {}) =>
  z
    .string()
    .trim()
    .min(opts.min ?? 0)
    .max(max)
    .refine((v) => !hasControlCharacters(opts.multiline ? v.replace(/[\r\n\t]/g, "") : v), "control characters are not allowed");

/** A query parameter given once (`status=400`), several times (`status=400&status=450`) or comma-separated (`status=400,450`). */
const many = <T extends z.ZodType>(item: T, max = 20) =>
  z.preprocess((v) => {
    if (v === undefined || v === "") return undefined;
    const arr = Array.isArray(v) ? v : [v];
    return arr
      .flatMap((x) => String(x).split(","))
      .map((x) => x.trim())
      .filter(Boolean);
  }, z.array(item).max(max).optional());

const bool = z.preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v), z.boolean().optional());
const Status = z.coerce
  .number()
  .int()
  .refine((s) => (ORDER_STATUSES as number[]).includes(s), "unknown status");

export const PAYMENT_STATES = ["unpaid", "paid", "partially_refunded", "refunded"] as const;
export const SHIPPING_STATES = ["none", "pending", "partial", "shipped", "delivered", "incident"] as const;

/**
 * The staff order list's filters: the same names are the list screen's URL parameters
 * (/admin/orders?status=400&payment=paid).
 */
export const ListFilters = z.object({
  store: many(z.enum(["ESDB", "FRDB"]), 2).describe("Store source code(s): ESDB, FRDB"),
  status: many(Status).describe("Order status(es), spec 4 numbers (400, 450...)"),
  payment: many(z.enum(PAYMENT_STATES), 4).describe("Payment state(s): unpaid, paid, partially_refunded, refunded"),
  method: many(z.enum(PAYMENT_METHODS), 10).describe("Payment method(s) chosen at checkout"),
  shipping: many(z.enum(SHIPPING_STATES), 6).describe("Shipping state(s) from the packages: none, pending, partial, shipped, delivered, incident"),
  from: z.iso.date().optional().describe("First Europe/Madrid day (YYYY-MM-DD), included"),
  to: z.iso.date().optional().describe("Last Europe/Madrid day (YYYY-MM-DD), included"),
  professional: bool.describe("true: professional customers' orders only; false: the others"),
  installation: bool.describe("true: orders with the installation service; false: without"),
  coupon: Text(50).optional().describe("Coupon code (any case)"),
  q: Text(100).optional().describe("Search: order number, payment reference, e-mail, name, phone, postal code (contains), product reference (starts with)"),
  sort: z.enum(["date", "total", "number"]).default("date"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});

export const ListQuery = ListFilters.extend({
  after: z.string().max(300).optional().describe("Keyset cursor: the `next` of the previous page"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrderListQuery = z.output<typeof ListQuery>;

export const ListRowDto = z.object({
  id: z.number().int(),
  order_number: z.string(),
  date: z.string(),
  store: z.string(),
  customer_name: z.string(),
  email: z.string().nullable(),
  professional: z.boolean(),
  status: z.number().int(),
  payment_method: z.string().nullable(),
  payment_state: z.enum(PAYMENT_STATES),
  shipping_state: z.enum(SHIPPING_STATES),
  items: z.number().int(),
  total: z.number().int(),
  has_installation: z.boolean(),
});

export const ListResponse = z.object({
  results: z.array(ListRowDto),
  next: z.string().nullable().describe("Cursor of the next page (send as `after`); null on the last page"),
  has_more: z.boolean(),
  count: z.number().int().optional().describe("First page only: matching orders, exact up to 1,000"),
  count_capped: z.boolean().optional().describe("True when more than 1,000 match (count is then 1,000)"),
});

/** Which orders a bulk action takes: chosen ids, or every order matching a filter (at most 1,000). */
export const Target = z
  .object({
    ids: z.array(Id).min(1).max(1000).optional(),
    filter: ListFilters.partial().optional(),
  })
  .strict()
  .refine((t) => (t.ids ? 1 : 0) + (t.filter ? 1 : 0) === 1, "give either ids or filter");

export const BulkStatusBody = z
  .object({
    target: Target,
    status: z.union([z.literal(450), z.literal(500)]).describe("Preparation statuses; payments, cancellations and packages have calls of their own"),
    note: Text(1000).nullable().optional(),
  })
  .strict();
export const BulkMailBody = z.object({ target: Target, kind: z.enum(["confirmation", "transfer", "paid"]) }).strict();
export const BulkTargetBody = z.object({ target: Target }).strict();

export const BulkResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string().nullable(),
      ok: z.boolean(),
      code: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
  ok: z.number().int(),
  failed: z.number().int(),
});

export const StatusBody = z.object({ status: z.union([z.literal(450), z.literal(500)]), note: Text(1000).nullable().optional() }).strict();

const opt = (max: number) => Text(max).nullable().optional();
export const AddressBody = z
  .object({
    name: Text(100, { min: 1 }).optional(),
    surnames: opt(150),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
    phone: opt(30),
    shipping_address: opt(200),
    shipping_number: opt(50),
    shipping_postal_code: opt(12),
    shipping_city: opt(100),
    shipping_province: opt(100),
    shipping_country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .optional(),
    billing_business_name: opt(200),
    billing_tax_id: opt(30),
    billing_address: opt(200),
    billing_number: opt(50),
    billing_postal_code: opt(12),
    billing_city: opt(100),
    billing_province: opt(100),
    billing_country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .optional(),
  })
  .strict();
export type AddressPatch = z.output<typeof AddressBody>;

export const NoteBody = z.object({ body: Text(4000, { min: 1, multiline: true }) }).strict();
export const NoteDto = z.object({ id: z.number().int(), body: z.string(), staff_name: z.string(), created_at: z.string() });

export const PackageCreateBody = z.object({ row_ids: z.array(Id).min(1).max(200) }).strict();
export const PackageMergeBody = z.object({ from: Id, into: Id }).strict();

export const DetailDto = z.object({
  order: OrderDto,
  configuration: z.array(z.object({ row: z.number().int(), product_ref: z.string(), selection: z.unknown() })),
  payment_state: z.enum(PAYMENT_STATES),
  shipping_state: z.enum(SHIPPING_STATES),
  address_editable: z.boolean(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      method: z.string(),
      amount: z.number().int(),
      status: z.string(),
      psp_reference: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int(),
      status: z.string().describe("requested (pending), refunded, failed, manual (a transfer staff send back by hand)"),
      provider: z.string(),
      created_at: z.string(),
      automatic: z.boolean().describe("Given back by the shop itself: money the order could not keep (docs/decisions/046)"),
      reason: z
        .enum(["duplicate", "late", "amount_mismatch"])
        .nullable()
        .describe("Why an automatic refund happened: a second payment of a paid order, a late payment, another amount"),
      label: z.string().describe("What staff read, in their language (e.g. Cobro duplicado devuelto automáticamente)"),
      payment_psp_reference: z.string().nullable().describe("The provider's reference of the payment given back"),
      psp_reference: z.string().nullable().describe("The provider's reference of the refund"),
      last_error: z.string().nullable().describe("Why the provider did not take the refund yet (retried by the job loop)"),
    }),
  ),
  refunded_total: z.number().int().describe("Refunded of the order's own payment (automatic refunds excluded)"),
  invoices: z.array(
    z.object({ id: z.number().int(), number: z.string(), kind: z.string(), total: z.number().int(), issued_at: z.string(), reason: z.string().nullable() }),
  ),
  notes: z.array(NoteDto),
  timeline: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(["event", "mail", "audit", "note", "refund"]),
      actor: z.string().nullable(),
      summary: z.string(),
      data: z.unknown(),
    }),
  ),
});
