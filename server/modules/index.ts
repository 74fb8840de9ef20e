import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createStoresService } from "./stores/stores.service.ts";

/**
 * Every domain service, built once per process. The REST routes and the storefront's
 * loaders (through the load context) call these same functions.
 */
export function createServices(database: Database, config: Config) {
  const db = database.db;
  const stores = createStoresService(db);
  return {
    config,
    database,
    stores,
    /** Warm caches and subscribe to cross-copy invalidation. */
    async start() {
      await stores.all();
    },
    async stop() {},
  };
}

export type Services = ReturnType<typeof createServices>;
