import type { FastifyInstance } from "fastify";
import type { Services } from "./index.ts";
import { storesRoutes } from "./stores/stores.routes.ts";

/** Each module's REST routes, mounted under /api by http.ts. */
export function apiPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  return [(app) => storesRoutes(app, services)];
}
