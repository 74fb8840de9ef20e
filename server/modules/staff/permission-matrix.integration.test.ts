import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, PERMISSIONS, STAFF_ROLES, type StaffRole } from "../../../core/staff-permissions.ts";
import { documentedRoutes, staffRoutes } from "../../lib/api-route.ts";
import { createCustomer, relaxThrottling } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { createStaff, type TestStaff } from "../../test/staff.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

/**
 * The permission matrix, generated from the route table: every staff route (an apiRoute with a
 * `permission`) is called by every role that lacks its permission (403 each time), by nobody
 * (401), by a customer's token (401) and with a session still waiting for its second factor (401).
 * (A login waiting for its second factor: staff.integration.test.ts.)
 * A new staff route is in the matrix by being registered; no list to keep up to date.
 */
describe("back office permission matrix (from the route table)", () => {
  let shop: TestShop;
  let smtp: TestSmtp;
  const staff = new Map<StaffRole, TestStaff>();
  let customerAuth = "";

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop("pglite", { env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    for (const role of STAFF_ROLES) staff.set(role, await createStaff(shop, role));
    customerAuth = `Bearer ${(await createCustomer(shop, smtp)).access}`;
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === "id" || name.endsWith("Id") ? "1" : "x"));
  const call = (r: { method: string; url: string }, headers: Record<string, string>) =>
    shop.app.inject({ method: r.method as "GET", url: concrete(r.url), headers, ...(r.method === "GET" || r.method === "DELETE" ? {} : { payload: {} }) });

  it("covers the back office: every /api/admin route is a staff route with a permission, or one of the login steps", () => {
    const admin = documentedRoutes().filter((r) => r.includes(" /api/admin/"));
    const withPermission = new Set(staffRoutes().map((r) => `${r.method} ${r.url}`));
    const loginSteps = admin.filter((r) => !withPermission.has(r));
    expect(withPermission.size).toBeGreaterThan(10);
    for (const r of loginSteps) expect(r).toMatch(/ \/api\/admin\/v1\/(auth|views)\//);
  });

  it("no route uses the retired yes/no staff role", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.routes\.ts$/.test(e.name) && /auth: "staff"/.test(readFileSync(p, "utf8"))) offenders.push(p);
      }
    };
    walk(join(import.meta.dirname, ".."));
    expect(offenders).toEqual([]);
  });

  it("every declared permission is used by a route or reserved for the catalog issue", () => {
    const used = new Set(staffRoutes().map((r) => r.permission));
    const reserved = new Set(["catalog.write", "content.write", "prices.write", "stock.write", "installation.read", "installation.write", "invoices.write"]);
    for (const p of PERMISSIONS) if (!used.has(p) && !reserved.has(p)) expect.soft(p, "a permission no route checks").toBe("used");
  });

  it("answers 403 to every role without the route's permission, on every staff route", async () => {
    const routes = staffRoutes();
    let checked = 0;
    const wrong: string[] = [];
    for (const r of routes) {
      for (const role of STAFF_ROLES) {
        if (can(role, r.permission)) continue;
        const res = await call(r, staff.get(role)!.headers);
        checked++;
        if (res.statusCode !== 403) wrong.push(`${role} ${r.method} ${r.url} (${r.permission}) -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length);
  });

  it("answers 401 to no session, a customer's token and a forged staff token, on every staff route", async () => {
    const wrong: string[] = [];
    for (const r of staffRoutes()) {
      for (const [who, headers] of [
        ["nobody", {}],
        ["customer", { authorization: customerAuth }],
        ["forged", { authorization: "Bearer bds_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
      ] as const) {
        // A spec call customers also make for themselves (toggle_type): their own access tests cover it.
        if (who === "customer" && r.customerToo) continue;
        const res = await call(r, headers);
        if (res.statusCode !== 401) wrong.push(`${who} ${r.method} ${r.url} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses every staff route to a login waiting for enrolment (owner without TOTP)", async () => {
    const owner = staff.get("owner")!;
    const login = await shop.app.inject({ method: "POST", url: "/api/admin/v1/auth/login/", payload: { email: owner.email, password: owner.password } });
    expect(login.json().state).toBe("enrol");
    const headers = { authorization: `Bearer ${login.json().token}` };
    const wrong: string[] = [];
    for (const r of staffRoutes()) {
      const res = await call(r, headers);
      if (res.statusCode !== 403 || res.json().error.code !== "staff.totp_enrolment_required") wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
