import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateHOTP } from "@oslojs/otp";
import { inject } from "vitest";
import { setupProof } from "../../server/modules/staff/staff.crypto.ts";

/** The shop's first owner, created by the e2e global setup through the setup link and TOTP enrolment. */
export const E2E_OWNER = { email: "owner-e2e@example.com", password: "e2e-owner-password", name: "Olga Propietaria" } as const;

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export function base32Decode(s: string): Uint8Array {
  let bits = 0;
  let v = 0;
  const out: number[] = [];
  for (const c of s.replace(/=+$/, "")) {
    v = (v << 5) | B32.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((v >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/**
 * The authenticator app of a test: the code of the 30 s step `offset` steps from now (each step's
 * code is accepted once per member, so successive logins use later steps).
 */
export function totpCode(secretBase32: string, offset = 0): string {
  return generateHOTP(base32Decode(secretBase32), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
}

let step = 0;
/** A code never used before by this process (the shop accepts each step once, one step of drift either side). */
export function freshCode(secretBase32: string): string {
  step = Math.max(step + 1, Math.floor(Date.now() / 30_000));
  const offset = step - Math.floor(Date.now() / 30_000);
  if (offset > 1) throw new Error("more TOTP logins than 30 s steps allow: wait or use a recovery code");
  return totpCode(secretBase32, offset);
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
  await json(await fetch(`${base}/api/admin/v1/auth/totp/enable/`, { method: "POST", headers: auth, body: JSON.stringify({ code: freshCode(totp.secret) }) }));
  return totp.secret as string;
}

/** A staff API session (Authorization: Bearer bds_…) of a member with TOTP: password, then a fresh code. */
export async function staffApiLogin(email: string, password: string, totpSecret: string): Promise<{ authorization: string }> {
  const base = inject("shopUrl");
  const login = await json(
    await fetch(`${base}/api/admin/v1/auth/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }),
  );
  const authorization = `Bearer ${login.token}`;
  if (login.state === "mfa") {
    await json(
      await fetch(`${base}/api/admin/v1/auth/second-factor/`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ code: freshCode(totpSecret) }),
      }),
    );
  }
  return { authorization };
}

/** The owner the global setup made: an API session for specs that need staff behind the scenes. */
export function ownerApiSession() {
  return staffApiLogin(E2E_OWNER.email, E2E_OWNER.password, inject("ownerTotpSecret"));
}
