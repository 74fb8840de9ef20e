import { randomBytes } from "node:crypto";
import { type ClientRequest, Agent, request } from "node:http";
import { connect } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killableShops } from "../test/killable-shop.ts";
import type { ShopProcess } from "../test/spawn-shop.ts";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.ts";
import { type Database, openDatabase } from "./client.ts";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./errors.ts";
import { secretFingerprint } from "./secret-fingerprint.ts";

/**
 * Issue 39 (items 1, 5, 6): the shop and its database connections when PostgreSQL ends sessions
 * or goes away, readiness against liveness, the drain on SIGTERM, one SECRET for every copy
 * (docs/decisions/049). PostgreSQL's sessions are ended with pg_terminate_backend, and an outage
 * is a TCP proxy in front of it that the test cuts: the machine's PostgreSQL itself is never
 * stopped.
 */
const PG = process.env.TEST_DATABASE_URL;
const SLUG = "plato-de-ducha-de-resina-ibiza-textura-pizarra";

/** An error that ends a wait at once (the others mean "not yet"). */
class Stop extends Error {}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn().catch((e) => {
      if (e instanceof Stop) throw e;
      return undefined;
    });
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const api = (p: ShopProcess, path: string, init: RequestInit = {}) => fetch(`${p.url}/api${path}`, init);

/** A cart add as the product page makes it: one unit of the variant with the most stock. */
async function cartAdd(p: ShopProcess) {
  const product = await (await api(p, `/catalog/v1/products/${SLUG}/retrieve_by_slug/`)).json();
  const attributes = (await (await api(p, `/catalog/v1/products/${SLUG}/attributes/`)).json()).results;
  const variant = [...product.variants].sort((a: { stock: number }, b: { stock: number }) => b.stock - a.stock)[0];
  const options = Object.fromEntries(
    variant.options.map((o: number) => [String(attributes.find((a: { options: { id: number }[] }) => a.options.some((x) => x.id === o)).id), o]),
  );
  const body = JSON.stringify({ product: SLUG, selection: { quantity: 1, options, ranges: {}, texts: {}, complements: {} } });
  return (headers: Record<string, string> = {}) =>
    api(p, "/cart/v1/cart-rows/", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}

/** Connections of other sessions to the shop's database (its pool and its LISTEN connection). */
async function otherSessions(admin: pg.Client, state?: string): Promise<number> {
  const res = await admin.query(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()${state ? " and state = $1" : ""}`,
    state ? [state] : [],
  );
  return res.rows[0].n;
}

describe.runIf(PG)("database sessions ended under load [postgres]", () => {
  const shops = killableShops("postgres", "resil-kill");
  let admin: pg.Client;
  afterAll(async () => {
    await admin?.end();
  });

  it("survives pg_terminate_backend of every session during cart adds at c=8: 201 or 503 with Retry-After, never a 500, and recovers", async () => {
    const env = await shops.prepare();
    const shop = await shops.start();
    admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    const add = await cartAdd(shop);
    expect((await add()).status).toBe(201);

    const statuses: number[] = [];
    const noRetryAfter: number[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        try {
          const res = await add();
          await res.arrayBuffer();
          statuses.push(res.status);
          if (res.status === 503 && !res.headers.get("retry-after")) noRetryAfter.push(res.status);
        } catch {
          // No answer at all: the connection was reset (the process died).
          statuses.push(0);
          return;
        }
      }
    };
    const alive = () => {
      if (shop.child.exitCode !== null || shop.child.signalCode !== null) throw new Stop(`the shop exited:\n${shop.output().slice(-2000)}`);
    };
    const workers = Array.from({ length: 8 }, worker);
    let killed = 0;
    for (let round = 0; round < 6; round++) {
      // Each round ends sessions while transactions are running on them.
      await until("a running query of the shop", async () => {
        alive();
        return (await otherSessions(admin, "active")) + (await otherSessions(admin, "idle in transaction")) > 0;
      });
      const res = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      killed += res.rowCount ?? 0;
      // The copy reconnects by itself.
      await until("the copy's new sessions", async () => {
        alive();
        return (await otherSessions(admin)) > 0;
      });
    }
    running = false;
    await Promise.all(workers);

    expect(killed).toBeGreaterThan(6);
    expect(shop.child.exitCode).toBeNull();
    expect(shop.output()).not.toMatch(/Unhandled error event|uncaught exception/i);
    expect([...new Set(statuses)].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(noRetryAfter).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    // After the storm: every add succeeds again.
    for (let i = 0; i < 5; i++) expect((await add()).status).toBe(201);
    expect(shop.child.exitCode).toBeNull();
  });
});

describe.runIf(PG)("the database out of reach [postgres]", () => {
  const shops = killableShops("postgres", "resil-outage");
  let proxy: TcpProxy;
  afterAll(async () => {
    await proxy?.close();
  });

  it("answers 503 with Retry-After (API in es and fr, pages with the shop's error page), /readyz 503 and /healthz 200, then recovers", async () => {
    const env = await shops.prepare();
    const u = new URL(PG!);
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
    const shop = await shops.start({ DATABASE_URL: proxy.urlThrough(env.DATABASE_URL) });
    const add = await cartAdd(shop);
    const first = await add();
    expect(first.status).toBe(201);
    const created = (await first.json()) as { cart_token: string; cart: { id: number } };
    const token = created.cart_token;
    const cartPage = () => fetch(`${shop.url}/cart`, { headers: { accept: "text/html", cookie: `bd_cart=${encodeURIComponent(token)}` } });
    expect((await cartPage()).status).toBe(200);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);

    await proxy.cut();
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", database: "down" });
    const live = await fetch(`${shop.url}/healthz`);
    expect(live.status).toBe(200);

    const es = await add();
    expect(es.status).toBe(503);
    expect(es.headers.get("retry-after")).toBe("5");
    expect(await es.json()).toEqual({
      error: { code: "database.unavailable", message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos" },
    });
    const fr = await add({ "accept-language": "fr-FR" });
    expect(fr.status).toBe(503);
    expect((await fr.json()).error.message).toBe("Le service est momentanément indisponible. Réessayez dans quelques secondes");
    const read = await api(shop, `/cart/v1/carts/${created.cart.id}/`, { headers: { "x-cart-token": token } });
    expect(read.status).toBe(503);
    expect(read.headers.get("retry-after")).toBe("5");

    const page = await cartPage();
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(await page.text()).toMatch(/Parece que se rompió alguna tubería/);

    await proxy.restore();
    await until("cart adds again", async () => (await add()).status === 201);
    await until("ready again", async () => (await fetch(`${shop.url}/readyz`)).status === 200);
    expect((await cartPage()).status).toBe(200);
    expect(shop.child.exitCode).toBeNull();
  });
});

describe.runIf(PG)("the database layer when a connection is lost [postgres]", () => {
  let proxy: TcpProxy;
  let database: Database;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    dbName = `shop_resil_db_${randomBytes(4).toString("hex")}`;
    const root = new pg.Client({ connectionString: PG });
    await root.connect();
    await root.query(`CREATE DATABASE ${dbName}`);
    await root.end();
    const url = new URL(PG!);
    url.pathname = `/${dbName}`;
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlThrough(url.toString()), poolSize: 4 });
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query("create table writes (id serial primary key, n int not null)");
  });
  afterAll(async () => {
    await database?.close();
    await admin?.end();
    await proxy?.close();
    const root = new pg.Client({ connectionString: PG });
    await root.connect();
    await root.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await root.end();
  });

  const runningQuery = (text: string) =>
    until(`the query ${text}`, async () => {
      const r = await admin.query("select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1 and pid <> pg_backend_pid()", [
        `%${text}%`,
      ]);
      return r.rows[0].n > 0;
    });

  it("answers a read whose connection dropped from a fresh connection (retried once, read only)", async () => {
    // (Drizzle's queries run when awaited: .then starts it.)
    const read = database.db.execute(sql`select 42 as answer from pg_sleep(0.4)`).then((r) => r);
    await runningQuery("42 as answer");
    proxy.dropConnections();
    const res = (await read) as unknown as { rows: { answer: number }[] };
    expect(res.rows).toEqual([{ answer: 42 }]);
  });

  it("never runs a write twice: it rejects with DatabaseUnavailable", async () => {
    const write = database.db.execute(sql`insert into writes (n) select 7 from pg_sleep(0.4)`).then(
      () => null,
      (e: unknown) => e,
    );
    await runningQuery("insert into writes");
    proxy.dropConnections();
    // Drizzle's error names the query; its cause is the recognisable one.
    const err = (await write) as Error;
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(err.cause).toBeInstanceOf(DatabaseUnavailable);
    await until(
      "the insert to end",
      async () => !(await admin.query("select 1 from pg_stat_activity where query like 'insert into writes%' and state = 'active'")).rowCount,
    );
    const n = (await admin.query("select count(*)::int as n from writes")).rows[0].n;
    expect(n).toBeLessThanOrEqual(1);
  });

  it("rejects a transaction whose session PostgreSQL ended with DatabaseUnavailable, without an unhandled error event", async () => {
    let inside!: () => void;
    const began = new Promise<void>((ok) => {
      inside = ok;
    });
    let resume!: () => void;
    const held = new Promise<void>((ok) => {
      resume = ok;
    });
    const tx = database.db
      .transaction(async (t) => {
        await t.execute(sql`select 1`);
        inside();
        await held;
        await t.execute(sql`select 2`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    await began;
    // The session idle in its transaction is ended (as idle_in_transaction_session_timeout or a DBA would).
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()",
    );
    // The client's error event arrives while nothing runs on it: it must not be unhandled.
    await until("the session gone", async () => (await admin.query("select 1 from pg_stat_activity where state = 'idle in transaction'")).rowCount === 0);
    await new Promise((r) => setImmediate(r));
    resume();
    expect(await tx).toBeInstanceOf(DatabaseUnavailable);
    // The pool goes on with fresh connections.
    expect(((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });
});

describe("SIGTERM: not ready first, then the drain [pglite]", () => {
  const shops = killableShops("pglite", "resil-drain");

  it("answers /readyz 503 while still serving (reused connections get their answer with Connection: close), finishes the request in flight, exits 0", async () => {
    await shops.prepare();
    const shop = await shops.start({ SHUTDOWN_READY_GRACE_MS: "3000" });
    expect(await (await fetch(`${shop.url}/readyz`)).json()).toMatchObject({ status: "ready" });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const viaAgent = () =>
      new Promise<{ status: number; connection?: string; reused: boolean }>((ok, fail) => {
        const req: ClientRequest = request(`${shop.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on("end", () => ok({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }));
        });
        req.on("error", fail);
        req.end();
      });
    expect((await viaAgent()).status).toBe(200);

    // A form post whose body is still arriving when the signal comes.
    const body = "consent=rejected&redirectTo=%2Fmarcas";
    let finish!: () => void;
    let sent!: () => void;
    const headersSent = new Promise<void>((ok) => {
      sent = ok;
    });
    const inFlight = new Promise<{ status: number; location?: string }>((ok, fail) => {
      const req = request(
        `${shop.url}/cookies`,
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on("end", () => ok({ status: res.statusCode ?? 0, location: res.headers.location }));
        },
      );
      req.on("error", fail);
      req.write(body.slice(0, 10), () => sent());
      finish = () => req.end(body.slice(10));
    });
    // Its headers are on the wire before the signal (and the listener stays open during the grace anyway).
    await headersSent;

    shop.child.kill("SIGTERM");
    const draining = await until("not ready", async () => {
      const r = await fetch(`${shop.url}/readyz`, { headers: { connection: "close" } });
      return r.status === 503 ? ((await r.json()) as { status: string }) : undefined;
    });
    expect(draining).toEqual({ status: "draining" });
    // Still serving during the grace, on a reused connection: an answer, told to close.
    const reused = await viaAgent();
    expect(reused).toEqual({ status: 200, connection: "close", reused: true });

    // Then the listener closes...
    await until(
      "the listener closed",
      () =>
        new Promise<boolean>((ok) =>
          connect(shop.port, "127.0.0.1")
            .once("error", () => ok(true))
            .once("connect", function (this: import("node:net").Socket) {
              this.destroy();
              ok(false);
            }),
        ),
      20_000,
    );
    // ...and the request in flight still gets its answer.
    finish();
    expect(await inFlight).toEqual({ status: 302, location: "/marcas" });
    expect(await shop.exited).toBe(0);
    agent.destroy();
  });
});

describe.runIf(PG)("one SECRET for every copy [postgres]", () => {
  const shops = killableShops("postgres", "resil-secret");

  it("refuses to start a copy whose SECRET differs from the one recorded (a fingerprint, never the secret), until rotated on purpose", async () => {
    const env = await shops.prepare();
    const first = await shops.start();
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    try {
      const recorded = (await admin.query("select value from operation_settings where key = 'secret_fingerprint'")).rows[0]?.value;
      expect(recorded).toBe(secretFingerprint(env.SECRET));
      expect(recorded).not.toContain(env.SECRET);

      const other = randomBytes(32).toString("hex");
      const refused = await shops.spawn({ SECRET: other });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/SECRET differs from the one recorded in the database/);
      expect(refused.output()).toMatch(/npm run secret:rotate/);
      expect(refused.output()).not.toMatch(/\n\s+at /);
      // The running copy is untouched.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

      // The documented rotation: every copy stopped, the new fingerprint recorded, copies started with the new SECRET.
      expect(await first.stop("SIGTERM")).toBe(0);
      const { spawn } = await import("node:child_process");
      const rotate = spawn(process.execPath, ["--import", "tsx", "server/db/secret-cli.ts"], {
        cwd: (await import("../test/spawn-shop.ts")).ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env, SECRET: other, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      rotate.stdout.on("data", (d) => {
        out += d;
      });
      rotate.stderr.on("data", (d) => {
        out += d;
      });
      expect(await new Promise((ok) => rotate.once("exit", ok))).toBe(0);
      expect(out).toMatch(/now expects this SECRET/);
      const rotated = await shops.start({ SECRET: other });
      expect((await fetch(`${rotated.url}/readyz`)).status).toBe(200);
      const old = await shops.spawn();
      expect(await old.exited).toBe(1);
      expect(old.output()).toMatch(/SECRET differs/);
    } finally {
      await admin.end();
    }
  });
});
