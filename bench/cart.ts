/**
 * The cart under load, with an active coupon on every cart: POST /api/cart/v1/cart-rows/ (check and
 * price a configured shower tray with valve, installation and facility from the catalog, lock the
 * cart, check stock, insert) and GET /api/cart/v1/carts/{id}/ (rows, coupon and stock in a few
 * queries, priced). autocannon, 16 connections, warm-up 3 s, then 3 runs of 10 s, median run kept;
 * on PGlite and on PostgreSQL, each on the demo catalog. Target: p99 <= 20 ms on PostgreSQL.
 * Run: `node --import tsx bench/cart.ts` (BENCH_SECONDS, BENCH_RUNS to change; BENCH_BACKENDS=postgres or
 * pglite for one backend; BENCH_ONLY=<part of a call's name>[,<another>] for some calls, e.g. "cart-rows,database work").
 *
 * The shop runs in this process (the API only, the real createShop wiring); the load comes from
 * autocannon in a child process (this file with --load), over real HTTP. Requests rotate over many
 * guest carts, each with its own X-Cart-Token, as real shoppers' carts would: 128 carts of 3 rows
 * for GET, 4096 carts for POST (BENCH_POST_CARTS; emptied before each run, so carts stay
 * shopper-sized: the bench prints how many rows they held on average at the end of the last run).
 *
 * BENCH_PGBENCH=1 (PostgreSQL): instead of the HTTP calls, splits what the add costs inside the
 * database: pgbench (c=16, -j 2, 10 s each) on the same carts calls `cart_add_row` and copies of it
 * with one part left out at a time (the answer's JSON, the stock check, the cart's update, the
 * insert), and a plain one-row insert as the server's floor.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Selection } from "../core/configurator.ts";
import { sql } from "drizzle-orm";
import { createShop } from "../server/app.ts";
import { jsonForColumns } from "../server/db/json-record.ts";
import { catalogSource, configureRow } from "../server/modules/cart/cart.configure.ts";
import { orderRows } from "../server/modules/cart/cart.schema.ts";
import { hashSecret, parseToken } from "../server/modules/cart/cart.tokens.ts";
import { loadConfig } from "../server/config.ts";
import { contextFor } from "../server/lib/request-context.ts";
import { type Backend, createPgDatabase, freePort, type LoadFigure, machine, median, postgresAvailable } from "./lib.ts";
import { fetchHttp, TRAY, traySelection } from "./shopper.ts";

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// The demo tray, configured as bench/shopper.ts does (a valve, installation and its facility).
const SLUG = TRAY;
/** Enough carts that each gets a handful of rows per run (a shopper's cart, not a warehouse). */
const POST_CARTS = Number(process.env.BENCH_POST_CARTS ?? 4096);

type AutocannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
type Target = { name: string; method: "GET" | "POST"; paths: string[]; tokens: string[]; body?: string };
export type CartBenchResult = { backend: Backend; name: string; runs: LoadFigure[]; median: LoadFigure };

/** Child process: autocannon with each request's path and token taken in turn from the lists. */
async function loadChild(spec: { url: string; seconds: number; target: Target }) {
  // autocannon ships no types; only its documented programmatic options are used.
  const { default: autocannon } = (await import("autocannon" as string)) as { default: (o: object) => Promise<AutocannonResult> };
  const { target } = spec;
  let i = 0;
  const result = await autocannon({
    url: spec.url,
    connections: CONNECTIONS,
    duration: spec.seconds,
    requests: [
      {
        method: target.method,
        setupRequest: (req: Record<string, unknown>) => {
          const k = i++ % target.tokens.length;
          return {
            ...req,
            path: target.paths[k % target.paths.length],
            headers: { "content-type": "application/json", "x-cart-token": target.tokens[k] },
            ...(target.body ? { body: target.body } : {}),
          };
        },
      },
    ],
  });
  const figure: LoadFigure = {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(JSON.stringify(figure));
}

async function load(url: string, target: Target, seconds: number): Promise<LoadFigure> {
  // The spec goes through a file: thousands of cart tokens are more than a command line holds.
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-load-"));
  const file = join(dir, "spec.json");
  writeFileSync(file, JSON.stringify({ url, seconds, target }));
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", new URL(import.meta.url).pathname, "--load", file], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as LoadFigure;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchCart(log = console.log): Promise<CartBenchResult[]> {
  const backends: Backend[] = process.env.BENCH_BACKENDS === "postgres" ? [] : ["pglite"];
  if (process.env.BENCH_BACKENDS !== "pglite") {
    if (await postgresAvailable()) backends.push("postgres");
    else log("PostgreSQL not reachable: PGlite only");
  }
  const results: CartBenchResult[] = [];
  for (const backend of backends) {
    const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-cart-"));
    const pgdb = backend === "postgres" ? await createPgDatabase() : undefined;
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SECRET: "c".repeat(48),
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    });
    // The floors, measured in the same run as the real calls: (1) the add's database work alone: the
    // same `cart_add_row` call (lock, stock, insert, the answer's reads: one round trip) with a row
    // configured once beforehand, none of the application's work (no configuration check, no
    // pricing, no JSON of the cart); (2) the HTTP floor: a route that answers at once, no database.
    let floorDb: Awaited<ReturnType<typeof createShop>>["database"]["db"] | null = null;
    let floorRow = "";
    let floorNeeds = "";
    let floorStore = 0;
    const floorPlugin = async (app: import("fastify").FastifyInstance) => {
      app.post<{ Params: { id: string } }>("/bench/floor/:id/", async (req) => {
        const id = Number(req.params.id);
        const hash = hashSecret(parseToken(req.headers["x-cart-token"] as string)!.secret);
        const res = await floorDb!.execute(
          sql`select cart_add_row(${id}::int, ${floorStore}::int, ${hash}::text, null::int, ${floorRow}::jsonb, ${floorNeeds}::jsonb) is not null as ok`,
        );
        return (res as unknown as { rows: { ok: boolean }[] }).rows[0];
      });
      app.post("/bench/http-floor/", async () => ({ ok: true }));
    };
    const shop = await createShop(config, { withSsr: false, extraApiPlugins: [floorPlugin] });
    floorDb = shop.database.db;
    try {
      const port = await freePort();
      await shop.app.listen({ port, host: "127.0.0.1" });
      const url = `http://127.0.0.1:${port}`;
      const store = await shop.services.stores.byLanguage("es");
      const ctx = contextFor(store);
      const selection = (await traySelection(fetchHttp(url))) as Selection;
      // Plenty of stock: the benchmark measures the cart, not refusals.
      await shop.database.exec("update variants set stock = 1000000; update products set stock = 1000000");
      const coupon = await shop.services.coupons.create(ctx, {
        code: "BENCH10",
        name: "Bench",
        kind: "percent",
        value: 1000,
        min_cart_amount: 0,
        valid_from: null,
        valid_to: null,
        first_purchase_only: false,
        usage_limit: null,
        per_customer_limit: null,
        single_use: false,
        email: null,
        public: true,
        active: true,
      });
      if (!coupon.ok) throw new Error(coupon.code);

      async function cartsWithCoupon(n: number, rows: number) {
        const out: { id: number; token: string }[] = [];
        for (let i = 0; i < n; i++) {
          const { cart, token } = await shop.services.cart.createCart(ctx);
          for (let r = 0; r < rows; r++) {
            const added = await shop.services.cart.addRow(ctx, token, { product: SLUG, selection });
            if (!added.ok) throw new Error(`addRow: ${added.code} ${added.message}`);
          }
          const applied = await shop.services.cart.applyCoupon(ctx, cart.id, token, "BENCH10");
          if (!applied.ok) throw new Error(`coupon: ${applied.code}`);
          out.push({ id: cart.id, token: token! });
        }
        return out;
      }
      const configured = await configureRow(ctx, catalogSource(shop.services.catalog), { product: SLUG, selection });
      if (!configured.ok) throw new Error(configured.code);
      const { stockNeeds, ...rowColumns } = configured.row;
      floorRow = JSON.stringify(jsonForColumns(orderRows, rowColumns));
      floorNeeds = JSON.stringify(stockNeeds);
      floorStore = store.id;
      const getCarts = await cartsWithCoupon(128, 3);
      const postCarts = await cartsWithCoupon(POST_CARTS, 0);
      const postIds = postCarts.map((c) => c.id).join(",");

      if (process.env.BENCH_PGBENCH && pgdb) {
        await splitInPostgres(shop, pgdb.url, postCarts, { store: store.id, row: floorRow, needs: floorNeeds, postIds }, log);
        continue;
      }
      const targets: (Target & { before?: () => Promise<void> })[] = [
        {
          name: "POST /api/cart/v1/cart-rows/",
          method: "POST",
          paths: ["/api/cart/v1/cart-rows/?store=ESDB"],
          tokens: postCarts.map((c) => c.token),
          body: JSON.stringify({ product: SLUG, selection }),
          before: () => shop.database.exec(`delete from order_rows where order_id in (${postIds})`),
        },
        {
          name: "floor: the add's database work alone (POST /api/bench/floor/{id}/)",
          method: "POST",
          paths: postCarts.map((c) => `/api/bench/floor/${c.id}/`),
          tokens: postCarts.map((c) => c.token),
          body: "{}",
          before: () => shop.database.exec(`delete from order_rows where order_id in (${postIds})`),
        },
        {
          name: "HTTP floor: a route that answers at once (POST /api/bench/http-floor/)",
          method: "POST",
          paths: ["/api/bench/http-floor/"],
          tokens: postCarts.map((c) => c.token),
          body: "{}",
        },
        {
          name: "GET /api/cart/v1/carts/{id}/",
          method: "GET",
          paths: getCarts.map((c) => `/api/cart/v1/carts/${c.id}/?store=ESDB`),
          tokens: getCarts.map((c) => c.token),
        },
      ];
      const only = process.env.BENCH_ONLY;
      // BENCH_ONLY: one part of a name, or several separated by commas.
      const parts = only?.split(",").filter(Boolean);
      for (const t of parts ? targets.filter((x) => parts.some((p) => x.name.includes(p))) : targets) {
        await t.before?.();
        await load(url, t, 3);
        const runs: LoadFigure[] = [];
        for (let i = 0; i < RUNS; i++) {
          await t.before?.();
          runs.push(await load(url, t, SECONDS));
        }
        if (t.before) {
          const r = (await shop.database.db.execute(
            sql`select (count(*)::float / ${POST_CARTS})::numeric(6,1) as n from order_rows where order_id in (${sql.raw(postIds)})`,
          )) as unknown as { rows: { n: string }[] };
          log(`  (${POST_CARTS} carts held ${r.rows[0].n} rows each on average at the end of the last run)`);
        }
        const mid = runs.find((r) => r.reqPerSec === median(runs.map((x) => x.reqPerSec))) ?? runs[0];
        results.push({ backend, name: t.name, runs, median: mid });
        log(
          `${backend} ${t.name} c=${CONNECTIONS}: ${mid.reqPerSec} req/s, p50 ${mid.p50Ms} ms, p99 ${mid.p99Ms} ms (runs: ${runs.map((r) => `${r.reqPerSec}/${r.p99Ms}`).join(", ")} req/s / p99 ms)`,
        );
        if (runs.some((r) => r.non2xx || r.errors)) log(`  !! non-2xx or errors: ${JSON.stringify(runs)}`);
      }
    } finally {
      await shop.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  log(`machine: ${JSON.stringify(machine())}`);
  return results;
}

/**
 * pgbench against the bench's database: the add's function and copies of it without one part each,
 * so that what each part costs PostgreSQL shows as the throughput it gives back.
 */
async function splitInPostgres(
  shop: Awaited<ReturnType<typeof createShop>>,
  url: string,
  carts: { id: number; token: string }[],
  o: { store: number; row: string; needs: string; postIds: string },
  log: (s: string) => void,
) {
  const db = shop.database;
  await db.exec("create table bench_carts (k int primary key, id int, hash text); create table bench_row (row jsonb, needs jsonb)");
  for (const [k, c] of carts.entries()) {
    await db.db.execute(sql`insert into bench_carts values (${k}, ${c.id}, ${hashSecret(parseToken(c.token)!.secret)})`);
  }
  await db.db.execute(sql`insert into bench_row values (${o.row}::jsonb, ${o.needs}::jsonb)`);
  const res = (await db.db.execute(sql`select pg_get_functiondef('cart_add_row'::regproc) as src`)) as unknown as { rows: { src: string }[] };
  const src = res.rows[0].src;
  // Copies of the function, each without one part (text cut from the function's own source).
  const cut = (name: string, from: RegExp, to: string) => {
    const body = src.replace(/FUNCTION public\.cart_add_row/, `FUNCTION public.${name}`);
    if (!from.test(body)) throw new Error(`${name}: part not found in cart_add_row`);
    return body.replace(from, to);
  };
  const copies: [string, string][] = [
    [
      "cart_add_no_answer",
      cut("cart_add_no_answer", /RETURN json_build_object\(\s*'ok', true,[\s\S]*?\);\s*END;/, "RETURN json_build_object('ok', true, 'row_id', new_id);\nEND;"),
    ],
    ["cart_add_no_rows", cut("cart_add_no_rows", /'rows', \(SELECT json_agg[^\n]*\n/, "'rows', '[]'::json,\n")],
    ["cart_add_no_stock", cut("cart_add_no_stock", /WITH need AS[\s\S]*?INTO covered, levels FROM level;/, "covered := true; levels := '[]'::jsonb;")],
  ];
  for (const [, def] of copies) await db.exec(def);
  await db.exec("create table bench_plain (id serial primary key, order_id int, row jsonb)");
  const call = (fn: string) =>
    `\\set k random(0, ${carts.length - 1})\nselect ${fn}(c.id, ${o.store}, c.hash, null, b.row, b.needs) from bench_carts c, bench_row b where c.k = :k;\n`;
  const scripts: [string, string][] = [
    ["cart_add_row (as the shop calls it)", call("cart_add_row")],
    ["without the answer's JSON (cart, rows, coupon)", call("cart_add_no_answer")],
    ["without the stock check", call("cart_add_no_stock")],
    ["without the rows in the answer", call("cart_add_no_rows")],
    [
      "floor: one plain insert of the same row JSON",
      `\\set k random(0, ${carts.length - 1})\ninsert into bench_plain (order_id, row) select c.id, b.row from bench_carts c, bench_row b where c.k = :k;\n`,
    ],
  ];
  const sizes = (await db.db.execute(
    sql`select count(*)::int as n, avg(pg_column_size(r.*))::int as row_bytes, avg(pg_column_size(selection) + pg_column_size(lines) + pg_column_size(summary))::int as json_bytes, avg(length(to_jsonb(r)::text))::int as as_text from order_rows r`,
  )) as unknown as { rows: unknown[] };
  log(`rows already in carts: ${JSON.stringify(sizes.rows[0])}; the added row as JSON: ${o.row.length} characters`);
  const dir = mkdtempSync(join(tmpdir(), "shop-pgbench-"));
  const pgbench = ["/usr/lib/postgresql/15/bin/pgbench", "pgbench"].find((p) => p === "pgbench" || existsSync(p))!;
  try {
    for (const [name, script] of scripts) {
      await db.exec(`delete from order_rows where order_id in (${o.postIds})`);
      const file = join(dir, "s.sql");
      writeFileSync(file, script);
      const perCart = async () => {
        const r = (await db.db.execute(
          sql`select (count(*)::float / ${carts.length})::numeric(6,1) as n from order_rows where order_id in (select id from bench_carts)`,
        )) as unknown as { rows: { n: string }[] };
        return r.rows[0].n;
      };
      const { stdout } = await run(pgbench, ["-n", "-c", "16", "-j", "2", "-T", String(SECONDS), "-r", "-f", file, url]);
      const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
      const lat = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
      log(`pgbench c=16 ${name}: ${Math.round(Number(tps))} tps, latency average ${lat} ms (rows per cart at the end: ${await perCart()})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--load") {
  loadChild(JSON.parse(readFileSync(process.argv[3], "utf8"))).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchCart().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
