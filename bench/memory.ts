/**
 * Resident memory of the shop process under mixed traffic (issue 12: <= 300 MB after 20,000
 * requests, flat between 20,000 and 40,000). Pages (home, categories, products, listings, both
 * stores; the page cache on, as in production, plus uncached listing states), images of the media
 * pipeline and catalog API calls, 8 at a time, from the sitemap's URLs. RSS is read from
 * /proc/<pid>/status of the real process (PGlite by default; BENCH_DB=postgres), restarted on its
 * seeded data first (BENCH_FIRST_START=1 measures the process that seeded it).
 *
 *   BUILD_DIR=build node --import tsx bench/memory.ts [total requests, default 40000]
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { type Backend, spawnShop, startFreshShop, storefrontBuild, waitFor200 } from "./lib.ts";

const TOTAL = Number(process.argv[2] ?? 40_000);
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : -1;
};

async function main() {
  const backend = (process.env.BENCH_DB ?? "pglite") as Backend;
  const running = await startFreshShop(backend, process.env.BUILD_DIR ?? storefrontBuild());
  // The first start seeds the demo data in the process (PGlite's WebAssembly memory only grows):
  // measure the process as it runs after a restart on the same data, unless BENCH_FIRST_START=1.
  let shop = running.shop;
  if (process.env.BENCH_FIRST_START !== "1") {
    await shop.stop("SIGTERM");
    shop = spawnShop(running.env);
    await waitFor200(shop, "/", 120_000);
  }
  const pid = shop.child.pid ?? 0;
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
          console.log(`  ${done} requests: RSS ${marks.at(-1)?.rss} MB (${marks.at(-1)?.s} s, load ${loadavg()[0].toFixed(2)})`);
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
