import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { isEmptyDatabase } from "./db/is-empty.ts";
import { migrate } from "./db/migrate.ts";
import { checkSecretFingerprint } from "./db/secret-fingerprint.ts";
import { buildHttp } from "./http.ts";
import { createLifecycle, type Lifecycle } from "./lib/health.ts";
import { createAuthenticator } from "./modules/accounts/accounts.auth.ts";
import { apiPlugins, rootPlugins } from "./modules/api.ts";
import { createServices, type Services } from "./modules/index.ts";
import { createStaffGate } from "./modules/staff/staff.gate.ts";

export const ROOT = resolve(import.meta.dirname, "..");

export type Shop = {
  app: FastifyInstance;
  services: Services;
  database: Database;
  /** Readiness: beginDrain() makes /readyz answer 503 before close() (server/main.ts's shutdown). */
  lifecycle: Lifecycle;
  close(): Promise<void>;
};

/** Opens the database, applies migrations, loads the demo data into an empty database. */
export async function prepareDatabase(config: Config, log: (m: string) => void): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  try {
    await migrate(database, async () => {
      if (config.seedOnStart && (await isEmptyDatabase(database.db))) {
        log("empty database: loading the demo data");
        // The demo data generator is big: loaded only on the start that needs it.
        const { seedDemo } = await import("../seed/index.ts");
        await seedDemo(database.db, { dataDir: config.dataDir, log, storage: config.storage });
      }
    });
    // Copies on one PostgreSQL must share SECRET: a copy with another one refuses to start
    // (docs/decisions/049). PGlite has one process and no other copy to disagree with.
    if (database.kind === "postgres") await checkSecretFingerprint(database.db, config.secret);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

export async function loadServerBuild(buildDir: string): Promise<ServerBuild | undefined> {
  const file = join(buildDir, "server", "index.js");
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/** Config -> database -> services -> HTTP. Used by main.ts, the integration tests and the benchmarks. */
export async function createShop(
  config: Config,
  opts: {
    database?: Database;
    logger?: boolean | object;
    withSsr?: boolean;
    /** Extra /api plugins (tests add a route that throws, to check the error handler). */
    extraApiPlugins?: ((app: FastifyInstance) => Promise<void>)[];
  } = {},
): Promise<Shop> {
  const log = (m: string) => {
    if (opts.logger) console.log(m);
  };
  // The storefront bundle loads while the database opens: both take about a second.
  const [database, build] = await Promise.all([
    opts.database ?? prepareDatabase(config, log),
    opts.withSsr === false ? undefined : loadServerBuild(config.buildDir),
  ]);
  const services = createServices(database, config);
  await services.start();
  const lifecycle = createLifecycle();
  const app = await buildHttp({
    lifecycle,
    services,
    build,
    clientDir: join(config.buildDir, "client"),
    logger: opts.logger,
    apiPlugins: [...apiPlugins(services), ...(opts.extraApiPlugins ?? [])],
    rootPlugins: rootPlugins(services),
    authenticate: createAuthenticator(services.accounts, config.publicUrl),
    staffGate: createStaffGate(services.staff, database.db),
    adminDir: join(config.buildDir, "admin"),
  });
  // The sandbox provider's webhooks reach the shop through its own HTTP stack (routing, body
  // parsing, signature check), as a provider's would; SANDBOX_WEBHOOK_URL sends them elsewhere.
  services.payments.setLocalTransport(async (body, headers) => {
    const res = await app.inject({ method: "POST", url: "/api/payment/v1/sandbox/webhooks/", payload: body, headers });
    return { status: res.statusCode, body: res.body };
  });
  return {
    app,
    services,
    database,
    lifecycle,
    async close() {
      await app.close();
      await services.stop();
      if (!opts.database) await database.close();
    },
  };
}
