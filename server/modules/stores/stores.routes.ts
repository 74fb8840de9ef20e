import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../index.ts";

const StoreQuery = z.object({
  store: z.string().min(1).max(20).default("ESDB"),
  language: z.enum(["es", "fr"]).optional(),
});

export async function storesRoutes(app: FastifyInstance, { stores }: Services) {
  /** The stores and their switches (what the storefront shows or hides per store). */
  app.get("/stores/v1/stores/", async () => ({ results: await stores.all() }));

  /** menus/web-list: menu_type main or footer; the footer takes the current path without slashes. */
  app.get("/catalog/v1/menus/web-list/", async (req) => {
    const q = StoreQuery.extend({
      menu_type: z.enum(["main", "footer"]),
      path: z.string().max(300).optional(),
    }).parse(req.query);
    const store = await stores.resolve(q.store);
    return { results: await stores.menu(store.id, q.menu_type, q.path) };
  });
}
