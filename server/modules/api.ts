import type { FastifyInstance } from "fastify";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { docsRoutes } from "./docs/docs.routes.ts";
import type { Services } from "./index.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { marketingRoutes } from "./marketing/marketing.routes.ts";
import { mediaRoutes } from "./media/media.routes.ts";
import { storesRoutes } from "./stores/stores.routes.ts";

/** Each module's REST routes, mounted under /api by http.ts. */
export function apiPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  return [
    (app) => storesRoutes(app, services),
    (app) => catalogRoutes(app, services),
    (app) => docsRoutes(app),
    (app) => contentRoutes(app, services),
    (app) => marketingRoutes(app, services),
  ];
}

/** Each module's routes outside /api (e.g. /media), registered at the root before the storefront. */
export function rootPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  return [(app) => mediaRoutes(app, services)];
}
