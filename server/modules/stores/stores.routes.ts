import type { FastifyInstance } from "fastify";
import { z } from "zod";
import * as S from "../../../core/stores.schema.ts";
import { apiRoute } from "../../lib/api-route.ts";
import type { Services } from "../index.ts";
import { resolveStore, StoreQuery } from "./stores.query.ts";

const TAG = "stores";

export async function storesRoutes(app: FastifyInstance, { stores }: Services) {
  apiRoute(
    app,
    {
      method: "GET",
      url: "/stores/v1/stores/",
      tag: TAG,
      summary: "The stores and their switches (what the storefront shows or hides per store)",
      response: z.object({ results: z.array(S.StoreDto) }),
    },
    async () => ({ results: await stores.all() }),
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/catalog/v1/menus/web-list/",
      tag: TAG,
      summary: "The main menu (a tree) or the footer menu of one page",
      query: StoreQuery.extend({
        menu_type: z.enum(["main", "footer"]).describe("main or footer"),
        path: z.string().max(300).optional().describe("Footer: the current page's path (slashes are ignored); its own items are added"),
      }),
      response: z.object({ results: z.array(S.MenuItem) }),
    },
    async ({ query }) => {
      const store = await resolveStore(stores, query);
      return { results: await stores.menu(store.id, query.menu_type, query.path) };
    },
  );
}
