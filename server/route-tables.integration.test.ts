import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { loadServerBuild } from "./app.ts";
import { catalogRoutes, firstSegments, requestHandlerKey, storeRoutes } from "./ssr.ts";

/** A table as React Router's matching sees it: the routes reachable from the root, nested by parent. */
function tree(table: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(table.routes)
    .filter((r) => r && r.parentId === parentId)
    .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, caseSensitive: r!.caseSensitive, children: tree(table, r!.id) }) as RouteObject);
}
const matched = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;
const dataUrl = (path: string) => (path === "/" ? "/_.data" : path.endsWith("/") ? `${path}_.data` : `${path}.data`);

// A request whose first path segment is no other route's goes to its store's catalog table
// (catalogRoutes, server/ssr.ts): the catalog's catch-all route and its parents only. That is
// right only if such a path can only be the catch-all's in the store's own table: checked here,
// against the real build's routes, for the address of every route and for catalog addresses.
describe("the route tables the server matches against", () => {
  let build: ServerBuild;
  let tables: Record<"es" | "fr", ServerBuild>;
  let first: Record<"es" | "fr", RegExp | null>;
  beforeAll(async () => {
    build = (await loadServerBuild(inject("buildDir")))!;
    tables = { es: storeRoutes(build, "es"), fr: storeRoutes(build, "fr") };
    first = { es: firstSegments(tables.es, "es"), fr: firstSegments(tables.fr, "fr") };
  });

  it("sends catalog addresses, and only those, to the catalog tables", () => {
    expect(first.es).not.toBeNull();
    expect(first.fr).not.toBeNull();
    const key = (url: string) => requestHandlerKey(url, first);
    expect(key("/plato-ibiza.html")).toBe("esCatalog");
    expect(key("/plato-ibiza.html?opiniones=2")).toBe("esCatalog");
    expect(key("/plato-ibiza.html.data")).toBe("esCatalog");
    expect(key("/platos-de-ducha/")).toBe("esCatalog");
    expect(key("/platos-de-ducha/_.data?_routes=x")).toBe("esCatalog");
    expect(key("/fr/receveur-ibiza.html")).toBe("frCatalog");
    expect(key("/fr/receveurs-de-douche/")).toBe("frCatalog");
    for (const url of [
      "/",
      "/_.data",
      "/fr",
      "/fr/",
      "/fr.data",
      "/fr/_.data",
      "/cart",
      "/CART",
      "/c%61rt",
      "/fr/cart.data",
      "/marcas/roca",
      "/cms/aviso.html",
      "/%E0",
    ]) {
      expect(key(url), url).toMatch(/^(es|fr)$/);
    }
  });

  it("match every address in the table its key picks as in the store's whole table: every route's, catalog ones, odd ones", () => {
    for (const lang of ["es", "fr"] as const) {
      const table = tables[lang];
      const full = tree(table);
      const catalog = tree(catalogRoutes(table));
      const prefix = lang === "fr" ? "/fr" : "";
      const paths = new Set(
        [
          "/",
          "/plato-ibiza.html",
          "/platos-de-ducha/",
          "/platos-de-ducha/resina/",
          "/Platos-De-Ducha/",
          "/x",
          "/%20/",
          "/no-such-page",
          "/cart.html",
          "/cart/x/y/",
        ].map((p) => (p === "/" ? `${prefix}/` : prefix + p)),
      );
      // The address of every route of the table (parameters and splats filled in), as written,
      // in capitals, with its first letter percent-encoded, and with a trailing slash.
      for (const r of Object.values(table.routes)) {
        const segments: string[] = [];
        for (let x: typeof r | undefined = r; x; x = x.parentId ? table.routes[x.parentId] : undefined) if (x.path) segments.unshift(...x.path.split("/"));
        const path = `/${segments
          .filter(Boolean)
          .map((s) => (s.startsWith(":") ? "x1" : s === "*" ? "a/b" : s.replace(/\?$/, "")))
          .join("/")}`;
        paths.add(path);
        paths.add(path.toUpperCase());
        paths.add(`${path}/`);
        const [, a, ...rest] = path.split("/");
        if (a)
          paths.add(
            `/${encodeURIComponent(a[0]).replace(/^[a-z]$/i, (c) => `%${c.charCodeAt(0).toString(16)}`)}${a.slice(1)}${rest.length ? `/${rest.join("/")}` : ""}`,
          );
      }
      let toCatalog = 0;
      for (const path of paths) {
        const key = requestHandlerKey(path, first);
        expect(requestHandlerKey(dataUrl(path), first), dataUrl(path)).toBe(key);
        if (!key.startsWith(lang)) continue; // the other store's address: its own table
        const routes = key.endsWith("Catalog") ? catalog : full;
        if (key.endsWith("Catalog")) toCatalog++;
        expect(matched(routes, path), `${key}: ${path}`).toEqual(matched(full, path));
      }
      expect(toCatalog, lang).toBeGreaterThan(5);
      expect(paths.size, lang).toBeGreaterThan(100);
    }
  });

  it("keep every route of the build in the catalog table (React Router renders with its modules)", () => {
    const table = catalogRoutes(storeRoutes(build, "es"));
    expect(Object.keys(table.routes)).toEqual(Object.keys(build.routes));
    expect(table.routes.home?.module).toBe(build.routes.home?.module);
  });
});
