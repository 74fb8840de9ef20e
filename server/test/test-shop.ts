import type { FastifyInstance } from "fastify";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { buildHttp } from "../http.ts";
import { apiPlugins, rootPlugins } from "../modules/api.ts";
import { createServices, type Services } from "../modules/index.ts";
import { createTestDatabase, type TestDbKind } from "./test-db.ts";

export type TestShop = { app: FastifyInstance; services: Services; database: Database; close(): Promise<void> };

/** The real HTTP app (API only, no SSR) on a fresh test database, for `app.inject` tests. */
export async function createTestShop(kind: TestDbKind, opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestShop> {
  const database = await createTestDatabase(kind, { seed: opts.seed });
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", PAGE_CACHE: "off", ...opts.env });
  const services = createServices(database, config);
  await services.start();
  const app = await buildHttp({ services, apiPlugins: apiPlugins(services), rootPlugins: rootPlugins(services) });
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
