/**
 * Uncached pages against the tree issue 12 was measured on (commit 9ab11f2), on this machine, in
 * the same minutes. The issue's goal of ≥ 150 req/s was set as "4x faster" than what that tree
 * served on the issue's machine (category 35-41 req/s, product 28-31); the machines this project
 * runs on differ by 3x from one session to the next (bench/RESULTS.md), so the speed-up over the
 * same tree on the same machine is the figure a session can judge.
 *
 *   git worktree add /tmp/before 9ab11f2 && (cd /tmp/before && npm install && npx react-router build)
 *   node --import tsx bench/baseline.ts /tmp/before .          (BENCH_ROUNDS=3, BENCH_SECONDS=8)
 *
 * Each tree runs as its own `npm start` runs it (9ab11f2: the sources through tsx; this tree: the
 * compiled server with its heap flags), on its own fresh PostgreSQL database seeded by that first
 * start, PAGE_CACHE=off, NODE_ENV=production. Then, round after round, each shop in turn gets a
 * 2 s warm-up and an autocannon run at 8 connections per page (category, product: the category's
 * first product): req/s, and the CPU time its processes used per request (user + system, from
 * /proc, every process of its process group). Both shops are up the whole time; the one not
 * measured is idle. Before the first round every shop's pages get BENCH_WARMUP seconds of load
 * each (default 30; bench/lib.ts WARMUP_SECONDS): the rounds compare processes past their
 * compilation, as they run in production (BENCH_WARMUP=0: the rounds before the sixteenth).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createPgDatabase, load, median, WARMUP_SECONDS, waitFor } from "./lib.ts";

const trees = process.argv.slice(2).map((d) => resolve(d));
if (trees.length < 2) throw new Error("usage: bench/baseline.ts <before tree> <after tree> [...]");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** CPU milliseconds used so far by every process of a process group. */
function groupCpuMs(pgid: number): number {
  let ms = 0;
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ");
      // After the command: state, ppid, pgrp, ... utime (14th field), stime (15th), in ticks of 10 ms.
      if (Number(f[2]) === pgid) ms += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // The process ended meanwhile.
    }
  }
  return ms;
}

type Shop = { tree: string; base: string; pgid: number; stop(): Promise<void>; paths: Record<string, string> };

async function startShop(tree: string, port: number): Promise<Shop> {
  const db = await createPgDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-baseline-"));
  const child = spawn("npm", ["start"], {
    cwd: tree,
    detached: true,
    stdio: "ignore",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: db.url,
      SECRET: randomBytes(32).toString("hex"),
      DATA_DIR: dataDir,
      PAGE_CACHE: "off",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-(child.pid ?? 0), "SIGTERM");
    } catch {
      // Already gone.
    }
    await new Promise((ok) => setTimeout(ok, 2000));
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The first start seeds its database.
    await waitFor(`${base}/`, 600_000);
    const html = await (await fetch(`${base}/platos-de-ducha/`)).text();
    const product = /href="(\/[^"/]+\.html)"/.exec(html)?.[1];
    if (!product) throw new Error(`${tree}: no product link on /platos-de-ducha/`);
    return { tree, base, pgid: child.pid ?? 0, stop, paths: { category: "/platos-de-ducha/", product } };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function main() {
  const shops: Shop[] = [];
  try {
    for (const [i, tree] of trees.entries()) shops.push(await startShop(tree, 4500 + i));
    if (WARMUP_SECONDS > 0) {
      for (const s of shops) for (const path of Object.values(s.paths)) await load(s.base + path, WARMUP_SECONDS, 8);
      console.log(`warmed up: ${WARMUP_SECONDS} s at c=8 per page and tree (load ${loadavg()[0].toFixed(2)})`);
    }
    const figures = new Map<string, { rps: number[]; cpu: number[] }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of shops) {
        const out: string[] = [];
        for (const [name, path] of Object.entries(s.paths)) {
          await load(s.base + path, 2, 8);
          const before = groupCpuMs(s.pgid);
          const f = await load(s.base + path, SECONDS, 8);
          const cpu = (groupCpuMs(s.pgid) - before) / Math.max(1, f.reqPerSec * SECONDS);
          const key = `${s.tree}|${name}`;
          const fig = figures.get(key) ?? { rps: [], cpu: [] };
          fig.rps.push(f.reqPerSec);
          fig.cpu.push(cpu);
          figures.set(key, fig);
          out.push(`${name} ${f.reqPerSec} req/s, ${cpu.toFixed(1)} ms CPU${f.non2xx ? ` (${f.non2xx} non-2xx!)` : ""}`);
        }
        console.log(`round ${round + 1}  ${s.tree}: ${out.join("; ")}  (load ${loadavg()[0].toFixed(2)})`);
      }
    }
    console.log("\nmedians (req/s at c=8; CPU per request), and the speed-up over the first tree:");
    for (const name of ["category", "product"]) {
      const first = figures.get(`${trees[0]}|${name}`)!;
      for (const tree of trees) {
        const f = figures.get(`${tree}|${name}`)!;
        console.log(
          `  ${name.padEnd(9)} ${tree.padEnd(28)} ${String(median(f.rps)).padStart(4)} req/s  ${median(f.cpu).toFixed(1).padStart(5)} ms  x${(median(f.rps) / median(first.rps)).toFixed(2)} req/s, x${(median(first.cpu) / median(f.cpu)).toFixed(2)} CPU`,
        );
      }
    }
  } finally {
    for (const s of shops) await s.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
