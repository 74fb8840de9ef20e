/**
 * The speed goals as budgets in `npm test` (issue 34, docs/decisions/051): figures that do not
 * depend on the machine's speed, each page held at today's figure plus a small margin, read from
 * ONE file, bench/budgets.json. A breach fails with the figure and the budget, e.g.
 * "product: 85.1 KB gzip JS at start > budget 85.9 KB".
 *
 * - JavaScript at start per page (gzip level 9, and the number of files): the scripts the rendered
 *   document makes the browser fetch before its load event, read from the HTML (every
 *   `<link rel="modulepreload">` and module `<script src>`, plus the static imports of those files,
 *   read from the built files in BUILD_DIR/client), gzipped from the build. It is what
 *   bench/js-budget.ts measures in chromium (the resource timing up to `load`), without a browser:
 *   on the build both measured, the same files and bytes (home 74.2 KB in 9 files, category 76.7 in
 *   11, product 83.4 in 11).
 * - HTML bytes (raw, as sent with no compression) of home, category and product, in both stores,
 *   and of the shopper's cart, checkout and profile home (bench/pages.ts).
 * - Database statements per uncached page (PAGE_CACHE=off), counted at the driver
 *   (server/test/query-counter.ts): the first render on a fresh shop ("cold", in bench/pages.ts's
 *   order) and the next one ("warm"), for home, category, product, cart, checkout and profile. On
 *   PGlite only (one database kind keeps this file fast; PostgreSQL's counts are the same statements
 *   through the pool, and bench/pages.ts measures them there).
 *
 * The shopper's pages are loaded as bench/shopper.ts makes the shopper (a guest's cart of a
 * configured shower tray and a tap; a logged-in customer with addresses, favourites and a paid order).
 *
 * The equality tests of each speed piece (the fast path gives what the plain one gives) run in the
 * same suite, not here:
 * - app/lib/react-text-stream.server.test.ts (unit): the text-writing server renderer against
 *   React's own renderToString / renderToPipeableStream (decision 035);
 * - server/server-router.integration.test.ts: the kept route tree and packed loader data render what
 *   React Router's own handler renders (decision 038);
 * - server/lib/page-cache.test.ts, server/lib/page-cache.integration.test.ts, server/freshness.integration.test.ts: the page cache answers
 *   what a render answers and drops a page when its data change (decisions 021, 036);
 * - server/render-gate.integration.test.ts (decision 037), server/page-weight.integration.test.ts,
 *   server/modules/catalog/product-page.integration.test.ts and stock-cache.integration.test.ts
 *   (cached catalog part and stock equal to the database's, decision 036);
 * - app/lib/packed.test.ts (packed loader data round-trips, decision 039).
 *
 * To see today's figures (to move a budget on purpose): BUDGETS_PRINT=1 with this file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { customer, guestCart, type Http } from "../bench/shopper.ts";
import { countQueries } from "./test/query-counter.ts";
import { tmpDataDir } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

type Budgets = {
  js: Record<string, { gzipKB: number; files: number }>;
  htmlKB: Record<string, number>;
  statements: Record<string, { cold: number; warm: number }>;
};
const budgets = JSON.parse(readFileSync(new URL("../bench/budgets.json", import.meta.url), "utf8")) as Budgets;

const kb = (bytes: number) => bytes / 1024;
const queries = countQueries();

/** Resolves once the database has been sent no statement for 500 ms (a mail, a webhook done). */
async function quiet() {
  for (let i = 0; i < 40; i++) {
    queries.on = true;
    queries.count = 0;
    await new Promise((r) => setTimeout(r, 500));
    queries.on = false;
    if (queries.count === 0) return;
  }
  throw new Error("the database never went quiet");
}

/** The leading static imports of a built ES module (`import{a as b}from"./x.js";import"./y.js";`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*import\s*(?:[^"'`;]*?\bfrom\s*)?["'`]([^"'`]+)["'`]\s*;?/;
  let rest = code;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    out.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return out;
}

type Page = { name: string; path: string; cookie?: string; html: string; cold: number; warm: number };

describe("speed budgets (bench/budgets.json)", () => {
  let shop: TestShop;
  let client: string;
  const pages = new Map<string, Page>();

  const get = (url: string, cookie?: string) =>
    shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } });
  /** Two renders of one page: the statements of the first (cold) and of the second (warm). */
  const measure = async (name: string, path: string, cookie?: string) => {
    // The job engine polls the database on its own: held while a page's statements are counted.
    await shop.services.jobs.stop();
    queries.on = true;
    queries.count = 0;
    const first = await get(path, cookie);
    const cold = queries.count;
    queries.count = 0;
    const res = await get(path, cookie);
    const warm = queries.count;
    queries.on = false;
    await shop.services.jobs.start();
    expect(first.statusCode, `${name} ${path} (first render)`).toBe(200);
    expect(res.statusCode, `${name} ${path}`).toBe(200);
    pages.set(name, { name, path, cookie, html: res.body, cold, warm });
  };

  /** Every script the document makes the browser fetch before `load`: preloads, module scripts, their static imports. */
  const scriptsAtStart = (html: string) => {
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link\b[^>]*\srel="modulepreload"[^>]*>/g)) {
      const href = /\shref="([^"]+)"/.exec(m[0])?.[1];
      if (href) urls.add(href);
    }
    for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+\.js)"[^>]*>/g)) urls.add(m[1]);
    // The inline module script imports the route modules and the client entry.
    for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
      for (const i of m[1].matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*|\(\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(i[1]);
    }
    const files = new Map<string, Buffer>();
    const visit = (url: string) => {
      if (files.has(url)) return;
      const body = readFileSync(join(client, url));
      files.set(url, body);
      for (const spec of staticImports(body.toString("utf8"))) visit(new URL(spec, `http://x${url}`).pathname);
    };
    for (const url of urls) visit(url);
    let gzip = 0;
    for (const body of files.values()) gzip += gzipSync(body, { level: 9 }).length;
    return { files: files.size, gzip, names: [...files.keys()] };
  };

  beforeAll(async () => {
    client = join(inject("buildDir"), "client");
    shop = await createTestShop("pglite", { ssr: true });
    // The anonymous pages first, in bench/pages.ts's order (a page's cold count depends on what came before).
    const cat = (await get("/platos-de-ducha/")).body;
    const product = /href="(\/[^"/]+\.html)"/.exec(cat)?.[1];
    const frCat = /hrefLang="fr-FR" href="https?:\/\/[^/]+(\/fr\/[^"]*)"/.exec(cat)?.[1];
    if (!product || !frCat) throw new Error("the category page links no product or no French category");
    const frProduct = /href="(\/fr\/[^"]+\.html)"/.exec((await get(frCat)).body)?.[1];
    if (!frProduct) throw new Error("the French category links no product");
    // (Those two requests warm what a category render reads, as they do in bench/pages.ts.)
    for (const [name, path] of [
      ["home", "/"],
      ["category", "/platos-de-ducha/"],
      ["product", product],
      ["home fr", "/fr/"],
      ["category fr", frCat],
      ["product fr", frProduct],
    ]) {
      await measure(name, path);
    }
    // The shopper, made through the API; its mails and payment webhook done before the pages are counted.
    const http: Http = async (method, url, init = {}) => {
      const r = await shop.app.inject({ method, url, headers: init.headers, payload: init.body });
      const headers = new Headers();
      for (const [k, v] of Object.entries(r.headers)) for (const x of [v].flat()) if (x !== undefined) headers.append(k, String(x));
      return { status: r.statusCode, headers, text: r.body };
    };
    const guest = await guestCart(http);
    const shopper = await customer(http, tmpDataDir());
    await shop.services.payments.deliverWebhooks();
    await quiet();
    await measure("cart", "/cart", guest.cookie);
    await measure("checkout", "/checkout", guest.cookie);
    await measure("profile", `/profile/${shopper.id}`, shopper.cookie);
    if (process.env.BUDGETS_PRINT) {
      for (const p of pages.values()) {
        const js = scriptsAtStart(p.html);
        console.log(
          `${p.name.padEnd(12)} html ${kb(Buffer.byteLength(p.html)).toFixed(1)} KB; js ${kb(js.gzip).toFixed(1)} KB gzip in ${js.files} files; statements cold ${p.cold}, warm ${p.warm}  ${p.path}\n             ${js.names.join(" ")}`,
        );
      }
    }
  });
  afterAll(() => shop?.close());

  /** Fails with every breach of one kind, each with its figure and budget. */
  const check = (breaches: string[]) => expect(breaches, breaches.join("\n")).toEqual([]);
  const pageOf = (name: string) => {
    const p = pages.get(name);
    if (!p) throw new Error(`bench/budgets.json names a page this test does not load: ${name}`);
    return p;
  };

  it("keeps each page's JavaScript at start (gzip, files) within its budget", () => {
    const breaches: string[] = [];
    for (const [name, budget] of Object.entries(budgets.js)) {
      const js = scriptsAtStart(pageOf(name).html);
      if (kb(js.gzip) > budget.gzipKB) breaches.push(`${name}: ${kb(js.gzip).toFixed(1)} KB gzip JS at start > budget ${budget.gzipKB.toFixed(1)} KB`);
      if (js.files > budget.files) breaches.push(`${name}: ${js.files} JS files at start > budget ${budget.files} (${js.names.join(" ")})`);
    }
    check(breaches);
  });

  it("keeps each main page's HTML within its budget, in both stores", () => {
    const breaches: string[] = [];
    for (const [name, budget] of Object.entries(budgets.htmlKB)) {
      const size = kb(Buffer.byteLength(pageOf(name).html));
      if (size > budget) breaches.push(`${name}: ${size.toFixed(1)} KB HTML > budget ${budget.toFixed(1)} KB`);
    }
    check(breaches);
  });

  it("keeps each uncached page's database statements within its budget, first render and next", () => {
    const breaches: string[] = [];
    for (const [name, budget] of Object.entries(budgets.statements)) {
      const p = pageOf(name);
      if (p.cold > budget.cold) breaches.push(`${name}: ${p.cold} statements on the first render > budget ${budget.cold}`);
      if (p.warm > budget.warm) breaches.push(`${name}: ${p.warm} statements once warm > budget ${budget.warm}`);
    }
    check(breaches);
  });

  it("finds the lazily loaded view of the category and product pages among the scripts at start (vite.config.ts viewPreloads)", () => {
    // The browser fetches a route's view before hydrating whether or not the document announces it
    // (app/lib/lazy-view.tsx): counted from the document, an unannounced view would go unseen here.
    expect(scriptsAtStart(pageOf("category").html).names.some((n) => /\/category-view-[\w-]+\.js$/.test(n))).toBe(true);
    expect(scriptsAtStart(pageOf("product").html).names.some((n) => /\/product-page-[\w-]+\.js$/.test(n))).toBe(true);
  });

  it("budgets every page it measures (a page left out of bench/budgets.json is no longer guarded)", () => {
    const want = ["home", "category", "product", "cart", "checkout", "profile"];
    expect(Object.keys(budgets.js).sort()).toEqual([...want].sort());
    expect(Object.keys(budgets.statements).sort()).toEqual([...want].sort());
    expect(Object.keys(budgets.htmlKB).sort()).toEqual([...want, "home fr", "category fr", "product fr"].sort());
  });
});
