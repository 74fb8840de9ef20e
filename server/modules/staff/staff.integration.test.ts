import { sql } from "drizzle-orm";
import { madridDay } from "../../../core/dates.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { createSecretBox, setupProof, totpNow } from "./staff.crypto.ts";
import { staffMembers } from "./staff.schema.ts";

const cookieOf = (setCookie: string | string[] | undefined) => {
  const c = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ""]).find((x) => x.startsWith("bd_staff="));
  return c ? c.split(";")[0] : "";
};

describeEachDb("back office staff: setup, invitations, login with two factors, sessions, roles, audit", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  const big = { limit: 100_000, windowS: 60 };
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url } });
    shop.services.staff.throttle.setLimits({ "staff-login:ip": big, "staff-login:account": big, "staff-totp:account": big });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => shop.app.inject({ method: "POST", url, payload, headers });
  const me = (headers: Record<string, string>) => shop.app.inject({ method: "GET", url: "/api/admin/v1/auth/me/", headers });
  /** The TOTP key a member enrolled with (the test reads it as the authenticator app would have). */
  const keyOf = async (email: string) => {
    const [m] = await shop.services.database.db.select().from(staffMembers).where(sql`lower(${staffMembers.email}) = ${email}`);
    return createSecretBox(shop.services.config.secret).open(m.totpSecret!)!;
  };
  /** A code of a later 30 s step: each step's code is accepted once. */
  const laterCode = (key: Uint8Array, steps: number) => totpNow(key, Date.now() + steps * 30_000);

  describe("the first owner", () => {
    let ownerCookie = "";
    const email = uniqueEmail("owner");

    it("is created from the one-time setup link, which then works no more; the owner must enrol TOTP first", async () => {
      expect(await shop.services.staff.activeOwnerExists()).toBe(false);
      const link = new URL((await shop.services.staff.setupLink())!);
      expect(link.pathname).toBe("/admin/setup");
      const token = link.searchParams.get("token")!;
      const res = await post("/api/admin/v1/auth/setup/", { token, email, name: "Olga Owner", password: "a-long-password-1" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().state).toBe("enrol");
      ownerCookie = cookieOf(res.headers["set-cookie"]);
      expect(res.headers["set-cookie"]).toMatch(/HttpOnly/);
      expect(res.headers["set-cookie"]).toMatch(/SameSite=Strict/);
      // The link is spent, and a second owner cannot be made with a new one either.
      expect((await post("/api/admin/v1/auth/setup/", { token, email: uniqueEmail(), name: "X", password: "a-long-password-1" })).statusCode).toBe(409);
      expect(await shop.services.staff.setupLink()).toBeNull();
    });

    it("cannot use any staff route before enrolling (403), enrols with a code, gets 10 recovery codes once", async () => {
      const h = { cookie: ownerCookie, origin: shop.services.config.publicUrl };
      const blocked = await shop.app.inject({ method: "GET", url: "/api/admin/v1/staff/", headers: h });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe("staff.totp_enrolment_required");
      const setup = await post("/api/admin/v1/auth/totp/setup/", {}, h);
      expect(setup.statusCode, setup.body).toBe(200);
      expect(setup.json().uri).toMatch(/^otpauth:\/\/totp\//);
      expect(setup.json().qr_svg).toMatch(/^<svg/);
      const key = await keyOf(email);
      expect((await post("/api/admin/v1/auth/totp/enable/", { code: "000000" }, h)).statusCode).toBe(422);
      const ok = await post("/api/admin/v1/auth/totp/enable/", { code: totpNow(key) }, h);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().recovery_codes).toHaveLength(10);
      expect(ok.json().me.state).toBe("active");
      expect((await shop.app.inject({ method: "GET", url: "/api/admin/v1/staff/", headers: h })).statusCode).toBe(200);
      const audit = await auditEntries(shop, { action: "staff." });
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["staff.setup_owner", "staff.totp_enabled"]));
    });

    it("logs in again with password then code; a code is accepted once; a recovery code works once", async () => {
      const key = await keyOf(email);
      const login = await post("/api/admin/v1/auth/login/", { email, password: "a-long-password-1" });
      expect(login.json().state).toBe("mfa");
      const h = { authorization: `Bearer ${login.json().token}` };
      // Waiting for the code: nothing else works yet.
      expect((await shop.app.inject({ method: "GET", url: "/api/admin/v1/audit/", headers: h })).statusCode).toBe(401);
      const code = laterCode(key, 1);
      const ok = await post("/api/admin/v1/auth/second-factor/", { code }, h);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().state).toBe("active");
      // The same code on another login is refused (replay).
      const again = await post("/api/admin/v1/auth/login/", { email, password: "a-long-password-1" });
      const h2 = { authorization: `Bearer ${again.json().token}` };
      expect((await post("/api/admin/v1/auth/second-factor/", { code }, h2)).statusCode).toBe(401);
      expect((await me(h2)).json().state).toBe("mfa");
    });

    it("refuses a wrong password and an unknown email with the same answer", async () => {
      const a = await post("/api/admin/v1/auth/login/", { email, password: "wrong-password-1" });
      const b = await post("/api/admin/v1/auth/login/", { email: uniqueEmail(), password: "wrong-password-1" });
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      expect(a.json().error).toEqual(b.json().error);
      expect(a.json().error.message).toBe("El email o la contraseña no son correctos");
    });
  });

  describe("invitations and roles", () => {
    let owner: TestStaff;
    beforeAll(async () => {
      owner = await createStaff(shop, "owner");
    });

    it("the owner invites a support member by mail; the link sets the password once; support needs no TOTP", async () => {
      const email = uniqueEmail("support");
      const inv = await post("/api/admin/v1/staff/", { email, name: "Sara Support", role: "support", language: "es" }, owner.headers);
      expect(inv.statusCode, inv.body).toBe(201);
      expect(inv.json().status).toBe("invited");
      const mail = await smtp.last(email, /invitado/);
      const link = new URL(/https?:\/\/\S+\/admin\/accept\?token=[\w%-]+/.exec(mail.text)![0]);
      const token = decodeURIComponent(link.searchParams.get("token")!);
      const acc = await post("/api/admin/v1/auth/accept/", { token, password: "support-password-1" });
      expect(acc.statusCode, acc.body).toBe(200);
      expect(acc.json().state).toBe("active");
      expect((await post("/api/admin/v1/auth/accept/", { token, password: "support-password-2" })).statusCode).toBe(410);
      // A second invitation to the same email is a conflict.
      expect((await post("/api/admin/v1/staff/", { email, role: "warehouse" }, owner.headers)).statusCode).toBe(409);
      // Support may not manage staff.
      const sup = { authorization: `Bearer ${acc.json().token}` };
      expect((await shop.app.inject({ method: "GET", url: "/api/admin/v1/staff/", headers: sup })).statusCode).toBe(403);
    });

    it("disabling a member ends their sessions at once; the last owner cannot be demoted; every change is audited with before and after", async () => {
      const w = await createStaff(shop, "warehouse");
      expect((await me(w.headers)).statusCode).toBe(200);
      const off = await shop.app.inject({ method: "PATCH", url: `/api/admin/v1/staff/${w.id}/`, payload: { disabled: true }, headers: owner.headers });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().status).toBe("disabled");
      expect((await me(w.headers)).statusCode).toBe(401);
      expect((await post("/api/admin/v1/auth/login/", { email: w.email, password: w.password })).statusCode).toBe(401);
      const [entry] = await auditEntries(shop, { action: "staff.update" });
      expect(entry.staffEmail).toBe(owner.email);
      expect((entry.before as { status: string }).status).toBe("active");
      expect((entry.after as { status: string }).status).toBe("disabled");
      expect(entry.requestId).not.toBe("");
      // Owners: other owners exist in this file; make one the only active one and try to demote it.
      const ownersNow = (await shop.services.staff.list()).filter((m) => m.role === "owner" && m.status === "active" && m.id !== owner.id);
      for (const o of ownersNow)
        await shop.app.inject({ method: "PATCH", url: `/api/admin/v1/staff/${o.id}/`, payload: { disabled: true }, headers: owner.headers });
      const demote = await shop.app.inject({ method: "PATCH", url: `/api/admin/v1/staff/${owner.id}/`, payload: { role: "manager" }, headers: owner.headers });
      expect(demote.statusCode).toBe(409);
    });

    it("a member sees and ends their own sessions, and no one else's", async () => {
      const a = await createStaff(shop, "support");
      const second = await shop.services.staff.sessionForTests(a.id);
      const list = await shop.app.inject({ method: "GET", url: "/api/admin/v1/auth/sessions/", headers: a.headers });
      expect(list.json().results).toHaveLength(2);
      const other = list.json().results.find((s: { current: boolean }) => !s.current);
      const b = await createStaff(shop, "support");
      expect((await shop.app.inject({ method: "DELETE", url: `/api/admin/v1/auth/sessions/${other.id}/`, headers: b.headers })).statusCode).toBe(404);
      expect((await shop.app.inject({ method: "DELETE", url: `/api/admin/v1/auth/sessions/${other.id}/`, headers: a.headers })).statusCode).toBe(204);
      expect((await me({ authorization: `Bearer ${second}` })).statusCode).toBe(401);
      expect((await me(a.headers)).statusCode).toBe(200);
    });

    it("a customer's token opens no staff route, and a staff session is not a customer session", async () => {
      const res = await shop.app.inject({ method: "GET", url: "/api/admin/v1/staff/", headers: { authorization: "Bearer x.y.z" } });
      expect(res.statusCode).toBe(401);
      const info = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: owner.headers });
      expect(info.statusCode).toBe(401);
    });

    it("a staff write from another site with the session cookie is refused", async () => {
      const res = await shop.app.inject({
        method: "PUT",
        url: "/api/admin/v1/settings/",
        payload: { support_refund_limit_cents: 1 },
        headers: { cookie: `bd_staff=${owner.token}`, origin: "https://evil.example" },
      });
      expect(res.statusCode).toBe(403);
      expect(await shop.services.staff.refundLimitCents()).not.toBe(1);
    });

    it("the owner sets support's refund limit; a manager may not", async () => {
      const m = await createStaff(shop, "manager");
      expect(
        (await shop.app.inject({ method: "PUT", url: "/api/admin/v1/settings/", payload: { support_refund_limit_cents: 5000 }, headers: m.headers }))
          .statusCode,
      ).toBe(403);
      const ok = await shop.app.inject({
        method: "PUT",
        url: "/api/admin/v1/settings/",
        payload: { support_refund_limit_cents: 25_000 },
        headers: owner.headers,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await shop.services.staff.refundLimitCents()).toBe(25_000);
    });
  });

  describe("the audit log", () => {
    it("refuses updates, deletes and truncation in the database itself", async () => {
      const db = shop.services.database.db;
      await createStaff(shop, "owner").then((o) =>
        shop.app.inject({ method: "PUT", url: "/api/admin/v1/settings/", payload: { support_refund_limit_cents: 777 }, headers: o.headers }),
      );
      const refused = async (q: ReturnType<typeof sql>) => {
        const e = await db.execute(q).then(
          () => null,
          (err: Error & { cause?: Error }) => err,
        );
        return String(e?.cause?.message ?? e?.message ?? "");
      };
      expect(await refused(sql`UPDATE audit_log SET action = 'x'`)).toMatch(/append-only/);
      expect(await refused(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
      expect(await refused(sql`TRUNCATE audit_log`)).toMatch(/append-only/);
      expect((await auditEntries(shop, { action: "settings.update" }))[0].after).toEqual({ value: 777 });
    });

    it("is listed with filters and keyset pages, and exported as CSV with safe cells", async () => {
      const owner = await createStaff(shop, "owner");
      const acc = await createStaff(shop, "accountant");
      for (let i = 0; i < 3; i++) {
        await shop.app.inject({ method: "PUT", url: "/api/admin/v1/settings/", payload: { support_refund_limit_cents: 1000 + i }, headers: owner.headers });
      }
      const p1 = await shop.app.inject({ method: "GET", url: `/api/admin/v1/audit/?staff_id=${owner.id}&limit=2`, headers: acc.headers });
      expect(p1.statusCode, p1.body).toBe(200);
      expect(p1.json().results).toHaveLength(2);
      expect(p1.json().results[0].after).toEqual({ value: 1002 });
      expect(p1.json().results[0].before).toEqual({ value: 1001 });
      const p2 = await shop.app.inject({
        method: "GET",
        url: `/api/admin/v1/audit/?staff_id=${owner.id}&limit=2&before=${p1.json().next}`,
        headers: acc.headers,
      });
      expect(p2.json().results.map((r: { id: number }) => r.id)).not.toContain(p1.json().results[1].id);
      expect(p2.json().results[0].after).toEqual({ value: 1000 });
      // The shop's days are Madrid's (from 23:00 UTC in winter it is already tomorrow there).
      const today = madridDay(new Date());
      const csv = await shop.app.inject({
        method: "GET",
        url: `/api/admin/v1/audit/export.csv?action=settings.&from=2020-01-01&to=${today}`,
        headers: acc.headers,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/text\/csv/);
      expect(csv.body.split("\r\n").filter(Boolean).length).toBeGreaterThanOrEqual(4);
      // Support may not read the log.
      const s = await createStaff(shop, "support");
      expect((await shop.app.inject({ method: "GET", url: "/api/admin/v1/audit/", headers: s.headers })).statusCode).toBe(403);
    });
  });

  describe("the setup link for a running shop", () => {
    it("is given only with the HMAC proof of SECRET", async () => {
      expect((await post("/api/admin/v1/auth/setup-link/", {}, { "x-setup-proof": "0".repeat(64) })).statusCode).toBe(403);
      const ok = await post("/api/admin/v1/auth/setup-link/", {}, { "x-setup-proof": setupProof(shop.services.config.secret) });
      expect(ok.statusCode).toBe(200);
      // An owner exists in this file by now: no link.
      expect(ok.json().link).toBeNull();
    });
  });
});
