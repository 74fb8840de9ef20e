import type { Config } from "../config.ts";
import type { JobEngine } from "../lib/jobs.ts";
import type { AftersaleService } from "./invoices/aftersale.service.ts";

/** Abandoned carts are looked for every 10 minutes, once across the copies. */
const ABANDON_EVERY_MS = 10 * 60_000;
/** The newsletter's welcome mails still owed are retried every 5 minutes, once across the copies. */
const WELCOME_RETRY_EVERY_MS = 5 * 60_000;

/**
 * The shop's background work on its one job engine (docs/decisions/053), besides what the
 * checkout declares itself (order mails, order expiry): withdrawal acknowledgements (a queue),
 * abandoned carts and the newsletter's welcome retry (schedules).
 */
export function registerJobs(
  jobs: JobEngine,
  deps: {
    config: Pick<Config, "cartAbandonHours">;
    aftersale: AftersaleService | null | undefined;
    cart: { abandonIdleCarts(hours?: number): Promise<number> };
    marketing: { retryWelcomeMails(): Promise<number> };
  },
) {
  const { aftersale } = deps;
  if (aftersale) {
    jobs.work("withdrawal-ack", {
      timeoutMs: 60_000,
      run: (job) => aftersale.sendAckMail(Number(job.payload.id), job.messageId),
      complete: (tx, job) => aftersale.markAckSent(tx, Number(job.payload.id), job.attempts),
      failed: (job, err) => aftersale.ackFailed(Number(job.payload.id), job.attempts, err),
    });
  }
  jobs.every("cart-abandon", ABANDON_EVERY_MS, () => deps.cart.abandonIdleCarts(deps.config.cartAbandonHours));
  jobs.every("newsletter-welcome-retry", WELCOME_RETRY_EVERY_MS, () => deps.marketing.retryWelcomeMails());
}

/** The domain of the shop's Message-IDs: the sender address's. */
export function mailDomain(from: string): string {
  const m = from.match(/@([A-Za-z0-9.-]+)/);
  return m ? m[1].toLowerCase() : "shop.invalid";
}
