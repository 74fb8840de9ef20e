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
 * The measured process runs as `npm start` runs it: the compiled server under plain node with its
 * NODE_OPTIONS (scripts/node-options.mjs: heap limit, semi-spaces of 8 MB on PostgreSQL and 4 on
 * PGlite) and malloc settings (MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=1048576), after a first start that
 * seeded the database. BENCH_SERVER=tsx measures the sources run through tsx instead (every round
 * before the sixth did: that process has no heap limit, and renders a third faster for it);
 * BENCH_NODE_OPTIONS adds flags after npm start's (a later flag wins).
 *
 * Each page is loaded for BENCH_WARMUP seconds (default 30) at c=8 before its figures are taken: a
 * fresh process spends its first thousands of pages compiling (bench/lib.ts WARMUP_SECONDS). The
 * line also gives the c=8 figure 2 s after the page's first request, as rounds before the
 * sixteenth measured it.
 *
 * The pages a shopper opens are measured the same way (issue 12), with their cookies in every
 * request: `cart` (a guest's cart of a configured shower tray and a tap, `bd_cart` cookie),
 * `checkout` (with that cart) and `profile` (a logged-in customer's profile home with addresses,
 * favourites and a paid order: the `sid_access` cookie alone, so that no request of the run rotates
 * the refresh token; it lives 600 s, made right before that page's runs, so BENCH_SECONDS must
 * stay under ~390). They are made through the shop's API by bench/shopper.ts. These pages are never
 * page-cached (user data); each is fetched once first and its status and `x-cache` header printed
 * ("none": not served from nor stored in a cache).
 *
 * BENCH_PAGES=<names> (comma-separated, of home, category, product, cart, checkout, profile) measures
 * only those pages, e.g. BENCH_SECONDS=2 BENCH_PAGES=cart,checkout,profile for a short check;
 * BENCH_PROFILE=<dir> runs the shop with `--cpu-prof` into that directory (written when the shop
 * stops; summarise it with `node --import tsx bench/cpu-profile.ts <dir>/*.cpuprofile`).
 */
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { type Backend, type LoadFigure, load, postgresAvailable, spawnBuiltShop, startFreshShop, storefrontBuild, WARMUP_SECONDS, waitFor200 } from "./lib.ts";
import { customer, fetchHttp, type GuestCart, guestCart } from "./shopper.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

async function firstProduct(base: string): Promise<string> {
  const html = await (await fetch(`${base}/platos-de-ducha/`)).text();
  return /href="(\/[^"/]+\.html)"/.exec(html)?.[1] ?? "/";
}

type AutocannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: object) => Promise<AutocannonResult>;

/** lib.ts's load() with a Cookie header on every request (a shopper's pages). */
async function loadAs(url: string, cookie: string, seconds: number, connections: number): Promise<LoadFigure> {
  const r = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "br, gzip", cookie } });
  return { reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
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
    // The first start seeds the database; the measured process is then started as `npm start`
    // runs it (the compiled server, plain node, its NODE_OPTIONS: bench/lib.ts spawnBuiltShop),
    // unless BENCH_SERVER=tsx (the sources through tsx, as the fifth round measured).
    const asTsx = process.env.BENCH_SERVER === "tsx";
    const running = await startFreshShop(backend, buildDir, { PAGE_CACHE: "off", NODE_ENV: "production" }, asTsx ? profile : []);
    let shop = running.shop;
    try {
      if (!asTsx) {
        await shop.stop("SIGTERM");
        // BENCH_NODE_OPTIONS: flags added after npm start's (a later flag wins), as in bench/memory.ts.
        // The profile's flags are node's own arguments: NODE_OPTIONS does not take --cpu-prof.
        const nodeOptions = process.env.BENCH_NODE_OPTIONS?.trim();
        shop = await spawnBuiltShop({ ...running.env, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) }, profile);
        await waitFor200(shop, "/", 120_000);
      }
      const base = shop.url;
      const only = process.env.BENCH_PAGES?.split(",");
      const pages: [string, string][] = [
        ["home", "/"],
        ["category", "/platos-de-ducha/"],
        ["product", await firstProduct(base)],
      ];
      for (const [name, path] of pages.filter(([n]) => !only || only.includes(n))) {
        await load(base + path, 2, 8); // warm-up
        const cold = await load(base + path, SECONDS, 8);
        const rest = WARMUP_SECONDS - 2 - SECONDS;
        if (rest > 0) await load(base + path, rest, 8);
        const c8 = await load(base + path, SECONDS, 8);
        const c1 = await load(base + path, Math.max(3, SECONDS / 2), 1);
        console.log(
          `${backend.padEnd(8)} ${name.padEnd(8)} c=8: ${fmt(c8)} | c=1: ${fmt(c1)} | c=8 after 2 s: ${cold.reqPerSec} req/s  (${path}; load ${loadavg()[0].toFixed(2)})`,
        );
      }
      // The shopper's pages, with their cookies; the guest's cart is made once, the customer right before its page.
      const http = fetchHttp(base);
      let guest: GuestCart | undefined;
      const cartCookie = async () => {
        guest ??= await guestCart(http);
        return guest.cookie;
      };
      const shopperPages: [string, () => Promise<{ path: string; cookie: string }>][] = [
        ["cart", async () => ({ path: "/cart", cookie: await cartCookie() })],
        ["checkout", async () => ({ path: "/checkout", cookie: await cartCookie() })],
        [
          "profile",
          async () => {
            const c = await customer(http, running.env.DATA_DIR);
            return { path: `/profile/${c.id}`, cookie: c.accessCookie };
          },
        ],
      ];
      for (const [name, make] of shopperPages.filter(([n]) => !only || only.includes(n))) {
        const { path, cookie } = await make();
        const first = await fetch(base + path, { headers: { cookie, "accept-encoding": "br" }, redirect: "manual" });
        await first.arrayBuffer();
        const check = `status ${first.status}, x-cache ${first.headers.get("x-cache") ?? "none"}, cache-control ${first.headers.get("cache-control")}`;
        if (first.status !== 200) throw new Error(`${name} ${path}: ${check}`);
        await loadAs(base + path, cookie, Math.max(2, WARMUP_SECONDS - SECONDS), 8); // warm-up
        const c8 = await loadAs(base + path, cookie, SECONDS, 8);
        const c1 = await loadAs(base + path, cookie, Math.max(3, SECONDS / 2), 1);
        console.log(
          `${backend.padEnd(8)} ${name.padEnd(8)} c=8: ${fmt(c8)} | c=1: ${fmt(c1)}  (${path}; first answer ${check}; load ${loadavg()[0].toFixed(2)})`,
        );
      }
    } finally {
      await shop.stop("SIGTERM");
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
