import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateHOTP } from "@oslojs/otp";
import { inject } from "vitest";
import { base32Decode, setupProof } from "../../server/modules/staff/staff.crypto.ts";

/** The shop's first owner, created by the e2e global setup through the setup link and TOTP enrolment. */
export const E2E_OWNER = { email: "owner-e2e@example.com", password: "e2e-owner-password", name: "Olga Propietaria" } as const;

/**
 * The authenticator app of a test: the code of the 30 s step `offset` steps from now (each step's
 * code is accepted once per member, so successive logins use later steps).
 */
export function totpCode(secretBase32: string, offset = 0): string {
  return generateHOTP(base32Decode(secretBase32), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
}

const lastStep = new Map<string, number>();
const nowStep = () => Math.floor(Date.now() / 30_000);

/**
 * A code of a 30 s step this process has not used for this secret yet, as a person reading their
 * phone again later would: the shop accepts each step once per member and one step of drift
 * either side. The first code of a process is the next step's (another process, the global
 * setup, may have used the current one); a third login within a minute waits for the clock.
 */
export async function freshCode(secretBase32: string): Promise<string> {
  const step = Math.max((lastStep.get(secretBase32) ?? nowStep()) + 1, nowStep());
  while (step > nowStep() + 1) await new Promise((r) => setTimeout(r, 500));
  lastStep.set(secretBase32, step);
  return generateHOTP(base32Decode(secretBase32), BigInt(step), 6);
}

async function json(res: Response) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${res.url} ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Creates the first owner of a shop with no owner, as a person would through /admin/setup and
 * the enrolment screen, but over the API: answers the owner's TOTP secret (base32).
 */
export async function createFirstOwner(base: string, dataDir: string): Promise<string> {
  const secret = readFileSync(join(dataDir, "secret.key"), "utf8").trim();
  const { link } = await json(
    await fetch(`${base}/api/admin/v1/auth/setup-link/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-setup-proof": setupProof(secret) },
      body: "{}",
    }),
  );
  const token = new URL(link).searchParams.get("token");
  const setup = await json(
    await fetch(`${base}/api/admin/v1/auth/setup/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, email: E2E_OWNER.email, name: E2E_OWNER.name, password: E2E_OWNER.password }),
    }),
  );
  const auth = { authorization: `Bearer ${setup.token}`, "content-type": "application/json" };
  const totp = await json(await fetch(`${base}/api/admin/v1/auth/totp/setup/`, { method: "POST", headers: auth, body: "{}" }));
  // The current step's code: the specs' processes start at the next step (freshCode).
  await json(await fetch(`${base}/api/admin/v1/auth/totp/enable/`, { method: "POST", headers: auth, body: JSON.stringify({ code: totpCode(totp.secret) }) }));
  return totp.secret as string;
}

/**
 * A member invited by the owner and activated over the API (the invitation link from the outbox,
 * a password, TOTP enrolment when the role requires it), as the staff application does it.
 */
export async function inviteStaff(
  owner: { authorization: string },
  member: { email: string; name: string; role: string; password: string },
  invitationLink: (email: string) => Promise<string>,
): Promise<{ totpSecret: string | null }> {
  const base = inject("shopUrl");
  await json(
    await fetch(`${base}/api/admin/v1/staff/`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, name: member.name, role: member.role }),
    }),
  );
  const token = new URL(await invitationLink(member.email)).searchParams.get("token");
  const acc = await json(
    await fetch(`${base}/api/admin/v1/auth/accept/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password: member.password }),
    }),
  );
  if (acc.state !== "enrol") return { totpSecret: null };
  const auth = { authorization: `Bearer ${acc.token}`, "content-type": "application/json" };
  const totp = await json(await fetch(`${base}/api/admin/v1/auth/totp/setup/`, { method: "POST", headers: auth, body: "{}" }));
  await json(
    await fetch(`${base}/api/admin/v1/auth/totp/enable/`, { method: "POST", headers: auth, body: JSON.stringify({ code: await freshCode(totp.secret) }) }),
  );
  return { totpSecret: totp.secret as string };
}

/** A staff API session (Authorization: Bearer bds_…) of a member with TOTP: password, then a fresh code. */
export async function staffApiLogin(email: string, password: string, totpSecret: string): Promise<{ authorization: string }> {
  const base = inject("shopUrl");
  const login = await json(
    await fetch(`${base}/api/admin/v1/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    }),
  );
  const authorization = `Bearer ${login.token}`;
  if (login.state === "mfa") {
    await json(
      await fetch(`${base}/api/admin/v1/auth/second-factor/`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ code: await freshCode(totpSecret) }),
      }),
    );
  }
  return { authorization };
}

/** The owner the global setup made: an API session for specs that need staff behind the scenes. */
export function ownerApiSession() {
  return staffApiLogin(E2E_OWNER.email, E2E_OWNER.password, inject("ownerTotpSecret"));
}
