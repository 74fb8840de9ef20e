import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { t } from "../../../core/i18n/index.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";
import type { InvoiceRecord, VerifactuRecord } from "../invoices/invoices.service.ts";
import { createAccountingService } from "./accounting.service.ts";
import { dashboardRoutes } from "./dashboard.routes.ts";

const TAG = "Back office: invoices, VERI*FACTU and exports";
const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const Day = z.iso.date();
const PlainText = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\p{Cc}]*$/u, "Sin caracteres de control");
const Store = z.enum(["ESDB", "FRDB"]);
const Series = z.enum(["F", "R"]).describe("F invoices, R credit notes (rectificativas / avoirs), each store's own");
const Money = z.number().int().describe("cents");

const Verifactu = z
  .object({
    id: z.number().int(),
    hash: z.string(),
    previous_hash: z.string(),
    qr_url: z.string(),
    generated_at: z.string().describe("FechaHoraHusoGenRegistro, Madrid time with its offset"),
    status: z.enum(["pending", "sent", "accepted", "rejected"]).describe("The submission queue: pending until the agency adapter exists"),
    attempts: z.number().int(),
    sent_at: z.string().nullable(),
    last_error: z.string().nullable(),
  })
  .describe("Spain: the document's VERI*FACTU registration record");

const InvoiceRow = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(["invoice", "credit_note"]),
  type: z.string(),
  store: Store,
  series: Series,
  issued_at: z.string(),
  issue_date: z.string(),
  order: z.object({ id: z.number().int(), number: z.string() }),
  customer: z.object({ name: z.string(), tax_id: z.string().nullable() }),
  base: Money,
  vat: Money,
  total: Money,
  verifactu_status: z.string().nullable(),
});

const InvoiceDetail = InvoiceRow.extend({
  language: z.enum(["es", "fr"]),
  customer: z.object({ name: z.string(), tax_id: z.string().nullable(), email: z.string().nullable(), address: z.array(z.string()) }),
  seller: z.object({ name: z.string(), tax_id: z.string().nullable(), vat_number: z.string().nullable(), address: z.array(z.string()) }),
  lines: z.array(
    z.object({
      kind: z.string(),
      description: z.string(),
      ref: z.string(),
      quantity: z.number().int(),
      unit_gross: Money,
      discount: Money,
      vat_rate_bp: z.number().int(),
      gross: Money,
      net: Money,
    }),
  ),
  vat_breakdown: z.array(z.object({ rate_bp: z.number().int(), base: Money, vat: Money, gross: Money })),
  payment_method: z.string().nullable(),
  paid_at: z.string().nullable(),
  reason: z.string().nullable(),
  corrects: z.object({ id: z.number().int(), number: z.string() }).nullable().describe("Credit notes: the rectified invoice"),
  related: z
    .array(z.object({ id: z.number().int(), number: z.string(), kind: z.enum(["invoice", "credit_note"]), total: Money, issued_at: z.string() }))
    .describe("The order's other documents (its invoice, its credit notes)"),
  order_detail: z
    .object({ id: z.number().int(), number: z.string(), status: z.number().int(), email: z.string().nullable(), total: Money.nullable() })
    .nullable(),
  verifactu: Verifactu.extend({
    fingerprint_ok: z.boolean().describe("The fingerprint recomputed from the record's fields matches"),
    link_ok: z.boolean().describe("Its previous fingerprint is the previous record's"),
    previous_number: z.string().nullable(),
    is_chain_head: z.boolean().describe("The last record of the issuer's chain"),
  }).nullable(),
  pdf_url: z.string(),
});

const ListQuery = z.object({
  store: Store.optional(),
  series: Series.optional(),
  from: Day.optional().describe("First Madrid day of issue (YYYY-MM-DD)"),
  to: Day.optional().describe("Last Madrid day of issue, included"),
  q: PlainText.optional().describe("Invoice number, order number, customer tax id or name (part of it)"),
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe("Keyset cursor: the `next` of the previous page"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const ChainReport = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  records: z.number().int().describe("VERI*FACTU records checked"),
  problems: z.array(z.string()).describe("Every break found, as `npm run invoices:verify` prints them"),
  series: z.array(
    z.object({
      store: z.string(),
      series: Series,
      year: z.number().int(),
      documents: z.number().int(),
      first: z.number().int(),
      last: z.number().int(),
      gaps: z.array(z.number().int()),
      duplicates: z.array(z.number().int()),
      records: z.number().int(),
      broken: z
        .object({ number: z.string(), record_id: z.number().int(), reason: z.enum(["link", "previous_hash", "fingerprint"]) })
        .nullable()
        .describe("The first record of this series whose link or fingerprint does not hold"),
    }),
  ),
});

const verifactuDto = (r: VerifactuRecord) => ({
  id: r.id,
  hash: r.hash,
  previous_hash: r.previousHash,
  qr_url: r.qrUrl,
  generated_at: r.generatedAt,
  status: r.status,
  attempts: r.attempts,
  sent_at: r.sentAt ? r.sentAt.toISOString() : null,
  last_error: r.lastError,
});

function rowDto(inv: InvoiceRecord, rec: VerifactuRecord | null | undefined) {
  return {
    id: inv.id,
    number: inv.number,
    kind: inv.kind,
    type: inv.type,
    store: inv.storeCode,
    series: inv.series,
    issued_at: inv.issuedAt.toISOString(),
    issue_date: inv.issueDate,
    order: { id: inv.orderId, number: inv.orderNumber },
    customer: { name: inv.buyer.name, tax_id: inv.buyer.taxId },
    base: inv.base,
    vat: inv.vat,
    total: inv.total,
    verifactu_status: rec ? rec.status : null,
  };
}

/** Back office: invoices, VERI*FACTU, exports and the dashboard (/api/admin/v1). */
export async function accountingAdminRoutes(app: FastifyInstance, services: Services) {
  const db = services.database.db;
  const accounting = createAccountingService(db);
  const storeIdOf = async (code: string | undefined) => (code ? (await services.stores.all()).find((s) => s.sourceCode === code)?.id : undefined);
  const pdfUrl = (id: number) => `/api/admin/v1/invoices/${id}/pdf`;

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/invoices/",
      tag: TAG,
      summary: "Invoices and credit notes, newest first: by store, series, Madrid days of issue and a search; keyset pages",
      query: ListQuery,
      response: z.object({ results: z.array(InvoiceRow), next: z.number().int().nullable() }),
      permission: "invoices.read",
    },
    async ({ query }) => {
      if (query.from && query.to && query.from > query.to) throw new AppError("admin_invoice.period_invalid", 400);
      const storeId = await storeIdOf(query.store);
      const page = await accounting.list({ ...query, storeId });
      const recs = await accounting.recordsOf(page.rows.filter((i) => i.storeCode === "ESDB").map((i) => i.id));
      return { results: page.rows.map((i) => rowDto(i, recs.get(i.id))), next: page.next };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/invoices/export.csv",
      tag: TAG,
      summary: "The accountant's CSV of a period: one line per document in number order, base and VAT per rate, rectified invoice, VERI*FACTU fingerprint",
      description:
        'text/csv; UTF-8 with BOM, `;`-separated, amounts as decimal text with a comma ("1234,50"); every text cell made safe for spreadsheets ' +
        "(a cell starting with = + - @ is kept as text). `from`/`to` are Madrid days of issue, inclusive.",
      query: z.object({ store: Store.optional(), series: Series.optional(), from: Day, to: Day }),
      response: z.unknown().describe("The CSV file itself (text/csv), not JSON"),
      permission: "invoices.export",
    },
    async ({ query }, _req, reply) => {
      if (query.from > query.to) throw new AppError("admin_invoice.period_invalid", 400);
      const csv = await accounting.exportCsv({ ...query, storeId: await storeIdOf(query.store) });
      const name = `facturas-${query.store ?? "todas"}${query.series ? `-${query.series}` : ""}-${query.from}-${query.to}.csv`;
      return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${name}"`).send(csv);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/invoices/verify/",
      tag: TAG,
      summary: "Verify the chain: every series without gaps or duplicates and every VERI*FACTU fingerprint and link, per store and series",
      description: "What `npm run invoices:verify` does, answered per store and series with the first broken link of each. Recorded in the audit log.",
      body: z.object({}).strict(),
      response: ChainReport,
      permission: "invoices.read",
    },
    async ({ audit }) => {
      const report = await accounting.verify();
      await audit({
        action: "invoice.verify_chain",
        entityType: "invoice_chain",
        entityId: "all",
        after: { ok: report.ok, records: report.records, problems: report.problems.slice(0, 20) },
      });
      return { ...report, checked_at: new Date().toISOString() };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/invoices/:id/",
      tag: TAG,
      summary: "One invoice or credit note: lines, VAT per rate, its order and other documents, its VERI*FACTU record and that record's checks",
      params: Id,
      response: InvoiceDetail,
      permission: "invoices.read",
      errors: [404],
    },
    async ({ params }) => {
      const d = await accounting.detail(params.id);
      if (!d) throw new AppError("admin_invoice.not_found", 404);
      const { inv, record, recordState } = d;
      const corrected = inv.correctsId ? d.related.find((r) => r.id === inv.correctsId) : undefined;
      return {
        ...rowDto(inv, record),
        language: inv.language,
        customer: { name: inv.buyer.name, tax_id: inv.buyer.taxId, email: inv.buyer.email ?? null, address: inv.buyer.address ?? [] },
        seller: { name: inv.seller.name, tax_id: inv.seller.taxId, vat_number: inv.seller.vatNumber ?? null, address: inv.seller.address },
        lines: inv.lines.map((l) => ({
          kind: l.kind,
          description: l.description,
          ref: l.ref,
          quantity: l.quantity,
          unit_gross: l.unitGross,
          discount: l.discount,
          vat_rate_bp: l.vatRateBp,
          gross: l.gross,
          net: l.net,
        })),
        vat_breakdown: inv.vatBreakdown.map((r) => ({ rate_bp: r.rateBp, base: r.base, vat: r.vat, gross: r.gross })),
        payment_method: inv.paymentMethod,
        paid_at: inv.paidAt ? inv.paidAt.toISOString() : null,
        reason: inv.reason,
        corrects: corrected ? { id: corrected.id, number: corrected.number } : null,
        related: d.related.map((r) => ({ id: r.id, number: r.number, kind: r.kind, total: r.total, issued_at: r.issuedAt.toISOString() })),
        order_detail: d.order ? { id: d.order.id, number: d.order.number, status: d.order.status, email: d.order.email, total: d.order.total } : null,
        verifactu:
          record && recordState
            ? {
                ...verifactuDto(record),
                fingerprint_ok: recordState.fingerprintOk,
                link_ok: recordState.linkOk,
                previous_number: recordState.previousNumber,
                is_chain_head: recordState.isChainHead,
              }
            : null,
        pdf_url: pdfUrl(inv.id),
      };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/invoices/:id/pdf",
      tag: TAG,
      summary: "The PDF of an invoice or credit note (the customer's document, rendered from the frozen row)",
      params: Id,
      query: z.object({ download: z.enum(["1"]).optional().describe("1: as an attachment (download) instead of inline") }),
      response: z.unknown().describe("The PDF document itself (application/pdf), not JSON"),
      permission: "invoices.read",
      errors: [404],
    },
    async ({ params, query }, _req, reply) => {
      const inv = await services.invoices.get(params.id);
      if (!inv) throw new AppError("admin_invoice.not_found", 404);
      const pdf = await services.invoices.pdf(inv);
      return reply
        .type("application/pdf")
        .header("content-disposition", `${query.download ? "attachment" : "inline"}; filename="${inv.number}.pdf"`)
        .header("x-content-type-options", "nosniff")
        .send(pdf);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/invoices/:id/resend/",
      tag: TAG,
      summary: "Mail the document's PDF to the customer again (the address on the invoice, or `to`); recorded in the audit log and the order's timeline",
      params: Id,
      body: z
        .object({ to: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional().describe("Another address (the customer asked for it there)") })
        .strict(),
      response: z.object({ sent_to: z.string(), number: z.string() }),
      permission: "invoices.write",
      errors: [404, 422, 503],
    },
    async ({ params, body, audit }, req) => {
      const inv = await services.invoices.get(params.id);
      if (!inv) throw new AppError("admin_invoice.not_found", 404);
      const to = body.to ?? inv.buyer.email ?? null;
      if (!to) throw new AppError("admin_invoice.no_email", 422);
      const lang = inv.language;
      const vars = { number: inv.number, order: inv.orderNumber, name: inv.buyer.name };
      const kindKey = inv.kind === "credit_note" ? "credit_note" : "invoice";
      const text = t(lang, `admin_accounting.mail.${kindKey}.text`, vars);
      try {
        await services.mail.send({
          to,
          subject: t(lang, `admin_accounting.mail.${kindKey}.subject`, vars),
          text,
          html: `<p>${text
            .split("\n\n")
            .map((p) => p.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!).replace(/\n/g, "<br>"))
            .join("</p><p>")}</p>`,
          attachments: [await services.invoices.attachmentFor(inv.id)],
        });
      } catch (err) {
        req.log.error({ err, invoice: inv.number }, "invoice resend failed");
        throw new AppError("admin_invoice.mail_failed", 503);
      }
      await audit({
        action: "invoice.resend",
        entityType: "invoice",
        entityId: inv.id,
        orderId: inv.orderId,
        after: { number: inv.number, to, default_address: !body.to },
      });
      return { sent_to: to, number: inv.number };
    },
  );

  await dashboardRoutes(app, services);
}
