import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_FILE, typesOf } from "../scripts/admin-api-types.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/** The staff application as the browser gets it: its own page, files and policy at /admin (docs/decisions/043). */
describe("the staff application at /admin", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop("pglite", { ssr: true, seed: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("serves its page for /admin and every screen path, never cached, with a CSP that allows no inline script", async () => {
    for (const url of ["/admin", "/admin/", "/admin/login", "/admin/orders/100234"]) {
      const res = await shop.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["x-robots-tag"]).toMatch(/noindex/);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.body).toMatch(/<div id="root">/);
    }
  });

  it("loads only its own files (no storefront script), hashed and cached for a year; a missing one is a 404, not the page", async () => {
    const page = await shop.app.inject({ method: "GET", url: "/admin/" });
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/^\/admin\/assets\/[\w-]+\.js$/);
    const asset = await shop.app.inject({ method: "GET", url: scripts[0] });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toMatch(/immutable/);
    // Real React, not the storefront's Preact aliases.
    expect(asset.body).toMatch(/react\.dev|__REACT_DEVTOOLS|reactjs\.org/);
    expect((await shop.app.inject({ method: "GET", url: "/admin/assets/nope-123.js" })).statusCode).toBe(404);
  });

  it("keeps the generated API client in step with /api/docs (run `npm run admin:api` after changing a route)", async () => {
    const doc = (await shop.app.inject({ method: "GET", url: "/api/docs" })).json();
    expect(await typesOf(doc), "admin/src/api/schema.d.ts is stale: npm run admin:api").toBe(readFileSync(SCHEMA_FILE, "utf8"));
  });
});
