import { createHash, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

/** Spec 9: access token 600 s, refresh token 86400 s. */
export const ACCESS_TTL_S = 600;
export const REFRESH_TTL_S = 86_400;
export const ACTIVATION_TTL_S = 7 * 24 * 3600;
export const RESET_TTL_S = 30 * 60;

export const JWT_AUDIENCE = "bano-shop-api";
const ALGORITHMS = ["HS256"];
/** The protected header's typ tells the two apart before any claim is read (RFC 9068 style). */
const TYP = { access: "at+jwt", refresh: "rt+jwt" } as const;
export type TokenUse = keyof typeof TYP;

export type AccessClaims = { userId: number; sessionId: string };
export type RefreshClaims = { userId: number; sessionId: string; jti: string };

/**
 * The JWT signing key: derived from the shop's SECRET (HKDF), so the raw secret signs nothing
 * and other uses of SECRET get other keys.
 */
export function jwtKey(secret: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, "bano-shop", "accounts/jwt/v1", 32));
}

export function createJwt(secret: string, issuer: string) {
  const key = jwtKey(secret);

  async function sign(use: TokenUse, userId: number, sessionId: string, ttl: number, jti: string) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ token_use: use, sid: sessionId })
      .setProtectedHeader({ alg: "HS256", typ: TYP[use] })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setJti(jti)
      .sign(key);
  }

  /**
   * Verifies signature (HS256 only: "none" and every other algorithm are refused), issuer,
   * audience, expiry, typ and token_use. Null for anything wrong; never throws.
   */
  async function verify(use: TokenUse, token: string): Promise<{ sub: number; sid: string; jti: string } | null> {
    if (!token || token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ALGORITHMS,
        issuer,
        audience: JWT_AUDIENCE,
        typ: TYP[use],
        requiredClaims: ["sub", "exp", "iat", "jti", "sid", "token_use"],
      });
      if (payload.token_use !== use) return null;
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub) || sub <= 0 || typeof payload.sid !== "string" || typeof payload.jti !== "string") return null;
      return { sub, sid: payload.sid, jti: payload.jti };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }

  return {
    accessToken: (userId: number, sessionId: string) => sign("access", userId, sessionId, ACCESS_TTL_S, randomUUID()),
    refreshToken: (userId: number, sessionId: string, jti: string) => sign("refresh", userId, sessionId, REFRESH_TTL_S, jti),
    verifyAccess: (token: string) => verify("access", token),
    verifyRefresh: (token: string) => verify("refresh", token),
  };
}

export type Jwt = ReturnType<typeof createJwt>;

/** A token for a mail link: 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a link token (or of an email in a throttle key). */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export const newId = () => randomUUID();
