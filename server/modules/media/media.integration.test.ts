import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

describeEachDb("media routes", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(async () => shop?.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: "GET", url, headers });

  it("serves a seeded product image resized, with immutable caching and an ETag", async () => {
    const res = await get("/media/p/PD-RE-001/main-1/480.jpg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(480);
    expect(meta.format).toBe("jpeg");
    const again = await get("/media/p/PD-RE-001/main-1/480.jpg", { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("encodes webp and avif, and category, banner and brand originals exist", async () => {
    for (const url of [
      "/media/c/platos-de-ducha/320.webp",
      "/media/c/receveurs-de-douche/160.avif",
      "/media/b/slider-1/960.webp",
      "/media/brand/aqualis/320.webp",
      "/media/p/MU-BA-LE-001/sketch-1/320.avif",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe(url.endsWith("avif") ? "image/avif" : "image/webp");
    }
  });

  it("two simultaneous requests for the same new size get the same bytes", async () => {
    const [a, b] = await Promise.all([get("/media/p/IN-SU-009/env-1/640.webp"), get("/media/p/IN-SU-009/env-1/640.webp")]);
    expect(a.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it("rejects other widths, unknown keys and path traversal", async () => {
    expect((await get("/media/p/PD-RE-001/main-1/500.jpg")).statusCode).toBe(400);
    expect((await get("/media/p/PD-RE-001/main-1/480.png")).statusCode).toBe(400);
    expect((await get("/media/p/NO-SUCH/main-1/480.jpg")).statusCode).toBe(404);
    for (const url of ["/media/p/../../../etc/passwd/480.jpg", "/media/..%2F..%2Fetc/480.jpg", "/media/p/%2e%2e/%2e%2e/secret/480.jpg"]) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
      // Either our validation answers, or the router finds no /media route at all: never a file.
      expect(res.headers["content-type"], url).toMatch(/json/);
    }
  });

  it("serves the product sheets as real PDFs", async () => {
    const res = await get("/media/files/pd-re-001-data-sheet.pdf");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get("/media/files/../secret.pdf")).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get("/media/files/nope.pdf")).statusCode).toBe(404);
  });

  it("sends a sheet's address without its extension on to the PDF", async () => {
    const res = await get("/media/files/pd-re-001-data-sheet");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/media/files/pd-re-001-data-sheet.pdf");
    expect((await get("/media/files/Not%20a%20key")).statusCode).toBe(400);
  });
});
