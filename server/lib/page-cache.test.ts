import compress from "@fastify/compress";
import Fastify, { type FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { COMPRESSION_ENCODINGS, cacheableQuery, createPageCache, encodingBucket, isCatalogPath } from "./page-cache.ts";

const request = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers }) as unknown as FastifyRequest;

describe("page cache", () => {
  it("caches only catalog pages of both stores", () => {
    for (const p of [
      "/",
      "/fr",
      "/platos-de-ducha/",
      "/fr/receveurs-de-douche/",
      "/x.html",
      "/marcas",
      "/marcas/aqua",
      "/fr/novedades",
      "/ofertas",
      "/rebajas",
      "/espacios/japandi",
    ]) {
      expect(isCatalogPath(p), p).toBe(true);
    }
    for (const p of ["/cart", "/checkout", "/login", "/profile/1/", "/api/x/", "/fr/cart", "/inspiracion"]) expect(isCatalogPath(p), p).toBe(false);
  });

  it("picks the encoding exactly as @fastify/compress does, for every way of writing Accept-Encoding", async () => {
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 1024, encodings: [...COMPRESSION_ENCODINGS] });
    app.get("/", async (_req, reply) => reply.type("text/html").send(`<!doctype html>${"<p>baño</p>".repeat(400)}`));
    const headers = [
      "gzip, deflate, br",
      "gzip",
      "br;q=0, gzip",
      "*",
      "x-gzip",
      "identity;q=0, *",
      "br;q=1e0",
      "br;q=0.5, gzip;q=0.9",
      "deflate",
      "identity",
      "compress",
      "GZIP",
      "br;q=0, gzip;q=0, *;q=0.1",
      "",
    ];
    for (const ae of headers) {
      const res = await app.inject({ url: "/", headers: { "accept-encoding": ae } });
      expect(encodingBucket(ae), JSON.stringify(ae)).toBe(res.headers["content-encoding"] ?? "identity");
    }
    const none = await app.inject({ url: "/" });
    expect(encodingBucket(undefined)).toBe(none.headers["content-encoding"] ?? "identity");
    const noCompression = await app.inject({ url: "/", headers: { "accept-encoding": "br", "x-no-compression": "1" } });
    expect(encodingBucket("br", true)).toBe(noCompression.headers["content-encoding"] ?? "identity");
    await app.close();
  });

  it("caches only the canonical listing query of a page", () => {
    expect(cacheableQuery("")).toBe("");
    expect(cacheableQuery("sort=lower_price")).toBe("sort=lower_price");
    expect(cacheableQuery("sort=lower_price&f=12,15&r_3=70-120&page=2")).toBe("sort=lower_price&f=12,15&r_3=70-120&page=2");
    for (const q of [
      "utm=1",
      "x=1",
      "page=2&sort=lower_price",
      "page=1",
      "sort=best_seller",
      "f=15,12",
      "f=12&f=15",
      "q=plato",
      "page=2&cb=123",
      "sort=nope",
    ]) {
      expect(cacheableQuery(q), q).toBeNull();
    }
  });

  it("keys the consent state the root loader reads, with the same cookie parser", () => {
    const cache = createPageCache({ enabled: true });
    const none = cache.keyFor(request("/marcas"));
    // The first cookie of a name wins in both places: this visitor sees the banner, so it is the no-consent page.
    expect(cache.keyFor(request("/marcas", { cookie: "cookie_consent=; cookie_consent=accepted" }))).toBe(none);
    expect(cache.keyFor(request("/marcas", { cookie: "cookie_consent=all" }))).toBe(none);
    expect(cache.keyFor(request("/marcas", { cookie: "cookie_consent=accepted" }))).not.toBe(none);
    expect(cache.keyFor(request("/marcas", { cookie: "a=1; cookie_consent=rejected; cookie_consent=accepted" }))).toBe(
      cache.keyFor(request("/marcas", { cookie: "cookie_consent=rejected" })),
    );
  });

  it("never looks up or stores a personal request", () => {
    const cache = createPageCache({ enabled: true });
    for (const cookie of ["sid=1", "__Host-sid=1", "access_token=x", "refresh_token=y", "session=z", "a=1; sid=2"]) {
      expect(cache.keyFor(request("/marcas", { cookie })), cookie).toBeNull();
      expect(cache.storeKeyFor(request("/marcas", { cookie }), "br"), cookie).toBeNull();
    }
    expect(cache.keyFor(request("/marcas", { authorization: "Bearer x" }))).toBeNull();
    expect(cache.keyFor(request("/marcas", { cookie: "my_sid=1" }))).not.toBeNull();
  });

  it("stores an answer under the encoding it was really sent with", () => {
    const cache = createPageCache({ enabled: true });
    const req = request("/marcas", { "accept-encoding": "identity;q=0, *" });
    expect(cache.keyFor(req)).toBe("gzip||/marcas");
    expect(cache.storeKeyFor(req, "gzip")).toBe("gzip||/marcas");
    expect(cache.storeKeyFor(req, undefined)).toBe("identity||/marcas");
    expect(cache.storeKeyFor(req, "zstd")).toBeNull();
  });

  it("evicts the least recently used pages beyond its byte budget", () => {
    const cache = createPageCache({ enabled: true, maxBytes: 16000 });
    const entry = () => ({ headers: {}, body: Buffer.alloc(900), bytes: 1000 });
    for (const k of ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]) cache.set(`br||/${k}`, entry());
    cache.get("br||/a");
    cache.set("br||/m", entry());
    expect(cache.get("br||/b")).toBeUndefined();
    expect(cache.get("br||/a")).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(16000);
  });

  it("keeps listing states from pushing out plain pages, and bounds the count", () => {
    const cache = createPageCache({ enabled: true, maxEntries: 100 });
    const entry = () => ({ headers: {}, body: Buffer.alloc(10), bytes: 600 });
    cache.set("br||/marcas", entry());
    for (let i = 0; i < 5000; i++) cache.set(`br||/ofertas?sort=lower_price&page=${i}`, entry());
    expect(cache.get("br||/marcas")).toBeDefined();
    expect(cache.stats().entries).toBeLessThanOrEqual(100);
  });
});
