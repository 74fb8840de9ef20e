import { setFlagsFromString } from "node:v8";
import { createShop, loadServerBuild } from "./app.ts";
import { ConfigError, loadConfig, unsafeProductionSettings } from "./config.ts";
import { isDatabaseUnavailable } from "./db/errors.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { SecretMismatchError } from "./db/secret-fingerprint.ts";

/** config -> db -> modules -> http -> listen; graceful shutdown on SIGTERM/SIGINT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  if (!(await loadServerBuild(config.buildDir))) {
    console.error("The storefront is not built: run `npm run build` (npm start does it for you).");
    process.exit(1);
  }
  // With PostgreSQL (DATABASE_URL) the old generation may grow to twice what is live between full
  // collections; the embedded database keeps V8's tighter factor under npm start's 512 MB heap
  // limit (about 1.4), which holds its process under 300 MB but runs a full collection every few
  // tens of megabytes a render leaves behind. Measured: uncached category pages 85-100 -> 158-165
  // per second, 269-278 MB resident after 20,000-40,000 requests on PostgreSQL; on PGlite the same
  // factor held 343 MB (docs/decisions/030). Not given in NODE_OPTIONS, which node refuses for this
  // flag; one on the command line wins.
  if (config.databaseUrl && !process.execArgv.some((a) => a.startsWith("--heap-growing-percent"))) {
    setFlagsFromString("--heap-growing-percent=100");
  }
  const started = Date.now();
  const logger = {
    level: config.logLevel,
    ...(process.stdout.isTTY && config.nodeEnv !== "production"
      ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } } }
      : {}),
  };
  let shop: Awaited<ReturnType<typeof createShop>>;
  try {
    shop = await createShop(config, { logger });
  } catch (e) {
    if (e instanceof DataDirLockedError || e instanceof SecretMismatchError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const { app } = shop;
  keepRunningOnDatabaseErrors(app.log);
  let closing = false;
  // The drain (docs/decisions/049): not ready first (/readyz 503, answers with Connection: close)
  // for SHUTDOWN_READY_GRACE_MS while still serving, so the balancer stops sending; then the
  // listener closes, idle connections are closed, the requests in flight finish, the jobs stop.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.shutdownReadyGraceMs;
    shop.lifecycle.beginDrain();
    app.log.info({ signal, graceMs }, "shutting down: not ready, then finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s after the grace: exiting");
      process.exit(1);
    }, graceMs + 10_000);
    force.unref();
    try {
      if (graceMs > 0) await new Promise((ok) => setTimeout(ok, graceMs));
      await shop.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // Unsafe-looking network settings in production (README, "Production settings").
  if (config.nodeEnv === "production") for (const warning of unsafeProductionSettings(config)) app.log.warn(warning);
  app.log.info(
    { db: shop.database.kind, ms: Date.now() - started },
    `shop ready on ${config.publicUrl} (${shop.database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"})`,
  );
  await announceSetupLink(shop, config);
}

/**
 * While the shop has no owner, the first one is created from a one-time link. Outside production
 * it is printed on the terminal (the quick start's next step); in production it never reaches
 * the logs: `npm run staff:setup-link` prints it for whoever runs the shop (docs/decisions/043).
 */
async function announceSetupLink(shop: Awaited<ReturnType<typeof createShop>>, config: ReturnType<typeof loadConfig>) {
  if (await shop.services.staff.activeOwnerExists()) return;
  if (config.nodeEnv === "production") {
    shop.app.log.warn("the back office has no owner yet: run `npm run staff:setup-link` on this machine to get the one-time link that creates one");
    return;
  }
  const link = await shop.services.staff.setupLink();
  if (link) process.stdout.write(`\nNo owner of the back office yet. Create the first one (single use, 24 hours):\n  ${link}\n\n`);
}

/**
 * A database error never ends the process (docs/decisions/049): every connection has its error
 * listener (server/db/client.ts) and the periodic jobs catch their own errors; this is the net
 * under what is left. A rejection nobody handled is logged and the process keeps serving (a
 * background job's failure must not cut every request in flight); an uncaught exception from a
 * lost database connection too; any other uncaught exception still ends the process (its state
 * is unknown), logged first.
 */
function keepRunningOnDatabaseErrors(log: { error(obj: object, msg: string): void; fatal(obj: object, msg: string): void }) {
  process.on("unhandledRejection", (err) => {
    log.error({ err, database: isDatabaseUnavailable(err) ? "unavailable" : undefined }, "unhandled rejection (the process keeps running)");
  });
  process.on("uncaughtException", (err) => {
    if (isDatabaseUnavailable(err)) {
      log.error({ err }, "database connection error nobody handled (the process keeps running)");
      return;
    }
    log.fatal({ err }, "uncaught exception: exiting");
    process.exit(1);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
