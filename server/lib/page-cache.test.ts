import { describe, expect, it } from "vitest";
import { cookieValue, createPageCache, encodingBucket, isCatalogPath } from "./page-cache.ts";

describe("page cache", () => {
  it("caches only catalog pages of both stores", () => {
    for (const p of ["/", "/fr", "/platos-de-ducha/", "/fr/receveurs-de-douche/", "/x.html", "/marcas", "/marcas/aqua", "/fr/novedades", "/ofertas", "/rebajas", "/espacios/japandi"]) {
      expect(isCatalogPath(p), p).toBe(true);
    }
    for (const p of ["/cart", "/checkout", "/login", "/profile/1/", "/api/x/", "/fr/cart", "/inspiracion"]) expect(isCatalogPath(p), p).toBe(false);
  });

  it("buckets Accept-Encoding the way compression will answer it", () => {
    expect(encodingBucket("gzip, deflate, br")).toBe("br");
    expect(encodingBucket("gzip")).toBe("gzip");
    expect(encodingBucket("br;q=0, gzip")).toBe("gzip");
    expect(encodingBucket(undefined)).toBe("identity");
  });

  it("reads cookies by exact name", () => {
    expect(cookieValue("a=1; session=xyz; cookie_consent=all", "session")).toBe("xyz");
    expect(cookieValue("my_session=1", "session")).toBeUndefined();
  });

  it("evicts the least recently used pages beyond its byte budget", () => {
    const cache = createPageCache({ enabled: true, maxBytes: 4000 });
    const entry = () => ({ headers: {}, body: Buffer.alloc(900), bytes: 1000 });
    cache.set("a", entry());
    cache.set("b", entry());
    cache.set("c", entry());
    cache.get("a");
    cache.set("d", entry());
    cache.set("e", entry());
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000);
  });
});
