import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ORDER_STATUS } from "../../../core/orders.ts";
import { t } from "../../../core/i18n/index.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { centsCell, toCsv } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { contextFor, type RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { renderPackingSlips } from "./orders.pdf.ts";
import { createAdminOrdersService } from "./orders.service.ts";
import {
  AddressBody,
  BulkMailBody,
  BulkResult,
  BulkStatusBody,
  BulkTargetBody,
  DetailDto,
  IdParams,
  ListQuery,
  ListResponse,
  NoteBody,
  NoteDto,
  PackageCreateBody,
  PackageMergeBody,
  StatusBody,
} from "./orders.validators.ts";

const TAG = "Back office: orders and packages";

/** Back office: orders, packages, bulk actions, notes and timeline (/api/admin/v1). */
export async function ordersAdminRoutes(app: FastifyInstance, services: Services) {
  const admin = createAdminOrdersService(services);
  const ctxFor = async (lang: "es" | "fr"): Promise<RequestContext> => ({ ...contextFor(await services.stores.byLanguage("es")), language: lang });
  const langOf = (staff: { language?: string } | null) => (staff?.language === "fr" ? "fr" : "es") as "es" | "fr";

  /** The ids a bulk action works on: the chosen ones, or every order matching the filter (at most 1,000). */
  async function idsOf(target: z.output<typeof BulkTargetBody>["target"]): Promise<number[]> {
    if (target.ids) return [...new Set(target.ids)];
    return admin.matchingIds(ListQuery.parse({ ...(target.filter ?? {}) }));
  }

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/orders/",
      tag: TAG,
      summary: "Orders and quotations with filters, search and keyset pages (no exact count over big results)",
      description:
        "Dates are Europe/Madrid days. The first page says how many match, exactly up to 1,000 (`count_capped` above). " +
        "Multi-valued filters take repeated or comma-separated values. The list screen's URL uses the same parameter names.",
      query: ListQuery,
      response: ListResponse,
      permission: "orders.read",
    },
    async ({ query }) => admin.list(query),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/orders/:id/",
      tag: TAG,
      summary: "The order page: lines with their configuration, customer, payments, refunds, invoices, packages, requests, notes and timeline",
      params: IdParams,
      response: DetailDto,
      permission: "orders.read",
      errors: [404],
    },
    async ({ params, staff }) => {
      const d = await admin.detail(await ctxFor(langOf(staff)), params.id);
      if (!d) throw new AppError("order.not_found", 404);
      return d;
    },
  );

  apiRoute(
    app,
    {
      method: "PATCH",
      url: "/admin/v1/orders/:id/",
      tag: TAG,
      summary: "Edit the customer's contact data and addresses (until a package has shipped); audited with before and after",
      params: IdParams,
      body: AddressBody,
      response: z.object({ changed: z.array(z.string()) }),
      permission: "orders.write",
      errors: [404, 409],
    },
    async ({ params, body, audit }) => admin.patchAddress(params.id, body, audit),
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/orders/:id/status/",
      tag: TAG,
      summary: "Move one order to a preparation status (450, 500); illegal moves answer 409",
      description: "Payments (400), cancellations (700) and packages (600/650) have calls of their own, which do the money and stock work that goes with them.",
      params: IdParams,
      body: StatusBody,
      response: z.object({ id: z.number().int(), status: z.number().int() }),
      permission: "orders.write",
      errors: [404, 409],
    },
    async ({ params, body, staff, audit }) => {
      const r = await admin.moveStatus(await ctxFor(langOf(staff)), params.id, body.status, body.note ?? null, audit);
      if (!r.ok) throw new AppError(r.code, r.code === "order.not_found" ? 404 : 409);
      return { id: params.id, status: body.status };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/notes/",
      tag: TAG,
      summary: "Add an internal staff note to the order's timeline (never shown to the customer)",
      params: IdParams,
      body: NoteBody,
      response: NoteDto,
      status: 201,
      permission: "orders.write",
      errors: [404],
    },
    async ({ params, body, staff, audit }) => admin.addNote(params.id, { id: staff!.id, name: staff!.name, email: staff!.email }, body.body, audit),
  );

  // ------------------------------------------------------------------ bulk actions

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/bulk/status/",
      tag: TAG,
      summary: "Move the chosen orders (or up to 1,000 matching a filter) to a preparation status; each order answers ok or why not",
      body: BulkStatusBody,
      response: BulkResult,
      permission: "orders.write",
      errors: [422],
    },
    async ({ body, staff, audit }) => {
      const lang = langOf(staff);
      const ctx = await ctxFor(lang);
      const ids = await idsOf(body.target);
      const results: z.infer<typeof BulkResult>["results"] = [];
      for (const id of ids) {
        const r = await admin.moveStatus(ctx, id, body.status, body.note ?? null, audit);
        results.push(
          r.ok ? { id, order_number: r.number, ok: true } : { id, order_number: r.number, ok: false, code: r.code, message: t(lang, `errors.${r.code}`) },
        );
      }
      return summary(results);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/bulk/mail/",
      tag: TAG,
      summary: "Send a mail again to the chosen orders' customers (confirmation, transfer instructions, payment received); each order answers ok or why not",
      body: BulkMailBody,
      response: BulkResult,
      permission: "orders.write",
      errors: [422],
    },
    async ({ body, staff, audit }) => {
      const lang = langOf(staff);
      const ids = await idsOf(body.target);
      const results: z.infer<typeof BulkResult>["results"] = [];
      for (const id of ids) {
        const r = await admin.resendMail(id, body.kind, staff!.id, audit);
        results.push(
          r.ok ? { id, order_number: r.number, ok: true } : { id, order_number: r.number, ok: false, code: r.code, message: t(lang, `errors.${r.code}`) },
        );
      }
      // Sent after commit by the order mails' queue; kicked now rather than at its next round.
      if (results.some((r) => r.ok)) void services.checkout.flushMails().catch(() => undefined);
      return summary(results);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/bulk/export/",
      tag: TAG,
      summary: "CSV of the chosen orders (or up to 1,000 matching a filter): UTF-8 with BOM, ';' separated, amounts in euros with a decimal comma",
      body: BulkTargetBody,
      response: z.unknown().describe("The CSV document itself (text/csv), not JSON"),
      permission: "orders.export",
      errors: [422],
    },
    async ({ body, audit }, _req, reply) => {
      const ids = await idsOf(body.target);
      const rows = await admin.exportRows(ids);
      const csv = toCsv(
        [
          "pedido",
          "fecha",
          "tienda",
          "estado",
          "nombre",
          "email",
          "teléfono",
          "profesional",
          "dirección",
          "cp",
          "ciudad",
          "provincia",
          "país",
          "método de pago",
          "estado del pago",
          "referencia de pago",
          "cupón",
          "envío",
          "artículos",
          "instalación",
          "iva",
          "total",
        ],
        rows.map((r) => [
          r.order_number,
          r.date instanceof Date ? r.date.toISOString() : String(r.date),
          r.store,
          Number(r.status),
          [r.name, r.surnames].filter(Boolean).join(" "),
          r.email,
          r.phone,
          r.professional ? "sí" : "no",
          [r.shipping_address, r.shipping_number].filter(Boolean).join(", "),
          r.shipping_postal_code,
          r.shipping_city,
          r.shipping_province,
          r.shipping_country,
          r.payment_method_selected,
          r.payment_state,
          r.payment_reference,
          r.coupon_code,
          r.shipping_state,
          Number(r.items ?? 0),
          r.has_installation ? "sí" : "no",
          centsCell(Number(r.vat_amount ?? 0)),
          centsCell(Number(r.total ?? 0)),
        ]),
      );
      await audit({ action: "order.export", entityType: "order", entityId: ids.length === 1 ? ids[0] : `${ids.length} orders`, after: { ids } });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="pedidos-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/bulk/packing-slips/",
      tag: TAG,
      summary: "One PDF with a packing slip per chosen order (lines, configuration, packages; no prices)",
      body: BulkTargetBody,
      response: z.unknown().describe("The PDF document itself (application/pdf), not JSON"),
      permission: "orders.write",
      errors: [422],
    },
    async ({ body, staff, audit }, _req, reply) => {
      const ids = await idsOf(body.target);
      const pdf = await renderPackingSlips(await admin.slipData(ids), langOf(staff));
      await audit({ action: "order.packing_slips", entityType: "order", entityId: ids.length === 1 ? ids[0] : `${ids.length} orders`, after: { ids } });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="albaranes-${new Date().toISOString().slice(0, 10)}.pdf"`)
        .send(pdf);
    },
  );

  // ------------------------------------------------------------------ packages

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/packages/",
      tag: TAG,
      summary: "Create a package from chosen lines of the order (a split: the lines leave their packages; an emptied package is removed)",
      description: "Only packages not yet shipped change. Ship and move packages with PUT /api/cart/v1/sub-orders/{id}/.",
      params: IdParams,
      body: PackageCreateBody,
      response: z.object({ id: z.number().int(), package: z.number().int() }),
      status: 201,
      permission: "packages.write",
      errors: [404, 409, 422],
    },
    async ({ params, body, audit }) => admin.createPackage(params.id, body.row_ids, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/packages/merge/",
      tag: TAG,
      summary: "Merge package `from` into package `into` (both not yet shipped): its lines move and it is removed",
      params: IdParams,
      body: PackageMergeBody,
      response: z.object({ id: z.number().int(), rows: z.array(z.number().int()) }),
      permission: "packages.write",
      errors: [404, 409, 422],
    },
    async ({ params, body, audit }) => admin.mergePackages(params.id, body.from, body.into, audit),
  );
}

function summary(results: z.infer<typeof BulkResult>["results"]) {
  const ok = results.filter((r) => r.ok).length;
  return { results, ok, failed: results.length - ok };
}

export { ORDER_STATUS };
