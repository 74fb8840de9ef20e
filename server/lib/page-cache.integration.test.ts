import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../test/test-db.ts";
import { createTestShop, type TestShop } from "../test/test-shop.ts";

describeEachDb("page cache of catalog pages", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { PAGE_CACHE: "on" } });
  });
  afterAll(() => shop?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ url, headers: { "accept-encoding": "br, gzip", ...headers } });

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
    const consent = await page("/ofertas", { cookie: "cookie_consent=all" });
    expect(consent.headers["x-cache"]).toBe("MISS");
    expect((await page("/ofertas", { cookie: "cookie_consent=all" })).headers["x-cache"]).toBe("HIT");
  });

  it("does not cache 404 pages or non-catalog pages", async () => {
    await page("/no-existe/");
    expect((await page("/no-existe/")).headers["x-cache"]).toBeUndefined();
    await page("/cart");
    expect((await page("/cart")).headers["x-cache"]).toBeUndefined();
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
