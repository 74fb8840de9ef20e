/**
 * Placing an order end to end, paid by card in the sandbox, at c=8 on PostgreSQL (and PGlite):
 * 1. POST /api/checkout/v1/place_order/ (card): the cart locked, priced again, stock taken,
 *    prices frozen, the payment session opened;
 * 2. POST /sandbox-pay/{id} with the test card 4111 1111 1111 1111 (the provider's page);
 * 3. POST /api/payment/v1/sandbox/payments/details/ with the redirectResult (the shopper's
 *    return): the order is paid (sub-orders, mails queued) exactly once.
 * The sandbox's webhook then arrives for each order (through the shop's own HTTP stack) and is
 * found a duplicate: that work is part of the load too.
 *
 * Carts (one configured tray each) are prepared before the clock starts; 8 workers in a child
 * process each take the next cart and walk the three steps over real HTTP. Figures: orders per
 * second, and p50/p99 of the whole walk and of place_order alone. Run:
 * `node --import tsx bench/checkout.ts` (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_BACKENDS).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createShop } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { contextFor } from "../server/lib/request-context.ts";
import { type Backend, createPgDatabase, freePort, machine, postgresAvailable } from "./lib.ts";

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SLUG = "plato-de-ducha-de-resina-ibiza-textura-pizarra";

type Cart = { token: string; total: number };
type Figures = {
  orders: number;
  seconds: number;
  ordersPerSec: number;
  walk: { p50: number; p99: number };
  place: { p50: number; p99: number };
  failures: number;
  sample: string[];
};
export type CheckoutBenchResult = { backend: Backend; figures: Figures };

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};

/** Child process: CONNECTIONS workers walking the three steps until the time is up. */
async function loadChild(spec: { url: string; seconds: number; carts: Cart[] }) {
  const { url, carts } = spec;
  let next = 0;
  const walks: number[] = [];
  const places: number[] = [];
  const sample: string[] = [];
  let failures = 0;
  const deadline = Date.now() + spec.seconds * 1000;
  const fail = (m: string) => {
    failures++;
    if (sample.length < 5) sample.push(m.slice(0, 300));
  };
  async function walk(cart: Cart, i: number) {
    const t0 = performance.now();
    const placed = await fetch(`${url}/api/checkout/v1/place_order/?store=ESDB`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-cart-token": cart.token },
      body: JSON.stringify({
        idempotency_key: `bench-${process.pid}-${i}-${Math.random().toString(36).slice(2, 10)}`,
        expected_total: cart.total,
        name: "Marta",
        surnames: "Gil",
        phone: "612345678",
        email: `marta.${i}@example.es`,
        shipping_address: "Calle Alcalá",
        shipping_number: "1",
        shipping_postal_code: "28014",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_business_name: "Marta Gil",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "card",
      }),
    });
    const t1 = performance.now();
    if (placed.status !== 201) return fail(`place ${placed.status} ${await placed.text()}`);
    const { payment } = (await placed.json()) as { payment: { type: string; url: string } };
    const page = new URL(payment.url);
    const paid = await fetch(`${url}${page.pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams({ action: "card", number: "4111111111111111", expiry: "12/39", cvc: "123", holder: "Marta Gil" }).toString(),
    });
    if (paid.status !== 303) return fail(`pay ${paid.status} ${await paid.text()}`);
    const redirectResult = new URL(paid.headers.get("location")!).searchParams.get("redirectResult")!;
    const details = await fetch(`${url}/api/payment/v1/sandbox/payments/details/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ details: { redirectResult } }),
    });
    const body = (await details.json()) as { resultCode?: string };
    if (details.status !== 200 || body.resultCode !== "Authorised") return fail(`details ${details.status} ${JSON.stringify(body)}`);
    walks.push(performance.now() - t0);
    places.push(t1 - t0);
  }
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline && next < carts.length) {
        const i = next++;
        await walk(carts[i], i).catch((e) => fail(String(e)));
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const figures: Figures = {
    orders: walks.length,
    seconds: Math.round(seconds * 10) / 10,
    ordersPerSec: Math.round((walks.length / seconds) * 10) / 10,
    walk: { p50: pct(walks, 50), p99: pct(walks, 99) },
    place: { p50: pct(places, 50), p99: pct(places, 99) },
    failures,
    sample,
  };
  process.stdout.write(JSON.stringify(figures));
}

export async function benchCheckout(log = console.log): Promise<CheckoutBenchResult[]> {
  const backends: Backend[] = process.env.BENCH_BACKENDS === "postgres" ? [] : ["pglite"];
  if (process.env.BENCH_BACKENDS !== "pglite" && (await postgresAvailable())) backends.push("postgres");
  else log("PostgreSQL not reachable: PGlite only");
  const results: CheckoutBenchResult[] = [];
  for (const backend of backends) {
    const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-checkout-"));
    const pgdb = backend === "postgres" ? await createPgDatabase() : undefined;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SECRET: "c".repeat(48),
      PUBLIC_URL: url,
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    });
    const shop = await createShop(config, { withSsr: false });
    try {
      await shop.app.listen({ port, host: "127.0.0.1" });
      const store = await shop.services.stores.byLanguage("es");
      const ctx = contextFor(store);
      await shop.database.exec("update variants set stock = 1000000; update products set stock = 1000000");
      const product = await shop.services.catalog.productBySlug(ctx, SLUG);
      const attributes = (await shop.services.catalog.productAttributes(ctx, SLUG)) ?? [];
      if (!product) throw new Error(`no ${SLUG} in the demo catalog`);
      const options = Object.fromEntries(product.variants[0].options.map((o) => [String(attributes.find((a) => a.options.some((x) => x.id === o))!.id), o]));
      const selection = { quantity: 1, options, ranges: {}, texts: {}, complements: {} };
      // More carts than 8 workers can place in the time (about 60/s at most here).
      const n = Math.max(200, SECONDS * 60);
      const carts: Cart[] = [];
      for (let i = 0; i < n; i++) {
        const { token } = await shop.services.cart.createCart(ctx);
        const added = await shop.services.cart.addRow(ctx, token, { product: SLUG, selection });
        if (!added.ok) throw new Error(`addRow: ${added.code}`);
        carts.push({ token: token!, total: added.cart.prices.pvp_total });
      }
      log(`${backend}: ${n} carts ready`);
      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", new URL(import.meta.url).pathname, "--load", JSON.stringify({ url, seconds: SECONDS, carts })],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const figures = JSON.parse(stdout) as Figures;
      await shop.services.payments.deliverWebhooks();
      const [{ paid, events }] = (
        (await shop.database.db.execute(
          "select (select count(*) from orders where status = 400)::int as paid, (select count(*) from payment_events)::int as events" as never,
        )) as unknown as { rows: { paid: number; events: number }[] }
      ).rows;
      results.push({ backend, figures });
      log(
        `${backend} c=${CONNECTIONS}: ${figures.ordersPerSec} orders/s (${figures.orders} in ${figures.seconds} s); whole walk p50 ${figures.walk.p50} ms, p99 ${figures.walk.p99} ms; place_order p50 ${figures.place.p50} ms, p99 ${figures.place.p99} ms; failures ${figures.failures}; paid orders ${paid}, payment events ${events}`,
      );
      if (figures.sample.length) log(`  failures: ${figures.sample.join("\n  ")}`);
    } finally {
      await shop.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  log(`machine: ${JSON.stringify(machine())}`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv[2] === "--load") await loadChild(JSON.parse(process.argv[3]));
  else await benchCheckout();
}
