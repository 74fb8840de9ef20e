import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * One storage for the files the shop keeps (docs/decisions/052): media originals
 * (`media/originals/<key>.svg`), generated PDFs (`media/files/<key>.pdf`) and the photos of
 * return and incident requests (`requests/<order>/<file>`). Keys are relative paths.
 *
 * - `disk`: files under DATA_DIR, the key being the path (one machine; the layout the shop always had,
 *   so existing data directories keep working).
 * - `postgres`: rows of the `stored_files` table (bytea), so every copy on one database reads the
 *   same files. The default when DATABASE_URL is set (config STORAGE).
 *
 * Every write is atomic: a reader sees the old file or the new one, never part of one.
 * Files are read whole into memory: the shop's are small (SVGs, PDFs of a few KB, photos of at most 5 MB).
 */
export type StorageKind = "disk" | "postgres";

export type FileInfo = {
  key: string;
  contentType: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
};
export type StoredFile = FileInfo & { body: Buffer };
export type PutOptions = {
  /** Unset: from the key's extension (application/octet-stream when unknown). */
  contentType?: string;
  /** Customer uploads: on disk readable by the shop's user only (0600, folders 0700). */
  private?: boolean;
};
export type PendingFile = { key: string; body: () => Buffer | string; contentType?: string };

export interface FileStorage {
  readonly kind: StorageKind;
  put(key: string, body: Buffer | string, opts?: PutOptions): Promise<FileInfo>;
  /** Writes many files (the seed): generation overlaps the writes, in batches on PostgreSQL. */
  putMany(files: Iterable<PendingFile>): Promise<number>;
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<boolean>;
  /** The files whose key starts with `prefix` (without their content), sorted by key. */
  list(prefix?: string): Promise<FileInfo[]>;
}

/**
 * Keys: segments of letters, digits, ".", "_" and "-", each starting with a letter or digit, so
 * no "..", no hidden file and no absolute path: a key never leaves the storage's root.
 */
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}){0,9}$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_RE.test(key);
}

function checkKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
};

export function contentTypeOf(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || "application/octet-stream";
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const toBuffer = (b: Buffer | string) => (typeof b === "string" ? Buffer.from(b, "utf8") : b);

/** Files under `root` (DATA_DIR), written to a temporary name and renamed into place. */
export function createDiskStorage(root: string): FileStorage {
  const made = new Set<string>();
  const pathOf = (key: string) => {
    checkKey(key);
    return join(root, ...key.split("/"));
  };
  async function write(key: string, data: Buffer, opts: PutOptions = {}): Promise<FileInfo> {
    const path = pathOf(key);
    const dir = dirname(path);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true, ...(opts.private ? { mode: 0o700 } : {}) });
      made.add(dir);
    }
    const tmp = join(dir, `.${key.split("/").pop()}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
    try {
      await writeFile(tmp, data, opts.private ? { mode: 0o600 } : {});
      await rename(tmp, path);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      // A folder removed behind our back (tests clean DATA_DIR): create it again once.
      if ((e as NodeJS.ErrnoException).code === "ENOENT" && made.delete(dir)) return write(key, data, opts);
      throw e;
    }
    return { key, contentType: opts.contentType ?? contentTypeOf(key), size: data.length, sha256: sha256(data) };
  }
  const api: FileStorage = {
    kind: "disk",
    put: (key, body, opts) => write(key, toBuffer(body), opts),
    async putMany(files) {
      // The disk work runs on libuv's threads while the next file is generated.
      const inflight = new Set<Promise<unknown>>();
      let n = 0;
      for (const f of files) {
        checkKey(f.key);
        const job: Promise<unknown> = write(f.key, toBuffer(f.body()), { contentType: f.contentType }).finally(() => inflight.delete(job));
        inflight.add(job);
        n++;
        if (inflight.size >= 64) await Promise.race(inflight);
      }
      await Promise.all(inflight);
      return n;
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null;
      let body: Buffer;
      try {
        body = await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw e;
      }
      return { key, contentType: contentTypeOf(key), size: body.length, sha256: sha256(body), body };
    },
    async exists(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        await unlink(pathOf(key));
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw e;
      }
    },
    async list(prefix = "") {
      // Walk the deepest folder the prefix names completely, then filter by the whole prefix.
      const base = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (base && !isValidStorageKey(base)) return [];
      const out: FileInfo[] = [];
      const walk = async (dir: string) => {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const path = join(dir, e.name);
          if (e.isDirectory()) await walk(path);
          else if (e.isFile()) {
            const key = relative(root, path).split(sep).join("/");
            if (!key.startsWith(prefix) || !isValidStorageKey(key)) continue;
            const body = await readFile(path).catch(() => null);
            if (body) out.push({ key, contentType: contentTypeOf(key), size: body.length, sha256: sha256(body) });
          }
        }
      };
      await walk(base ? join(root, ...base.split("/")) : root);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
  return api;
}

type Row = { key: string; content_type: string; size: number; sha256: string; body?: Uint8Array };
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const asBuffer = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));
/** One INSERT carries at most this many rows and about this many bytes. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Files as rows of `stored_files` (server/db/migrations/0029_shared_files.sql): the key is the
 * primary key, the content a bytea (TOAST compresses the SVGs), with its type, size and SHA-256.
 * `db` may be a transaction: the seed writes its files in its own transaction, with its rows.
 */
export function createPostgresStorage(db: Db): FileStorage {
  const upsert = (files: { key: string; contentType: string; body: Buffer; hash: string }[]) =>
    db.execute(sql`
      insert into stored_files (key, content_type, size, sha256, body)
      values ${sql.join(
        files.map((f) => sql`(${f.key}, ${f.contentType}, ${f.body.length}, ${f.hash}, ${f.body})`),
        sql`, `,
      )}
      on conflict (key) do update set content_type = excluded.content_type, size = excluded.size,
        sha256 = excluded.sha256, body = excluded.body, updated_at = now()`);
  const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return {
    kind: "postgres",
    async put(key, body, opts = {}) {
      checkKey(key);
      const data = toBuffer(body);
      const info = { key, contentType: opts.contentType ?? contentTypeOf(key), size: data.length, sha256: sha256(data) };
      await upsert([{ key, contentType: info.contentType, body: data, hash: info.sha256 }]);
      return info;
    },
    async putMany(files) {
      let batch: { key: string; contentType: string; body: Buffer; hash: string }[] = [];
      let bytes = 0;
      let n = 0;
      for (const f of files) {
        checkKey(f.key);
        const body = toBuffer(f.body());
        batch.push({ key: f.key, contentType: f.contentType ?? contentTypeOf(f.key), body, hash: sha256(body) });
        bytes += body.length;
        n++;
        if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
          await upsert(batch);
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length) await upsert(batch);
      return n;
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null;
      const [r] = rowsOf<Required<Row>>(await db.execute(sql`select key, content_type, size, sha256, body from stored_files where key = ${key}`));
      if (!r) return null;
      return { key: r.key, contentType: r.content_type, size: Number(r.size), sha256: r.sha256, body: asBuffer(r.body) };
    },
    async exists(key) {
      if (!isValidStorageKey(key)) return false;
      return rowsOf(await db.execute(sql`select 1 from stored_files where key = ${key}`)).length > 0;
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return false;
      return rowsOf(await db.execute(sql`delete from stored_files where key = ${key} returning key`)).length > 0;
    },
    async list(prefix = "") {
      const rows = rowsOf<Row>(
        await db.execute(sql`select key, content_type, size, sha256 from stored_files where key like ${`${escapeLike(prefix)}%`} order by key`),
      );
      return rows.map((r) => ({ key: r.key, contentType: r.content_type, size: Number(r.size), sha256: r.sha256 }));
    },
  };
}

/** The storage of a kind: `dataDir` for disk, `db` (the pool or a transaction) for postgres. */
export function openStorage(kind: StorageKind, where: { dataDir: string; db: Db }): FileStorage {
  return kind === "postgres" ? createPostgresStorage(where.db) : createDiskStorage(where.dataDir);
}
