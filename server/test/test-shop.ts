import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { createShop, type Shop } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDbKind } from "./test-db.ts";

export type TestShop = Shop;

export type TestShopOptions = {
  seed?: boolean;
  env?: Record<string, string>;
  /** Also serve the storefront (SSR) and its static files from the build of the global setup. */
  ssr?: boolean;
  /** Extra /api plugins (e.g. a route that throws, to test the error handler). */
  apiPlugins?: ((app: FastifyInstance) => Promise<void>)[];
};

/**
 * The real HTTP app (the same wiring as `npm start`: createShop) on a fresh test database, for
 * `app.inject` tests: API only by default, with the server-rendered storefront when `ssr: true`
 * (integration project only: it needs the build that server/test/global-setup.ts provides).
 */
export async function createTestShop(kind: TestDbKind, opts: TestShopOptions = {}): Promise<TestShop> {
  const buildDir = opts.ssr ? inject("buildDir") : undefined;
  if (buildDir && !existsSync(join(buildDir, "server", "index.js"))) throw new Error(`no storefront build in ${buildDir}`);
  const database = await createTestDatabase(kind, { seed: opts.seed });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/shop-test-data",
    PAGE_CACHE: "off",
    ...(buildDir ? { BUILD_DIR: buildDir } : {}),
    ...opts.env,
  });
  const shop = await createShop(config, { database, withSsr: Boolean(buildDir), extraApiPlugins: opts.apiPlugins });
  return {
    ...shop,
    async close() {
      await shop.close();
      await database.close();
    },
  };
}
