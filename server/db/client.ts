import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Client as PgClient, Pool as PgPool } from "pg";
import { asDatabaseError, isDatabaseUnavailable } from "./errors.ts";
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
  /**
   * Subscribe to a NOTIFY channel: what notify() sends and what the database's triggers send
   * (pg_notify, at commit). PGlite being single-process, notify() calls its listeners. On PostgreSQL
   * the listening connection reconnects (with backoff) when it is lost, LISTENs again, and then
   * calls every listener once with RECONNECTED as payload: notifications sent while it was down
   * are lost, so a cache must treat that call as "anything may have changed".
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance (embedded only), for dumps in tests. */
  raw?: unknown;
};

/** The payload listeners get after the listening connection was lost and is back. */
export const RECONNECTED = "__reconnected__";

/** Where the database layer reports connection trouble (pino-compatible; JSON lines on stderr by default). */
export type DbLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const consoleLogger: DbLogger = {
  info: (obj, msg) => console.error(logLine(30, obj, msg)),
  warn: (obj, msg) => console.error(logLine(40, obj, msg)),
  error: (obj, msg) => console.error(logLine(50, obj, msg)),
};

function logLine(level: number, obj: object, msg: string): string {
  const err = (obj as { err?: unknown }).err;
  const fields = err instanceof Error ? { ...obj, err: { type: err.name, message: err.message } } : obj;
  return JSON.stringify({ level, time: Date.now(), name: "db", ...fields, msg });
}

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  poolSize?: number;
  logger?: DbLogger;
  /** First delay before reconnecting the LISTEN connection; doubles up to 30 s. */
  reconnectDelayMs?: number;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.logger ?? consoleLogger, opts.reconnectDelayMs ?? 250);
  }
  return openPglite(opts);
}

/**
 * PostgreSQL settings of the embedded database (docs/decisions/024). PGlite runs initdb's
 * defaults, sized for a server: shared_buffers 128MB and 100 connections' worth of shared
 * structures, which PGlite allocates (and zero-fills) inside its WebAssembly memory at start, so
 * they are resident from the first second and never given back. The shop's database is ~20 MB and
 * PGlite has one connection: 16MB of buffers hold its hot pages (the rest is one read from the
 * operating system's file cache away) and cost ~115 MB less resident memory.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  max_connections: "5",
} as const;

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
    // Each driver is loaded only where it runs (decision 041): the embedded database's modules are
    // not in a process on PostgreSQL, nor pg's in one on PGlite.
    const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/unaccent"),
    ]);
    const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
    // PGlite's WebAssembly compiled by V8's baseline compiler only (docs/decisions/028): the
    // optimising tier would keep a second, optimised copy of Postgres' hot code (~40-80 MB
    // resident) for no measurable gain here. Read when the module is compiled, i.e. by create().
    setFlagsFromString("--liftoff-only");
    client = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm }, startParams: [...PGlite.defaultStartParams, ...settings] });
  } catch (e) {
    release();
    throw e;
  }
  return await wrapPglite(client, release);
}

/**
 * The Database of an open PGlite instance (the embedded default, and the tests' clones of a
 * migrated template): one adapter for both. `release` runs after the instance closes.
 */
export async function wrapPglite(client: PGlite, release: () => void = () => {}): Promise<Database> {
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
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
      // What the database itself notifies (migration 0017's triggers, at commit) comes through
      // PGlite's own LISTEN; notify() below calls the listeners directly instead.
      const unlistenDb = await client.listen(channel, onMessage);
      return async () => {
        set.delete(onMessage);
        // Closed already (a shutdown, a test closing it under the app): nothing left to unlisten.
        await unlistenDb().catch(() => {});
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

async function openPostgres(url: string, max: number, log: DbLogger, firstDelayMs: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  guardPool(pool, log);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  guardTransactions(db);
  const listeners = new Map<string, Set<(p: string) => void>>();
  let listenClient: PgClient | undefined;
  let connecting: Promise<PgClient> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;

  const dispatch = (channel: string, payload: string) => {
    for (const fn of listeners.get(channel) ?? []) {
      try {
        fn(payload);
      } catch (err) {
        log.error({ err, channel }, "NOTIFY listener failed");
      }
    }
  };

  /** A connection that LISTENs on every channel with listeners. */
  async function connectListener(): Promise<PgClient> {
    // keepAlive: a connection cut without a reset (a dead network path) is noticed, not left silent forever.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    client.on("error", (err) => {
      log.warn({ err }, "LISTEN connection error");
      lost(client);
    });
    client.on("end", () => lost(client));
    client.on("notification", (n) => dispatch(n.channel, n.payload ?? ""));
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    return client;
  }

  function lost(client: PgClient) {
    if (client !== listenClient || closed) return;
    listenClient = undefined;
    void client.end().catch(() => {});
    log.warn({ channels: [...listeners.keys()] }, "LISTEN connection lost: reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = Math.min(30_000, firstDelayMs * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      if (closed) return;
      try {
        const client = await connectListener();
        if (closed) {
          await client.end().catch(() => {});
          return;
        }
        listenClient = client;
        log.info({ attempts: attempt }, "LISTEN connection back: caches are cleared (notifications may have been missed)");
        attempt = 0;
        for (const channel of listeners.keys()) dispatch(channel, RECONNECTED);
      } catch (err) {
        log.warn({ err, attempt, retryInMs: Math.min(30_000, firstDelayMs * 2 ** attempt) }, "LISTEN reconnect failed");
        scheduleReconnect();
      }
    }, delay);
    retryTimer.unref();
  }

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
      let lost: unknown;
      try {
        await c.query("select pg_advisory_lock($1)", [key]);
        return await fn();
      } finally {
        await c.query("select pg_advisory_unlock($1)", [key]).catch((err) => {
          lost = err;
        });
        // A connection that failed the unlock is not given to anyone else (its lock may be held).
        c.release(lost instanceof Error ? lost : undefined);
      }
    },
    listen: async (channel, onMessage) => {
      const isNew = !listeners.has(channel);
      if (isNew) listeners.set(channel, new Set());
      listeners.get(channel)!.add(onMessage);
      if (!listenClient && !retryTimer) {
        // The first subscription connects (and LISTENs on every channel); a failure here stops the start.
        connecting ??= connectListener().finally(() => {
          connecting = undefined;
        });
        listenClient = await connecting;
      }
      // LISTEN twice on a channel is a no-op; this covers a channel added while the connection was opening.
      if (isNew && listenClient) await listenClient.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        listeners.get(channel)?.delete(onMessage);
      };
    },
    notify: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * A database error must never end the process (docs/decisions/049). node-postgres emits `error` on
 * a client whose connection is lost; an idle client in the pool has pg-pool's listener, but a
 * client checked out (a transaction, the migration lock) has none while it is out, so PostgreSQL
 * ending that session (a restart, pg_terminate_backend, idle_in_transaction_session_timeout)
 * was an unhandled `error` event: the process exited. Every client gets its own listener when the
 * pool makes it; the query running on it rejects (and the pool drops the client on release).
 *
 * Queries outside a transaction (`pool.query`: Drizzle's reads and single statements) reject with
 * DatabaseUnavailable when the connection is lost, after ONE retry on a fresh connection inside a
 * READ ONLY transaction: a read gets its answer, while anything that writes (an INSERT, an
 * UPDATE, a function that writes, nextval, SELECT ... FOR UPDATE) is refused by PostgreSQL in that
 * transaction and never runs twice: the caller gets the original error.
 */
function guardPool(pool: PgPool, log: DbLogger) {
  let lastWarn = 0;
  const warn = (err: unknown, msg: string) => {
    // An outage makes every connection fail at once: one line a second is enough.
    const now = Date.now();
    if (now - lastWarn < 1000) return;
    lastWarn = now;
    log.warn({ err }, msg);
  };
  pool.on("error", (err) => warn(err, "idle database connection lost"));
  pool.on("connect", (client) => {
    client.on("error", (err) => warn(err, "database connection lost"));
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // The callback form and submittables (cursors, streams: not used by the shop) are left as they are.
    if (args.some((a) => typeof a === "function") || typeof (args[0] as { submit?: unknown } | null)?.submit === "function") return query(...args);
    return query(...args).catch(async (err: unknown) => {
      if (!isDatabaseUnavailable(err) || !retryable(err)) throw asDatabaseError(err);
      try {
        return await readOnlyRetry(pool, args);
      } catch (again) {
        // A write refused by the read-only transaction, or still no database: the first error stands.
        log.warn({ err: again }, "query lost its connection; the retry on a fresh connection failed");
        throw asDatabaseError(err);
      }
    });
  };
}

/** A connection that was established and then lost (not one that could not be made: retrying that only doubles the wait). */
function retryable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  if (e.code === "ECONNREFUSED" || e.code === "57P03") return false;
  return !(typeof e.message === "string" && /timeout/i.test(e.message));
}

async function readOnlyRetry(pool: PgPool, args: unknown[]): Promise<unknown> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin transaction read only");
    const res = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    await client.query("commit");
    return res;
  } catch (err) {
    await client.query("rollback").catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * A transaction whose connection is lost rejects with DatabaseUnavailable (Drizzle's ROLLBACK on
 * the dead connection would otherwise replace the cause with "not queryable"). Never retried: the
 * work may have committed before the answer was lost.
 */
function guardTransactions(db: Db) {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: never, config?: never) => {
    try {
      return await transaction(fn, config);
    } catch (err) {
      throw asDatabaseError(err);
    }
  }) as typeof db.transaction;
}
