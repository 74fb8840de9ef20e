import type { StaffRole } from "../../core/staff-permissions.ts";
import { totpNow } from "../modules/staff/staff.crypto.ts";
import { uniqueEmail } from "./accounts.ts";
import type { TestShop } from "./test-shop.ts";

export type TestStaff = {
  id: number;
  email: string;
  password: string;
  role: StaffRole;
  /** The session token: `headers` sends it as `Authorization: Bearer bds_…`. */
  token: string;
  headers: { authorization: string };
  /** The authenticator app of a member who has one (the current code). */
  totp: () => string;
};

/**
 * A staff member with a role and a signed-in session, for API tests of the back office: made
 * in the database directly (the login, TOTP and invitation steps have their own tests in
 * server/modules/staff). Send `headers` with each staff call.
 */
export async function createStaff(shop: TestShop, role: StaffRole, opts: { email?: string; name?: string; language?: "es" | "fr" } = {}): Promise<TestStaff> {
  const email = opts.email ?? uniqueEmail(`staff-${role}`);
  const password = "staff-password-123";
  const { member, key } = await shop.services.staff.createForTests({ email, role, password, name: opts.name ?? `${role} de prueba`, language: opts.language });
  const token = await shop.services.staff.sessionForTests(member.id);
  return { id: member.id, email, password, role, token, headers: { authorization: `Bearer ${token}` }, totp: () => totpNow(key) };
}

/** The audit entries of a test shop, newest first (what GET /api/admin/v1/audit/ lists). */
export async function auditEntries(shop: TestShop, filter: { action?: string; orderId?: number } = {}) {
  const { readAudit } = await import("../modules/staff/staff.audit.ts");
  return (await readAudit(shop.services.database.db, { action: filter.action, orderId: filter.orderId, limit: 500 })).rows;
}
