/**
 * JavaScript loaded at start per page, gzip (level 9, as a CDN would): every script and
 * modulepreload the browser fetched up to the load event. Goals: home and category <= 115 KB,
 * product <= 140 KB.
 *
 *   node --import tsx bench/js-budget.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { freePort, startShop } from "./lib.ts";

const GOALS: Record<string, number> = { home: 115, category: 115, product: 140 };

async function main() {
  const work = mkdtempSync(join(tmpdir(), "bench-js-"));
  const port = await freePort();
  const shop = await startShop({ PORT: String(port), DATA_DIR: join(work, "data"), LOG_LEVEL: "warn" });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    const catHtml = await (await fetch(`${base}/platos-de-ducha/`)).text();
    const product = /href="(\/[^"]+\.html)"/.exec(catHtml)?.[1];
    const pages: Record<string, string> = { home: "/", category: "/platos-de-ducha/", ...(product ? { product } : {}) };
    for (const [name, path] of Object.entries(pages)) {
      const scripts = new Set<string>();
      const onResponse = (r: { url(): string; request(): { resourceType(): string } }) => {
        if (r.request().resourceType() === "script" || r.url().endsWith(".js")) scripts.add(r.url());
      };
      page.on("response", onResponse);
      await page.goto(base + path, { waitUntil: "load" });
      page.off("response", onResponse);
      let raw = 0;
      let gz = 0;
      const files: string[] = [];
      for (const url of scripts) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        const z = gzipSync(body, { level: 9 }).length;
        raw += body.length;
        gz += z;
        files.push(`${new URL(url).pathname.split("/").pop()} ${(z / 1024).toFixed(1)}`);
      }
      const kb = gz / 1024;
      console.log(
        `${name.padEnd(8)} ${path}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzip (goal <= ${GOALS[name]} KB) ${kb <= GOALS[name] ? "met" : "NOT MET"}`,
      );
      if (process.argv.includes("--files")) console.log(`         ${files.join(", ")}`);
    }
    const load = loadavg().map((x) => x.toFixed(2));
    console.log(`load average: ${load.join(", ")}`);
  } finally {
    await browser.close();
    await shop.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
