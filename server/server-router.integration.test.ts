import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadServerBuild } from "./app.ts";
import { testDbKinds } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

// The documents' route tree is built once per build and kept (app/lib/server-router.tsx,
// decision 038) instead of by React Router's ServerRouter for every document. The kept tree
// must write the very documents React Router's own does: the same shop renders each page both
// ways (ROUTER_CACHE switched between requests) and the two must be equal but for the nonce,
// which is new for every response.
describe("documents around the kept route tree", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(testDbKinds()[0], { ssr: true, env: { PAGE_CACHE: "off" } });
  });
  afterAll(() => shop?.close());

  const get = async (url: string, keep: boolean) => {
    shop.services.config.routerCache = keep;
    const res = await shop.app.inject({ url });
    return { status: res.statusCode, body: res.body.replace(/nonce="[^"]*"/g, 'nonce=""') };
  };

  it("are the documents React Router's ServerRouter writes, page by page, in both stores", async () => {
    const category = (await get("/platos-de-ducha/", true)).body;
    const product = /href="(\/[^"/]+\.html)"/.exec(category)![1];
    const frCategory = (await get("/fr/receveurs-de-douche/", true)).body;
    const frProduct = /href="(\/fr\/[^"/]+\.html)"/.exec(frCategory)?.[1];
    expect(frProduct, "a French product link").toBeDefined();
    const pages = [
      { url: "/", status: 200 },
      { url: "/platos-de-ducha/", status: 200 },
      { url: "/platos-de-ducha/?orden=price_asc", status: 200 },
      { url: product, status: 200 },
      { url: `${product}?opiniones=2`, status: 200 },
      { url: "/fr/", status: 200 },
      { url: frProduct!, status: 200 },
      { url: "/marcas", status: 200 },
      { url: "/cart", status: 200 },
      { url: "/login", status: 200 },
      { url: "/quienes-somos", status: 200 },
      { url: "/no-such-page", status: 404 },
      { url: "/no-such-product.html", status: 404 },
    ];
    for (const { url, status } of pages) {
      // Once each way first: caches warm, deferred parts in place in both renders.
      await get(url, true);
      await get(url, false);
      const theirs = await get(url, false);
      const ours = await get(url, true);
      expect(theirs.status, url).toBe(status);
      expect(ours.status, url).toBe(status);
      expect(ours.body, url).toMatch(/<\/html>$/);
      expect(ours.body === theirs.body, `${url}: the kept tree's document differs from React Router's`).toBe(true);
    }
    // And the kept tree was used: the first document's router was kept, no fallback.
    const build = (await loadServerBuild(inject("buildDir")))!;
    const entry = build.entry.module as unknown as { serverRouterStatus(): string };
    expect(entry.serverRouterStatus()).toBe("kept");
  });
});
