import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, type ImageFormat } from "../../../core/media.ts";
import type { Config } from "../../config.ts";
import { createDiskStorage, type FileStorage } from "../../lib/storage.ts";

/**
 * Media keys name originals stored as media/originals/<key>.svg (server/lib/storage.ts: on disk
 * under DATA_DIR, or in PostgreSQL):
 *   p/<product ref>/<view>-<n>   product images (main-1, detail-1, env-1, sketch-1, 3d-1)
 *   p/<product ref>/opt-<option slug>   one image per colour option
 *   c/<category slug>             category tiles (es and fr slugs)
 *   b/<kind>-<id>                 banners and sliders (slider, home, cat, brand)
 *   brand/<brand slug>            drawn brand logos
 *   ct/<complement type slug>     complement type icons
 * Segments are letters, digits, "-" and "_" only: no dots, so no way out of the media folder.
 */
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}(?:\/[A-Za-z0-9][A-Za-z0-9_-]{0,80}){0,5}$/;
/** Generated PDFs: media/files/<key>.pdf, flat lower-case keys. */
const FILE_KEY_RE = /^[a-z0-9][a-z0-9_-]{0,150}$/;

export const FORMATS: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

export function isValidKey(key: string): boolean {
  return key.length <= 300 && KEY_RE.test(key);
}

export function isValidFileKey(key: string): boolean {
  return FILE_KEY_RE.test(key);
}

export function isValidWidth(width: number): boolean {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

export function mediaDirs(dataDir: string) {
  const root = join(dataDir, "media");
  return { originals: join(root, "originals"), cache: join(root, "cache"), files: join(root, "files") };
}

/** The storage keys of a media original and of a generated PDF (server/lib/storage.ts): today's DATA_DIR layout. */
export const originalKey = (key: string) => `media/originals/${key}.svg`;
export const pdfKey = (key: string) => `media/files/${key}.pdf`;

/**
 * Writes generated originals and PDFs (used by the demo seed) through the files' storage: on disk
 * under DATA_DIR/media, or in PostgreSQL where every copy reads them (docs/decisions/052). Writes
 * are atomic: test workers and shops may share a data dir, and copies a database.
 */
export function createMediaWriter(target: FileStorage | string) {
  const storage = typeof target === "string" ? createDiskStorage(target) : target;
  return {
    async original(key: string, svg: string) {
      if (!isValidKey(key)) throw new Error(`invalid media key: ${key}`);
      await storage.put(originalKey(key), svg, { contentType: "image/svg+xml" });
    },
    async file(key: string, pdf: Buffer) {
      if (!isValidFileKey(key)) throw new Error(`invalid file key: ${key}`);
      await storage.put(pdfKey(key), pdf, { contentType: "application/pdf" });
    },
    /**
     * Writes many originals and files; each is generated while the previous ones are written
     * (on disk on libuv's threads, which roughly halves the seed's file time; in PostgreSQL in batches).
     */
    async writeAll(originals: { key: string; svg: () => string }[], pdfs: { key: string; pdf: () => Buffer }[]) {
      for (const o of originals) if (!isValidKey(o.key)) throw new Error(`invalid media key: ${o.key}`);
      for (const f of pdfs) if (!isValidFileKey(f.key)) throw new Error(`invalid file key: ${f.key}`);
      await storage.putMany([
        ...originals.map((o) => ({ key: originalKey(o.key), body: o.svg, contentType: "image/svg+xml" })),
        ...pdfs.map((f) => ({ key: pdfKey(f.key), body: f.pdf, contentType: "application/pdf" })),
      ]);
    },
  };
}

/**
 * libvips' defaults are for a batch converter: an operation cache of up to 50 MB and 100
 * operations, and one worker thread per core for each image. Every size is encoded once here and
 * then read from the disk cache, so the operation cache only holds memory (never a hit), and each
 * thread's buffers come from a glibc malloc arena that is not given back. One thread per image
 * (several images still encode at once, each on libuv's pool) and no cache (docs/decisions/024).
 */
function limitSharpMemory() {
  sharp.cache(false);
  sharp.concurrency(1);
}

export type RenderedImage = { body: Buffer; contentType: string; etag: string };

/**
 * The media pipeline: SVG originals (from the files' storage) rasterised by sharp at the requested
 * width and format, cached on this copy's disk (DATA_DIR/media/cache/<key>/<width>.<format>) so
 * each size is encoded once per copy: a request reads the cache first, and the original is read
 * from the storage (PostgreSQL when shared) only on a miss. Concurrent requests for the same size
 * share one encoding in this process, and the cache file is written to a temporary name then
 * renamed, so other processes never read a partial file. Generated PDFs from a shared storage are
 * kept in the same per-copy cache (DATA_DIR/media/cache/_files/<key>.pdf: media keys never start
 * with "_"); from the disk storage they are read where they are.
 */
export function createMediaService(config: Pick<Config, "dataDir">, storage: FileStorage = createDiskStorage(config.dataDir)) {
  limitSharpMemory();
  const dirs = mediaDirs(config.dataDir);
  const inflight = new Map<string, Promise<RenderedImage | null>>();
  const fileJobs = new Map<string, Promise<{ body: Buffer; etag: string } | null>>();

  const etagOf = (size: number, mtimeMs: number) => `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;
  /** The same on every copy (a balancer may send the revalidation to another one). */
  const contentEtag = (sha256: string) => `"${sha256.slice(0, 24)}"`;

  async function writeCache(path: string, body: Buffer) {
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(tmp, body);
    try {
      await rename(tmp, path);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
  }

  async function encode(key: string, width: number, format: ImageFormat, cachePath: string): Promise<RenderedImage | null> {
    const original = await storage.get(originalKey(key));
    if (!original) return null;
    const svg = original.body;
    // Rasterise at the target size (not upscale a small bitmap): density scales the SVG's own width.
    const head = svg.subarray(0, 300).toString("utf8");
    const nominal = Number(/width="(\d+)"/.exec(head)?.[1] ?? 800);
    const density = Math.min(600, Math.max(18, (72 * width) / nominal));
    let img = sharp(svg, { density }).resize({ width, withoutEnlargement: false });
    if (format === "jpg") img = img.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true });
    else if (format === "webp") img = img.webp({ quality: 82 });
    else img = img.avif({ quality: 55, effort: 2 });
    const body = await img.toBuffer();
    await writeCache(cachePath, body);
    const st = await stat(cachePath);
    return { body, contentType: FORMATS[format], etag: etagOf(st.size, st.mtimeMs) };
  }

  async function readFileCached(key: string): Promise<{ body: Buffer; etag: string } | null> {
    const cachePath = join(dirs.cache, "_files", `${key}.pdf`);
    try {
      const body = await readFile(cachePath);
      return { body, etag: contentEtag(createHash("sha256").update(body).digest("hex")) };
    } catch {
      // not cached yet
    }
    const f = await storage.get(pdfKey(key));
    if (!f) return null;
    await writeCache(cachePath, f.body);
    return { body: f.body, etag: contentEtag(f.sha256) };
  }

  return {
    dirs,
    storage,
    /**
     * The image of `key` at one of the storefront widths, or null when the key has no original.
     * Callers validate key and width first (isValidKey, isValidWidth).
     */
    async image(key: string, width: number, format: ImageFormat): Promise<RenderedImage | null> {
      if (!isValidKey(key) || !isValidWidth(width) || !(format in FORMATS)) return null;
      const cachePath = join(dirs.cache, key, `${width}.${format}`);
      try {
        const st = await stat(cachePath);
        return { body: await readFile(cachePath), contentType: FORMATS[format], etag: etagOf(st.size, st.mtimeMs) };
      } catch {
        // not cached yet
      }
      const id = `${key}|${width}|${format}`;
      let job = inflight.get(id);
      if (!job) {
        job = encode(key, width, format, cachePath).finally(() => inflight.delete(id));
        inflight.set(id, job);
      }
      return job;
    },
    /** A generated PDF (product sheets), or null when there is none under that key. */
    async file(key: string): Promise<{ body: Buffer; etag: string } | null> {
      if (!isValidFileKey(key)) return null;
      if (storage.kind === "disk") {
        const f = await storage.get(pdfKey(key));
        return f && { body: f.body, etag: contentEtag(f.sha256) };
      }
      let job = fileJobs.get(key);
      if (!job) {
        job = readFileCached(key).finally(() => fileJobs.delete(key));
        fileJobs.set(key, job);
      }
      return job;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
