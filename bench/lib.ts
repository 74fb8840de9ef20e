import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, freemem, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, ROOT, type ShopProcess, spawnShop, startShopProcess, waitFor200 } from "../server/test/spawn-shop.ts";
import { storefrontBuild } from "../server/test/storefront-build.ts";

export { freePort, ROOT, spawnShop, waitFor200, storefrontBuild };

/**
 * Starts the shop the way `npm start` runs it (package.json): the server compiled by
 * scripts/build-server.mjs, run by plain node (no TypeScript loader), with npm start's malloc settings
 * (SHOP_MALLOC) unless env says otherwise and the NODE_OPTIONS of scripts/node-options.mjs (a heap limit, semi-spaces
 * of 8 MB with env.DATABASE_URL and 4 MB without; env.NODE_OPTIONS is added after them: a later flag wins). `nodeArgs` go before the entry point (flags NODE_OPTIONS refuses,
 * e.g. --cpu-prof). The same handle as spawnShop (which runs the sources through tsx).
 */
export async function spawnBuiltShop(env: Record<string, string>, nodeArgs: string[] = []): Promise<ShopProcess> {
  const { buildServer } = (await import(join(ROOT, "scripts", "build-server.mjs"))) as { buildServer(): Promise<string> };
  const { shopNodeOptions } = (await import(join(ROOT, "scripts", "node-options.mjs"))) as { shopNodeOptions(env: Record<string, string>): string };
  const main = await buildServer();
  return startShopProcess([...nodeArgs, main], { ...SHOP_MALLOC, ...env, NODE_OPTIONS: shopNodeOptions(env) });
}

/**
 * Starts the real shop process with this environment (BUILD_DIR defaults to a fresh build)
 * and resolves once /healthz answers 200. Stop it with `.stop()`.
 */
export async function startShop(env: Record<string, string>): Promise<ShopProcess> {
  const shop = spawnShop({ HOST: "127.0.0.1", BUILD_DIR: process.env.BUILD_DIR ?? storefrontBuild(), ...env });
  try {
    await waitFor200(shop, "/healthz", 120_000);
  } catch (e) {
    await shop.stop("SIGKILL");
    throw e;
  }
  return shop;
}

/** Polls a URL until it answers 200. */
export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const ok = await fetch(url)
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status === 200;
      })
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

/** The local PostgreSQL server of the project's machines (BENCH_DATABASE_URL overrides). */
export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export function machine() {
  return {
    date: new Date().toISOString(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 2 ** 30),
    freeMemoryGb: Math.round(freemem() / 2 ** 30),
    node: process.version,
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A database of its own on the local server, dropped by the returned function. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export type Backend = "pglite" | "postgres";

/**
 * glibc malloc as `npm start` sets it (package.json): two arenas (docs/decisions/024) and a fixed
 * mmap threshold of 1 MB (decision 041). malloc settings given to the bench itself (MALLOC_*,
 * GLIBC_TUNABLES) override or add to them, to try them.
 */
const SHOP_MALLOC: Record<string, string> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "1048576",
  ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => /^(MALLOC_|GLIBC_TUNABLES$)/.test(e[0]) && e[1] !== undefined)),
};

/** Starts the real shop process on a fresh PGlite DATA_DIR or a fresh PostgreSQL database. */
export async function startFreshShop(backend: Backend, buildDir: string, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []) {
  const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-"));
  const pgdb = backend === "postgres" ? await createPgDatabase() : undefined;
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
    ...SHOP_MALLOC,
    ...(pgdb ? { DATABASE_URL: pgdb.url, SECRET: randomBytes(32).toString("hex") } : {}),
    ...extraEnv,
  };
  const started = Date.now();
  const shop = spawnShop(env, nodeArgs);
  // A first start creates and seeds the database: ~30 s at rest, several minutes on a busy machine.
  await waitFor200(shop, "/", 600_000);
  return {
    shop,
    env,
    firstStartMs: Date.now() - started,
    async stop() {
      await shop.stop("SIGTERM");
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const require = createRequire(import.meta.url);
type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
const autocannon = require("autocannon") as (opts: object) => Promise<AutocannonResult>;

export type LoadFigure = { reqPerSec: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/** One autocannon run (50 connections by default). */
export async function load(url: string, seconds: number, connections = 50): Promise<LoadFigure> {
  const r = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "br, gzip" } });
  return { reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/**
 * Seconds of load a page gets before it is measured (BENCH_WARMUP, default 30). A fresh process
 * is still compiling: on a 2-core machine V8 keeps optimizing the render's functions for the first
 * ~3,000 pages, on its helper threads, which the page then waits for. A category page measured
 * 2 s after its first request served 104-131 req/s; the same process after 30 s 143-178
 * (2026-11-28, bench/RESULTS.md, sixteenth round). A shop in production is past that after a
 * minute; the bench measures both.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 30);

export type { ShopProcess };
