import type { FastifyInstance } from "fastify";
import type { Services } from "./index.ts";
import { storesRoutes } from "./stores/stores.routes.ts";

/** Each module's REST routes, mounted under /api by http.ts. */
export function apiPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  return [(app) => storesRoutes(app, services)];
}

/** Each module's routes outside /api (e.g. /media), registered at the root before the storefront. */
export function rootPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  void services;
  return [];
}
