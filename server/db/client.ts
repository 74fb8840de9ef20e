import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./lock.ts";
import { schema } from "./schema.ts";

export type Schema = typeof schema;
/** One type for both drivers: PGlite is real PostgreSQL, so the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL (used by migrations, health checks and LISTEN/NOTIFY). */
  exec(sql: string): Promise<void>;
  ping(): Promise<void>;
  /** Runs fn while holding a session-level advisory lock (one connection for lock and unlock). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Subscribe to a NOTIFY channel; PGlite being single-process, it notifies itself. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance (embedded only), for dumps in tests. */
  raw?: unknown;
};

export type OpenOptions = { databaseUrl?: string; dataDir?: string; inMemory?: boolean; poolSize?: number };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    if (!opts.dataDir) throw new Error("DATA_DIR is required for the embedded database");
    mkdirSync(opts.dataDir, { recursive: true });
    release = lockDataDir(opts.dataDir);
    dataDir = join(opts.dataDir, "pgdata");
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm } });
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(p: string) => void>>();
  return {
    db,
    kind: "pglite",
    raw: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    ping: async () => {
      await client.query("select 1");
    },
    // One connection, one process (the DATA_DIR lock): nothing else can race.
    withAdvisoryLock: (_key, fn) => fn(),
    listen: async (channel, onMessage) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(onMessage);
      listeners.set(channel, set);
      return async () => {
        set.delete(onMessage);
      };
    },
    notify: async (channel, payload) => {
      for (const fn of listeners.get(channel) ?? []) fn(payload);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client that dies (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listenClient: pg.Client | undefined;
  const listeners = new Map<string, Set<(p: string) => void>>();
  return {
    db,
    kind: "postgres",
    exec: async (sql) => {
      await pool.query(sql);
    },
    ping: async () => {
      await pool.query("select 1");
    },
    withAdvisoryLock: async (key, fn) => {
      const c = await pool.connect();
      try {
        await c.query("select pg_advisory_lock($1)", [key]);
        return await fn();
      } finally {
        await c.query("select pg_advisory_unlock($1)", [key]).catch(() => {});
        c.release();
      }
    },
    listen: async (channel, onMessage) => {
      if (!listenClient) {
        listenClient = new pg.Client({ connectionString: url });
        listenClient.on("error", () => {});
        await listenClient.connect();
        listenClient.on("notification", (n) => {
          for (const fn of listeners.get(n.channel) ?? []) fn(n.payload ?? "");
        });
      }
      if (!listeners.has(channel)) {
        listeners.set(channel, new Set());
        await listenClient.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      listeners.get(channel)!.add(onMessage);
      return async () => {
        listeners.get(channel)?.delete(onMessage);
      };
    },
    notify: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: async () => {
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}
