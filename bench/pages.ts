/**
 * Weight and data work of the storefront's uncached pages (issue 12), deterministic: no load.
 * For each page: raw HTML bytes (goal: category <= 80 KB, home <= 90 KB, product <= 90 KB, and
 * the product's 90 KB for the cart, checkout and profile pages), brotli and gzip bytes, what the
 * document is made of (loader data, messages, class attributes, JSON-LD, pictures) and the
 * database queries one render runs once warm (goal: product <= 8, home <= 6; the shopper's pages
 * are reported without a goal), the cold first render too.
 *
 * The catalog pages, and the cart, checkout and login as an anonymous visitor with no cart
 * ("(empty)"), are loaded as that visitor; then the pages as a shopper sees them (bench/shopper.ts,
 * made through the shop's API once those are measured): the cart and the checkout with a guest's cart
 * of two rows (a shower tray configured with a valve and the installation service, and a tap), and
 * the profile pages of a logged-in customer with two addresses, two favourites and one paid order
 * (profile home, orders, that order, addresses, favourites).
 *
 * The shop runs in this process (createShop, PAGE_CACHE=off, NODE_ENV=production) on a fresh
 * PostgreSQL database (or PGlite with BENCH_DB=pglite), so queries are counted at the driver.
 *
 *   BUILD_DIR=build node --import tsx bench/pages.ts [--json out.json]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createShop } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { countQueries } from "../server/test/query-counter.ts";
import { createPgDatabase, postgresAvailable, storefrontBuild } from "./lib.ts";
import { customer, guestCart, type Http, shopperPages } from "./shopper.ts";

/** The cart, checkout and profile pages take the product page's budget (issue 12). */
const SHOPPER_HTML_KB = 90;
export const HTML_GOALS_KB: Record<string, number> = {
  home: 90,
  category: 80,
  product: 90,
  cart: SHOPPER_HTML_KB,
  checkout: SHOPPER_HTML_KB,
  profile: SHOPPER_HTML_KB,
  "profile orders": SHOPPER_HTML_KB,
  "profile order": SHOPPER_HTML_KB,
  "profile addresses": SHOPPER_HTML_KB,
  "profile favourites": SHOPPER_HTML_KB,
};
export const QUERY_GOALS: Record<string, number> = { home: 6, product: 8 };

export type PageFigure = {
  name: string;
  path: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  brBytes: number;
  loaderDataBytes: number;
  messagesBytes: number;
  classBytes: number;
  jsonLdBytes: number;
  pictureBytes: number;
  queriesCold: number;
  queriesWarm: number;
};

const sum = (html: string, re: RegExp) => {
  let n = 0;
  for (const m of html.matchAll(re)) n += m[0].length;
  return n;
};

export function anatomy(html: string) {
  return {
    loaderDataBytes: sum(html, /<script[^>]*>[^<]*__reactRouter(Context|RouteModules)[\s\S]*?<\/script>/g),
    messagesBytes: sum(html, /<script id="i18n-[^"]*"[^>]*>[\s\S]*?<\/script>/g),
    classBytes: sum(html, / class="[^"]*"/g),
    jsonLdBytes: sum(html, /<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g),
    pictureBytes: sum(html, /<picture>[\s\S]*?<\/picture>/g),
  };
}

/** Resolves once no statement has been sent for 500 ms (background jobs done), or after 15 s. */
async function quiet(queries: { on: boolean; count: number }) {
  for (let i = 0; i < 30; i++) {
    queries.on = true;
    queries.count = 0;
    await new Promise((r) => setTimeout(r, 500));
    queries.on = false;
    if (queries.count === 0) return;
  }
}

async function main() {
  const jsonOut = process.argv.includes("--json") ? process.argv[process.argv.indexOf("--json") + 1] : undefined;
  const queries = countQueries();
  const usePg = process.env.BENCH_DB !== "pglite" && (await postgresAvailable());
  const dataDir = mkdtempSync(join(tmpdir(), "bench-pages-"));
  const pgdb = usePg ? await createPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    BUILD_DIR: process.env.BUILD_DIR ?? storefrontBuild(),
    PAGE_CACHE: "off",
    LOG_LEVEL: "warn",
    SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  const shop = await createShop(config);
  const get = async (url: string, cookie?: string) => {
    const r = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } });
    return { status: r.statusCode, body: r.body };
  };
  // The shopper is made through the API, in this process too.
  const http: Http = async (method, url, init = {}) => {
    const r = await shop.app.inject({ method, url, headers: init.headers, payload: init.body });
    const headers = new Headers();
    for (const [k, v] of Object.entries(r.headers)) for (const x of [v].flat()) if (x !== undefined) headers.append(k, String(x));
    return { status: r.statusCode, headers, text: r.body };
  };
  try {
    const cat = await get("/platos-de-ducha/");
    const product = /href="(\/[^"/]+\.html)"/.exec(cat.body)?.[1] ?? "/";
    const frCat = /hrefLang="fr-FR" href="https?:\/\/[^/]+(\/fr\/[^"]*)"/.exec(cat.body)?.[1] ?? "/fr/";
    const frCatHtml = (await get(frCat)).body;
    const frProduct = /href="(\/fr\/[^"]+\.html)"/.exec(frCatHtml)?.[1] ?? "/fr/";
    const pages: [string, string][] = [
      ["home", "/"],
      ["category", "/platos-de-ducha/"],
      ["product", product],
      ["home fr", "/fr/"],
      ["category fr", frCat],
      ["product fr", frProduct],
      ["brands", "/marcas"],
      ["offers", "/ofertas"],
      ["search", "/buscar?q=plato"],
      ["cart (empty)", "/cart"],
      ["checkout (empty)", "/checkout"],
      ["login", "/login"],
    ];
    const figures: PageFigure[] = [];
    const measure = async (name: string, path: string, cookie?: string) => {
      queries.on = true;
      queries.count = 0;
      await get(path, cookie);
      const cold = queries.count;
      queries.count = 0;
      const r = await get(path, cookie);
      const warm = queries.count;
      queries.on = false;
      const buf = Buffer.from(r.body);
      figures.push({
        name,
        path,
        status: r.status,
        rawBytes: buf.length,
        gzipBytes: gzipSync(buf, { level: 6 }).length,
        brBytes: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        ...anatomy(r.body),
        queriesCold: cold,
        queriesWarm: warm,
      });
    };
    for (const [name, path] of pages) await measure(name, path);
    // The shopper after the anonymous pages: making one queues mails and a payment webhook, whose
    // background work would be counted in a render's queries. Wait until the database is quiet.
    const guest = await guestCart(http);
    const shopper = await customer(http, dataDir);
    await shop.services.payments.deliverWebhooks();
    await quiet(queries);
    for (const p of shopperPages(guest, shopper)) await measure(p.name, p.path, p.cookie);
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(
      `database: ${usePg ? "PostgreSQL" : "PGlite"}; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(", ")}`,
    );
    console.log(`shopper: a guest cart of ${guest.rows} rows (${(guest.total / 100).toFixed(2)} EUR); customer ${shopper.id} with order ${shopper.orderId}`);
    console.log("page               status  raw KB  gzip  br   | loader  msgs  class  ld+json  pictures | queries cold/warm  path");
    for (const f of figures) {
      const goal = HTML_GOALS_KB[f.name];
      const qgoal = QUERY_GOALS[f.name];
      console.log(
        `${f.name.padEnd(18)} ${f.status}    ${kb(f.rawBytes).padStart(6)} ${kb(f.gzipBytes).padStart(5)} ${kb(f.brBytes).padStart(5)} | ${kb(f.loaderDataBytes).padStart(6)} ${kb(f.messagesBytes).padStart(5)} ${kb(f.classBytes).padStart(6)} ${kb(f.jsonLdBytes).padStart(7)} ${kb(f.pictureBytes).padStart(9)} | ${String(f.queriesCold).padStart(5)}/${String(f.queriesWarm).padEnd(5)}${goal ? ` html<=${goal}KB ${f.rawBytes <= goal * 1024 ? "met" : "NOT MET"}` : ""}${qgoal ? ` queries<=${qgoal} ${f.queriesWarm <= qgoal ? "met" : "NOT MET"}` : ""}  ${f.path}`,
      );
    }
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ loadAverage: loadavg(), figures }, null, 2));
  } finally {
    await shop.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
