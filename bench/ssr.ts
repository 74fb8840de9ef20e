/**
 * Uncached server rendering (issue 12): home, a category and a product with PAGE_CACHE=off and
 * NODE_ENV=production (as deployed: React's development build renders about twice slower), on
 * PostgreSQL and on PGlite, one shop process. autocannon at 8 connections (req/s; goal >= 150 for
 * category and product on PostgreSQL) and at 1 connection (p50; goal <= 8 ms); PGlite / PostgreSQL
 * ratio (goal >= 0.5). Then the cold-cache stampede with the page cache on: 200 simultaneous first
 * requests for the same page, counted by their x-cache header (MISS = rendered).
 *
 *   BUILD_DIR=build node --import tsx bench/ssr.ts            (BENCH_SECONDS=8, BENCH_DB=pglite|postgres)
 *
 * BENCH_PAGES=category[,product] measures only those pages; BENCH_PROFILE=<dir> runs the shop with
 * `--cpu-prof` into that directory (written when the shop stops; summarise it with
 * `node --import tsx bench/cpu-profile.ts <dir>/*.cpuprofile`).
 */
import { loadavg } from "node:os";
import { type Backend, type LoadFigure, load, postgresAvailable, startFreshShop, storefrontBuild } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

async function firstProduct(base: string): Promise<string> {
  const html = await (await fetch(`${base}/platos-de-ducha/`)).text();
  return /href="(\/[^"/]+\.html)"/.exec(html)?.[1] ?? "/";
}

async function stampede(base: string, path: string, n = 200) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: n }, async () => {
      const r = await fetch(base + path, { headers: { "accept-encoding": "br" } });
      await r.arrayBuffer();
      return { status: r.status, cache: r.headers.get("x-cache") ?? "none" };
    }),
  );
  const ms = performance.now() - started;
  const count = (c: string) => answers.filter((a) => a.cache === c).length;
  return { ms: Math.round(ms), ok: answers.filter((a) => a.status === 200).length, miss: count("MISS"), coalesced: count("COALESCED"), hit: count("HIT") };
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? storefrontBuild();
  const backends: Backend[] = process.env.BENCH_DB ? [process.env.BENCH_DB as Backend] : ["postgres", "pglite"];
  if (backends.includes("postgres") && !(await postgresAvailable())) backends.splice(backends.indexOf("postgres"), 1);
  const fmt = (f: LoadFigure) =>
    `${String(f.reqPerSec).padStart(5)} req/s  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms${f.non2xx || f.errors ? `  !! non2xx ${f.non2xx} errors ${f.errors}` : ""}`;
  console.log(
    `load average at start: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}`,
  );
  for (const backend of backends) {
    // As deployed: NODE_ENV=production (React's development build renders about twice slower).
    const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const running = await startFreshShop(backend, buildDir, { PAGE_CACHE: "off", NODE_ENV: "production" }, profile);
    try {
      const base = running.shop.url;
      const only = process.env.BENCH_PAGES?.split(",");
      const pages: [string, string][] = [
        ["home", "/"],
        ["category", "/platos-de-ducha/"],
        ["product", await firstProduct(base)],
      ];
      for (const [name, path] of pages.filter(([n]) => !only || only.includes(n))) {
        await load(base + path, 2, 8); // warm-up
        const c8 = await load(base + path, SECONDS, 8);
        const c1 = await load(base + path, Math.max(3, SECONDS / 2), 1);
        console.log(`${backend.padEnd(8)} ${name.padEnd(8)} c=8: ${fmt(c8)} | c=1: ${fmt(c1)}  (${path}; load ${loadavg()[0].toFixed(2)})`);
      }
    } finally {
      await running.stop();
    }
  }
  if (process.env.BENCH_PAGES || process.env.BENCH_PROFILE) return;
  const cached = await startFreshShop("pglite", buildDir, { PAGE_CACHE: "on", NODE_ENV: "production" });
  try {
    const s = await stampede(cached.shop.url, "/platos-de-ducha/");
    console.log(
      `stampede: 200 simultaneous first requests for /platos-de-ducha/ -> ${s.ok} x 200 in ${s.ms} ms; rendered ${s.miss}, coalesced ${s.coalesced}, cache hits ${s.hit}`,
    );
  } finally {
    await cached.stop();
  }
  console.log(
    `load average at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
