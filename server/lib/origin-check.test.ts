import { describe, expect, it } from "vitest";
import { crossSiteReason } from "./origin-check.ts";

const SHOP = ["https://shop.example", "http://10.0.0.5:3000"];
const post = (h: { origin?: string; secFetchSite?: string; referer?: string }) => crossSiteReason({ method: "POST", ...h }, SHOP);

describe("crossSiteReason", () => {
  it("lets reading requests through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(crossSiteReason({ method, origin: "https://evil.example", secFetchSite: "cross-site" }, SHOP)).toBeNull();
    }
  });

  it("accepts the shop's own origin, as PUBLIC_URL or as the address the request was sent to", () => {
    expect(post({ origin: "https://shop.example" })).toBeNull();
    expect(post({ origin: "https://SHOP.example:443" })).toBeNull();
    expect(post({ origin: "http://10.0.0.5:3000", secFetchSite: "same-origin" })).toBeNull();
  });

  it.each(["PUT", "PATCH", "DELETE", "POST", "post"])("refuses %s from another origin", (method) => {
    expect(crossSiteReason({ method, origin: "https://evil.example" }, SHOP)).toMatch(/evil\.example/);
  });

  it("refuses look-alike and opaque origins", () => {
    for (const origin of ["null", "https://shop.example.evil.example", "http://shop.example", "https://shop.example:8443", "", "shop.example"]) {
      expect(post({ origin }), origin).not.toBeNull();
    }
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(post({ secFetchSite: "same-origin" })).toBeNull();
    expect(post({ secFetchSite: "none" })).toBeNull();
    expect(post({ secFetchSite: "same-site" })).not.toBeNull();
    expect(post({ secFetchSite: "cross-site" })).not.toBeNull();
  });

  it("trusts the Origin over Sec-Fetch-Site", () => {
    expect(post({ origin: "https://evil.example", secFetchSite: "same-origin" })).not.toBeNull();
  });

  it("falls back to the Referer when the browser sends neither", () => {
    expect(post({ referer: "https://shop.example/ofertas?page=2" })).toBeNull();
    expect(post({ referer: "https://evil.example/shop.example" })).not.toBeNull();
    expect(post({ referer: "not a url" })).not.toBeNull();
  });

  it("lets a client that is no browser through (it carries no visitor's cookies)", () => {
    expect(post({})).toBeNull();
  });
});
