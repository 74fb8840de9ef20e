import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { t } from "../../../core/i18n/index.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { contextFor, type RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { accessOf } from "../orders/orders.routes.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";
import { PHOTO_MAX_BYTES } from "./aftersale.service.ts";
import type { InvoiceRecord } from "./invoices.service.ts";

const TAG = "accounting";
const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const IsoDay = z.iso.date();
const PageQuery = { page: z.coerce.number().int().min(1).max(10_000).default(1), page_size: z.coerce.number().int().min(1).max(100).default(20) };
const LinkQuery = z.object({ t: z.string().max(64).optional().describe("The order's signed-link token, from the order mail (guests)") });

const Money = z.number().int().describe("cents");
export const InvoiceDto = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(["invoice", "credit_note"]),
  type: z.string().describe("Spain: F1 full, F2 simplified, R1/R5 credit notes; France: FA invoice, AV credit note (avoir)"),
  store: z.string(),
  series: z.string(),
  order: z.number().int(),
  order_number: z.string(),
  issued_at: z.string(),
  issue_date: z.string(),
  buyer: z.object({ name: z.string(), tax_id: z.string().nullable() }),
  base: Money,
  vat: Money,
  total: Money,
  vat_breakdown: z.array(z.object({ rate_bp: z.number().int(), base: Money, vat: Money, gross: Money })),
  corrects: z.string().nullable().describe("The corrected invoice's number (credit notes)"),
  reason: z.string().nullable(),
  pdf: z.string().describe("URL of the PDF"),
  verifactu: z
    .object({ hash: z.string(), previous_hash: z.string(), qr_url: z.string(), status: z.string() })
    .nullable()
    .describe("Spain: the registration record's fingerprint and the QR code's URL"),
});
const InvoiceDetailDto = InvoiceDto.extend({
  lines: z.array(
    z.object({
      kind: z.string(),
      description: z.string(),
      ref: z.string(),
      quantity: z.number().int(),
      unit_gross: Money,
      unit_net: Money,
      discount: Money,
      vat_rate_bp: z.number().int(),
      gross: Money,
      net: Money,
    }),
  ),
  seller: z.object({ name: z.string(), tax_id: z.string().nullable(), vat_number: z.string().nullable(), address: z.array(z.string()) }),
});

const WithdrawalDto = z.object({
  id: z.number().int(),
  order: z.number().int(),
  status: z.enum(["received", "accepted", "refused"]),
  row_ids: z.array(z.number().int()),
  name: z.string(),
  email: z.string(),
  statement: z.string(),
  declared_at: z.string(),
  acknowledged_at: z.string().nullable(),
  credit_note: z.number().int().nullable(),
});

function refuse(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/**
 * Accounting (spec 7: GET /accounting/v1/invoices/) and after-sale calls (issue 10,
 * docs/decisions/018): the customer's invoices and their PDFs; the withdrawal button and request
 * photos. Staff work on invoices, credit notes and after-sale in the back office (/api/admin/v1).
 */
export async function invoicesRoutes(app: FastifyInstance, services: Services) {
  const { invoices, stores, orders } = services;
  const aftersale = invoices.aftersale!;
  app.addHook("onSend", async (req, reply) => {
    if (req.url.includes("/accounting/v1/") || req.url.includes("/withdrawal/") || req.url.includes("/photos/"))
      reply.header("cache-control", "private, no-store");
  });
  // Request photos are sent as the raw image (image/jpeg, image/png, image/webp), up to 5 MB.
  app.addContentTypeParser(["image/jpeg", "image/png", "image/webp"], { parseAs: "buffer", bodyLimit: PHOTO_MAX_BYTES + 1 }, (_req, body, done) =>
    done(null, body),
  );

  const pdfUrl = (inv: InvoiceRecord) => `/api/accounting/v1/invoices/${inv.id}/pdf/`;

  async function toDto(inv: InvoiceRecord, corrects?: string | null) {
    const rec = inv.storeCode === "ESDB" ? await invoices.recordOf(inv.id) : null;
    let correctsNumber = corrects ?? null;
    if (inv.correctsId && correctsNumber == null) correctsNumber = (await invoices.get(inv.correctsId))?.number ?? null;
    return {
      id: inv.id,
      number: inv.number,
      kind: inv.kind,
      type: inv.type,
      store: inv.storeCode,
      series: inv.series,
      order: inv.orderId,
      order_number: inv.orderNumber,
      issued_at: inv.issuedAt.toISOString(),
      issue_date: inv.issueDate,
      buyer: { name: inv.buyer.name, tax_id: inv.buyer.taxId },
      base: inv.base,
      vat: inv.vat,
      total: inv.total,
      vat_breakdown: inv.vatBreakdown.map((r) => ({ rate_bp: r.rateBp, base: r.base, vat: r.vat, gross: r.gross })),
      corrects: correctsNumber,
      reason: inv.reason,
      pdf: pdfUrl(inv),
      verifactu: rec ? { hash: rec.hash, previous_hash: rec.previousHash, qr_url: rec.qrUrl, status: rec.status } : null,
    };
  }

  /** The invoice when the caller may see its order (its customer, its guest's cart token or signed link); else null. */
  async function visible(
    req: FastifyRequest,
    id: number,
    user: RequestContext["user"],
    linkToken?: string,
  ): Promise<{ inv: InvoiceRecord; ctx: RequestContext } | null> {
    const inv = await invoices.get(id);
    if (!inv) return null;
    const store = (await stores.all()).find((s) => s.id === inv.storeId);
    if (!store) return null;
    const ctx = contextFor(store, user);
    const o = await orders.recordFor(ctx, inv.orderId, accessOf(req, services, linkToken));
    return o ? { inv, ctx } : null;
  }
  const notFound = async (reply: FastifyReply, lang: "es" | "fr") => refuse(reply, 404, "invoice.not_found", t(lang, "errors.invoice.not_found"));

  apiRoute(
    app,
    {
      method: "GET",
      url: "/accounting/v1/invoices/",
      tag: TAG,
      summary: "Invoices and credit notes: the signed-in customer's in this store, filterable by series and issue date (staff: GET /api/admin/v1/invoices/)",
      query: StoreQuery.extend({
        series: z.enum(["F", "R"]).optional().describe("F invoices, R credit notes"),
        from: IsoDay.optional(),
        to: IsoDay.optional(),
        order: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        ...PageQuery,
      }),
      response: z.object({
        results: z.array(InvoiceDto),
        page: z.number().int(),
        page_size: z.number().int(),
        total: z.number().int(),
        pages: z.number().int(),
      }),
      auth: "user",
    },
    async ({ query, user }) => {
      const ctx = await apiContext(stores, query, user);
      // Staff read every store's documents in the back office (GET /api/admin/v1/invoices/).
      const list = await invoices.list({
        userId: user!.id,
        storeId: ctx.store.id,
        series: query.series,
        from: query.from,
        to: query.to,
        orderId: query.order,
        page: query.page,
        pageSize: query.page_size,
      });
      return { ...list, results: await Promise.all(list.results.map((i) => toDto(i))) };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/accounting/v1/invoices/:id/",
      tag: TAG,
      summary: "One invoice or credit note with its lines, VAT per rate and (Spain) VERI*FACTU record",
      description: "Its order's customer and its guest (cart token or the signed link's `t`); anyone else gets 404 (staff: the back office).",
      params: Id,
      query: LinkQuery,
      response: InvoiceDetailDto,
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const v = await visible(req, params.id, user, query.t);
      if (!v) return notFound(reply, "es");
      const inv = v.inv;
      return {
        ...(await toDto(inv)),
        lines: inv.lines.map((l) => ({
          kind: l.kind,
          description: l.description,
          ref: l.ref,
          quantity: l.quantity,
          unit_gross: l.unitGross,
          unit_net: l.unitNet,
          discount: l.discount,
          vat_rate_bp: l.vatRateBp,
          gross: l.gross,
          net: l.net,
        })),
        seller: { name: inv.seller.name, tax_id: inv.seller.taxId, vat_number: inv.seller.vatNumber ?? null, address: inv.seller.address },
      };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/accounting/v1/invoices/:id/pdf/",
      tag: TAG,
      summary: "The PDF of an invoice or credit note (A4, es/fr; Spain: VERI*FACTU QR code and legend)",
      description: "application/pdf. Same access as the invoice: its order's customer, its guest (cart cookie or `?t=`); anyone else gets 404.",
      params: Id,
      query: LinkQuery,
      response: z.unknown().describe("The PDF document itself (application/pdf), not JSON"),
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const v = await visible(req, params.id, user, query.t);
      if (!v) return notFound(reply, "es");
      const pdf = await invoices.pdf(v.inv);
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${v.inv.number}.pdf"`)
        .header("x-content-type-options", "nosniff")
        .send(pdf);
    },
  );

  // The accountant's CSV export moved to the back office: GET /api/admin/v1/invoices/export.csv (invoices.export).

  // Staff's price corrections moved to the back office: POST /api/admin/v1/invoices/:id/credit-notes/.

  // ---------------------------------------------------------------- withdrawal (customer)

  const toWithdrawal = (w: Awaited<ReturnType<typeof aftersale.withdrawalsOf>>[number]) => ({
    id: w.id,
    order: w.orderId,
    status: w.status,
    row_ids: w.rowIds,
    name: w.name,
    email: w.email,
    statement: w.statement,
    declared_at: w.declaredAt.toISOString(),
    acknowledged_at: w.ackSentAt ? w.ackSentAt.toISOString() : null,
    credit_note: w.creditNoteId,
  });
  const AccessQuery = StoreQuery.extend({ t: z.string().max(64).optional().describe("The signed link's token, from the order mail (guests)") });

  apiRoute(
    app,
    {
      method: "POST",
      url: "/orders/v1/orders/:id/withdrawal/",
      tag: "orders",
      summary: "Withdraw from the contract (EU Directive 2023/2673 withdrawal button): within 14 days of delivery; the acknowledgement is mailed at once",
      description:
        "`confirm: true` is the second button ('Confirmar desistimiento'). A signed-in customer or the order's guest (cart token or `?t=`) gives nothing " +
        "the shop knows; `row_ids` withdraws from some rows only (none: the whole order). 409 outside the period or with one already in progress.",
      params: Id,
      query: AccessQuery,
      body: z.object({
        confirm: z.boolean(),
        row_ids: z.array(z.number().int().positive()).max(100).optional(),
        statement: z.string().max(1000).optional(),
        name: z.string().max(200).optional(),
        email: z.string().max(254).optional(),
      }),
      response: WithdrawalDto,
      status: 201,
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const r = await aftersale.withdraw(ctx, params.id, accessOf(req, services, query.t), body);
      if (!r.ok) return refuse(reply, r.status, r.code, r.message, r.fieldErrors);
      const [w] = await aftersale.withdrawalsOf(params.id);
      return toWithdrawal(w);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/orders/v1/orders/:id/withdrawal/",
      tag: "orders",
      summary: "The withdrawals declared on an order, newest first",
      params: Id,
      query: AccessQuery,
      response: z.object({ results: z.array(WithdrawalDto) }),
      auth: "optional",
      errors: [404],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const o = await orders.get(ctx, params.id, accessOf(req, services, query.t));
      if (!o) return refuse(reply, 404, "order.not_found", t(ctx.language, "errors.order.not_found"));
      return { results: (await aftersale.withdrawalsOf(params.id)).map(toWithdrawal) };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/orders/v1/orders/:id/requests/:request/photos/",
      tag: "orders",
      summary: "Add a photo to an incident or return request: the raw image as the body (image/jpeg, image/png or image/webp, at most 5 MB, 5 per request)",
      params: Id.extend({ request: z.coerce.number().int().positive().max(2_147_483_647) }),
      query: AccessQuery,
      response: z.object({ id: z.number().int(), request: z.number().int(), content_type: z.string(), size: z.number().int() }),
      status: 201,
      description:
        "The image is decoded and stored encoded again (upright, at most 2560 pixels a side, without metadata); 415 for another type, " +
        "422 for a body that does not decode as the image it claims to be.",
      auth: "optional",
      errors: [404, 409, 413, 422],
    },
    async ({ params, query, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const r = await aftersale.addPhoto(ctx, params.id, params.request, accessOf(req, services, query.t), String(req.headers["content-type"] ?? ""), body);
      if (!r.ok) return refuse(reply, r.status, r.code, r.message);
      return r.photo;
    },
  );

  // Staff's after-sale calls (withdrawals, returns, photos) moved to the back office: /api/admin/v1/aftersale/...
}
