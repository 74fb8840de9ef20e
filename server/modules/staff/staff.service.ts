import { createTOTPKeyURI } from "@oslojs/otp";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { ROLE_PERMISSIONS, type Permission, type StaffRole, TOTP_REQUIRED } from "../../../core/staff-permissions.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { dummyHash, hashPassword, verifyPassword } from "../accounts/accounts.passwords.ts";
import type { Throttle } from "../accounts/accounts.throttle.ts";
import type { MailService } from "../mail/mail.service.ts";
import { writeAudit, type AuditActor } from "./staff.audit.ts";
import { base32, createSecretBox, newRecoveryCodes, newToken, normaliseRecoveryCode, sha256, TOTP_DIGITS, TOTP_PERIOD_S, totpStep } from "./staff.crypto.ts";
import { staffMail } from "./staff.mails.ts";
import { shopSettings, staffMembers, staffRecoveryCodes, staffSessions, staffTokens } from "./staff.schema.ts";

/** Staff sessions end after 30 minutes without a request, and 12 hours after login at the latest (customers: 24 h). */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 3600_000;
/** A login waiting for its second factor has 5 minutes. */
const MFA_PENDING_MS = 5 * 60_000;
/** last_seen_at is written at most once a minute per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const SETUP_TTL_MS = 24 * 3600_000;
export const STAFF_COOKIE = "bd_staff";

export type StaffState = "mfa" | "enrol" | "active";

/** The staff member behind a request, as apiRoute and the handlers see them. */
export type StaffUser = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  language: "es" | "fr";
  totpEnabled: boolean;
  sessionId: string;
  state: StaffState;
};

export type StaffResult<T> = { ok: true; value: T } | { ok: false; code: string; status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429; retryAfter?: number };
const fail = <T>(code: string, status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429, retryAfter?: number): StaffResult<T> => ({
  ok: false,
  code,
  status,
  ...(retryAfter ? { retryAfter } : {}),
});

export type SessionMeta = { ip: string; userAgent: string };

type MemberRow = typeof staffMembers.$inferSelect;

export function publicMember(m: MemberRow) {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    language: m.language,
    totp_enabled: m.totpEnabledAt !== null,
    status: m.disabledAt ? ("disabled" as const) : m.passwordHash ? ("active" as const) : ("invited" as const),
    last_login_at: m.lastLoginAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
  };
}

export function createStaffService(deps: { db: Db; config: Pick<Config, "secret" | "publicUrl">; mail: MailService; throttle: Throttle }) {
  const { db, config, mail, throttle } = deps;
  const box = createSecretBox(config.secret);
  const link = (path: string, token: string) => `${new URL(path, config.publicUrl).toString()}?token=${encodeURIComponent(token)}`;

  async function startSession(tx: Db, member: MemberRow, meta: SessionMeta) {
    const token = newToken("bds");
    const state: StaffState = member.totpEnabledAt ? "mfa" : TOTP_REQUIRED.has(member.role) ? "enrol" : "active";
    const now = Date.now();
    await tx.insert(staffSessions).values({
      id: sha256(token),
      staffId: member.id,
      state,
      ip: meta.ip.slice(0, 100),
      userAgent: meta.userAgent.slice(0, 300),
      expiresAt: new Date(now + (state === "mfa" ? MFA_PENDING_MS : STAFF_SESSION_MAX_MS)),
    });
    if (state !== "mfa") await tx.update(staffMembers).set({ lastLoginAt: new Date() }).where(eq(staffMembers.id, member.id));
    return { token, state };
  }

  const activeOwnerExists = async (tx: Db = db) =>
    (
      await tx
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(eq(staffMembers.role, "owner"), isNull(staffMembers.disabledAt), sql`${staffMembers.passwordHash} IS NOT NULL`))
        .limit(1)
    ).length > 0;

  async function spendToken(tx: Db, token: string, purpose: "invitation" | "reset" | "setup") {
    const [row] = await tx
      .update(staffTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(staffTokens.tokenHash, sha256(token)), eq(staffTokens.purpose, purpose), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, new Date())))
      .returning();
    return row ?? null;
  }

  const actorOf = (m: MemberRow, meta: SessionMeta & { requestId?: string }): AuditActor => ({
    staffId: m.id,
    email: m.email,
    role: m.role,
    ip: meta.ip,
    requestId: meta.requestId ?? "",
  });

  return {
    /** The staff login and code limits (tests relax them). */
    throttle,
    activeOwnerExists,

    /**
     * The first owner's one-time setup link, made only while no active owner exists (printed
     * at start and by `npm run staff:setup-link`). Single use, 24 hours.
     */
    async setupLink(): Promise<string | null> {
      if (await activeOwnerExists()) return null;
      const token = newToken("bdsetup");
      await db.insert(staffTokens).values({ purpose: "setup", tokenHash: sha256(token), expiresAt: new Date(Date.now() + SETUP_TTL_MS) });
      return link("/admin/setup", token);
    },

    /** Creates the first owner from a setup link. Two owners cannot both be created: the link is used once and owners are counted under a lock. */
    async setupOwner(
      input: { token: string; email: string; name: string; password: string; language: "es" | "fr" },
      meta: SessionMeta & { requestId?: string },
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7340038)`);
        if (await activeOwnerExists(tx)) return fail<{ token: string; state: StaffState }>("staff.setup_done", 409);
        const used = await spendToken(tx, input.token, "setup");
        if (!used) return fail<{ token: string; state: StaffState }>("staff.link_invalid", 410);
        const existing = await tx.select().from(staffMembers).where(sql`lower(${staffMembers.email}) = lower(${input.email})`);
        const passwordHash = await hashPassword(input.password);
        const [member] = existing.length
          ? await tx
              .update(staffMembers)
              .set({ role: "owner", name: input.name, passwordHash, disabledAt: null, updatedAt: new Date() })
              .where(eq(staffMembers.id, existing[0].id))
              .returning()
          : await tx
              .insert(staffMembers)
              .values({ email: input.email.toLowerCase(), name: input.name, passwordHash, role: "owner", language: input.language })
              .returning();
        await writeAudit(tx, actorOf(member, meta), { action: "staff.setup_owner", entityType: "staff", entityId: member.id, after: publicMember(member) });
        return { ok: true as const, value: await startSession(tx, member, meta) };
      });
    },

    /** Email and password. The answer never says which was wrong, nor whether the account exists. */
    async login(email: string, password: string, meta: SessionMeta): Promise<StaffResult<{ token: string; state: StaffState }>> {
      const t = await throttle.hit([
        ["staff-login:ip", meta.ip],
        ["staff-login:account", email],
      ]);
      if (!t.ok) return fail("auth.throttled", 429, t.retryAfter);
      const [member] = await db.select().from(staffMembers).where(sql`lower(${staffMembers.email}) = lower(${email})`);
      const ok = await verifyPassword(member?.passwordHash ?? (await dummyHash()), password);
      if (!member || !ok || member.disabledAt || !member.passwordHash) return fail("staff.bad_credentials", 401);
      return { ok: true, value: await startSession(db, member, meta) };
    },

    /**
     * The request's staff member from the session token, or null (unknown, ended, expired, idle
     * for 30 minutes, member disabled). One indexed read; last_seen_at written at most once a minute.
     */
    async fromToken(token: string | undefined): Promise<StaffUser | null> {
      if (!token || !/^bds_[\w-]{43}$/.test(token)) return null;
      const id = sha256(token);
      const [row] = await db
        .select({ s: staffSessions, m: staffMembers })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
        .where(eq(staffSessions.id, id));
      if (!row) return null;
      const now = Date.now();
      const { s, m } = row;
      if (s.revokedAt || m.disabledAt || s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + STAFF_IDLE_MS <= now) return null;
      if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS)
        await db
          .update(staffSessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(staffSessions.id, id));
      return {
        id: m.id,
        email: m.email,
        name: m.name,
        role: m.role,
        language: m.language,
        totpEnabled: m.totpEnabledAt !== null,
        sessionId: id,
        state: s.state,
      };
    },

    /**
     * The second factor of a login: a code of the authenticator app (each 30 s step accepted
     * once) or one of the recovery codes (each used once).
     */
    async verifySecondFactor(
      staff: StaffUser,
      input: { code?: string; recovery_code?: string },
      meta: SessionMeta & { requestId?: string },
    ): Promise<StaffResult<{ state: StaffState }>> {
      const t = await throttle.hit([["staff-totp:account", String(staff.id)]]);
      if (!t.ok) return fail("auth.throttled", 429, t.retryAfter);
      return db.transaction(async (tx) => {
        const [m] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staff.id)).for("update");
        let ok = false;
        if (input.code && m.totpSecret && m.totpEnabledAt) {
          const key = box.open(m.totpSecret);
          const step = key ? totpStep(key, input.code) : null;
          if (step !== null && (m.totpLastStep === null || step > m.totpLastStep)) {
            await tx.update(staffMembers).set({ totpLastStep: step }).where(eq(staffMembers.id, m.id));
            ok = true;
          }
        } else if (input.recovery_code) {
          const [used] = await tx
            .update(staffRecoveryCodes)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(staffRecoveryCodes.staffId, m.id),
                eq(staffRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(input.recovery_code))),
                isNull(staffRecoveryCodes.usedAt),
              ),
            )
            .returning({ id: staffRecoveryCodes.id });
          ok = Boolean(used);
          if (ok) await writeAudit(tx, actorOf(m, meta), { action: "staff.recovery_code_used", entityType: "staff", entityId: m.id });
        }
        if (!ok) return fail<{ state: StaffState }>("staff.bad_code", 401);
        await tx
          .update(staffSessions)
          .set({ state: "active", expiresAt: new Date(Date.now() + STAFF_SESSION_MAX_MS), lastSeenAt: new Date() })
          .where(eq(staffSessions.id, staff.sessionId));
        await tx.update(staffMembers).set({ lastLoginAt: new Date() }).where(eq(staffMembers.id, m.id));
        return { ok: true as const, value: { state: "active" as StaffState } };
      });
    },

    /** A new TOTP secret, kept unconfirmed until a code of it is entered (enableTotp). */
    async beginTotp(staff: StaffUser) {
      const key = new Uint8Array(randomBytes(20));
      await db
        .update(staffMembers)
        .set({ totpSecret: box.seal(key), totpEnabledAt: null, totpLastStep: null })
        .where(eq(staffMembers.id, staff.id));
      const issuer = `BañoDirecto admin (${new URL(config.publicUrl).host})`;
      return { secret: base32(key), uri: createTOTPKeyURI(issuer, staff.email, key, TOTP_PERIOD_S, TOTP_DIGITS) };
    },

    /** Confirms the pending secret with a code of it; answers the ten recovery codes (shown once, kept hashed). */
    async enableTotp(staff: StaffUser, code: string, meta: SessionMeta & { requestId?: string }): Promise<StaffResult<{ recoveryCodes: string[] }>> {
      const t = await throttle.hit([["staff-totp:account", String(staff.id)]]);
      if (!t.ok) return fail("auth.throttled", 429, t.retryAfter);
      return db.transaction(async (tx) => {
        const [m] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staff.id)).for("update");
        if (m.totpEnabledAt) return fail<{ recoveryCodes: string[] }>("staff.totp_already_enabled", 409);
        const key = m.totpSecret ? box.open(m.totpSecret) : null;
        const step = key ? totpStep(key, code) : null;
        if (step === null) return fail<{ recoveryCodes: string[] }>("staff.bad_code", 422);
        const codes = newRecoveryCodes();
        await tx.update(staffMembers).set({ totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() }).where(eq(staffMembers.id, m.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, m.id));
        await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId: m.id, codeHash: sha256(normaliseRecoveryCode(c)) })));
        // The session that enrolled is now a full one; the member's other sessions stay as they were.
        await tx
          .update(staffSessions)
          .set({ state: "active" })
          .where(and(eq(staffSessions.id, staff.sessionId), eq(staffSessions.state, "enrol")));
        await writeAudit(tx, actorOf(m, meta), {
          action: "staff.totp_enabled",
          entityType: "staff",
          entityId: m.id,
          before: { totp_enabled: false },
          after: { totp_enabled: true },
        });
        return { ok: true as const, value: { recoveryCodes: codes } };
      });
    },

    async recoveryCodesLeft(staffId: number) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
      return r.n;
    },

    async setLanguage(staffId: number, language: "es" | "fr") {
      await db.update(staffMembers).set({ language, updatedAt: new Date() }).where(eq(staffMembers.id, staffId));
    },

    async logout(staff: StaffUser) {
      await db.update(staffSessions).set({ revokedAt: new Date(), revokedReason: "logout" }).where(eq(staffSessions.id, staff.sessionId));
    },

    /** The member's own sessions still open, newest first. */
    async sessionsOf(staffId: number) {
      const now = Date.now();
      const rows = await db
        .select()
        .from(staffSessions)
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, new Date(now))))
        .orderBy(desc(staffSessions.createdAt))
        .limit(50);
      return rows.filter((s) => s.lastSeenAt.getTime() + STAFF_IDLE_MS > now);
    },

    /** Ends one of the member's own sessions (a session id of someone else is a 404). */
    async endSession(staffId: number, sessionId: string) {
      const r = await db
        .update(staffSessions)
        .set({ revokedAt: new Date(), revokedReason: "ended" })
        .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id });
      return r.length > 0;
    },

    // ------------------------------------------------------------ staff management (owner)

    async list() {
      return (await db.select().from(staffMembers).orderBy(staffMembers.id)).map(publicMember);
    },

    /** Invites a member by mail (7-day link to set a password). An email already on the staff is a 409. */
    async invite(
      tx: Db,
      actor: AuditActor,
      input: { email: string; name: string; role: StaffRole; language: "es" | "fr" },
    ): Promise<StaffResult<{ member: ReturnType<typeof publicMember>; link: string }>> {
      const [member] = await tx
        .insert(staffMembers)
        .values({ email: input.email.toLowerCase(), name: input.name, role: input.role, language: input.language, invitedBy: actor.staffId })
        .onConflictDoNothing()
        .returning();
      if (!member) return fail("staff.email_taken", 409);
      const token = newToken("bdinv");
      await tx
        .insert(staffTokens)
        .values({ staffId: member.id, purpose: "invitation", tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) });
      const url = link("/admin/accept", token);
      await writeAudit(tx, actor, { action: "staff.invite", entityType: "staff", entityId: member.id, after: publicMember(member) });
      await mail.send(staffMail("invitation", member.language, { name: member.name || member.email, link: url, inviter: actor.email }, member.email));
      return { ok: true, value: { member: publicMember(member), link: url } };
    },

    /** Sets the password of an invited member from the invitation link; the link works once. */
    async acceptInvitation(input: { token: string; password: string }, meta: SessionMeta & { requestId?: string }) {
      return db.transaction(async (tx) => {
        const used = await spendToken(tx, input.token, "invitation");
        if (!used?.staffId) return fail<{ token: string; state: StaffState }>("staff.link_invalid", 410);
        const [member] = await tx
          .update(staffMembers)
          .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
          .where(and(eq(staffMembers.id, used.staffId), isNull(staffMembers.disabledAt)))
          .returning();
        if (!member) return fail<{ token: string; state: StaffState }>("staff.link_invalid", 410);
        await writeAudit(tx, actorOf(member, meta), { action: "staff.invitation_accepted", entityType: "staff", entityId: member.id });
        return { ok: true as const, value: await startSession(tx, member, meta) };
      });
    },

    /** Role, name, language, disabled. Staff are disabled, never deleted; disabling ends their sessions. The last active owner cannot lose the role. */
    async update(
      tx: Db,
      actor: AuditActor,
      id: number,
      patch: { name?: string; role?: StaffRole; language?: "es" | "fr"; disabled?: boolean },
    ): Promise<StaffResult<ReturnType<typeof publicMember>>> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(7340038)`);
      const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for("update");
      if (!before) return fail("staff.not_found", 404);
      const losesOwner = before.role === "owner" && !before.disabledAt && ((patch.role && patch.role !== "owner") || patch.disabled === true);
      if (losesOwner) {
        const [n] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(staffMembers)
          .where(and(eq(staffMembers.role, "owner"), isNull(staffMembers.disabledAt), sql`${staffMembers.passwordHash} IS NOT NULL`));
        if (n.n <= 1) return fail("staff.last_owner", 409);
      }
      const [after] = await tx
        .update(staffMembers)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.role ? { role: patch.role } : {}),
          ...(patch.language ? { language: patch.language } : {}),
          ...(patch.disabled !== undefined ? { disabledAt: patch.disabled ? (before.disabledAt ?? new Date()) : null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(staffMembers.id, id))
        .returning();
      // A new role or a disabled account: the member logs in again (their sessions end now).
      if (patch.disabled || (patch.role && patch.role !== before.role)) {
        await tx
          .update(staffSessions)
          .set({ revokedAt: new Date(), revokedReason: patch.disabled ? "disabled" : "role_changed" })
          .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
      }
      await writeAudit(tx, actor, { action: "staff.update", entityType: "staff", entityId: id, before: publicMember(before), after: publicMember(after) });
      return { ok: true, value: publicMember(after) };
    },

    /** A new invitation link for a member who has not set a password yet. */
    async reinvite(tx: Db, actor: AuditActor, id: number): Promise<StaffResult<{ link: string }>> {
      const [m] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id));
      if (!m) return fail("staff.not_found", 404);
      if (m.passwordHash || m.disabledAt) return fail("staff.not_invited", 409);
      const token = newToken("bdinv");
      await tx
        .insert(staffTokens)
        .values({ staffId: m.id, purpose: "invitation", tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) });
      const url = link("/admin/accept", token);
      await writeAudit(tx, actor, { action: "staff.reinvite", entityType: "staff", entityId: m.id });
      await mail.send(staffMail("invitation", m.language, { name: m.name || m.email, link: url, inviter: actor.email }, m.email));
      return { ok: true, value: { link: url } };
    },

    /** Removes a member's second factor (lost phone and codes): the owner does it, the member enrols again at the next login. */
    async resetTotp(tx: Db, actor: AuditActor, id: number): Promise<StaffResult<ReturnType<typeof publicMember>>> {
      const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id));
      if (!before) return fail("staff.not_found", 404);
      const [after] = await tx
        .update(staffMembers)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(staffMembers.id, id))
        .returning();
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await tx
        .update(staffSessions)
        .set({ revokedAt: new Date(), revokedReason: "totp_reset" })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
      await writeAudit(tx, actor, {
        action: "staff.totp_reset",
        entityType: "staff",
        entityId: id,
        before: { totp_enabled: before.totpEnabledAt !== null },
        after: { totp_enabled: false },
      });
      return { ok: true, value: publicMember(after) };
    },

    // ------------------------------------------------------------ shop settings

    /** Refunds above this many cents need a role without a limit (support's cap; the owner sets it). */
    async refundLimitCents(tx: Db = db): Promise<number> {
      const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.key, "support_refund_limit_cents"));
      return typeof row?.value === "number" ? row.value : 15_000;
    },

    async setRefundLimitCents(tx: Db, actor: AuditActor, cents: number) {
      const before = await this.refundLimitCents(tx);
      await tx
        .insert(shopSettings)
        .values({ key: "support_refund_limit_cents", value: cents })
        .onConflictDoUpdate({ target: shopSettings.key, set: { value: cents, updatedAt: new Date() } });
      await writeAudit(tx, actor, {
        action: "settings.update",
        entityType: "setting",
        entityId: "support_refund_limit_cents",
        before: { value: before },
        after: { value: cents },
      });
    },

    permissionsOf(role: StaffRole): Permission[] {
      return [...ROLE_PERMISSIONS[role]];
    },

    /** Tests and the e2e suite: a member with a password and a working session, TOTP enrolled when the role needs it. */
    async createForTests(input: { email: string; name?: string; role: StaffRole; password: string; language?: "es" | "fr" }) {
      const key = new Uint8Array(randomBytes(20));
      const [m] = await db
        .insert(staffMembers)
        .values({
          email: input.email.toLowerCase(),
          name: input.name ?? input.email,
          role: input.role,
          language: input.language ?? "es",
          passwordHash: await hashPassword(input.password),
        })
        .returning();
      return { member: m, key };
    },

    /** A session in state active for a member, without the login steps (tests only). */
    async sessionForTests(staffId: number): Promise<string> {
      const token = newToken("bds");
      await db.insert(staffSessions).values({ id: sha256(token), staffId, state: "active", expiresAt: new Date(Date.now() + STAFF_SESSION_MAX_MS) });
      return token;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
