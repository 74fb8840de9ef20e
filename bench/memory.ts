/**
 * Resident memory of the shop process under mixed traffic (issue 12: <= 300 MB after 20,000
 * requests, flat between 20,000 and 40,000). Pages (home, categories, products, listings, both
 * stores; the page cache on, as in production, plus uncached listing states), images of the media
 * pipeline and catalog API calls, 8 at a time, from the sitemap's URLs. RSS is read from
 * /proc/<pid>/status of the real process (PGlite by default; BENCH_DB=postgres), restarted on its
 * seeded data first (BENCH_FIRST_START=1 measures the process that seeded it), as `npm start`
 * runs it: the compiled server (scripts/build-server.mjs) under plain node, MALLOC_ARENA_MAX=2 and
 * MALLOC_MMAP_THRESHOLD_=1048576 (BENCH_SERVER=tsx runs the sources through tsx instead; either
 * variable set for the bench overrides).
 * Every 5,000 requests it prints where the memory is: resident WebAssembly memory (PGlite), other
 * anonymous memory (V8 heap, malloc), mapped files (code), and the JS heap as the process sees it
 * (bench/memory-probe.mjs, on SIGUSR2). BENCH_HEAP_SNAPSHOT=<file> writes a heap snapshot at 20,000
 * (it costs ~100 MB of RSS itself: use it apart from a measurement). BENCH_NODE_OPTIONS adds node
 * options to the measured process (to try V8 flags).
 *
 *   BUILD_DIR=build node --import tsx bench/memory.ts [total requests, default 40000]
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type Backend, spawnBuiltShop, spawnShop, startFreshShop, storefrontBuild, waitFor200 } from "./lib.ts";

const TOTAL = Number(process.argv[2] ?? 40_000);
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : -1;
};
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Where the resident memory is, from /proc/<pid>/smaps: WebAssembly memories (PGlite's: the
 * anonymous mapping just as large as a memory the probe reported), files mapped (code of node,
 * sharp's libvips, ICU data), and the rest of the anonymous memory (V8's heap, malloc arenas).
 */
function smapsSplit(pid: number, wasmSizes: number[]) {
  const text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  const split = { wasm: 0, files: 0, anon: 0 };
  let size = 0;
  let file = false;
  for (const line of text.split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const [start, end] = line
        .split(" ")[0]
        .split("-")
        .map((h) => Number.parseInt(h, 16));
      size = end - start;
      file = head[1] !== "0" && head[2].startsWith("/");
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const bytes = Number(rss[1]) * 1024;
    if (file) split.files += bytes;
    else if (wasmSizes.some((w) => size >= w && size < w * 1.5)) split.wasm += bytes;
    else split.anon += bytes;
  }
  return { wasm: mb(split.wasm), files: mb(split.files), anon: mb(split.anon) };
}

async function main() {
  const backend = (process.env.BENCH_DB ?? "pglite") as Backend;
  const running = await startFreshShop(backend, process.env.BUILD_DIR ?? storefrontBuild());
  // The first start seeds the demo data in the process (PGlite's WebAssembly memory only grows):
  // measure the process as it runs after a restart on the same data, unless BENCH_FIRST_START=1.
  let shop = running.shop;
  // The measured process reports its JS heap (process.memoryUsage) on SIGUSR2 (bench/memory-probe.mjs).
  const probeOut = join(tmpdir(), `shop-memory-${process.pid}.jsonl`);
  const snapshot = process.env.BENCH_HEAP_SNAPSHOT; // a path: heap snapshot at 20,000 requests
  rmSync(probeOut, { force: true });
  const probe = process.env.BENCH_FIRST_START !== "1";
  if (probe) {
    await shop.stop("SIGTERM");
    // As `npm start` runs it (the compiled server, plain node), or BENCH_SERVER=tsx: the sources through tsx.
    const env = {
      ...running.env,
      NODE_OPTIONS: `${process.env.BENCH_NODE_OPTIONS ?? ""} --import=${join(import.meta.dirname, "memory-probe.mjs")}`.trim(),
      MEMORY_PROBE_OUT: probeOut,
    };
    shop = process.env.BENCH_SERVER === "tsx" ? spawnShop(env) : await spawnBuiltShop(env);
    await waitFor200(shop, "/", 120_000);
  }
  const pid = shop.child.pid ?? 0;
  const lineCount = () => (existsSync(probeOut) ? readFileSync(probeOut, "utf8").trim().split("\n").filter(Boolean).length : 0);
  let wasmSizes: number[] = [];
  const heapOf = async (n: number) => {
    if (!probe) return where();
    const before = lineCount();
    if (n === 20_000 && snapshot) writeFileSync(`${probeOut}.snapshot`, snapshot);
    process.kill(pid, "SIGUSR2");
    for (let t = 0; t < 1200 && lineCount() <= before; t++) await new Promise((r) => setTimeout(r, 50));
    if (lineCount() <= before) return "; heap: no answer";
    const u = JSON.parse(readFileSync(probeOut, "utf8").trim().split("\n").at(-1) ?? "{}") as NodeJS.MemoryUsage & {
      wasm: number[];
      spaces?: Record<string, [number, number]>;
    };
    wasmSizes = u.wasm;
    // The heap's spaces, committed/used MB (old, new, code, large objects...), those over 1 MB committed.
    const spaces = Object.entries(u.spaces ?? {})
      .filter(([, [committed]]) => committed >= 2 ** 20)
      .map(([name, [committed, used]]) => `${name} ${mb(committed)}/${mb(used)}`)
      .join(", ");
    return `${where()}; WebAssembly memory ${u.wasm.map(mb).join(" + ") || "none"} MB; JS heap used ${mb(u.heapUsed)} of ${mb(u.heapTotal)} MB (${spaces}), external ${mb(u.external)} MB (array buffers ${mb(u.arrayBuffers)} MB)`;
  };
  const where = () => {
    const s = smapsSplit(pid, wasmSizes);
    return `resident: wasm ${s.wasm} MB, other anonymous ${s.anon} MB, files ${s.files} MB`;
  };
  const base = shop.url;
  try {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    const html = await (await fetch(`${base}/platos-de-ducha/`)).text();
    const images = [...html.matchAll(/(\/media\/[^" ,]+)/g)].map((m) => m[1]).slice(0, 60);
    const api = [
      "/api/catalog/v1/products/platos-de-ducha/weblist_by_category/?store=ESDB&language=es",
      "/api/catalog/v1/products/platos-de-ducha/weblist_by_category/?store=ESDB&language=es&sort=lower_price",
      "/api/catalog/v1/menus/web-list/?store=ESDB&language=es&menu_type=main",
    ];
    const sorts = ["lower_price", "top_rated", "news", "offers"];
    const urlFor = (i: number): string => {
      const r = i % 10;
      if (r < 6) return pages[i % pages.length];
      if (r === 6) return `/platos-de-ducha/?sort=${sorts[i % sorts.length]}&page=${1 + (i % 2)}`;
      if (r < 9) return images[i % images.length];
      return api[i % api.length];
    };
    console.log(`${backend}: ${pages.length} pages, ${images.length} images; RSS at start ${rssMb(pid)} MB (load ${loadavg()[0].toFixed(2)})`);
    console.log(`  at start: ${await heapOf(0)}`);
    const marks: { n: number; rss: number; s: number }[] = [];
    let next = 0;
    let done = 0;
    let errors = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        try {
          const r = await fetch(base + urlFor(i), { headers: { "accept-encoding": "br, gzip", accept: i % 10 >= 7 ? "image/avif,image/webp,*/*" : "*/*" } });
          await r.arrayBuffer();
          if (r.status >= 500) errors++;
        } catch {
          errors++;
        }
        done++;
        if (done % 5000 === 0) {
          marks.push({ n: done, rss: rssMb(pid), s: Math.round((Date.now() - started) / 1000) });
          console.log(`  ${done} requests: RSS ${marks.at(-1)?.rss} MB (${marks.at(-1)?.s} s, load ${loadavg()[0].toFixed(2)}): ${await heapOf(done)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const at = (n: number) => marks.find((m) => m.n === n)?.rss ?? -1;
    console.log(`RSS after 20,000: ${at(20_000)} MB (goal <= 300), after ${TOTAL}: ${at(TOTAL)} MB; 5xx/errors: ${errors}`);
  } finally {
    await shop.stop("SIGTERM");
    await running.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
