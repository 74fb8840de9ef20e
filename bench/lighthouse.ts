/**
 * Lighthouse 12 (mobile, default throttling) on home, a category and a product: median of
 * 3 runs per page, never during a load test. Needs Debian's chromium.
 *
 *   node --import tsx bench/lighthouse.ts [runs]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, median, ROOT, startShop } from "./lib.ts";

const runs = Number(process.argv[2] ?? 3);

async function firstPath(base: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(base)).text();
  const m = html.match(pattern);
  if (!m) throw new Error(`no link matching ${pattern} on ${base}`);
  return m[1];
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "bench-lh-"));
  const port = await freePort();
  const shop = await startShop({ PORT: String(port), DATA_DIR: join(work, "data"), LOG_LEVEL: "warn" });
  const base = `http://127.0.0.1:${port}`;
  try {
    const category = "/platos-de-ducha/";
    const product = await firstPath(base + category, /href="(\/[^"]+\.html)"/);
    const pages = { home: "/", category, product };
    for (const [name, path] of Object.entries(pages)) {
      const scores: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      const a11y: number[] = [];
      for (let i = 0; i < runs; i++) {
        const out = join(work, `${name}-${i}.json`);
        execFileSync(
          join(ROOT, "node_modules", ".bin", "lighthouse"),
          [
            base + path,
            "--quiet",
            "--output=json",
            `--output-path=${out}`,
            "--only-categories=performance,accessibility,seo,best-practices",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
          ],
          { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, stdio: ["ignore", "ignore", "inherit"] },
        );
        const r = JSON.parse(readFileSync(out, "utf8"));
        scores.push(Math.round(r.categories.performance.score * 100));
        a11y.push(Math.round(r.categories.accessibility.score * 100));
        lcp.push(r.audits["largest-contentful-paint"].numericValue);
        tbt.push(r.audits["total-blocking-time"].numericValue);
        cls.push(r.audits["cumulative-layout-shift"].numericValue);
      }
      console.log(
        `${name.padEnd(8)} ${path}\n  performance ${median(scores)} (runs ${scores.join(", ")}), accessibility ${median(a11y)}, ` +
          `LCP ${median(lcp).toFixed(0)} ms, TBT ${median(tbt).toFixed(0)} ms, CLS ${median(cls).toFixed(3)}`,
      );
    }
  } finally {
    await shop.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
