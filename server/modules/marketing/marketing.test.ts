import { describe, expect, it } from "vitest";
import { normalisePagePath, patternMatches } from "./marketing.service.ts";

describe("popup page matching", () => {
  it("compares store-relative paths without trailing slash, query or /fr prefix", () => {
    expect(normalisePagePath("/ofertas/?utm_source=x")).toBe("/ofertas");
    expect(normalisePagePath("/fr/ofertas")).toBe("/ofertas");
    expect(normalisePagePath("/fr")).toBe("/");
    expect(normalisePagePath("ofertas")).toBe("/ofertas");
    expect(normalisePagePath("/")).toBe("/");
  });

  it("matches exact patterns and prefix patterns ending in *", () => {
    expect(patternMatches("/", "/")).toBe(true);
    expect(patternMatches("/", "/ofertas")).toBe(false);
    expect(patternMatches("/inspiracion/*", "/inspiracion/ideas")).toBe(true);
    expect(patternMatches("/inspiracion/*", "/inspiracion")).toBe(true);
    expect(patternMatches("/inspiracion/*", "/inspiracionx")).toBe(false);
  });
});
