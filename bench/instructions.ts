/**
 * Instructions per uncached page (issue 12): the shop's CPU work counted by valgrind's callgrind,
 * which counts instructions, not seconds. req/s and CPU milliseconds swing by 20-40 % from one
 * minute to the next on the shared 2-core machines this project runs on (bench/RESULTS.md);
 * instructions do not depend on the machine's speed or on what else runs on it. What it is for:
 * telling whether a change makes a page cheaper, and by about how much, on any machine.
 *
 *   BUILD_DIR=build node --import tsx bench/instructions.ts                 (this tree)
 *   BUILD_DIR=build node --import tsx bench/instructions.ts --tree=<dir>    (another checkout, its own build/ and node_modules)
 *
 * The shop runs in one process under `valgrind --tool=callgrind --instr-atstart=no` (~50x slower),
 * on a fresh PostgreSQL database seeded with the demo catalog by a first start outside valgrind,
 * PAGE_CACHE=off, NODE_ENV=production, its background jobs stopped (a mail kick every 30 s would
 * land in some windows and not others). Requests go through Fastify's inject (no socket), one at
 * a time, brotli as a browser asks: BENCH_WARM (default 20) per page first, then BENCH_ROUNDS
 * (default 3) rounds in which the counting is switched on for BENCH_COUNT (default 10) requests
 * of each page in turn. All threads are counted (libuv's pool, V8's compiler and GC threads).
 * The figure is a page's least window. Windows of one run differ by up to 2-3x: a major GC
 * (marking the whole heap) or V8 recompiling lands in one window or another, more so under
 * valgrind, where the compiler and GC threads share one core with the page. The least window
 * of a page repeated within ~5-10 % across runs of one build (2026-11-27; the product page's
 * 60.8-68.2 M in four runs, the category's 54.5-67.0): good for telling a 10-15 % change, not 3 %.
 * The median and every window are printed too.
 * Timing-dependent paths (a deferred part in place or streamed) follow the machine's speed under
 * valgrind: compare builds measured the same way, not these figures with a wall-clock bench's.
 *
 * Pages: the home, a category, a product (the category's first), and the newsletter page, the
 * smallest document with the shop's header and footer (what every page costs before its content).
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createPgDatabase, median, postgresAvailable, ROOT } from "./lib.ts";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const TREE = resolve(arg("tree") ?? ROOT);
const WARM = Number(process.env.BENCH_WARM ?? 20);
const COUNT = Number(process.env.BENCH_COUNT ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type ShopModule = {
  createShop(config: unknown): Promise<{
    app: { inject(o: { url: string; headers?: Record<string, string> }): Promise<{ statusCode: number; body: string }> };
    services: Record<string, unknown>;
    close(): Promise<void>;
  }>;
};

async function openShop(databaseUrl: string, dataDir: string) {
  const { createShop } = (await import(pathToFileURL(join(TREE, "server", "app.ts")).href)) as ShopModule;
  const { loadConfig } = (await import(pathToFileURL(join(TREE, "server", "config.ts")).href)) as { loadConfig(env: Record<string, string>): unknown };
  return createShop(
    loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      BUILD_DIR: process.env.BUILD_DIR ? resolve(TREE, process.env.BUILD_DIR) : join(TREE, "build"),
      PAGE_CACHE: "off",
      LOG_LEVEL: "warn",
      SECRET: process.env.BENCH_SECRET ?? randomBytes(32).toString("hex"),
      DATABASE_URL: databaseUrl,
    }),
  );
}

/** Under valgrind: warm every page, then count each page's window. */
async function child() {
  const shop = await openShop(process.env.BENCH_DB_URL!, process.env.BENCH_DATA_DIR!);
  // No background jobs in the windows; each service stops its own timers.
  const s = shop.services as Record<string, { stop?: () => unknown; aftersale?: { stop(): unknown } } | undefined>;
  for (const name of ["cart", "checkout", "payments", "marketing"]) await s[name]?.stop?.();
  await s.invoices?.aftersale?.stop();
  const pages = JSON.parse(process.env.BENCH_PAGES_JSON!) as [string, string][];
  const get = async (url: string) => {
    const r = await shop.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
  };
  for (const [, url] of pages) for (let i = 0; i < WARM; i++) await get(url);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [, url] of pages) {
      execFileSync("callgrind_control", ["--instr=on", String(process.pid)], { stdio: "ignore" });
      for (let i = 0; i < COUNT; i++) await get(url);
      execFileSync("callgrind_control", ["--instr=off", String(process.pid)], { stdio: "ignore" });
      // Dumps the window (and zeroes the counters) as callgrind.out.<pid>.<n>, in order.
      execFileSync("callgrind_control", ["--dump", String(process.pid)], { stdio: "ignore" });
    }
  }
  await shop.close();
  process.exit(0);
}

async function main() {
  if (!(await postgresAvailable())) throw new Error("PostgreSQL is needed (BENCH_DATABASE_URL)");
  execFileSync("valgrind", ["--version"]);
  const db = await createPgDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-instr-"));
  const outDir = mkdtempSync(join(tmpdir(), "bench-instr-out-"));
  const secret = randomBytes(32).toString("hex");
  try {
    // The first start creates and seeds the database (minutes under valgrind, seconds without).
    const seeding = await openShop(db.url, dataDir);
    const cat = await seeding.app.inject({ url: "/platos-de-ducha/" });
    const product = /href="(\/[^"/]+\.html)"/.exec(cat.body)?.[1];
    await seeding.close();
    if (!product) throw new Error("no product link on /platos-de-ducha/");
    const pages: [string, string][] = [
      ["home", "/"],
      ["category", "/platos-de-ducha/"],
      ["product", product],
      ["newsletter page", "/popup"],
    ];
    const only = process.env.BENCH_PAGES?.split(",");
    const chosen = pages.filter(([n]) => !only || only.includes(n.split(" ")[0]));
    console.log(
      `tree ${TREE} (${execFileSync("git", ["-C", TREE, "rev-parse", "--short", "HEAD"]).toString().trim()}${execFileSync("git", ["-C", TREE, "status", "--porcelain"]).length ? ", with changes" : ""}); ${WARM} warm-up requests per page, ${COUNT} counted; load average ${loadavg()[0].toFixed(2)}`,
    );
    const started = Date.now();
    await new Promise<void>((ok, fail) =>
      execFile(
        "valgrind",
        [
          "--tool=callgrind",
          "--instr-atstart=no",
          `--callgrind-out-file=${join(outDir, "callgrind.out.%p")}`,
          process.execPath,
          "--import",
          "tsx",
          join(ROOT, "bench", "instructions.ts"),
          "--child",
          `--tree=${TREE}`,
        ],
        {
          cwd: TREE,
          env: {
            ...process.env,
            NODE_ENV: "production",
            BENCH_DB_URL: db.url,
            BENCH_DATA_DIR: dataDir,
            BENCH_SECRET: secret,
            BENCH_PAGES_JSON: JSON.stringify(chosen),
          },
          maxBuffer: 1 << 26,
        },
        (err, _stdout, stderr) => (err ? fail(new Error(`${err.message}\n${stderr.slice(-3000)}`)) : ok()),
      ),
    );
    const dumps = readdirSync(outDir)
      .filter((f) => /\.\d+\.\d+$/.test(f))
      .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
    if (dumps.length !== chosen.length * ROUNDS) throw new Error(`expected ${chosen.length * ROUNDS} windows, found ${dumps.length}`);
    const perRequest = dumps.map((f) => Number(/^totals:\s*(\d+)/m.exec(readFileSync(join(outDir, f), "utf8"))?.[1]) / COUNT / 1e6);
    chosen.forEach(([name, url], i) => {
      const windows = perRequest.filter((_, k) => k % chosen.length === i);
      const fmt = (x: number) => x.toFixed(1).padStart(6);
      console.log(
        `${name.padEnd(16)} ${fmt(Math.min(...windows))} M instructions per request (least window; median ${fmt(median(windows)).trim()}, windows ${windows.map((x) => x.toFixed(1)).join(" ")})  ${url}`,
      );
    });
    console.log(`${Math.round((Date.now() - started) / 1000)} s under valgrind`);
  } finally {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

(process.argv.includes("--child") ? child() : main()).then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
