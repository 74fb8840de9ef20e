import { describe, expect, it } from "vitest";
import { alternatePaths, seoMeta, withoutPage } from "./seo.ts";

const hreflangs = (meta: ReturnType<typeof seoMeta>) =>
  Object.fromEntries(meta.filter((m) => "rel" in m && m.rel === "alternate").map((m) => [(m as { hrefLang: string }).hrefLang, (m as { href: string }).href]));

describe("hreflang alternates and the language switch", () => {
  it("gives each store's address of a page whose slugs are translated, prefixed once", () => {
    const page = { path: "/platos-de-ducha/", alternates: { es: "/platos-de-ducha/", fr: "/fr/receveurs-de-douche/" } };
    expect(alternatePaths(page)).toEqual({ es: "/platos-de-ducha/", fr: "/fr/receveurs-de-douche/" });
    // Store-relative alternates get their prefix.
    expect(alternatePaths({ path: "/a/", alternates: { fr: "/b/" } })).toEqual({ es: "/a/", fr: "/fr/b/" });
  });

  it("leaves out the stores a page does not exist in", () => {
    expect(alternatePaths({ path: "/inspiracion", languages: ["es"] })).toEqual({ es: "/inspiracion" });
  });

  it("points page N of a listing at the other store's listing, not at a page number it may not have", () => {
    const meta = seoMeta({ title: "Novedades", origin: "https://shop.test", lang: "es", path: "/novedades?page=2" });
    expect(hreflangs(meta)).toEqual({
      "es-ES": "https://shop.test/novedades?page=2",
      "fr-FR": "https://shop.test/fr/novedades",
      "x-default": "https://shop.test/novedades?page=2",
    });
    const fr = seoMeta({ title: "Nouveautés", origin: "https://shop.test", lang: "fr", path: "/novedades?page=3&sort=news" });
    expect(hreflangs(fr)["es-ES"]).toBe("https://shop.test/novedades?sort=news");
    expect(hreflangs(fr)["fr-FR"]).toBe("https://shop.test/fr/novedades?page=3&sort=news");
  });

  it("removes only the page parameter", () => {
    expect(withoutPage("/x")).toBe("/x");
    expect(withoutPage("/x?page=2")).toBe("/x");
    expect(withoutPage("/x?f=1&page=2&sort=news")).toBe("/x?f=1&sort=news");
  });
});
