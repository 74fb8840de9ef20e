import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createTestDatabase, describeEachDb } from "../test/test-db.ts";
import { createDiskStorage, createPostgresStorage, type FileStorage, isValidStorageKey } from "./storage.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0xff, 0xfe, 0x00, 0x80]);
const SHA_OF_ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

/** What every storage does (docs/decisions/052): the same answers on disk and in the database. */
function behaves(open: () => FileStorage) {
  it("keeps a file's bytes, type, size and hash, and says when there is none", async () => {
    const s = open();
    expect(await s.get("media/files/nothing.pdf")).toBeNull();
    expect(await s.exists("media/files/nothing.pdf")).toBe(false);
    const info = await s.put("media/files/abc.pdf", "abc");
    expect(info).toEqual({ key: "media/files/abc.pdf", contentType: "application/pdf", size: 3, sha256: SHA_OF_ABC });
    expect(await s.exists("media/files/abc.pdf")).toBe(true);
    const got = await s.get("media/files/abc.pdf");
    expect(got?.body.toString()).toBe("abc");
    expect(got).toMatchObject({ contentType: "application/pdf", size: 3, sha256: SHA_OF_ABC });
    // Binary content comes back byte for byte (bytea, not text).
    await s.put("requests/7/1-photo.png", PNG, { contentType: "image/png", private: true });
    const png = await s.get("requests/7/1-photo.png");
    expect(png?.body.equals(PNG)).toBe(true);
    expect(png?.contentType).toBe("image/png");
  });

  it("replaces a file whole: concurrent readers see the old or the new content, never a mix", async () => {
    const s = open();
    const a = Buffer.alloc(256 * 1024, "a");
    const b = Buffer.alloc(300 * 1024, "b");
    await s.put("media/originals/p/X/main-1.svg", a);
    const reads: Promise<Buffer | undefined>[] = [];
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i++) {
      writes.push(s.put("media/originals/p/X/main-1.svg", i % 2 ? a : b));
      reads.push(s.get("media/originals/p/X/main-1.svg").then((f) => f?.body));
    }
    await Promise.all(writes);
    for (const body of await Promise.all(reads)) expect(body?.equals(a) || body?.equals(b)).toBe(true);
  });

  it("lists by prefix and deletes", async () => {
    const s = open();
    await s.putMany([
      { key: "media/originals/c/one.svg", body: () => "<svg/>" },
      { key: "media/originals/c/two.svg", body: () => "<svg></svg>" },
      { key: "media/originals/c_x/three.svg", body: () => "<svg/>" },
    ]);
    const listed = await s.list("media/originals/c/");
    expect(listed.map((f) => f.key)).toEqual(["media/originals/c/one.svg", "media/originals/c/two.svg"]);
    expect(listed[0]).toMatchObject({ contentType: "image/svg+xml", size: 6 });
    // "_" and "%" in a prefix are plain characters, not patterns.
    expect((await s.list("media/originals/c_")).map((f) => f.key)).toEqual(["media/originals/c_x/three.svg"]);
    expect(await s.delete("media/originals/c/one.svg")).toBe(true);
    expect(await s.delete("media/originals/c/one.svg")).toBe(false);
    expect((await s.list("media/originals/c/")).map((f) => f.key)).toEqual(["media/originals/c/two.svg"]);
  });

  it("refuses keys that could leave its root, and finds nothing under them", async () => {
    const s = open();
    for (const key of ["../secret.key", "media/../../etc/passwd", "/etc/passwd", ".hidden", "a//b", "a/b/", "a\\b", ""]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(s.put(key, "x"), key).rejects.toThrow(/invalid storage key/);
      expect(await s.get(key), key).toBeNull();
      expect(await s.exists(key), key).toBe(false);
    }
  });
}

describe("files' storage on disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "storage-disk-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  behaves(() => createDiskStorage(dir));

  it("keeps the layout DATA_DIR always had, leaves no temporary file, and keeps photos private", async () => {
    const s = createDiskStorage(dir);
    await s.put("media/originals/p/PD-1/main-1.svg", "<svg/>");
    expect(readFileSync(join(dir, "media/originals/p/PD-1/main-1.svg"), "utf8")).toBe("<svg/>");
    expect(readdirSync(join(dir, "media/originals/p/PD-1"))).toEqual(["main-1.svg"]);
    await s.put("requests/9/2-a.jpg", Buffer.from("jpg"), { private: true });
    expect(statSync(join(dir, "requests/9/2-a.jpg")).mode & 0o777).toBe(0o600);
    // A file an older version wrote is read as it is.
    expect((await s.get("requests/9/2-a.jpg"))?.body.toString()).toBe("jpg");
    expect(existsSync(join(dir, "requests/9/.2-a.jpg.tmp"))).toBe(false);
  });
});

describeEachDb("files' storage in the database", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.close());
  behaves(() => createPostgresStorage(database.db));

  it("writes inside a transaction: a rolled-back write leaves no file", async () => {
    await database.db
      .transaction(async (tx) => {
        await createPostgresStorage(tx as never).put("media/files/rolled-back.pdf", "x");
        throw new Error("undo");
      })
      .catch(() => {});
    expect(await createPostgresStorage(database.db).exists("media/files/rolled-back.pdf")).toBe(false);
  });
});

describe("STORAGE setting", () => {
  it("is postgres with DATABASE_URL and disk without, unless set", () => {
    const base = { NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", SECRET: "x".repeat(40) } as const;
    expect(loadConfig(base).storage).toBe("disk");
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://db/shop" }).storage).toBe("postgres");
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://db/shop", STORAGE: "disk" }).storage).toBe("disk");
    expect(() => loadConfig({ ...base, STORAGE: "s3" })).toThrow(/STORAGE="s3": must be "disk" or "postgres"/);
  });
});
