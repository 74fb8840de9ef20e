import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { generateHOTP } from "@oslojs/otp";

/** RFC 6238 as authenticator apps use it: 30 s steps, 6 digits, HMAC-SHA1. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A random token for a cookie or a mail link (256 bits, URL-safe) with a prefix that names its use. */
export const newToken = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

/** AES-256-GCM under a key derived from SECRET: a copy of the database alone gives no TOTP secret. */
export function createSecretBox(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "bano-shop", "staff/totp/v1", 32));
  return {
    seal(plain: Uint8Array): string {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([c.update(plain), c.final()]);
      return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed: string): Uint8Array | null {
      if (!sealed.startsWith("v1.")) return null;
      try {
        const raw = Buffer.from(sealed.slice(3), "base64url");
        const d = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        d.setAuthTag(raw.subarray(12, 28));
        return new Uint8Array(Buffer.concat([d.update(raw.subarray(28)), d.final()]));
      } catch {
        return null;
      }
    },
  };
}

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Base32 without padding (RFC 4648), as authenticator apps take a key typed by hand. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 key (what an authenticator app does with the key typed by hand). */
export function base32Decode(s: string): Uint8Array {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of s.toUpperCase().replace(/=+$/, "")) {
    const i = B32.indexOf(c);
    if (i < 0) throw new RangeError(`not base32: ${c}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/**
 * The 30 s step a code belongs to, looking one step either side (clock drift), or null.
 * The caller refuses a step at or before the last one accepted, so a code works once.
 */
export function totpStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / 1000 / TOTP_PERIOD_S);
  for (const step of [current - 1, current, current + 1]) {
    if (generateHOTP(key, BigInt(step), TOTP_DIGITS) === code) return step;
  }
  return null;
}

/** The code of the current step (tests and the e2e suite act as the authenticator app). */
export function totpNow(key: Uint8Array, now = Date.now()): string {
  return generateHOTP(key, BigInt(Math.floor(now / 1000 / TOTP_PERIOD_S)), TOTP_DIGITS);
}

/** Ten recovery codes of 10 characters in two groups (xxxxx-xxxxx), lower-case letters and digits. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: 10 }, () => {
    const b = randomBytes(10);
    const s = [...b].map((x) => alphabet[x % alphabet.length]).join("");
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, "");

/**
 * The setup-link CLI's proof that it runs where the shop's SECRET is (DATA_DIR/secret.key or
 * the SECRET variable): an HMAC of the current minute. Checked with one minute either side.
 */
export function setupProof(secret: string, now = Date.now()): string {
  const minute = Math.floor(now / 60_000);
  return createHmac("sha256", Buffer.from(hkdfSync("sha256", secret, "bano-shop", "staff/setup-link/v1", 32)))
    .update(`setup-link:${minute}`)
    .digest("hex");
}

export function checkSetupProof(secret: string, proof: string, now = Date.now()): boolean {
  if (!/^[0-9a-f]{64}$/.test(proof)) return false;
  const given = Buffer.from(proof, "hex");
  return [-60_000, 0, 60_000].some((d) => timingSafeEqual(Buffer.from(setupProof(secret, now + d), "hex"), given));
}
