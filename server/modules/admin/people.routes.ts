import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute } from "../../lib/api-route.ts";
import { toCsv } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import type { Db } from "../../db/client.ts";
import type { Services } from "../index.ts";
import { moderationRoutes } from "./moderation.routes.ts";
import { createPeopleService } from "./people.service.ts";
import { Before, Id, Limit, Page, StoreId, Text } from "./people.validators.ts";

const TAG = "Back office: customers, professionals and newsletter";
const Type = z.enum(["customer", "professional"]);
const iso = z.string();
const CustomerRow = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surnames: z.string(),
  phone: z.string().nullable(),
  type: Type,
  store: z.number().int(),
  is_active: z.boolean(),
  created_at: iso,
});
const OrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  date: iso.nullable(),
  status: z.number().int(),
  total: z.number().int().nullable(),
  store: z.number().int(),
});
const CustomerRecord = z.object({
  profile: z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    surnames: z.string(),
    phone: z.string().nullable(),
    type: Type,
    store: z.number().int(),
    language: z.enum(["es", "fr"]),
    is_active: z.boolean(),
    activated_at: iso.nullable(),
    created_at: iso,
    professional_revoked_at: iso.nullable(),
  }),
  consents: z.object({
    privacy_accepted_at: iso,
    newsletter: z.array(z.object({ store: z.number().int(), source: z.string(), consent_at: iso })),
  }),
  orders: z.array(OrderRow),
  quotations: z.array(OrderRow),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(["shipping", "billing"]),
      name: z.string(),
      business_name: z.string(),
      tax_type: z.string().nullable(),
      tax_id: z.string(),
      phone: z.string(),
      address: z.string(),
      postal_code: z.string(),
      city: z.string(),
      province: z.string(),
      country: z.string(),
      default: z.boolean(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: iso,
      last_used_at: iso.nullable(),
      expires_at: iso,
      revoked_at: iso.nullable(),
      revoked_reason: z.string().nullable(),
      open: z.boolean(),
    }),
  ),
  professional: z
    .object({ status: z.string(), cif_requested_at: iso.nullable(), cif_requests: z.number().int(), reviewed_at: iso.nullable(), note: z.string() })
    .nullable(),
});
const ProfessionalRow = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  store: z.number().int(),
  signed_up_at: iso,
  business_name: z.string(),
  tax_type: z.string().nullable(),
  tax_id: z.string(),
  status: z.string(),
  cif_requested_at: iso.nullable(),
  cif_requests: z.number().int(),
  reviewed_at: iso.nullable(),
});
const SubscriberRow = z.object({
  id: z.number().int(),
  store: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  source: z.string(),
  status: z.enum(["subscribed", "welcome_pending", "unconfirmed"]),
  consent_at: iso,
  created_at: iso,
});
const SubscriberQuery = z.object({ q: Text(254).optional().describe("Part of the email"), store: StoreId });

/** Back office: customers, professionals, GDPR, newsletter and moderation (/api/admin/v1). */
export async function peopleAdminRoutes(app: FastifyInstance, services: Services) {
  const { database, accounts } = services;
  const people = createPeopleService({
    db: database.db,
    accounts,
    marketing: services.marketing,
    stores: services.stores,
    mail: services.mail,
    config: services.config,
    orders: services.orders,
  });
  const tx = <T>(fn: (tx: Db) => Promise<T>) => database.db.transaction((t) => fn(t as unknown as Db));
  const notFound = () => new AppError("people.customer_not_found", 404);

  // ------------------------------------------------------------------ customers

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/customers/",
      tag: TAG,
      summary: "Customers, newest first: search by name, email, phone or tax id; filter by type and store; keyset pages",
      description: "`field` limits the search to one field (default: any of them). No total count: `next` is the cursor of the next page.",
      query: z.object({
        q: Text(200).optional(),
        field: z.enum(["any", "name", "email", "phone", "tax_id"]).default("any"),
        type: Type.optional(),
        store: StoreId,
        before: Before,
        limit: Limit,
      }),
      response: Page(CustomerRow),
      permission: "customers.read",
    },
    async ({ query }) =>
      people.searchCustomers({ q: query.q, field: query.field, type: query.type, storeId: query.store, before: query.before, limit: query.limit }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/customers/:id/",
      tag: TAG,
      summary: "A customer's record: profile, orders and quotations, addresses, consents, sessions, professional review",
      params: Id,
      response: CustomerRecord,
      permission: "customers.read",
      errors: [404],
    },
    async ({ params }) => {
      const r = await people.customerRecord(params.id);
      if (!r) throw notFound();
      return r;
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/customers/:id/sessions/end/",
      tag: TAG,
      summary: "Ends every open session of the customer (their tokens stop working at once)",
      params: Id,
      body: z.object({}).strict(),
      response: z.object({ ended: z.number().int() }),
      permission: "customers.write",
      errors: [404],
    },
    async ({ params, audit }) => {
      const ended = await tx(async (t) => {
        if (!(await people.lockCustomer(t, params.id))) throw notFound();
        const n = await accounts.endAllSessions(params.id, t);
        await audit({ action: "customer.sessions_end", entityType: "customer", entityId: params.id, after: { ended: n } }, t);
        return n;
      });
      return { ended };
    },
  );

  // ------------------------------------------------------------------ GDPR

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/customers/:id/gdpr-export/",
      tag: TAG,
      summary: "GDPR access request: everything the shop keeps about the customer (the JSON of their own export)",
      description: "The audit log records that an export was made, never its content.",
      params: Id,
      response: z.unknown().describe("The customer's data as a JSON file to download (the customer's own export)"),
      permission: "customers.gdpr",
      errors: [404],
    },
    async ({ params, audit }, _req, reply) => {
      const data = await accounts.staffExport(params.id);
      if (!data) throw notFound();
      await audit({ action: "customer.gdpr_export", entityType: "customer", entityId: params.id, after: { exported: true } });
      reply.header("cache-control", "no-store");
      reply.header("content-disposition", `attachment; filename="cliente-${params.id}.json"`);
      return data;
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/customers/:id/erase/",
      tag: TAG,
      summary: "GDPR erasure on the customer's request: the account is pseudonymised (orders and invoices kept)",
      description:
        "Staff type the customer's email as `confirm` (422 otherwise) and the reason. Addresses, favourites, sessions and newsletter " +
        "subscriptions are deleted; the customer can no longer log in. The audit entry keeps the reason, not the personal data.",
      params: Id,
      body: z.object({ confirm: Text(254), reason: Text(500).pipe(z.string().min(3)) }).strict(),
      response: z.object({ erased: z.literal(true) }),
      permission: "customers.gdpr",
      errors: [404, 422],
    },
    async ({ params, body, audit }) => {
      const who = await tx(async (t) => {
        const u = await people.lockCustomer(t, params.id);
        if (!u) throw notFound();
        if (body.confirm.toLowerCase() !== u.email.toLowerCase()) throw new AppError("people.confirmation_mismatch", 422);
        const gone = await accounts.staffErase(t, params.id);
        if (!gone) throw notFound();
        await audit({ action: "customer.gdpr_erase", entityType: "customer", entityId: params.id, after: { erased: true, reason: body.reason } }, t);
        return gone;
      });
      await accounts.sendErasedMail(who).catch(() => undefined);
      return { erased: true as const };
    },
  );

  // ------------------------------------------------------------------ professionals (spec 6)

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/professionals/",
      tag: TAG,
      summary: "Self-declared professionals not reviewed yet (status=queue, oldest first) or already reviewed, with what they declared",
      description: "Revoking or restoring the professional type is the spec's call PUT /api/auth-users/v1/clients/{id}/toggle_type/.",
      query: z.object({
        status: z.enum(["queue", "reviewed"]).default("queue"),
        store: StoreId,
        before: Before.describe("Keyset cursor (`next`)"),
        limit: Limit,
      }),
      response: Page(ProfessionalRow),
      permission: "professionals.review",
    },
    async ({ query }) => people.professionalQueue({ status: query.status, storeId: query.store, before: query.before, limit: query.limit }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/professionals/:id/request-cif/",
      tag: TAG,
      summary: "Asks a professional by mail for their company name and CIF (in their store's language); the request is recorded",
      params: Id,
      body: z.object({ note: Text(1000, true).default("") }).strict(),
      response: z.object({ mailed: z.boolean(), cif_requests: z.number().int() }),
      permission: "professionals.review",
      errors: [404, 409],
    },
    async ({ params, body, audit }) => {
      const { u, after } = await tx(async (t) => {
        const u = await people.lockCustomer(t, params.id);
        if (!u) throw notFound();
        if (u.customerType !== "professional") throw new AppError("people.not_professional", 409);
        const r = await people.recordCifRequest(t, params.id, body.note);
        await audit(
          {
            action: "professional.cif_requested",
            entityType: "customer",
            entityId: params.id,
            before: r.before ? { status: r.before.status, cif_requests: r.before.cifRequests } : null,
            after: { status: r.after.status, cif_requests: r.after.cifRequests, note: body.note },
          },
          t,
        );
        return { u, after: r.after };
      });
      const mailed = await people.sendCifRequest(u, body.note);
      return { mailed, cif_requests: after.cifRequests };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/professionals/:id/review/",
      tag: TAG,
      summary: "Marks a professional reviewed and approved: they keep the type and leave the queue",
      params: Id,
      body: z.object({ note: Text(1000, true).default("") }).strict(),
      response: z.object({ status: z.string(), reviewed_at: z.string() }),
      permission: "professionals.review",
      errors: [404, 409],
    },
    async ({ params, body, staff, audit }) => {
      const r = await tx(async (t) => {
        const u = await people.lockCustomer(t, params.id);
        if (!u) throw notFound();
        if (u.customerType !== "professional") throw new AppError("people.not_professional", 409);
        const r = await people.recordReview(t, params.id, staff!.id, "approved", body.note);
        await audit(
          {
            action: "professional.reviewed",
            entityType: "customer",
            entityId: params.id,
            before: r.before ? { status: r.before.status, reviewed_at: r.before.reviewedAt } : null,
            after: { status: r.after.status, note: body.note },
          },
          t,
        );
        return r.after;
      });
      return { status: r.status, reviewed_at: r.reviewedAt!.toISOString() };
    },
  );

  // ------------------------------------------------------------------ newsletter

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/newsletter/subscribers/",
      tag: TAG,
      summary: "Newsletter subscribers, newest first: search by email, filter by store; keyset pages",
      query: SubscriberQuery.extend({ before: Before, limit: Limit }),
      response: Page(SubscriberRow),
      permission: "newsletter.read",
    },
    async ({ query }) => people.subscribers({ q: query.q, storeId: query.store, before: query.before, limit: query.limit }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/newsletter/subscribers/export.csv",
      tag: TAG,
      summary: "The subscribers as CSV (same filters, up to 100,000; text cells safe for spreadsheets)",
      query: SubscriberQuery,
      response: z.unknown().describe("The CSV document itself (text/csv), not JSON"),
      permission: "newsletter.read",
    },
    async ({ query }, _req, reply) => {
      const r = await people.subscribers({ q: query.q, storeId: query.store, limit: 100_000 });
      const csv = toCsv(
        ["id", "store", "email", "name", "surname", "source", "status", "consent_at", "created_at"],
        r.results.map((s) => [s.id, s.store, s.email, s.name, s.surname, s.source, s.status, s.consent_at, s.created_at]),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="suscriptores.csv"')
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/admin/v1/newsletter/subscribers/:id/",
      tag: TAG,
      summary: "Unsubscribes a subscriber from their store's newsletter",
      params: Id,
      status: 204,
      permission: "newsletter.write",
      errors: [404],
    },
    async ({ params, audit }) => {
      await tx(async (t) => {
        const s = await people.lockSubscription(t, params.id);
        if (!s) throw new AppError("people.subscription_not_found", 404);
        await services.marketing.unsubscribe(s.storeId, s.email, t);
        await audit(
          {
            action: "newsletter.unsubscribe",
            entityType: "newsletter_subscription",
            entityId: params.id,
            before: { store: s.storeId, email: s.email, source: s.source },
            after: null,
          },
          t,
        );
      });
    },
  );

  await moderationRoutes(app, services);
}
