import { randomBytes } from "node:crypto";
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
        const database = await openDatabase({ inMemory: true });
        await migrate(database, seed ? () => seedDemo(database.db, { dataDir: tmpDataDir(), log: () => {} }) : undefined);
        const raw = (database as unknown as { raw: PGlite }).raw;
        const blob = await raw.dumpDataDir("none");
        await database.close();
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
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(database, seed ? () => seedDemo(database.db, { dataDir: tmpDataDir(), log: () => {} }) : undefined);
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

/** describe() once per database kind: `describeEachDb("catalog API", (kind) => { ... })`. */
export function describeEachDb(name: string, fn: (kind: TestDbKind) => void) {
  for (const kind of testDbKinds()) describe(`${name} [${kind}]`, () => fn(kind));
}
