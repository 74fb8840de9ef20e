/**
 * The back office's order list at 100,000 orders: creates a PostgreSQL database of its own on the
 * TEST_DATABASE_URL server (dropped at the end), fills it with INSERT … SELECT generate_series
 * (orders, one or two rows each, packages, some refunds), then times GET /api/admin/v1/orders/
 * through app.inject (the real route: permission check, validation, SQL, response check off in
 * production) with typical filters. Goal: p95 <= 100 ms.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/admin-orders.ts [orders] [iterations]
 * BENCH_DB=name keeps the database (EXPLAIN, later runs).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedStores } from "../seed/stores.ts";
import { createShop } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";

const N = Number(process.argv[2] ?? 100_000);
const ITER = Number(process.argv[3] ?? 100);
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const log = (s: string) => process.stdout.write(`${s}\n`);

async function admin(q: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function main() {
  const keep = process.env.BENCH_DB;
  const name = keep ?? `bench_admin_orders_${randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let fresh = true;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (e) {
    if (!keep) throw e;
    fresh = false;
  }
  try {
    if (fresh) {
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await migrate(database);
      await seedStores(database.db);
      await database.close();
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      const t0 = performance.now();
      await c.query(`
        INSERT INTO orders (store_id, status, order_number, email, name, surnames, phone, shipping_postal_code, payment_method_selected,
                            placed_at, created_at, paid_at, professional, coupon_code, total, payment_reference, language)
        SELECT (SELECT id FROM stores ORDER BY id LIMIT 1 OFFSET (CASE WHEN g % 5 = 0 THEN 1 ELSE 0 END)),
               (ARRAY[300, 400, 450, 500, 600, 650, 650, 650, 700, 800])[1 + g % 10],
               'B' || lpad(g::text, 7, '0'),
               'cliente' || g || '@ejemplo' || (g % 50) || '.es',
               (ARRAY['Lucía','Marta','Pedro','Juan','Ana','Jean','Marie','Carlos'])[1 + g % 8],
               (ARRAY['García','Martín','Ruiz','López','Dupont','Sánchez'])[1 + g % 6] || ' ' || g,
               '6' || lpad((g * 7919 % 100000000)::text, 8, '0'),
               lpad((1000 + g % 52000)::text, 5, '0'),
               (ARRAY['card','transfer','bizum','paypal','klarna_account','card','card','googlePay'])[1 + g % 8],
               now() - (g * interval '5 minutes'), now() - (g * interval '5 minutes'),
               CASE WHEN g % 10 = 0 THEN NULL ELSE now() - (g * interval '5 minutes') END,
               g % 7 = 0,
               CASE WHEN g % 13 = 0 THEN 'VERANO10' ELSE NULL END,
               5000 + (g * 37 % 200000),
               'ESDB-bench-' || g || '-' || md5(g::text),
               'es'
        FROM generate_series(1, ${N}) g`);
      await c.query(`
        INSERT INTO order_rows (order_id, product_id, selection, lines, summary, quantity, name, ref, product_slug, product_ref, product_type, unit_pvp, shipping_amount)
        SELECT o.id, 1, '{}'::jsonb,
               CASE WHEN o.id % 4 = 0 THEN '[{"kind":"service","id":"installation-complement","name":"Instalación","ref":"INST","quantity":1,"unit":30250,"follows":true}]'::jsonb ELSE '[]'::jsonb END,
               '[]'::jsonb, 1 + o.id % 2, 'Plato de ducha', 'PD-RES-' || (o.id % 500), 'plato', 'PD-RES-' || (o.id % 500), 'plato', 19900, 0
        FROM orders o`);
      await c.query(`
        INSERT INTO sub_orders (order_id, package, status)
        SELECT o.id, 1, CASE o.status WHEN 600 THEN 600 WHEN 650 THEN 700 WHEN 800 THEN 800 WHEN 700 THEN 500 ELSE 100 END
        FROM orders o WHERE o.status >= 400`);
      await c.query(`
        INSERT INTO payment_refunds (order_id, reference, provider, amount, idempotency_key, status)
        SELECT o.id, o.payment_reference, 'test', CASE WHEN o.status = 700 THEN o.total ELSE o.total / 3 END, 'bench-' || o.id, 'refunded'
        FROM orders o WHERE o.status IN (700, 800)`);
      await c.query("ANALYZE");
      await c.end();
      log(`filled ${N} orders in ${Math.round(performance.now() - t0)} ms`);
    }

    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: mkdtempSync(join(tmpdir(), "shop-bench-admin-orders-")),
      LOG_LEVEL: "silent",
      SECRET: "b".repeat(48),
      DATABASE_URL: url.toString(),
      SEED_ON_START: "off",
    });
    const shop = await createShop(config, { withSsr: false });
    try {
      const { member } = await shop.services.staff.createForTests({ email: `bench-${Date.now()}@ejemplo.es`, role: "manager", password: "bench-password-123" });
      const token = await shop.services.staff.sessionForTests(member.id);
      const headers = { authorization: `Bearer ${token}` };
      const cases: [string, string][] = [
        ["newest first (no filter)", ""],
        ["status 650 + date range", "status=650&from=2024-01-01&to=2030-12-31"],
        ["status 400,450 + ESDB", "status=400,450&store=ESDB"],
        ["search by e-mail", "q=cliente4242@ejemplo42.es"],
        ["search by name", "q=martín 777"],
        ["search by product ref", "q=PD-RES-42"],
        ["payment method bizum", "method=bizum"],
        ["payment refunded", "payment=refunded"],
        ["shipping partial", "shipping=partial"],
        ["by total desc, page 2", "sort=total&dir=desc&after=PAGE2"],
        ["installation + professional", "installation=true&professional=true"],
      ];
      const rows: { name: string; p50: number; p95: number; results: number; count: string }[] = [];
      for (const [label, qs0] of cases) {
        let qs = qs0;
        if (qs.includes("PAGE2")) {
          const first = await shop.app.inject({ method: "GET", url: "/api/admin/v1/orders/?sort=total&dir=desc", headers });
          qs = qs.replace("PAGE2", encodeURIComponent(first.json().next));
        }
        const times: number[] = [];
        let last: { results: unknown[]; count?: number; count_capped?: boolean } | null = null;
        for (let i = 0; i < ITER + 5; i++) {
          const t = performance.now();
          const res = await shop.app.inject({ method: "GET", url: `/api/admin/v1/orders/?${qs}`, headers });
          const ms = performance.now() - t;
          if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (i >= 5) times.push(ms);
          last = res.json();
        }
        times.sort((a, b) => a - b);
        const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
        rows.push({
          name: label,
          p50: pct(50),
          p95: pct(95),
          results: last!.results.length,
          count: last!.count === undefined ? "—" : `${last!.count}${last!.count_capped ? "+" : ""}`,
        });
      }
      log(`\nGET /api/admin/v1/orders/ on ${N} orders (PostgreSQL, app.inject, ${ITER} runs each, 50 per page)\n`);
      log("| case | p50 ms | p95 ms | rows | count |");
      log("|---|---:|---:|---:|---:|");
      for (const r of rows) log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.results} | ${r.count} |`);
      const worst = Math.max(...rows.map((r) => r.p95));
      log(`\nworst p95: ${worst.toFixed(1)} ms (goal <= 100 ms): ${worst <= 100 ? "OK" : "OVER"}`);
    } finally {
      await shop.close();
    }
  } finally {
    if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
