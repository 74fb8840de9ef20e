import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-path.ts";

/** Where a browser on https://shop.example goes when it gets this Location header. */
const browserTarget = (location: string) => new URL(location, "https://shop.example/some/page").origin;

describe("safeReturnPath", () => {
  it.each([
    ["/", "/"],
    ["/marcas", "/marcas"],
    ["/fr/receveurs-de-douche/?page=2&sort=lower_price", "/fr/receveurs-de-douche/?page=2&sort=lower_price"],
    ["/ofertas#newsletter-title", "/ofertas#newsletter-title"],
    ["/a/./b/../c", "/a/c"],
    ["/ba\u00f1o", "/ba%C3%B1o"],
    ["/x?q=ba\u00f1o", "/x?q=ba%C3%B1o"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps the same-origin path %j as %j", (given, expected) => {
    expect(safeReturnPath(given)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/?utm_source=x",
    "/\\evil.example/",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    " //evil.example",
    "\u0000//evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/..//evil.example",
    "/x/..//evil.example",
    "http://evil.example/",
    "https:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "?next=1",
    "",
  ])("refuses %j (a browser would leave the shop, or it is no path)", (given) => {
    expect(safeReturnPath(given, "/fallback")).toBe("/fallback");
  });

  it("never answers a path a browser would read as another site", () => {
    const tricky = ["/\\/evil.example", "/\t\\evil.example", "/.\\/evil.example", "/%09/evil.example", "/\u3000/evil.example", "/;//evil.example"];
    for (const given of tricky) expect(browserTarget(safeReturnPath(given)), JSON.stringify(given)).toBe("https://shop.example");
  });

  it("answers only characters a header can carry", () => {
    const out = safeReturnPath("/p\r\nSet-Cookie: x=1/\u20ac\u{1F6BF}");
    expect(out.startsWith("/")).toBe(true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\uffff]/);
    expect(() => new Headers({ location: out })).not.toThrow();
  });

  it("takes only strings of a sane length", () => {
    expect(safeReturnPath(undefined)).toBe("/");
    expect(safeReturnPath(null, "/fr")).toBe("/fr");
    expect(safeReturnPath(["/marcas"])).toBe("/");
    expect(safeReturnPath(`/${"a".repeat(5000)}`)).toBe("/");
  });
});
