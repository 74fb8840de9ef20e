import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { loadServerBuild } from "./app.ts";
import { productRoutes, requestHandlerKey, storeRoutes } from "./ssr.ts";

/** A table as React Router's matching sees it: the routes reachable from the root, nested by parent. */
function tree(table: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(table.routes)
    .filter((r) => r && r.parentId === parentId)
    .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, caseSensitive: r!.caseSensitive, children: tree(table, r!.id) }) as RouteObject);
}
const leaf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route.id ?? null;

// The product table (productRoutes, server/ssr.ts) holds the catalog's catch-all route and its
// parents only. That is right only if, in the build's own table, every single-segment address
// ending in .html can only be the catch-all's: checked here against the real build's routes.
describe("the route tables the server matches against", () => {
  let build: ServerBuild;
  beforeAll(async () => {
    build = (await loadServerBuild(inject("buildDir")))!;
  });

  it("send a product's address, and only that, to the product table", () => {
    expect(requestHandlerKey("/plato-ibiza.html")).toBe("esProduct");
    expect(requestHandlerKey("/plato-ibiza.html?opiniones=2")).toBe("esProduct");
    expect(requestHandlerKey("/plato-ibiza.html.data")).toBe("esProduct");
    expect(requestHandlerKey("/fr/receveur-ibiza.html")).toBe("frProduct");
    expect(requestHandlerKey("/fr/receveur-ibiza.html.data?_routes=x")).toBe("frProduct");
    expect(requestHandlerKey("/platos-de-ducha/")).toBe("es");
    expect(requestHandlerKey("/cms/aviso.html")).toBe("es");
    expect(requestHandlerKey("/fr/cart")).toBe("fr");
    expect(requestHandlerKey("/fr.data")).toBe("fr");
  });

  it("match every single-segment .html address in the store's table with the catalog's catch-all, as the product table does", () => {
    for (const lang of ["es", "fr"] as const) {
      const table = storeRoutes(build, lang);
      const full = tree(table);
      const products = tree(productRoutes(table));
      const prefix = lang === "fr" ? "/fr" : "";
      // Every first segment a route of the table has, as a product's slug, and a few others.
      const segments = new Set(["plato-ibiza", "x", "fr", "_", "order", "profile", "checkout", "sitemap", "i18n"]);
      for (const r of Object.values(table.routes)) {
        const first = r?.path?.replace(/^fr\/?/, "").split("/")[0];
        if (first) segments.add(first.replace(/[:?*]/g, "") || "x");
      }
      expect(segments.size).toBeGreaterThan(30);
      for (const s of segments) {
        const path = `${prefix}/${s}.html`;
        expect(leaf(full, path), `${lang} table: ${path}`).toBe("routes/pages/catalog-path");
        expect(leaf(products, path), `product table: ${path}`).toBe("routes/pages/catalog-path");
        expect(
          matchRoutes(products, path)?.map((m) => m.route.id),
          path,
        ).toEqual(matchRoutes(full, path)?.map((m) => m.route.id));
      }
    }
  });

  it("keep every route of the build in the product table (React Router renders with its modules)", () => {
    const table = productRoutes(storeRoutes(build, "es"));
    expect(Object.keys(table.routes)).toEqual(Object.keys(build.routes));
    expect(table.routes.home?.module).toBe(build.routes.home?.module);
  });
});
