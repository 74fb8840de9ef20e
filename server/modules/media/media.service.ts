import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, type ImageFormat } from "../../../core/media.ts";
import type { Config } from "../../config.ts";

/**
 * Media keys name originals under DATA_DIR/media/originals/<key>.svg:
 *   p/<product ref>/<view>-<n>   product images (main-1, detail-1, env-1, sketch-1, 3d-1)
 *   p/<product ref>/opt-<option slug>   one image per colour option
 *   c/<category slug>             category tiles (es and fr slugs)
 *   b/<kind>-<id>                 banners and sliders (slider, home, cat, brand)
 *   brand/<brand slug>            drawn brand logos
 *   ct/<complement type slug>     complement type icons
 * Segments are letters, digits, "-" and "_" only: no dots, so no way out of the media folder.
 */
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}(?:\/[A-Za-z0-9][A-Za-z0-9_-]{0,80}){0,5}$/;
/** Generated PDFs: DATA_DIR/media/files/<key>.pdf, flat lower-case keys. */
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

/** Writes via a temporary file and a rename, so readers never see half a file. */
function writeAtomicSync(path: string, data: string | Buffer) {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * Writes generated originals and PDFs (used by the demo seed). Directories are created once
 * per folder; writes are atomic because test workers and shops may share a data dir.
 */
export function createMediaWriter(dataDir: string) {
  const dirs = mediaDirs(dataDir);
  const made = new Set<string>();
  const ensure = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    original(key: string, svg: string) {
      if (!isValidKey(key)) throw new Error(`invalid media key: ${key}`);
      const path = join(dirs.originals, `${key}.svg`);
      ensure(dirname(path));
      writeAtomicSync(path, svg);
    },
    file(key: string, pdf: Buffer) {
      if (!isValidFileKey(key)) throw new Error(`invalid file key: ${key}`);
      ensure(dirs.files);
      writeAtomicSync(join(dirs.files, `${key}.pdf`), pdf);
    },
    /**
     * Writes many originals and files; the disk work runs on libuv's threads while the next
     * drawing is generated, which roughly halves the seed's file time.
     */
    async writeAll(originals: { key: string; svg: () => string }[], pdfs: { key: string; pdf: () => Buffer }[]) {
      const inflight = new Set<Promise<void>>();
      const put = async (path: string, data: string | Buffer) => {
        const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
        await writeFile(tmp, data);
        await rename(tmp, path);
      };
      const schedule = async (path: string, data: string | Buffer) => {
        const job = put(path, data).finally(() => inflight.delete(job));
        inflight.add(job);
        if (inflight.size >= 64) await Promise.race(inflight);
      };
      for (const o of originals) {
        if (!isValidKey(o.key)) throw new Error(`invalid media key: ${o.key}`);
        const path = join(dirs.originals, `${o.key}.svg`);
        ensure(dirname(path));
        await schedule(path, o.svg());
      }
      ensure(dirs.files);
      for (const f of pdfs) {
        if (!isValidFileKey(f.key)) throw new Error(`invalid file key: ${f.key}`);
        await schedule(join(dirs.files, `${f.key}.pdf`), f.pdf());
      }
      await Promise.all(inflight);
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
 * The media pipeline: SVG originals rasterised by sharp at the requested width and format,
 * cached on disk (DATA_DIR/media/cache/<key>/<width>.<format>) so each size is encoded once.
 * Concurrent requests for the same size share one encoding in this process, and the cache file
 * is written to a temporary name then renamed, so other processes never read a partial file.
 */
export function createMediaService(config: Pick<Config, "dataDir">) {
  limitSharpMemory();
  const dirs = mediaDirs(config.dataDir);
  const inflight = new Map<string, Promise<RenderedImage | null>>();

  const etagOf = (size: number, mtimeMs: number) => `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;

  async function encode(key: string, width: number, format: ImageFormat, cachePath: string): Promise<RenderedImage | null> {
    let svg: Buffer;
    try {
      svg = await readFile(join(dirs.originals, `${key}.svg`));
    } catch {
      return null;
    }
    // Rasterise at the target size (not upscale a small bitmap): density scales the SVG's own width.
    const head = svg.subarray(0, 300).toString("utf8");
    const nominal = Number(/width="(\d+)"/.exec(head)?.[1] ?? 800);
    const density = Math.min(600, Math.max(18, (72 * width) / nominal));
    let img = sharp(svg, { density }).resize({ width, withoutEnlargement: false });
    if (format === "jpg") img = img.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true });
    else if (format === "webp") img = img.webp({ quality: 82 });
    else img = img.avif({ quality: 55, effort: 2 });
    const body = await img.toBuffer();
    await mkdir(dirname(cachePath), { recursive: true });
    const tmp = `${cachePath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(tmp, body);
    try {
      await rename(tmp, cachePath);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
    const st = await stat(cachePath);
    return { body, contentType: FORMATS[format], etag: etagOf(st.size, st.mtimeMs) };
  }

  return {
    dirs,
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
      const path = join(dirs.files, `${key}.pdf`);
      try {
        const st = await stat(path);
        return { body: await readFile(path), etag: etagOf(st.size, st.mtimeMs) };
      } catch {
        return null;
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
