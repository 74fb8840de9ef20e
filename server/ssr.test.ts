import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { storeRoutes } from "./ssr.ts";

describe("storeRoutes (one route table per store for the server's matching)", () => {
  const route = (id: string, path: string | undefined, parentId?: string) => ({ id, path, parentId, module: {} });
  const build = {
    routes: {
      root: route("root", ""),
      "newsletter-es": route("newsletter-es", "newsletter", "root"),
      "newsletter-fr": route("newsletter-fr", "fr/newsletter", "root"),
      layout: route("layout", undefined, "root"),
      home: route("home", "fr?", "layout"),
      cart: route("cart", "fr?/cart", "layout"),
      catalog: route("catalog", "fr?/*", "layout"),
      profile: route("profile", "fr?/profile", "root"),
      "profile-order": route("profile-order", ":id/order/:order_id", "profile"),
    },
  } as unknown as ServerBuild;
  const paths = (lang: "es" | "fr") => Object.fromEntries(Object.entries(storeRoutes(build, lang).routes).map(([id, r]) => [id, r?.path]));

  it("gives the Spanish table the paths without the optional prefix, the French one the paths with it", () => {
    expect(paths("es")).toMatchObject({ home: "", cart: "cart", catalog: "*", profile: "profile", "profile-order": ":id/order/:order_id" });
    expect(paths("fr")).toMatchObject({ home: "fr", cart: "fr/cart", catalog: "fr/*", profile: "fr/profile", "profile-order": ":id/order/:order_id" });
  });

  it("keeps every route with its id and module (React Router renders with this table), and the build as it was", () => {
    for (const lang of ["es", "fr"] as const) {
      const table = storeRoutes(build, lang);
      expect(Object.keys(table.routes)).toEqual(Object.keys(build.routes));
      expect(table.routes["newsletter-es"]).toBe(build.routes["newsletter-es"]);
      expect(table.routes["newsletter-fr"]).toBe(build.routes["newsletter-fr"]);
      expect(table.routes.cart?.module).toBe(build.routes.cart?.module);
    }
    expect(build.routes.cart?.path).toBe("fr?/cart");
  });
});
