import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createPageCache } from "../lib/page-cache.ts";
import { createCatalogService } from "./catalog/catalog.service.ts";
import { createContentService } from "./content/content.service.ts";
import { createMarketingService } from "./marketing/marketing.service.ts";
import { createMediaService } from "./media/media.service.ts";
import { createStoresService } from "./stores/stores.service.ts";

/**
 * Every domain service, built once per process. The REST routes and the storefront's
 * loaders (through the load context) call these same functions.
 */
export function createServices(database: Database, config: Config) {
  const db = database.db;
  const stores = createStoresService(db);
  const catalog = createCatalogService(database, stores);
  // Rendered catalog pages; dropped on every copy whenever the catalog changes.
  const pageCache = createPageCache({ enabled: config.pageCache });
  catalog.onChange(() => pageCache.clear());
  // Menus and store switches come with the catalog data (reseed, admin): reread them too.
  catalog.onChange(() => void stores.reload().catch(() => {}));
  const content = createContentService(db);
  const marketing = createMarketingService(db);
  const media = createMediaService(config);
  return {
    config,
    database,
    stores,
    catalog,
    pageCache,
    content,
    marketing,
    media,
    /** Warm caches and subscribe to cross-copy invalidation. */
    async start() {
      await stores.all();
      await catalog.start();
    },
    async stop() {
      await catalog.stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
