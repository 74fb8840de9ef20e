/**
 * The rendering floor of an uncached page (issue 12): the same request through Fastify, React
 * Router and React with its data already loaded (every service call answered from memory after
 * the first), with and without brotli, against the full uncached request. One request at a time,
 * in this process (createShop, PAGE_CACHE=off, NODE_ENV=production), PostgreSQL when reachable.
 *
 *   NODE_ENV=production BUILD_DIR=build node --import tsx bench/render-floor.ts [requests per measure, default 300] [--load]
 *
 * Each measure also gives the process's CPU time per request (user + system): on a shared machine
 * the wall time grows with the load, the CPU time is what one render costs.
 *
 * With `--load`, each page is then also measured under load through a socket, as bench/ssr.ts
 * measures the shop: autocannon (its own process, so that it takes no time of this one) at 8
 * connections and at 1, against the full page and against the same page with its data already
 * loaded (identity and brotli). The data-loaded figure at 8 connections is the most this markup can
 * give through Fastify, React Router and React on this machine: the ceiling of bench/ssr.ts's
 * req/s goal. BENCH_SECONDS (default 8) per run.
 *
 * NODE_ENV must be set on the command line: React picks its build when first imported (before
 * this file's code runs), and its development build renders about twice slower.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createShop } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { createPgDatabase, median, postgresAvailable, storefrontBuild } from "./lib.ts";

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 300);
const UNDER_LOAD = process.argv.includes("--load");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

type Figure = { rps: number; p50: number; non2xx: number };
/** autocannon's CLI in a child process: this process only serves. */
function autocannon(url: string, connections: number, encoding: string): Promise<Figure> {
  const args = ["-c", String(connections), "-d", String(SECONDS), "-j", "-H", `accept-encoding=${encoding}`, url];
  return new Promise((resolve, reject) =>
    execFile("node_modules/.bin/autocannon", args, { maxBuffer: 1 << 24 }, (err, stdout) => {
      if (err) return reject(err);
      const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number }; non2xx: number };
      resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, non2xx: r.non2xx });
    }),
  );
}
const fmt = (f: Figure) => `${String(f.rps).padStart(4)} req/s p50 ${String(f.p50).padStart(3)} ms${f.non2xx ? ` (${f.non2xx} non-2xx!)` : ""}`;

/** Answers every call of the services' functions from the first answer to the same arguments. */
function memoiseServices(services: Record<string, unknown>) {
  const undo: (() => void)[] = [];
  for (const [name, svc] of Object.entries(services)) {
    if (!svc || typeof svc !== "object" || name === "config" || name === "pageCache") continue;
    const obj = svc as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const fn = obj[key];
      if (typeof fn !== "function") continue;
      const memo = new Map<string, unknown>();
      obj[key] = function (this: unknown, ...args: unknown[]) {
        let k: string;
        try {
          k = JSON.stringify(args);
        } catch {
          return (fn as (...a: unknown[]) => unknown).apply(this, args);
        }
        if (!memo.has(k)) memo.set(k, (fn as (...a: unknown[]) => unknown).apply(this, args));
        return memo.get(k);
      };
      undo.push(() => {
        obj[key] = fn;
      });
    }
  }
  return () => {
    for (const u of undo) u();
  };
}

async function main() {
  const usePg = process.env.BENCH_DB !== "pglite" && (await postgresAvailable());
  const dataDir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  const pgdb = usePg ? await createPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    BUILD_DIR: process.env.BUILD_DIR ?? storefrontBuild(),
    PAGE_CACHE: "off",
    LOG_LEVEL: "warn",
    SECRET: randomBytes(32).toString("hex"),
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  const shop = await createShop(config);
  try {
    const cat = await shop.app.inject({ url: "/platos-de-ducha/" });
    const product = /href="(\/[^"/]+\.html)"/.exec(cat.body)?.[1] ?? "/";
    // Wall time swings with the machine's load (other processes take the cores); the process's CPU
    // time per request (user + system, all its threads) is what the render costs, whatever the load.
    let cpuPerRequest = 0;
    const time = async (url: string, encoding: string) => {
      const ms: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        const r = await shop.app.inject({ url, headers: { "accept-encoding": encoding } });
        ms.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
      }
      const used = process.cpuUsage(cpu);
      cpuPerRequest = (used.user + used.system) / 1000 / N;
      return median(ms);
    };
    console.log(
      `React ${process.env.NODE_ENV === "production" ? "production" : "DEVELOPMENT"} build; database: ${usePg ? "PostgreSQL" : "PGlite"}; ${N} requests per measure, one at a time; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(", ")}`,
    );
    console.log(
      "page      full (br)   data loaded (br)   data loaded (identity)   floor/full   CPU per request: full (br) / data loaded (br) / data loaded (identity)",
    );
    const rows: { name: string; url: string }[] = [];
    for (const [name, url] of [
      ["home", "/"],
      ["category", "/platos-de-ducha/"],
      ["product", product],
    ] as const) {
      await time(url, "br");
      const full = await time(url, "br");
      const fullCpu = cpuPerRequest;
      const restore = memoiseServices(shop.services as unknown as Record<string, unknown>);
      await time(url, "br");
      const loaded = await time(url, "br");
      const loadedCpu = cpuPerRequest;
      const plain = await time(url, "identity");
      const plainCpu = cpuPerRequest;
      restore();
      if (UNDER_LOAD) rows.push({ name, url });
      console.log(
        `${name.padEnd(9)} ${full.toFixed(2).padStart(6)} ms   ${loaded.toFixed(2).padStart(6)} ms          ${plain.toFixed(2).padStart(6)} ms                 ${(loaded / full).toFixed(2)}   ${fullCpu.toFixed(2)} / ${loadedCpu.toFixed(2)} / ${plainCpu.toFixed(2)} ms   (${url})`,
      );
    }
    if (UNDER_LOAD) {
      const address = await shop.app.listen({ host: "127.0.0.1", port: 0 });
      console.log(`\nunder load (autocannon in its own process, ${SECONDS} s per run; the shop in this process):`);
      console.log("page      conns  full (br)                data loaded (br)         data loaded (identity)");
      for (const { name, url } of rows) {
        for (const c of [8, 1]) {
          const full = await autocannon(address + url, c, "br");
          const restore = memoiseServices(shop.services as unknown as Record<string, unknown>);
          await shop.app.inject({ url, headers: { "accept-encoding": "br" } });
          const loaded = await autocannon(address + url, c, "br");
          const plain = await autocannon(address + url, c, "identity");
          restore();
          console.log(`${name.padEnd(9)} c=${c}    ${fmt(full)}   ${fmt(loaded)}   ${fmt(plain)}   (load ${loadavg()[0].toFixed(2)})`);
        }
      }
    }
    console.log(
      `load average at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    await shop.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
