import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { formRateLimits } from "./reviews.schema.ts";

/**
 * Attempts at the public product-page forms (questions, installation quotations) per address,
 * per fixed window, counted in the database like the accounts' throttle (accounts.throttle.ts):
 * every copy of the shop shares the counters, and the upsert counts concurrent attempts exactly.
 */
export const FORM_LIMITS = {
  /** Questions about products from one address. */
  "question:ip": { limit: 5, windowS: 3600 },
  /** Installation quotation requests from one address. */
  "quote:ip": { limit: 5, windowS: 3600 },
  /** Reviews written from one account (a customer reviews what was delivered, a handful a day). */
  "review:account": { limit: 20, windowS: 86_400 },
} satisfies Record<string, { limit: number; windowS: number }>;

export type FormLimitName = keyof typeof FORM_LIMITS;
export type FormThrottleResult = { ok: true } | { ok: false; retryAfter: number };

/** A salted-free short hash: counters and stored rows never hold an address as it is. */
export const hashSubject = (s: string) => createHash("sha256").update(s.toLowerCase()).digest("hex").slice(0, 32);

export function createFormThrottle(db: Db) {
  let limits: Record<FormLimitName, { limit: number; windowS: number }> = { ...FORM_LIMITS };
  let hits = 0;
  return {
    /** Counts one attempt; refused with the seconds until the window resets once over the limit. */
    async hit(name: FormLimitName, subject: string): Promise<FormThrottleResult> {
      if (++hits % 200 === 0) await db.delete(formRateLimits).where(lt(formRateLimits.expiresAt, new Date()));
      const { limit, windowS } = limits[name];
      const windowMs = windowS * 1000;
      const now = Date.now();
      const start = Math.floor(now / windowMs) * windowMs;
      const key = `${name}:${hashSubject(subject)}`;
      const [row] = await db
        .insert(formRateLimits)
        .values({ key, windowStart: new Date(start), count: 1, expiresAt: new Date(start + windowMs) })
        .onConflictDoUpdate({ target: [formRateLimits.key, formRateLimits.windowStart], set: { count: sql`${formRateLimits.count} + 1` } })
        .returning({ count: formRateLimits.count });
      if (row.count <= limit) return { ok: true };
      return { ok: false, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
    },
    /** Tests change the limits of a running shop. */
    setLimits(overrides: Partial<Record<FormLimitName, { limit: number; windowS: number }>>) {
      limits = { ...limits, ...overrides };
    },
    reset() {
      limits = { ...FORM_LIMITS };
    },
  };
}

export type FormThrottle = ReturnType<typeof createFormThrottle>;
