/**
 * Time to the first 200 of the home page: a first start on an empty DATA_DIR (creates PGlite,
 * migrates, seeds) and a restart on that same DATA_DIR; 3 times each, median kept.
 * Run: `node --import tsx bench/startup.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, median, spawnShop, storefrontBuild, waitFor200 } from "./lib.ts";

export type StartupResult = { firstStartMs: number[]; restartMs: number[]; medianFirstStartMs: number; medianRestartMs: number };

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function timeToFirst200(env: Record<string, string>): Promise<number> {
  const started = Date.now();
  const shop = spawnShop({ PORT: String(await freePort()), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env });
  let ms: number;
  try {
    await waitFor200(shop, "/", 120_000);
    ms = Date.now() - started;
  } catch (e) {
    await shop.stop("SIGKILL");
    throw e;
  }
  const code = await shop.stop("SIGTERM");
  if (code !== 0) throw new Error(`the shop exited with ${code}:\n${shop.output()}`);
  return ms;
}

export async function benchStartup(log = console.log): Promise<StartupResult> {
  const buildDir = storefrontBuild();
  const firstStartMs: number[] = [];
  const restartMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-start-"));
    try {
      firstStartMs.push(await timeToFirst200({ DATA_DIR: dataDir, BUILD_DIR: buildDir }));
      restartMs.push(await timeToFirst200({ DATA_DIR: dataDir, BUILD_DIR: buildDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    log(`run ${i + 1}: first start ${firstStartMs.at(-1)} ms, restart ${restartMs.at(-1)} ms`);
  }
  return { firstStartMs, restartMs, medianFirstStartMs: median(firstStartMs), medianRestartMs: median(restartMs) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchStartup().then(
    (r) => {
      console.log(`median first start ${r.medianFirstStartMs} ms, median restart ${r.medianRestartMs} ms`);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
