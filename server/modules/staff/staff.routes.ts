import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { madridDayEnd, madridDayStart } from "../../../core/dates.ts";
import { PERMISSIONS, STAFF_ROLES, TOTP_REQUIRED } from "../../../core/staff-permissions.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import { toCsv } from "../../lib/csv.ts";
import { shopCookie } from "../../lib/cookies.ts";
import type { Services } from "../index.ts";
import { type AuditActor, readAudit } from "./staff.audit.ts";
import { checkSetupProof } from "./staff.crypto.ts";
import { STAFF_COOKIE, STAFF_SESSION_MAX_MS, type StaffResult, type StaffUser } from "./staff.service.ts";
import { staffSavedViews } from "./staff.schema.ts";
import { and, eq } from "drizzle-orm";

const TAG = "Back office: staff, sessions and audit";
const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const Password = z.string().min(10, "La contraseña debe tener al menos 10 caracteres").max(200);
const Language = z.enum(["es", "fr"]);
const Role = z.enum(STAFF_ROLES);
const Day = z.iso.date();

export const StaffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: Role,
  language: Language,
  state: z.enum(["mfa", "enrol", "active"]).describe("mfa: enter the code; enrol: set up two-factor first; active: signed in"),
  totp_enabled: z.boolean(),
  totp_required: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
const Member = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: Role,
  language: Language,
  totp_enabled: z.boolean(),
  status: z.enum(["invited", "active", "disabled"]),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
const AuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string(),
  staff_role: z.string(),
  ip: z.string(),
  request_id: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  order_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
const AuditQuery = z.object({
  staff_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  staff_email: z.string().trim().max(254).optional().describe("The person, by email"),
  entity_type: z.string().trim().max(50).optional(),
  entity_id: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  order_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  from: Day.optional().describe("First Madrid day (YYYY-MM-DD)"),
  to: Day.optional().describe("Last Madrid day, included"),
  before: z.coerce.number().int().min(1).optional().describe("Keyset cursor: the `next` of the previous page"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The staff session cookie: HttpOnly, SameSite=Strict (a staff write never comes from another site), 12 h at most. */
function sessionCookie(services: Services, token: string | null) {
  return shopCookie(services.config, STAFF_COOKIE, token ?? "", { maxAge: token ? STAFF_SESSION_MAX_MS / 1000 : 0, sameSite: "Strict", httpOnly: true });
}

export function actorOf(req: FastifyRequest, staff: StaffUser): AuditActor {
  return { staffId: staff.id, email: staff.email, role: staff.role, ip: req.ip, requestId: String(req.id) };
}

/** A refused staff outcome as {error:{code,message}} with its status (and Retry-After for 429). */
export function refuseStaff(reply: FastifyReply, r: Extract<StaffResult<unknown>, { ok: false }>): never {
  if (r.retryAfter) reply.header("retry-after", String(r.retryAfter));
  throw new AppError(r.code, r.status);
}

export function meOf(services: Services, s: StaffUser) {
  return {
    id: s.id,
    email: s.email,
    name: s.name,
    role: s.role,
    language: s.language,
    state: s.state,
    totp_enabled: s.totpEnabled,
    totp_required: TOTP_REQUIRED.has(s.role),
    permissions: services.staff.permissionsOf(s.role),
  };
}

export async function staffRoutes(app: FastifyInstance, services: Services) {
  const { staff: svc, database } = services;
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers["user-agent"] ?? ""), requestId: String(req.id) });
  const signedIn = async (reply: FastifyReply, token: string, state: string) => {
    reply.header("set-cookie", sessionCookie(services, token));
    reply.header("cache-control", "no-store");
    return { state, token };
  };
  const LoginAnswer = z.object({
    state: z.enum(["mfa", "enrol", "active"]),
    token: z.string().describe("The session token (also set as the bd_staff cookie): `Authorization: Bearer <token>` for API clients"),
  });

  // ------------------------------------------------------------------ login

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/login/",
      tag: TAG,
      summary: "Staff login with email and password; the answer says whether a second factor or its enrolment comes next",
      description: "Separate from customers' sessions (cookie bd_staff). Throttled per address and per account (429 with Retry-After).",
      body: z.object({ email: Email, password: z.string().min(1).max(200) }).strict(),
      response: LoginAnswer,
      errors: [429],
    },
    async ({ body }, req, reply) => {
      const r = await svc.login(body.email, body.password, meta(req));
      if (!r.ok) return refuseStaff(reply, r);
      return signedIn(reply, r.value.token, r.value.state);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/second-factor/",
      tag: TAG,
      summary: "The second factor of a login: a 6-digit code of the authenticator app or a recovery code",
      body: z
        .object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/)
            .optional(),
          recovery_code: z.string().trim().min(8).max(20).optional(),
        })
        .strict()
        .refine((b) => Boolean(b.code) !== Boolean(b.recovery_code), "code or recovery_code"),
      response: StaffMe,
      staffSession: "pending",
      errors: [429],
    },
    async ({ body, staff }, req, reply) => {
      if (staff!.state !== "mfa") throw new AppError("staff.no_second_factor_pending", 409);
      const r = await svc.verifySecondFactor(staff!, body, meta(req));
      if (!r.ok) return refuseStaff(reply, r);
      return meOf(services, { ...staff!, state: "active" });
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/auth/me/",
      tag: TAG,
      summary: "The signed-in staff member, their session's state and their role's permissions",
      response: StaffMe,
      staffSession: "pending",
    },
    async ({ staff }, _req, reply) => {
      reply.header("cache-control", "no-store");
      return meOf(services, staff!);
    },
  );

  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/auth/language/",
      tag: TAG,
      summary: "The staff member's language of the back office (es or fr)",
      body: z.object({ language: Language }).strict(),
      response: StaffMe,
      staffSession: "pending",
    },
    async ({ staff, body }) => {
      await svc.setLanguage(staff!.id, body.language);
      return meOf(services, { ...staff!, language: body.language });
    },
  );

  apiRoute(
    app,
    { method: "POST", url: "/admin/v1/auth/logout/", tag: TAG, summary: "Ends this staff session", staffSession: "pending", status: 204 },
    async ({ staff }, _req, reply) => {
      await svc.logout(staff!);
      reply.header("set-cookie", sessionCookie(services, null));
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/totp/setup/",
      tag: TAG,
      summary: "Starts two-factor enrolment: a new secret (otpauth URI for the QR code, and the key to type by hand)",
      body: z.object({}).strict(),
      response: z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() }),
      staffSession: "pending",
      errors: [409],
    },
    async ({ staff }, _req, reply) => {
      if (staff!.state === "mfa") throw new AppError("staff.second_factor_required", 401);
      if (staff!.totpEnabled) throw new AppError("staff.totp_already_enabled", 409);
      const r = await svc.beginTotp(staff!);
      const QR = await import("qrcode");
      const qr_svg = await QR.toString(r.uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
      reply.header("cache-control", "no-store");
      return { ...r, qr_svg };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/totp/enable/",
      tag: TAG,
      summary: "Confirms two-factor enrolment with a code of the new secret; answers ten recovery codes, shown only this once",
      body: z
        .object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/),
        })
        .strict(),
      response: z.object({ recovery_codes: z.array(z.string()), me: StaffMe }),
      staffSession: "pending",
      errors: [409, 422, 429],
    },
    async ({ staff, body }, req, reply) => {
      if (staff!.state === "mfa") throw new AppError("staff.second_factor_required", 401);
      const r = await svc.enableTotp(staff!, body.code, meta(req));
      if (!r.ok) return refuseStaff(reply, r);
      reply.header("cache-control", "no-store");
      return { recovery_codes: r.value.recoveryCodes, me: meOf(services, { ...staff!, state: "active", totpEnabled: true }) };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/auth/sessions/",
      tag: TAG,
      summary: "The staff member's own open sessions (this one marked current)",
      response: z.object({
        results: z.array(
          z.object({ id: z.string(), current: z.boolean(), ip: z.string(), user_agent: z.string(), created_at: z.string(), last_seen_at: z.string() }),
        ),
        recovery_codes_left: z.number().int(),
      }),
      staffSession: "pending",
    },
    async ({ staff }) => {
      const rows = await svc.sessionsOf(staff!.id);
      return {
        results: rows.map((s) => ({
          id: s.id.slice(0, 16),
          current: s.id === staff!.sessionId,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
        })),
        recovery_codes_left: await svc.recoveryCodesLeft(staff!.id),
      };
    },
  );

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/admin/v1/auth/sessions/:id/",
      tag: TAG,
      summary: "Ends one of the staff member's own sessions (the id of the list: the first 16 characters)",
      params: z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) }),
      staffSession: "pending",
      status: 204,
      errors: [404],
    },
    async ({ staff, params }) => {
      const mine = (await svc.sessionsOf(staff!.id)).find((s) => s.id.startsWith(params.id));
      if (!mine || !(await svc.endSession(staff!.id, mine.id))) throw new AppError("staff.session_not_found", 404);
    },
  );

  // ------------------------------------------------------------------ first owner, invitations

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/setup-link/",
      tag: TAG,
      summary: "For `npm run staff:setup-link` on the shop's machine: a new first-owner link while no owner exists",
      description: "Refused (403) without the X-Setup-Proof header, an HMAC of the current minute under a key derived from SECRET.",
      body: z.object({}).strict(),
      response: z.object({ link: z.string().nullable() }),
    },
    async (_input, req) => {
      const proof = String(req.headers["x-setup-proof"] ?? "");
      if (!checkSetupProof(services.config.secret, proof)) throw new AppError("auth.forbidden", 403);
      return { link: await svc.setupLink() };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/setup/",
      tag: TAG,
      summary: "Creates the first owner from the one-time setup link (printed at start while no owner exists)",
      body: z
        .object({
          token: z.string().min(10).max(200),
          email: Email,
          name: z.string().trim().min(1).max(120),
          password: Password,
          language: Language.default("es"),
        })
        .strict(),
      response: LoginAnswer,
      errors: [409, 410],
    },
    async ({ body }, req, reply) => {
      const r = await svc.setupOwner(body, meta(req));
      if (!r.ok) return refuseStaff(reply, r);
      return signedIn(reply, r.value.token, r.value.state);
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/auth/accept/",
      tag: TAG,
      summary: "An invited staff member sets their password with the invitation link and is signed in",
      body: z.object({ token: z.string().min(10).max(200), password: Password }).strict(),
      response: LoginAnswer,
      errors: [410],
    },
    async ({ body }, req, reply) => {
      const r = await svc.acceptInvitation(body, meta(req));
      if (!r.ok) return refuseStaff(reply, r);
      return signedIn(reply, r.value.token, r.value.state);
    },
  );

  // ------------------------------------------------------------------ staff management (owner)

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/staff/",
      tag: TAG,
      summary: "Every staff member (disabled ones included: staff are never deleted)",
      response: z.object({ results: z.array(Member) }),
      permission: "staff.manage",
    },
    async () => ({ results: await svc.list() }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/staff/",
      tag: TAG,
      summary: "Invites a staff member by mail with a role (the link sets their password; 7 days)",
      body: z.object({ email: Email, name: z.string().trim().max(120).default(""), role: Role, language: Language.default("es") }).strict(),
      response: Member,
      permission: "staff.manage",
      status: 201,
      errors: [409],
    },
    async ({ body, staff }, req, reply) => {
      const r = await database.db.transaction((tx) => svc.invite(tx, actorOf(req, staff!), body));
      if (!r.ok) return refuseStaff(reply, r);
      return r.value.member;
    },
  );

  apiRoute(
    app,
    {
      method: "PATCH",
      url: "/admin/v1/staff/:id/",
      tag: TAG,
      summary: "Changes a member's role, name or language, or disables / enables them (their sessions end)",
      description: "The last active owner can be neither demoted nor disabled (409).",
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      body: z
        .object({ name: z.string().trim().min(1).max(120).optional(), role: Role.optional(), language: Language.optional(), disabled: z.boolean().optional() })
        .strict(),
      response: Member,
      permission: "staff.manage",
      errors: [404, 409],
    },
    async ({ body, staff, params }, req, reply) => {
      const r = await database.db.transaction((tx) => svc.update(tx, actorOf(req, staff!), params.id, body));
      if (!r.ok) return refuseStaff(reply, r);
      return r.value;
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/staff/:id/invitation/",
      tag: TAG,
      summary: "Sends an invited member a new invitation link",
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      body: z.object({}).strict(),
      response: z.object({ sent: z.literal(true) }),
      permission: "staff.manage",
      errors: [404, 409],
    },
    async ({ staff, params }, req, reply) => {
      const r = await database.db.transaction((tx) => svc.reinvite(tx, actorOf(req, staff!), params.id));
      if (!r.ok) return refuseStaff(reply, r);
      return { sent: true as const };
    },
  );

  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/admin/v1/staff/:id/totp/",
      tag: TAG,
      summary: "Removes a member's two-factor setup (lost phone and recovery codes); they enrol again at their next login",
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      response: Member,
      permission: "staff.manage",
      errors: [404],
    },
    async ({ staff, params }, req, reply) => {
      const r = await database.db.transaction((tx) => svc.resetTotp(tx, actorOf(req, staff!), params.id));
      if (!r.ok) return refuseStaff(reply, r);
      return r.value;
    },
  );

  // ------------------------------------------------------------------ shop settings

  const Settings = z.object({ support_refund_limit_cents: z.number().int().min(0).max(100_000_000) });
  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/settings/",
      tag: TAG,
      summary: "Shop settings of the back office (support's refund limit)",
      response: Settings,
      permission: "dashboard.read",
    },
    async () => ({ support_refund_limit_cents: await svc.refundLimitCents() }),
  );
  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/settings/",
      tag: TAG,
      summary: "Changes the shop settings (owner)",
      body: Settings.strict(),
      response: Settings,
      permission: "settings.write",
    },
    async ({ body, staff }, req) => {
      await database.db.transaction((tx) => svc.setRefundLimitCents(tx, actorOf(req, staff!), body.support_refund_limit_cents));
      return { support_refund_limit_cents: body.support_refund_limit_cents };
    },
  );

  // ------------------------------------------------------------------ audit log

  const auditFilter = (q: z.output<typeof AuditQuery>) => ({
    staffId: q.staff_id,
    staffEmail: q.staff_email || undefined,
    entityType: q.entity_type,
    entityId: q.entity_id,
    action: q.action,
    orderId: q.order_id,
    from: q.from ? madridDayStart(q.from) : undefined,
    to: q.to ? madridDayEnd(q.to) : undefined,
    before: q.before,
    limit: q.limit,
  });
  const auditRow = (r: Awaited<ReturnType<typeof readAudit>>["rows"][number]) => ({
    id: r.id,
    at: r.at.toISOString(),
    staff_id: r.staffId,
    staff_email: r.staffEmail,
    staff_role: r.staffRole,
    ip: r.ip,
    request_id: r.requestId,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    order_id: r.orderId,
    before: r.before,
    after: r.after,
  });

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/audit/",
      tag: TAG,
      summary: "The audit log, newest first, filtered by person, entity, action, order and Madrid days; keyset pages",
      query: AuditQuery,
      response: z.object({ results: z.array(AuditRow), next: z.number().int().nullable() }),
      permission: "audit.read",
    },
    async ({ query }) => {
      const r = await readAudit(database.db, auditFilter(query));
      return { results: r.rows.map(auditRow), next: r.next };
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/audit/export.csv",
      tag: TAG,
      summary: "The audit log as CSV (same filters, up to 50,000 entries; text cells safe for spreadsheets)",
      query: AuditQuery.omit({ limit: true, before: true }),
      response: z.unknown().describe("The CSV document itself (text/csv), not JSON"),
      permission: "audit.read",
    },
    async ({ query }, _req, reply) => {
      const r = await readAudit(database.db, auditFilter({ ...query, limit: 50_000 }));
      const csv = toCsv(
        ["id", "at", "staff_email", "staff_role", "ip", "request_id", "action", "entity_type", "entity_id", "order_id", "before", "after"],
        r.rows.map((x) => [x.id, x.at, x.staffEmail, x.staffRole, x.ip, x.requestId, x.action, x.entityType, x.entityId, x.orderId ?? "", x.before, x.after]),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  // ------------------------------------------------------------------ saved views (any screen's filters)

  const View = z.object({ id: z.number().int(), screen: z.string(), name: z.string(), params: z.record(z.string(), z.unknown()) });
  const Screen = z.string().regex(/^[a-z-]{1,40}$/);
  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/views/",
      tag: TAG,
      summary: "The staff member's saved views of a list screen (their own filters and sorting)",
      query: z.object({ screen: Screen }),
      response: z.object({ results: z.array(View) }),
      staffSession: "pending",
    },
    async ({ query, staff }) => {
      if (staff!.state !== "active") throw new AppError("staff.second_factor_required", 401);
      const rows = await database.db
        .select()
        .from(staffSavedViews)
        .where(and(eq(staffSavedViews.staffId, staff!.id), eq(staffSavedViews.screen, query.screen)))
        .orderBy(staffSavedViews.name);
      return { results: rows.map((v) => ({ id: v.id, screen: v.screen, name: v.name, params: v.params })) };
    },
  );
  apiRoute(
    app,
    {
      method: "PUT",
      url: "/admin/v1/views/",
      tag: TAG,
      summary: "Saves (or replaces, by name) a view of a list screen for the staff member",
      body: z
        .object({
          screen: Screen,
          name: z.string().trim().min(1).max(60),
          params: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.string().max(100)).max(50)])),
        })
        .strict(),
      response: View,
      staffSession: "pending",
    },
    async ({ body, staff }) => {
      if (staff!.state !== "active") throw new AppError("staff.second_factor_required", 401);
      const [v] = await database.db
        .insert(staffSavedViews)
        .values({ staffId: staff!.id, screen: body.screen, name: body.name, params: body.params })
        .onConflictDoUpdate({ target: [staffSavedViews.staffId, staffSavedViews.screen, staffSavedViews.name], set: { params: body.params } })
        .returning();
      return { id: v.id, screen: v.screen, name: v.name, params: v.params };
    },
  );
  apiRoute(
    app,
    {
      method: "DELETE",
      url: "/admin/v1/views/:id/",
      tag: TAG,
      summary: "Deletes one of the staff member's saved views",
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      staffSession: "pending",
      status: 204,
      errors: [404],
    },
    async ({ params, staff }) => {
      const r = await database.db
        .delete(staffSavedViews)
        .where(and(eq(staffSavedViews.id, params.id), eq(staffSavedViews.staffId, staff!.id)))
        .returning({ id: staffSavedViews.id });
      if (!r.length) throw new AppError("staff.view_not_found", 404);
    },
  );
}
