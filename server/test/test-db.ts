import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";
import { describe } from "vitest";
import { seedDemo } from "../../seed/index.ts";
import { type Database, openDatabase, wrapPglite } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";

export type TestDbKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it when the server answers). */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

const templates = new Map<string, Promise<Blob>>();

/**
 * A fresh, migrated (and optionally seeded) database of its own for one test file.
 * PGlite: migrated once per worker into a template, then cloned (~0.5 s instead of ~6 s).
 * PostgreSQL: a new database per call, dropped on close, so runs never see each other's rows.
 */
export async function createTestDatabase(kind: TestDbKind, opts: { seed?: boolean } = {}): Promise<Database> {
  const seed = opts.seed ?? true;
  if (kind === "postgres") return createPgDatabase(seed);
  const key = seed ? "seeded" : "empty";
  if (!templates.has(key)) {
    templates.set(
      key,
      (async () => {
        // Every test file runs in a fresh module context: keep the template on disk, named after the
        // migrations' and seed's sources, so that only the first file of a run pays for it (~5 s).
        const file = join(tmpdir(), `shop-test-pglite-${key}-${sourceHash()}.tar`);
        if (existsSync(file) && (!seed || existsSync(mediaMarker()))) return new Blob([readFileSync(file)]);
        const database = await openDatabase({ inMemory: true });
        await migrate(database, seed ? () => seedDemo(database.db, { dataDir: tmpDataDir(), log: () => {} }) : undefined);
        const raw = (database as unknown as { raw: PGlite }).raw;
        const blob = await raw.dumpDataDir("none");
        await database.close();
        const wip = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
        writeFileSync(wip, Buffer.from(await blob.arrayBuffer()));
        renameSync(wip, file);
        for (const old of readdirSync(tmpdir())) {
          const path = join(tmpdir(), old);
          if (old.startsWith("shop-test-pglite-") && path !== file && Date.now() - statSync(path).mtimeMs > 2 * 3600_000) rmSync(path, { force: true });
        }
        if (seed) markMediaSeeded();
        return blob;
      })(),
    );
  }
  const blob = await templates.get(key)!;
  // The production adapter (server/db/client.ts) over a clone of the template.
  const client = await PGlite.create({ loadDataDir: blob, extensions: { unaccent, pg_trgm } });
  return wrapPglite(client);
}

/** Where the seed writes media originals: the same DATA_DIR createTestShop gives the media service. */
export function tmpDataDir() {
  return process.env.TEST_DATA_DIR ?? "/tmp/shop-test-data";
}

async function createPgDatabase(seed: boolean): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = await pgTemplate(adminUrl, seed);
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A copy of the migrated (and seeded) template: ~0.2 s instead of ~1.7 s of migrations and seed.
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: dbUrl(adminUrl, name), poolSize: 4 });
  const close = database.close;
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  return database;
}

function dbUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * The template database for this tree's migrations and seed: named after a hash of their files, so a
 * changed migration or seed makes a new one (older ones are dropped). Made once per server: workers
 * running in parallel wait on an advisory lock, and the one that makes it renames it into place only
 * when complete, so nobody copies a half-made template.
 */
function pgTemplate(adminUrl: string, seed: boolean): Promise<string> {
  const key = seed ? "seeded" : "empty";
  let made = pgTemplates.get(key);
  if (!made) {
    made = makePgTemplate(adminUrl, seed);
    pgTemplates.set(key, made);
  }
  return made;
}

async function makePgTemplate(adminUrl: string, seed: boolean): Promise<string> {
  const prefix = `shop_tpl_${seed ? "s" : "e"}_`;
  const name = `${prefix}${sourceHash()}`;
  const now = Math.floor(Date.now() / 60_000);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(7340077)");
    const found = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${name}\\_%`]);
    const ready = found.rows.map((r) => r.datname).find((n) => !n.endsWith("_wip"));
    if (ready) {
      if (seed) await seedMediaOnce();
      return ready;
    }
    // Templates of other trees (older migrations or seed) go after two hours: a run of that tree
    // may still be copying one now.
    const others = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}%`]);
    for (const { datname } of others.rows) {
      const minute = Number(datname.split("_").at(-1));
      if (!datname.startsWith(name) && (!Number.isFinite(minute) || now - minute > 120)) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
    {
      const building = `${name}_${now}_wip`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ databaseUrl: dbUrl(adminUrl, building), poolSize: 2 });
      try {
        await migrate(database, seed ? () => seedDemo(database.db, { dataDir: tmpDataDir(), log: () => {} }) : undefined);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}_${now}`);
      if (seed) markMediaSeeded();
      return `${name}_${now}`;
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(7340077)").catch(() => {});
    await admin.end();
  }
}

const mediaMarker = () => join(tmpDataDir(), `.seeded-media-${sourceHash()}`);
function markMediaSeeded() {
  mkdirSync(tmpDataDir(), { recursive: true });
  writeFileSync(mediaMarker(), "");
}

/**
 * The seed writes media originals into DATA_DIR beside its rows. A template made by an earlier run
 * has the rows, but this machine's /tmp may have lost the files: seed them once (an in-memory seed).
 */
async function seedMediaOnce() {
  if (existsSync(mediaMarker())) return;
  const database = await openDatabase({ inMemory: true });
  try {
    await migrate(database, () => seedDemo(database.db, { dataDir: tmpDataDir(), log: () => {} }));
  } finally {
    await database.close();
  }
  markMediaSeeded();
}

let hash: string | undefined;
/** A digest of everything that decides a template's content: the migrations and the seed's sources. */
function sourceHash(): string {
  if (hash) return hash;
  const h = createHash("sha256");
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.includes(".test.")) h.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  for (const dir of ["server/db/migrations", "seed", "core"]) walk(join(root, dir));
  hash = h.digest("hex").slice(0, 16);
  return hash;
}

/** describe() once per database kind: `describeEachDb("catalog API", (kind) => { ... })`. */
export function describeEachDb(name: string, fn: (kind: TestDbKind) => void) {
  for (const kind of testDbKinds()) describe(`${name} [${kind}]`, () => fn(kind));
}
