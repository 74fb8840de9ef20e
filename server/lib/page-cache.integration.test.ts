import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../test/test-db.ts";
import { createTestShop, type TestShop } from "../test/test-shop.ts";

describeEachDb("page cache of catalog pages", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { PAGE_CACHE: "on" } });
  });
  afterAll(() => shop?.close());

  const page = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers: { "accept-encoding": "br, gzip", ...headers } });

  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 40; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  it("answers the second anonymous request from the cache with the same compressed bytes", async () => {
    const first = await page("/marcas");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await page("/marcas");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.headers["content-encoding"]).toBe(first.headers["content-encoding"]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // What the cache keeps is the compressed bytes (a hit is a copy, never a new compression).
    expect(first.headers["content-encoding"]).toBe("br");
    const stored = shop.services.pageCache.get("br||/marcas");
    expect(stored?.headers["content-encoding"]).toBe("br");
    expect(stored?.body.equals(first.rawPayload)).toBe(true);
    // The nonce of the cached page comes with it (documented in page-cache.ts).
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    const plain = await page("/marcas", { "accept-encoding": "identity" });
    expect(plain.headers["x-cache"]).toBe("MISS");
    expect(plain.body).toContain("<html");
  });

  it("renders for a request with a session cookie and keys on the cookie consent", async () => {
    await page("/ofertas");
    const withSession = await page("/ofertas", { cookie: "session=abc" });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.headers["x-cache"]).toBeUndefined();
    const consent = await page("/ofertas", { cookie: "cookie_consent=accepted" });
    expect(consent.headers["x-cache"]).toBe("MISS");
    expect((await page("/ofertas", { cookie: "cookie_consent=accepted" })).headers["x-cache"]).toBe("HIT");
  });

  it("never serves or stores a page for a signed-in visitor (session cookie or Authorization)", async () => {
    await page("/novedades");
    expect((await page("/novedades")).headers["x-cache"]).toBe("HIT");
    const before = shop.services.pageCache.stats().entries;
    const personal: Record<string, string>[] = [
      { cookie: "sid=abc" },
      { cookie: "__Host-sid=abc" },
      { cookie: "access_token=a; refresh_token=b" },
      { authorization: "Bearer x" },
    ];
    for (const headers of personal) {
      const res = await page("/novedades", headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-cache"], JSON.stringify(headers)).toBeUndefined();
    }
    expect(shop.services.pageCache.stats().entries).toBe(before);
  });

  it("cannot be poisoned with a page without the cookie banner by a doubled consent cookie", async () => {
    const banner = 'data-testid="cookie-banner"';
    const attacker = await page("/marcas/", { cookie: "cookie_consent=; cookie_consent=accepted", "accept-encoding": "identity" });
    // What the render decided (the first cookie wins, so no choice: the banner shows) is what the key says.
    expect(attacker.body).toContain(banner);
    const visitor = await page("/marcas/", { "accept-encoding": "identity" });
    expect(visitor.body).toContain(banner);
    const chose = await page("/marcas/", { cookie: "cookie_consent=accepted", "accept-encoding": "identity" });
    expect(chose.body).not.toContain(banner);
    expect((await page("/marcas/", { "accept-encoding": "identity" })).body).toContain(banner);
  });

  it("stores each page under the encoding it was really sent with, so no client gets bytes it cannot read", async () => {
    for (const ae of ["*", "x-gzip", "identity;q=0, *", "br;q=1e0", "gzip;q=0.5, br;q=0.1", "deflate"]) {
      shop.services.pageCache.clear();
      const odd = await page("/rebajas", { "accept-encoding": ae });
      expect(odd.statusCode).toBe(200);
      expect(odd.headers["x-cache"], ae).toBe("MISS");
      const plain = await page("/rebajas", { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"], ae).toBeUndefined();
      expect(plain.body.startsWith("<!DOCTYPE html>"), ae).toBe(true);
      const again = await page("/rebajas", { "accept-encoding": ae });
      expect(again.headers["x-cache"], ae).toBe("HIT");
      expect(again.headers["content-encoding"], ae).toBe(odd.headers["content-encoding"]);
    }
  });

  it("renders URLs with queries the page does not use without storing them, so they cannot flush the cache", async () => {
    shop.services.pageCache.clear();
    await page("/ofertas");
    expect(shop.services.pageCache.stats().entries).toBe(1);
    for (let i = 0; i < 30; i++) {
      const res = await page(`/ofertas?cb=${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-cache"]).toBeUndefined();
    }
    for (const q of ["page=1", "sort=best_seller", "f=2,1"]) expect((await page(`/ofertas?${q}`)).headers["x-cache"], q).toBeUndefined();
    expect(shop.services.pageCache.stats().entries).toBe(1);
    expect((await page("/ofertas")).headers["x-cache"]).toBe("HIT");
    // The listing's own canonical query is a page of its own, and is cached.
    expect((await page("/ofertas?sort=lower_price")).headers["x-cache"]).toBe("MISS");
    expect((await page("/ofertas?sort=lower_price")).headers["x-cache"]).toBe("HIT");
  });

  it("does not cache 404 pages or non-catalog pages", async () => {
    await page("/no-existe/");
    expect((await page("/no-existe/")).headers["x-cache"]).toBeUndefined();
    await page("/cart");
    expect((await page("/cart")).headers["x-cache"]).toBeUndefined();
  });

  it("renders a page once for 200 simultaneous first requests, and every one of them gets it", async () => {
    shop.services.pageCache.clear();
    const catalog = shop.services.catalog;
    const original = catalog.weblistProducts;
    let renders = 0;
    catalog.weblistProducts = ((...args: Parameters<typeof original>) => {
      renders++;
      return original.apply(catalog, args);
    }) as typeof original;
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => page("/novedades")));
      expect(renders).toBe(1);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(200));
      const caches = answers.map((a) => a.headers["x-cache"]);
      expect(caches.filter((c) => c === "MISS")).toHaveLength(1);
      expect(caches.filter((c) => c === "COALESCED")).toHaveLength(199);
      for (const a of answers) expect(a.rawPayload.equals(answers[0].rawPayload)).toBe(true);
      expect(answers[199].headers["content-encoding"]).toBe("br");
    } finally {
      catalog.weblistProducts = original;
    }
  });

  it("lets each waiting request render for itself when the shared render has nothing to share (a 404)", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => page("/no-existe-tampoco/", { "accept-encoding": "identity" })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(404));
    expect(answers.every((a) => a.body.includes("<html"))).toBe(true);
  });

  it("is cleared by a catalog_changed notification and by catalogChanged()", async () => {
    await page("/rebajas");
    expect((await page("/rebajas")).headers["x-cache"]).toBe("HIT");
    await shop.database.notify("catalog_changed", "test");
    expect(await until(async () => shop.services.pageCache.stats().entries === 0)).toBe(true);
    expect((await page("/rebajas")).headers["x-cache"]).toBe("MISS");
    expect((await page("/rebajas")).headers["x-cache"]).toBe("HIT");
    await shop.services.catalog.catalogChanged();
    expect((await page("/rebajas")).headers["x-cache"]).toBe("MISS");
  });
});
