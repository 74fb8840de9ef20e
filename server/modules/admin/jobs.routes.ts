import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../index.ts";

const TAG = "Back office: jobs";
const DeadJob = z.object({
  id: z.number().int(),
  queue: z.string().describe("order-mail (key: the order_mails row), withdrawal-ack (key: the withdrawal)"),
  key: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});

/**
 * The job engine's dead-letter list (docs/decisions/053): jobs that failed every attempt (a mail
 * the relay kept refusing) or whose last attempt's outcome is unknown. Staff see them and retry one.
 */
export async function jobsAdminRoutes(app: FastifyInstance, services: Services) {
  const db = services.database.db;

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/jobs/dead/",
      tag: TAG,
      summary: "Jobs that failed every attempt (dead letters), newest first",
      description: "Order mails and withdrawal acknowledgements the engine gave up on after their attempts with backoff; the 200 newest.",
      response: z.object({ items: z.array(DeadJob) }),
      permission: "orders.read",
    },
    async () => ({ items: await services.jobs.dead(200) }),
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/admin/v1/jobs/:id/retry/",
      tag: TAG,
      summary: "Retry a dead job now (its attempts start again; a mail keeps its Message-ID); recorded in the audit log",
      params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      body: z.object({}).strict(),
      response: z.object({ id: z.number().int(), queue: z.string() }),
      permission: "orders.write",
      errors: [404],
    },
    async ({ params, audit }) => {
      const out = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const r = await services.jobs.retry(tx, params.id);
        if (r) await audit({ action: "job.retry", entityType: "job", entityId: String(params.id), after: { queue: r.queue } }, tx);
        return r;
      });
      if (!out) throw new AppError("admin_jobs.not_found", 404);
      services.jobs.kick(out.queue);
      return { id: params.id, queue: out.queue };
    },
  );
}
