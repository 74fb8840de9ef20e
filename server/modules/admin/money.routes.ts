import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { StaffUser } from "../staff/staff.service.ts";
import type { Services } from "../index.ts";
import { aftersaleAdminRoutes } from "./money.aftersale.routes.ts";
import { createMoneyService } from "./money.service.ts";
import { Id, MoneySummary, RefundBody, RefundResult, Text, Transfer } from "./money.validators.ts";
import { quotationsAdminRoutes } from "./quotations.routes.ts";

const TAG = "Back office: payments and refunds";

export const actorOf = (staff: StaffUser | null) => {
  if (!staff) throw new AppError("staff.not_authenticated", 401);
  return { id: staff.id, role: staff.role, language: staff.language };
};

/** Back office: payments, transfers, refunds, cancellations, after-sale and quotations (/api/admin/v1). */
export async function moneyAdminRoutes(app: FastifyInstance, services: Services) {
  const money = createMoneyService(services);

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/orders/:id/money/",
      tag: TAG,
      summary: "An order's money: paid, refunded and refundable amounts, rows with refundable units, credit notes, refunds and the actions open",
      params: Id,
      response: MoneySummary,
      permission: "payments.read",
      errors: [404],
    },
    async ({ params }) => money.summary(params.id),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/payments/transfers/",
      tag: TAG,
      summary: "Orders waiting for a bank transfer (pending or given up), oldest first",
      response: z.object({ results: z.array(Transfer) }),
      permission: "payments.read",
    },
    async () => ({ results: await money.waitingTransfers() }),
  );

  const Confirmed = z.object({ order: z.number().int(), number: z.string(), status: z.number().int(), invoice: z.string().nullable() });

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/payments/transfers/confirm/",
      tag: TAG,
      summary: "A bank transfer arrived: the order matching the order number or payment reference is paid (invoice issued once; a second confirmation is 409)",
      body: z.object({ reference: Text(200, 3) }).strict(),
      response: Confirmed,
      permission: "payments.write",
      errors: [404, 409],
    },
    async ({ body, staff, audit }) => money.confirmTransfer(actorOf(staff), { reference: body.reference }, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/confirm-transfer/",
      tag: TAG,
      summary: "The bank transfer of this order arrived (spec 9: confirmed within 24 hours); the order is paid and invoiced",
      params: Id,
      response: Confirmed,
      permission: "payments.write",
      errors: [404, 409],
    },
    async ({ params, staff, audit }) => money.confirmTransfer(actorOf(staff), { orderId: params.id }, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/payment-link/",
      tag: TAG,
      summary: "Mail the customer the link to pay an unpaid order or a quotation again",
      params: Id,
      response: z.object({ sent_to: z.string() }),
      permission: "payments.write",
      errors: [404, 409],
    },
    async ({ params, audit }) => money.resendPaymentLink(params.id, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/refunds/",
      tag: TAG,
      summary: "Refund part or all of a paid order, by lines (units) or by amount: a credit note (R series) and the provider refund",
      description:
        "Never more than paid minus refunded (decided under the order's lock). Support refunds are capped by the owner's limit (403 refund.over_limit).",
      params: Id,
      body: RefundBody,
      response: RefundResult,
      status: 201,
      permission: "refunds.write",
      errors: [404, 409],
    },
    async ({ params, body, staff, audit }) => money.refund(actorOf(staff), params.id, body, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/orders/:id/cancel/",
      tag: TAG,
      summary: "Cancel an order (700): stock back; a paid order is refunded (what is left) with a credit note",
      params: Id,
      body: z.object({ reason: Text(500, 1) }).strict(),
      response: z.object({
        status: z.number().int(),
        credit_note: z.object({ id: z.number().int(), number: z.string(), total: z.number().int() }).nullable(),
        refunded: z.number().int(),
      }),
      permission: "refunds.write",
      errors: [404, 409],
    },
    async ({ params, body, staff, audit }) => money.cancel(actorOf(staff), params.id, body.reason, audit),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/invoices/:id/credit-notes/",
      tag: TAG,
      summary: "A price correction on an invoice: a credit note (R series) of `amount` cents VAT included, refunded",
      params: Id,
      body: z.object({ amount: z.number().int().positive().max(100_000_000), reason: Text(500, 3) }).strict(),
      response: RefundResult,
      status: 201,
      permission: "refunds.write",
      errors: [404, 409],
    },
    async ({ params, body, staff, audit }) => {
      const inv = await services.invoices.get(params.id);
      if (inv?.kind !== "invoice") throw new AppError("invoice.not_found", 404);
      return money.refund(actorOf(staff), inv.orderId, { amount: body.amount, reason: body.reason }, audit);
    },
  );

  await aftersaleAdminRoutes(app, services);
  await quotationsAdminRoutes(app, services);
}
