import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "./accounts.schema.ts";
import { sha256 } from "./accounts.tokens.ts";

/**
 * Attempt limits, per fixed window, counted in the database (every copy of the shop shares
 * them). "ip" rules count every attempt from an address; "account" rules every attempt on one
 * email or user, whatever the address (a botnet cannot spread a guessing attack thin).
 */
export const DEFAULT_LIMITS = {
  "login:ip": { limit: 30, windowS: 300 },
  "login:account": { limit: 10, windowS: 900 },
  "signup:ip": { limit: 10, windowS: 3600 },
  "signup:account": { limit: 5, windowS: 3600 },
  "reset:ip": { limit: 10, windowS: 3600 },
  "reset:account": { limit: 5, windowS: 3600 },
  /** The checkout's "create my account" (its 409 tells an email has an account: throttled like recovery). */
  "checkout-account:ip": { limit: 20, windowS: 3600 },
  "checkout-account:account": { limit: 10, windowS: 3600 },
  /**
   * Newsletter sign-ups (footer, popup, API, profile): each sends a mail to the address given and
   * 'Ya existe un usuario suscrito con éste email' tells who is subscribed.
   */
  "newsletter:ip": { limit: 10, windowS: 3600 },
  "newsletter:account": { limit: 5, windowS: 3600 },
  /** Following a mail link (activation, new password): guessing a 256-bit token is hopeless, flooding is not. */
  "link:ip": { limit: 30, windowS: 900 },
  "refresh:ip": { limit: 300, windowS: 300 },
  "refresh:account": { limit: 120, windowS: 300 },
  /** Checks of the current password (change email or password, delete the account). */
  "password:account": { limit: 10, windowS: 900 },
  /** Staff logins (the back office): stricter per account than customers'. */
  "staff-login:ip": { limit: 30, windowS: 300 },
  "staff-login:account": { limit: 8, windowS: 900 },
  /** Second-factor codes per staff member: 6 digits would fall to a fast guesser otherwise. */
  "staff-totp:account": { limit: 10, windowS: 900 },
} satisfies Record<string, { limit: number; windowS: number }>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type Limits = Record<LimitName, { limit: number; windowS: number }>;
export type ThrottleResult = { ok: true } | { ok: false; retryAfter: number };

export function createThrottle(db: Db, initial: Partial<Limits> = {}) {
  let limits: Limits = { ...DEFAULT_LIMITS, ...initial };
  let hits = 0;

  async function hitOne(name: LimitName, subject: string): Promise<ThrottleResult> {
    const { limit, windowS } = limits[name];
    const windowMs = windowS * 1000;
    const now = Date.now();
    const start = Math.floor(now / windowMs) * windowMs;
    // Emails are personal data: the counter's key is a hash of them. The window's length is part of
    // the key: a 60 s window and a 3600 s one both start at the top of the hour, and must not share a count.
    const key = `${name}:${windowS}:${sha256(subject.toLowerCase()).slice(0, 32)}`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: new Date(start), count: 1, expiresAt: new Date(start + windowMs) })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    if (row.count <= limit) return { ok: true };
    return { ok: false, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  }

  return {
    /**
     * Counts one attempt under each rule and says whether all are still within their limit;
     * when not, how many seconds until the longest one resets (the Retry-After).
     */
    async hit(rules: [LimitName, string | undefined][]): Promise<ThrottleResult> {
      if (++hits % 200 === 0) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date()));
      let retryAfter = 0;
      for (const [name, subject] of rules) {
        if (!subject) continue;
        const r = await hitOne(name, subject);
        if (!r.ok) retryAfter = Math.max(retryAfter, r.retryAfter);
      }
      return retryAfter ? { ok: false, retryAfter } : { ok: true };
    },
    /** Tests and the benchmark change the limits of a running shop (e.g. 50 sign-ups from one address). */
    setLimits(overrides: Partial<Limits>) {
      limits = { ...limits, ...overrides };
    },
    reset() {
      limits = { ...DEFAULT_LIMITS };
    },
    get limits(): Readonly<Limits> {
      return limits;
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
