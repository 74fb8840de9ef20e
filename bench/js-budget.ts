/**
 * JavaScript loaded at start per page, gzip (level 9, as a CDN would): every script and
 * modulepreload the browser fetched up to the load event, and how many files. Goals: home and
 * category <= 115 KB, product <= 140 KB; every page <= 12 files. The pages a shopper opens take the
 * product page's budget (issue 12): the cart with rows and the checkout with that cart (a guest's
 * cart of a configured shower tray and a tap, in the `bd_cart` cookie), and the profile home of a
 * logged-in customer (the `sid_access` / `sid_refresh` cookies), made through the shop's API by
 * bench/shopper.ts. Each page's document `x-cache` header is printed: the shop runs with its page
 * cache on, and the shopper's pages must bypass it ("none").
 *
 *   BUILD_DIR=build node --import tsx bench/js-budget.ts [--files]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium } from "playwright-core";
import { freePort, startShop } from "./lib.ts";
import { customer, fetchHttp, guestCart } from "./shopper.ts";

const GOALS: Record<string, number> = { home: 115, category: 115, product: 140, cart: 140, checkout: 140, profile: 140 };
const FILE_GOAL = 12;

/** The browser cookies of a `name=value; name=value` header, for the shop's origin. */
const cookiesOf = (header: string, url: string) =>
  header.split("; ").map((c) => {
    const i = c.indexOf("=");
    return { name: c.slice(0, i), value: c.slice(i + 1), url };
  });

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
    const anonymous = await browser.newContext();
    const catHtml = await (await fetch(`${base}/platos-de-ducha/`)).text();
    const product = /href="(\/[^"]+\.html)"/.exec(catHtml)?.[1];
    // The shopper's cookies, each persona in a browser context of its own (as two visitors).
    const http = fetchHttp(base);
    const guest = await guestCart(http);
    const shopper = await customer(http, join(work, "data"));
    const withCart = await browser.newContext();
    await withCart.addCookies(cookiesOf(guest.cookie, base));
    const loggedIn = await browser.newContext();
    await loggedIn.addCookies(cookiesOf(shopper.cookie, base));
    const pages: [string, string, BrowserContext][] = [
      ["home", "/", anonymous],
      ["category", "/platos-de-ducha/", anonymous],
      ...(product ? [["product", product, anonymous] as [string, string, BrowserContext]] : []),
      ["cart", "/cart", withCart],
      ["checkout", "/checkout", withCart],
      ["profile", `/profile/${shopper.id}`, loggedIn],
    ];
    const opened = new Map<BrowserContext, Awaited<ReturnType<BrowserContext["newPage"]>>>();
    for (const [name, path, context] of pages) {
      const page = opened.get(context) ?? (await context.newPage());
      opened.set(context, page);
      const doc = await page.goto(base + path, { waitUntil: "load" });
      // The scripts whose fetch began before the load event, as the page's own resource timing
      // records them (modulepreloads included). Parts fetched once the page has loaded (the footer,
      // the product's reviews and questions, when the browser is idle) are not counted: listening
      // to responses until goto() returned counted them or not depending on how soon after the
      // load event the browser was idle (13 files once in four runs, 11 in the other three).
      const scripts = new Set(
        await page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return performance
            .getEntriesByType("resource")
            .filter((e) => new URL(e.name).pathname.endsWith(".js") && e.startTime < nav.loadEventStart)
            .map((e) => e.name);
        }),
      );
      // A shopper's page that ends anywhere else (the login, an empty cart) measures the wrong page.
      if (doc?.status() !== 200 || new URL(page.url()).pathname !== path) throw new Error(`${name}: ${path} answered ${doc?.status()} at ${page.url()}`);
      const xCache = doc.headers()["x-cache"] ?? "none";
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
        `${name.padEnd(8)} ${path}: ${scripts.size} scripts (goal <= ${FILE_GOAL}) ${scripts.size <= FILE_GOAL ? "met" : "NOT MET"}, ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzip (goal <= ${GOALS[name]} KB) ${kb <= GOALS[name] ? "met" : "NOT MET"}; x-cache ${xCache}`,
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
