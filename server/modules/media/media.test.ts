import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { productSvg } from "../../../seed/media/illustrations.ts";
import { createMediaService, createMediaWriter, isValidFileKey, isValidKey, isValidWidth } from "./media.service.ts";

describe("media keys", () => {
  it("accepts the seed's key scheme", () => {
    for (const k of ["p/PD-RE-001/main-1", "p/MU-BA-LE-003/opt-roble-natural", "c/platos-de-ducha", "b/slider-1", "brand/aqualis", "ct/valvula"]) {
      expect(isValidKey(k), k).toBe(true);
    }
  });

  it("rejects anything that could leave the media folder", () => {
    for (const k of [
      "../secret",
      "p/../../etc/passwd",
      "p/..",
      "/etc/passwd",
      "p//x",
      "p/x/",
      "p\\x",
      "p/%2e%2e/x",
      "p/x.svg",
      ".hidden",
      "",
      "a/b/c/d/e/f/g/h",
    ]) {
      expect(isValidKey(k), k).toBe(false);
    }
    expect(isValidFileKey("pd-re-001-data-sheet")).toBe(true);
    expect(isValidFileKey("../pd")).toBe(false);
    expect(isValidFileKey("PD/x")).toBe(false);
  });

  it("only serves the storefront's widths", () => {
    expect([160, 320, 480, 640, 960, 1280].every(isValidWidth)).toBe(true);
    expect(isValidWidth(333)).toBe(false);
    expect(isValidWidth(4000)).toBe(false);
  });
});

describe("media service on disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "media-unit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("rasterises an original at the asked width, caches it and shares concurrent work", async () => {
    await createMediaWriter(dir).original("p/TEST-1/main-1", productSvg({ kind: "toilet_wall", color: "#2b2b2d", accent: "#c8a45a" }, "main"));
    const media = createMediaService({ dataDir: dir });
    const [a, b, c] = await Promise.all([
      media.image("p/TEST-1/main-1", 320, "webp"),
      media.image("p/TEST-1/main-1", 320, "webp"),
      media.image("p/TEST-1/main-1", 320, "webp"),
    ]);
    expect(a!.contentType).toBe("image/webp");
    expect(b!.body.equals(a!.body)).toBe(true);
    expect(c!.etag).toBe(a!.etag);
    expect((await sharp(a!.body).metadata()).width).toBe(320);
    // One cache file, no temporary files left behind.
    expect(readdirSync(join(dir, "media/cache/p/TEST-1/main-1"))).toEqual(["320.webp"]);
    const again = await media.image("p/TEST-1/main-1", 320, "webp");
    expect(again!.body.equals(readFileSync(join(dir, "media/cache/p/TEST-1/main-1/320.webp")))).toBe(true);
    expect(await media.image("p/NOPE/main-1", 320, "webp")).toBeNull();
  });
});
