import { describe, expect, it } from "vitest";
import { languageFromPath, localePath, stripLocale } from "./stores.ts";

describe("store paths", () => {
  it("prefixes French store paths once, whatever the path already carries", () => {
    expect(localePath("fr", "/marcas")).toBe("/fr/marcas");
    expect(localePath("fr", "/")).toBe("/fr");
    expect(localePath("fr", "/?q=1")).toBe("/fr?q=1");
    expect(localePath("fr", "/receveurs-de-douche/?page=2")).toBe("/fr/receveurs-de-douche/?page=2");
    // Stored URLs (menus, sliders, banners) already carry the prefix: never "/fr/fr/...".
    expect(localePath("fr", "/fr/ofertas")).toBe("/fr/ofertas");
    expect(localePath("fr", "/fr")).toBe("/fr");
    expect(localePath("fr", "/fr?page=2")).toBe("/fr?page=2");
    expect(localePath("fr", localePath("fr", "/quienes-somos"))).toBe("/fr/quienes-somos");
  });

  it("tells a French prefix from a Spanish slug that starts with the same letters", () => {
    expect(localePath("fr", "/fregaderos/")).toBe("/fr/fregaderos/");
    expect(localePath("fr", "/fresno.html")).toBe("/fr/fresno.html");
    expect(languageFromPath("/fregaderos/")).toBe("es");
    expect(stripLocale("/fregaderos/")).toBe("/fregaderos/");
  });

  it("leaves Spanish paths and addresses that are not store paths alone", () => {
    expect(localePath("es", "/marcas")).toBe("/marcas");
    expect(localePath("fr", "https://example.org/x")).toBe("https://example.org/x");
    expect(localePath("fr", "//cdn.example/x")).toBe("//cdn.example/x");
    expect(localePath("fr", "#content")).toBe("#content");
    expect(localePath("fr", "mailto:hola@banodirecto.es")).toBe("mailto:hola@banodirecto.es");
  });

  it("strips the French prefix back to the store-relative path", () => {
    expect(stripLocale("/fr")).toBe("/");
    expect(stripLocale("/fr/marcas")).toBe("/marcas");
    expect(languageFromPath("/fr")).toBe("fr");
    expect(languageFromPath("/fr/x.html")).toBe("fr");
  });
});
