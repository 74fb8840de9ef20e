import { readdirSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { AppError } from "./lib/errors.ts";
import { TRACKING_PARAMS } from "./lib/tracking.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/** Routes that only exist in this test, to see what a shopper gets when a handler breaks. */
async function brokenRoutes(app: import("fastify").FastifyInstance) {
  app.get("/test/boom", async () => {
    throw new Error("connection to db-internal.example:5432 refused (password=hunter2)");
  });
  app.get("/test/app-error", async () => {
    throw new AppError("store.unknown", 400);
  });
}

describeEachDb("HTTP foundation", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, apiPlugins: [brokenRoutes] });
  });
  afterAll(() => shop?.close());

  it("answers /healthz and /readyz 200 with the database up, never cached", async () => {
    const res = await shop.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: kind });
    expect(res.headers["cache-control"]).toBe("no-store");
    const ready = await shop.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "up", db: kind });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("sends a same-origin CSP with a per-response script nonce on HTML", async () => {
    const a = await shop.app.inject({ url: "/" });
    const b = await shop.app.inject({ url: "/" });
    expect(a.statusCode).toBe(200);
    expect(a.headers["content-type"]).toMatch(/^text\/html/);
    const csp = String(a.headers["content-security-policy"]);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // Every inline script of the page carries that nonce, or the browser would block hydration.
    // (JSON-LD blocks are data, not scripts: CSP does not apply to them.)
    const scripts = [...a.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]).filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(String(b.headers["content-security-policy"])).not.toContain(nonce);
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(a.headers["x-frame-options"]).toBe("DENY");
  });

  it("sends the same security headers on API answers", async () => {
    const res = await shop.app.inject({ url: "/api/stores/v1/stores/" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("compresses pages with brotli or gzip, as the browser asks", async () => {
    const br = await shop.app.inject({ url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^<!DOCTYPE html>/i);
    const gz = await shop.app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/<\/html>/);
    const plain = await shop.app.inject({ url: "/", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toMatch(/<\/html>/);
  });

  it("serves hashed assets compressed with immutable caching, other files for an hour", async () => {
    const assets = readdirSync(join(inject("buildDir"), "client", "assets"));
    const js = assets.find((f) => /^entry\.client-[\w-]+\.js$/.test(f)) ?? assets.find((f) => f.endsWith(".js"))!;
    const res = await shop.app.inject({ url: `/assets/${js}`, headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const css = assets.find((f) => f.endsWith(".css"))!;
    const gz = await shop.app.inject({ url: `/assets/${css}`, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).length).toBeGreaterThan(1000);
    const icon = await shop.app.inject({ url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    const missing = await shop.app.inject({ url: "/assets/nothing-1234.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("redirects (301) each of the nine tracking parameters to the clean URL and keeps the others", async () => {
    expect(TRACKING_PARAMS).toHaveLength(9);
    for (const p of ["gclid", "srsltid", "fbclid", "msclkid", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) {
      const res = await shop.app.inject({ url: `/ofertas?page=2&${p}=abc&sort=price` });
      expect(res.statusCode, p).toBe(301);
      expect(res.headers.location, p).toBe("/ofertas?page=2&sort=price");
    }
    const all = await shop.app.inject({ url: "/fr/marcas?utm_source=a&utm_medium=b&utm_campaign=c&gclid=d" });
    expect(all.statusCode).toBe(301);
    expect(all.headers.location).toBe("/fr/marcas");
    const clean = await shop.app.inject({ url: "/marcas?page=2&utm=not-tracking" });
    expect(clean.statusCode).toBe(200);
  });

  it("answers unknown API paths with a JSON 404 in the request's language", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await shop.app.inject({ method, url: "/api/nothing/here" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: { code: "api.not_found", message: "La ruta de la API no existe" } });
    }
    const fr = await shop.app.inject({ url: "/api/nothing", headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(fr.json().error.message).toBe("Cette route de l'API n'existe pas");
    expect((await shop.app.inject({ url: "/api" })).statusCode).toBe(404);
  });

  it("hides the details of a 500 behind {error:{code,message}}", async () => {
    const res = await shop.app.inject({ url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: "internal", message: "Ha ocurrido un error. Inténtalo de nuevo o ponte en contacto con nosotros" },
    });
    expect(res.body).not.toMatch(/hunter2|db-internal|at .*\.ts|stack/);
  });

  it("translates a thrown AppError's code into the spec's message", async () => {
    const res = await shop.app.inject({ url: "/api/test/app-error" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "store.unknown", message: "Tienda desconocida" } });
  });

  it("names a request id on every answer, keeping a sane one the proxy gave", async () => {
    const a = await shop.app.inject({ url: "/healthz" });
    const b = await shop.app.inject({ url: "/" });
    expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    const given = await shop.app.inject({ url: "/api/nothing", headers: { "x-request-id": "lb-7f3a.42" } });
    expect(given.headers["x-request-id"]).toBe("lb-7f3a.42");
    const evil = await shop.app.inject({ url: "/healthz", headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(evil.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describeEachDb("health check with the database gone", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(async () => {
    await shop?.app.close();
    await shop?.services.stop();
  });

  it("answers /readyz 503 once the database is closed under the app, while /healthz (the process lives) stays 200", async () => {
    expect((await shop.app.inject({ url: "/readyz" })).statusCode).toBe(200);
    await shop.database.close();
    const res = await shop.app.inject({ url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", database: "down" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await shop.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });

  it("answers /readyz 503 while draining, with Connection: close on every answer", async () => {
    shop.lifecycle.beginDrain();
    const res = await shop.app.inject({ url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "draining" });
    const live = await shop.app.inject({ url: "/healthz" });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe("close");
  });
});
