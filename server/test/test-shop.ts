import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { loadServerBuild } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { buildHttp } from "../http.ts";
import { apiPlugins, rootPlugins } from "../modules/api.ts";
import { createServices, type Services } from "../modules/index.ts";
import { createTestDatabase, type TestDbKind } from "./test-db.ts";

export type TestShop = { app: FastifyInstance; services: Services; database: Database; close(): Promise<void> };

export type TestShopOptions = {
  seed?: boolean;
  env?: Record<string, string>;
  /** Also serve the storefront (SSR) and its static files from the build of the global setup. */
  ssr?: boolean;
  /** Extra /api plugins (e.g. a route that throws, to test the error handler). */
  apiPlugins?: ((app: FastifyInstance) => Promise<void>)[];
};

/**
 * The real HTTP app on a fresh test database, for `app.inject` tests: API only by default,
 * with the server-rendered storefront when `ssr: true` (integration project only: it needs the
 * build that server/test/global-setup.ts provides).
 */
export async function createTestShop(kind: TestDbKind, opts: TestShopOptions = {}): Promise<TestShop> {
  const database = await createTestDatabase(kind, { seed: opts.seed });
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", PAGE_CACHE: "off", ...opts.env });
  const services = createServices(database, config);
  await services.start();
  const buildDir = opts.ssr ? inject("buildDir") : undefined;
  const build = buildDir ? await loadServerBuild(buildDir) : undefined;
  if (opts.ssr && !build) throw new Error(`no storefront build in ${buildDir}`);
  const app = await buildHttp({
    services,
    build,
    clientDir: buildDir ? join(buildDir, "client") : undefined,
    apiPlugins: [...apiPlugins(services), ...(opts.apiPlugins ?? [])],
    rootPlugins: rootPlugins(services),
  });
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await services.stop();
      await database.close();
    },
  };
}
