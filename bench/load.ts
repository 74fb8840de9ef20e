/**
 * /healthz and the home page under load, on PGlite and on PostgreSQL: autocannon, 50 connections,
 * a warm-up, then 3 runs of 10 s each; the median run is kept. Run: `node --import tsx bench/load.ts`.
 */
import { pathToFileURL } from "node:url";
import { type Backend, load, type LoadFigure, median, postgresAvailable, startFreshShop, storefrontBuild } from "./lib.ts";

export type LoadResult = { backend: Backend; path: string; runs: LoadFigure[]; median: LoadFigure };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PATHS = ["/healthz", "/"];

export async function benchLoad(log = console.log): Promise<LoadResult[]> {
  const buildDir = storefrontBuild();
  const backends: Backend[] = ["pglite"];
  if (await postgresAvailable()) backends.push("postgres");
  else log("PostgreSQL not reachable: PGlite only");
  const results: LoadResult[] = [];
  for (const backend of backends) {
    const running = await startFreshShop(backend, buildDir);
    try {
      for (const path of PATHS) {
        const url = running.shop.url + path;
        await load(url, 3); // warm-up: JIT, module caches, connection pool
        const runs: LoadFigure[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await load(url, SECONDS));
        const mid = runs.find((r) => r.reqPerSec === median(runs.map((x) => x.reqPerSec))) ?? runs[0];
        results.push({ backend, path, runs, median: mid });
        log(`${backend} ${path}: ${mid.reqPerSec} req/s, p50 ${mid.p50Ms} ms, p99 ${mid.p99Ms} ms (runs: ${runs.map((r) => r.reqPerSec).join(", ")})`);
        if (runs.some((r) => r.non2xx || r.errors)) log(`  !! non-2xx or errors: ${JSON.stringify(runs)}`);
      }
    } finally {
      await running.stop();
    }
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLoad().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
