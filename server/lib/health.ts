import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";

/**
 * Whether this copy should still be given traffic (docs/decisions/049). On SIGTERM the process
 * starts draining: /readyz answers 503 so the balancer stops sending, every answer carries
 * `Connection: close` so no client reuses a connection that is about to close, and after the
 * grace the listener closes and the requests in flight finish.
 */
export type Lifecycle = {
  readonly draining: boolean;
  beginDrain(): void;
};

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
  };
}

/** How long /readyz waits for the database's answer before calling it unreachable. */
export const READY_PING_TIMEOUT_MS = 1000;

async function pingWithin(database: Database, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((ok) => {
    timer = setTimeout(() => ok(false), ms);
  });
  try {
    return await Promise.race([database.ping().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, for the balancer and the orchestrator:
 * - `/healthz` (liveness): 200 while the process runs, whatever the database does. During a
 *   database outage a copy still serves cached pages and answers 503 for the rest; restarting
 *   it (or dropping every copy from the balancer) would help no one.
 * - `/readyz` (readiness): 200 when the database answers a ping within a second and the copy is
 *   not draining; 503 otherwise (`status` says which).
 * And, while draining, `Connection: close` on every answer.
 */
export function installHealthRoutes(app: FastifyInstance, database: Database, lifecycle: Lifecycle, pingTimeoutMs = READY_PING_TIMEOUT_MS) {
  app.addHook("onRequest", async (_req, reply) => {
    if (lifecycle.draining) reply.header("connection", "close");
  });
  app.get("/healthz", async (_req, reply) => reply.header("cache-control", "no-store").send({ status: "ok", db: database.kind }));
  app.get("/readyz", async (req, reply) => {
    reply.header("cache-control", "no-store");
    if (lifecycle.draining) return reply.status(503).send({ status: "draining" });
    if (!(await pingWithin(database, pingTimeoutMs))) {
      req.log.warn("readiness: the database does not answer");
      return reply.status(503).send({ status: "unavailable", database: "down" });
    }
    return reply.send({ status: "ready", database: "up", db: database.kind });
  });
}
