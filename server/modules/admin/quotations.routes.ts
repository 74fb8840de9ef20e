import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PAYMENT_METHODS } from "../../../core/cart.schema.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";
import type { StaffUser } from "../staff/staff.service.ts";
import { Id, IdNum, Text } from "./money.validators.ts";
import { createQuotationsService, QUOTATION_DEFAULT_DAYS } from "./quotations.service.ts";

const TAG = "Back office: quotations";
const P = "quotations.write" as const;

const staffId = (staff: StaffUser | null) => {
  if (!staff) throw new AppError("staff.not_authenticated", 401);
  return staff.id;
};

const StoreCode = z.enum(["ESDB", "FRDB"]);
const Discount = z
  .object({
    kind: z.enum(["cents", "percent"]),
    value: z.number().int().min(0).max(100_000_000),
  })
  .strict()
  .refine((d) => d.kind === "cents" || d.value <= 100, { message: "Un porcentaje va de 0 a 100", path: ["value"] });

const Quotation = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  store: z.string(),
  language: z.enum(["es", "fr"]),
  customer: z.object({
    id: z.number().int().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    surnames: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  shipping: z.object({
    address: z.string().nullable(),
    number: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    country: z.string().nullable(),
  }),
  professional: z.boolean(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  sent_count: z.number().int(),
  quote_request: z.number().int().nullable(),
  rows: z.array(
    z.object({
      id: z.number().int(),
      product_id: z.number().int(),
      name: z.string(),
      ref: z.string(),
      quantity: z.number().int(),
      summary: z.array(z.object({ label: z.string(), value: z.string() })),
      lines: z.array(z.object({ kind: z.string(), name: z.string(), ref: z.string(), quantity: z.number().int() })),
      total: z.number().int().describe("Row total in cents, VAT included, before the staff discount"),
      discount: z.object({ kind: z.enum(["cents", "percent"]), value: z.number().int(), amount: z.number().int() }).nullable(),
      discount_total: z.number().int(),
      shipping: z.number().int(),
      final_total: z.number().int(),
    }),
  ),
  prices: z.object({
    subtotal: z.number().int(),
    discount: z.number().int(),
    shipping: z.number().int(),
    paypal_commission: z.number().int(),
    total: z.number().int(),
  }),
  vat: z.object({ rate_bp: z.number().int(), base: z.number().int(), amount: z.number().int() }),
  not_delivered: z.boolean(),
  pay_url: z.string(),
});

const Summary = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  store: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  total: z.number().int(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});

const SelectionBody = z
  .object({
    quantity: z.number().int().min(1).max(99),
    options: z.record(z.string().max(20), z.number().int().min(1).max(2_147_483_647)).default({}),
    ranges: z.record(z.string().max(20), z.number().min(0).max(100_000)).default({}),
    texts: z.record(z.string().max(20), Text(500)).default({}),
    complements: z.record(z.string().max(40), z.any()).default({}),
  })
  .strict();

const RowParams = z.object({ id: IdNum, row: IdNum });

/** Back office: quotations as draft orders (/api/admin/v1/quotations), every route `quotations.write`. */
export async function quotationsAdminRoutes(app: FastifyInstance, services: Services) {
  const quotations = createQuotationsService(services);

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/quotations/",
      tag: TAG,
      summary: "Quotations (200 and 250), the soonest to expire first: by store, days left before expiry, number or email",
      query: z
        .object({
          store: StoreCode.optional(),
          expiring_days: z.coerce.number().int().min(0).max(3650).optional(),
          q: Text(100).optional(),
          status: z.coerce
            .number()
            .int()
            .refine((v) => v === 200 || v === 250)
            .optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(25),
        })
        .strict(),
      response: z.object({ count: z.number().int(), results: z.array(Summary) }),
      permission: P,
    },
    async ({ query }) => quotations.list({ ...query, status: query.status as 200 | 250 | undefined }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/quotations/customers/",
      tag: TAG,
      summary: "Customers whose email contains the text (the quotation screen's finder)",
      query: z.object({ email: Text(200, 2) }).strict(),
      response: z.object({
        results: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string(), professional: z.boolean(), store: z.string() })),
      }),
      permission: P,
    },
    async ({ query }) => ({ results: await quotations.findCustomers(query.email) }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/quotations/products/",
      tag: TAG,
      summary: "Products a store sells whose name or reference contains the text (the product picker)",
      query: z.object({ store: StoreCode, q: Text(100, 2) }).strict(),
      response: z.object({
        results: z.array(z.object({ id: z.number().int(), ref: z.string(), slug: z.string(), name: z.string(), from_price: z.number().int() })),
      }),
      permission: P,
      errors: [404],
    },
    async ({ query }) => ({ results: await quotations.searchProducts(query.store, query.q) }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/quotations/products/:slug/attributes/",
      tag: TAG,
      summary: "A product's configurator attributes in a store (options and measures a row's selection chooses)",
      params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,200}$/) }),
      query: z.object({ store: StoreCode }).strict(),
      response: z.object({ results: z.array(z.any()) }),
      permission: P,
      errors: [404],
    },
    async ({ params, query }) => ({ results: await quotations.productAttributes(query.store, params.slug) }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/quotations/",
      tag: TAG,
      summary: "A new, empty quotation (status 200) for an existing customer, by id or email, in their store",
      body: z
        .object({ customer_id: IdNum.optional(), email: z.email().max(200).optional() })
        .strict()
        .refine((b) => b.customer_id != null || b.email != null, { message: "Indica el cliente (id o email)" }),
      response: Quotation,
      status: 201,
      permission: P,
      errors: [404],
    },
    async ({ body, staff, audit }) => quotations.create(staffId(staff), body, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/quote-requests/:id/quotation/",
      tag: TAG,
      summary: "An installation quote request becomes a quotation draft for its shopper (email, name, city); the request is marked answered",
      params: Id,
      response: Quotation.extend({ suggested_product: z.number().int().nullable() }),
      status: 201,
      permission: P,
      errors: [404, 409],
    },
    async ({ params, staff, audit }) => quotations.fromQuoteRequest(staffId(staff), params.id, audit),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/quotations/:id/",
      tag: TAG,
      summary: "A quotation: rows, line discounts, totals (VAT included), expiry and the customer's pay link",
      params: Id,
      response: Quotation,
      permission: P,
      errors: [404],
    },
    async ({ params }) => quotations.get(params.id),
  );

  apiRoute(
    app,
    {
      method: "PATCH",
      url: "/admin/v1/quotations/:id/",
      tag: TAG,
      summary: "Who the quotation is for and where it is delivered (shipping is priced again from the postal code)",
      params: Id,
      body: z
        .object({
          name: Text(100).optional(),
          surnames: Text(150).optional(),
          phone: Text(30).optional(),
          shipping_address: Text(200).optional(),
          shipping_number: Text(30).optional(),
          shipping_postal_code: z
            .string()
            .trim()
            .regex(/^[0-9]{5}$/)
            .optional(),
          shipping_city: Text(100).optional(),
          shipping_province: Text(100).optional(),
          shipping_country: z.enum(["ES", "FR"]).optional(),
          observations: Text(2000, 0, true).optional(),
        })
        .strict(),
      response: Quotation,
      permission: P,
      errors: [404, 409],
    },
    async ({ params, body, audit }) => quotations.updateDetails(params.id, body, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/quotations/:id/rows/",
      tag: TAG,
      summary: "Add a configured product, checked and priced on the server by the cart's configurator",
      params: Id,
      body: z.object({ product: z.union([IdNum, z.string().regex(/^[a-z0-9-]{1,200}$/)]), selection: SelectionBody }).strict(),
      response: Quotation,
      status: 201,
      permission: P,
      errors: [404, 409, 422],
    },
    async ({ params, body, audit }) => quotations.addRow(params.id, body as never, audit),
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/quotations/:id/rows/:row/",
      tag: TAG,
      summary: "A row's quantity and/or its discount (cents or percent of the row; null removes it; more than the row is 422)",
      params: RowParams,
      body: z
        .object({ quantity: z.number().int().min(1).max(99).optional(), discount: Discount.nullable().optional() })
        .strict()
        .refine((b) => b.quantity !== undefined || b.discount !== undefined, { message: "Nada que cambiar" }),
      response: Quotation,
      permission: P,
      errors: [404, 409, 422],
    },
    async ({ params, body, audit }) => quotations.updateRow(params.id, params.row, body, audit),
  );

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/admin/v1/quotations/:id/rows/:row/",
      tag: TAG,
      summary: "Remove a row from the quotation",
      params: RowParams,
      response: Quotation,
      permission: P,
      errors: [404, 409],
    },
    async ({ params, audit }) => quotations.deleteRow(params.id, params.row, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/quotations/:id/send/",
      tag: TAG,
      summary: `Mail the quotation (PDF attached, pay link) in the store's language and set its expiry (default ${QUOTATION_DEFAULT_DAYS} days)`,
      params: Id,
      body: z.object({ days: z.number().int().min(1).max(365).default(QUOTATION_DEFAULT_DAYS), message: Text(2000, 0, true).optional() }).strict(),
      response: Quotation,
      permission: P,
      errors: [404, 409, 503],
    },
    async ({ params, body, audit }) => quotations.send(params.id, body, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/quotations/:id/extend/",
      tag: TAG,
      summary: "More days to accept it, from today or its current expiry (whichever is later); an expired quotation (250) opens again",
      params: Id,
      body: z.object({ days: z.number().int().min(1).max(365) }).strict(),
      response: Quotation,
      permission: P,
      errors: [404, 409],
    },
    async ({ params, body, audit }) => quotations.extend(params.id, body, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/quotations/:id/convert/",
      tag: TAG,
      summary: "Convert to an order waiting for payment (300) at the quoted prices, as when the customer accepts it; once only (409 after)",
      params: Id,
      body: z.object({ payment_method: z.enum(PAYMENT_METHODS).default("card") }).strict(),
      response: z.object({
        id: z.number().int(),
        number: z.string(),
        status: z.number().int(),
        total: z.number().int(),
        payment_method: z.string(),
        pay_url: z.string(),
      }),
      permission: P,
      errors: [404, 409, 410],
    },
    async ({ params, body, audit }) => quotations.convert(params.id, body, audit),
  );
}
