import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, inject, it } from "vitest";
import { formatPrice } from "../core/money.ts";
import { newToken, sha256 } from "./modules/staff/staff.crypto.ts";
import { type PgInstance, pgInstanceMissing, startPgInstance } from "./test/pg-instance.ts";
import { startSmtp, type TestSmtp } from "./test/smtp.ts";
import { freePort, ROOT, type ShopProcess, spawnShop, waitFor200 } from "./test/spawn-shop.ts";

/**
 * Issue 39's fault suite ("Done when"): its own PostgreSQL server (initdb in a temporary folder,
 * a free loopback port), three copies of the shop on it as the README's "Several copies" runs them
 * (same SECRET, SMTP_URL to one relay, STORAGE=postgres, a DATA_DIR each, page cache on,
 * production), deploy/nginx.conf in front of them, and a mixed load through nginx (pages, API,
 * cart adds, checkouts paid in the sandbox) while PostgreSQL restarts once, one copy is killed
 * with SIGKILL and started again, and another is stopped with SIGTERM and started again.
 * Then what a shop owner would check: no copy exited on its own, no 500, every order once, paid
 * orders = payment events = invoices, no gap in the invoice numbers, the stock conserved, every
 * mail received once, a price changed by SQL on every copy within 1 s, a photo uploaded through
 * one copy read by staff through the others. docs/decisions/054.
 *
 * Needs nginx and PostgreSQL's server binaries; without them it says why and does not run, except
 * in CI (REQUIRE_FAULTS=1, set by .ci/run), where a missing requirement fails.
 */
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const MISSING = !NGINX ? "no nginx (apt-get install -y nginx)" : pgInstanceMissing();
const REQUIRED = process.env.REQUIRE_FAULTS === "1";
if (MISSING && !REQUIRED) console.warn(`fault suite not run: ${MISSING}`);

const SLUG = "plato-de-ducha-de-resina-ibiza-textura-pizarra";
const FRESH = "grifo-de-lavabo-monomando-mistral";
const NEW_PRICE = 12_345;
const LOAD_MS = 36_000;
const WORKERS = 6;
const EMAIL = (n: string) => `fault.${n}@example.es`;
const shown = (cents: number) => formatPrice(cents, "es-ES").replace(/\s/g, " ");
const norm = (html: string) => html.replace(/\s|&nbsp;|&#160;/g, " ");

type Hit = { method: string; path: string; status: number; start: number; end: number; error?: string; retryAfter?: string | null };
type Copy = { name: string; port: number; dir: string; proc: ShopProcess };

// In CI a missing requirement is a failure, never a silent skip.
if (MISSING && REQUIRED) {
  describe("fault suite requirements (REQUIRE_FAULTS=1)", () => {
    it("nginx and PostgreSQL's server binaries are installed", () => {
      throw new Error(`the fault suite cannot run: ${MISSING}`);
    });
  });
}

describe.runIf(!MISSING)("fault suite: three copies behind nginx, PostgreSQL restarted, copies killed and stopped under load", () => {
  let server: PgInstance | undefined;
  let smtp: TestSmtp | undefined;
  let nginx: ChildProcess | undefined;
  let nginxDir = "";
  const copies: Copy[] = [];
  const all: ShopProcess[] = [];
  afterAll(async () => {
    for (const p of all) await p.stop("SIGKILL");
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((ok) => nginx?.once("exit", ok));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await smtp?.close();
    await server?.stop();
    for (const c of copies) rmSync(c.dir, { recursive: true, force: true });
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  });

  it("keeps every order, payment, invoice, unit and mail exact; never a 500; fresh prices and shared photos", async () => {
    // ---- PostgreSQL of its own, one relay, three copies, nginx
    server = await startPgInstance();
    {
      const admin = new pg.Client({ connectionString: server.url() });
      await admin.connect();
      await admin.query("CREATE DATABASE shop");
      await admin.end();
    }
    const dbUrl = server.url("shop");
    /** One query on a fresh connection (the server restarts under the test's feet). */
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        return (await c.query(text, values)).rows as T[];
      } finally {
        await c.end();
      }
    };
    smtp = await startSmtp();
    // Four distinct ports: a free port is only free until someone binds it, and nginx binds its own
    // after the copies started (a copy on nginx's port would take every request, nginx none).
    const taken = new Set<number>();
    const distinctPort = async () => {
      for (;;) {
        const p = await freePort();
        if (!taken.has(p)) {
          taken.add(p);
          return p;
        }
      }
    };
    const nginxPort = await distinctPort();
    const base = `http://127.0.0.1:${nginxPort}`;
    const secret = randomBytes(32).toString("hex");
    /** Processes stopped on purpose; any other exit is a failure. */
    const expected = new Set<ShopProcess>();
    const unexpected: string[] = [];
    const launch = (c: Omit<Copy, "proc">): ShopProcess => {
      const proc = spawnShop({
        PORT: String(c.port),
        DATABASE_URL: dbUrl,
        DATABASE_POOL_SIZE: "8",
        SECRET: secret,
        SMTP_URL: smtp!.url,
        STORAGE: "postgres",
        DATA_DIR: c.dir,
        PAGE_CACHE: "on",
        PUBLIC_URL: base,
        TRUST_PROXY: "loopback",
        BUILD_DIR: inject("buildDir"),
        LOG_LEVEL: "warn",
        SHUTDOWN_READY_GRACE_MS: "1000",
      });
      all.push(proc);
      proc.exited.then((code) => {
        if (!expected.has(proc)) unexpected.push(`${c.name} exited by itself (${code}):\n${proc.output().slice(-3000)}`);
      });
      return proc;
    };
    for (const name of ["a", "b", "c"]) {
      const port = await distinctPort();
      const dir = mkdtempSync(join(tmpdir(), `shop-fault-${name}-`));
      copies.push({ name, port, dir, proc: undefined as unknown as ShopProcess });
    }
    // The three start together on the empty database: migrations and the demo data run once.
    for (const c of copies) c.proc = launch(c);
    await Promise.all(copies.map((c) => waitFor200(c.proc, "/readyz", 240_000)));

    nginxDir = mkdtempSync(join(tmpdir(), "shop-fault-nginx-"));
    for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(nginxDir, d));
    const example = readFileSync(join(ROOT, "deploy", "nginx.conf"), "utf8");
    const site = example
      .replace(/server 10\.0\.0\.11:3000([^;]*);/, (_m, rest) => `server 127.0.0.1:${copies[0].port}${rest};\n    server 127.0.0.1:${copies[2].port}${rest};`)
      .replace(/server 10\.0\.0\.12:3000/, `server 127.0.0.1:${copies[1].port}`)
      .replace(/listen 80;/, `listen 127.0.0.1:${nginxPort};`);
    for (const c of copies) expect(site).toContain(`server 127.0.0.1:${c.port} max_fails=3 fail_timeout=10s;`);
    writeFileSync(join(nginxDir, "shop.conf"), site);
    writeFileSync(
      join(nginxDir, "nginx.conf"),
      `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  include ${nginxDir}/shop.conf;
}
`,
    );
    nginx = spawn(NGINX!, ["-p", nginxDir, "-e", join(nginxDir, "error.log"), "-c", join(nginxDir, "nginx.conf")], { stdio: "ignore" });
    let nginxExit = "";
    nginx.once("exit", (code, signal) => {
      nginxExit = `nginx exited (${code ?? signal}): ${existsSync(join(nginxDir, "error.log")) ? readFileSync(join(nginxDir, "error.log"), "utf8").slice(-2000) : ""}`;
    });
    await expect
      .poll(
        () =>
          fetch(`${base}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 20_000, interval: 50 },
      )
      .toBe(200);

    // ---- the product every checkout buys: its variant with the most units, stock for the run
    const api = async (path: string, init: RequestInit = {}) => fetch(`${base}/api${path}`, init);
    const product = await (await api(`/catalog/v1/products/${SLUG}/retrieve_by_slug/`)).json();
    const attributes = (await (await api(`/catalog/v1/products/${SLUG}/attributes/`)).json()).results;
    const variant = [...product.variants].sort((x: { stock: number }, y: { stock: number }) => y.stock - x.stock)[0] as { id: number; options: number[] };
    const options = Object.fromEntries(
      variant.options.map((o) => [String(attributes.find((a: { options: { id: number }[] }) => a.options.some((x) => x.id === o)).id), o]),
    );
    const selection = { quantity: 1, options, ranges: {}, texts: {}, complements: {} };
    await q("update variants set stock = 5000 where id = $1", [variant.id]);
    /** Units of the variant on the shelf plus units in live orders (placed, paid, in preparation, shipped): constant. */
    const units = async () => {
      const [r] = await q<{ stock: number; sold: number }>(
        `select (select stock from variants where id = $1)::int as stock,
          coalesce((select sum(r.quantity) from order_rows r join orders o on o.id = r.order_id
            where r.variant_id = $1 and o.status in (300, 400, 450, 500, 600, 650)), 0)::int as sold`,
        [variant.id],
      );
      return r;
    };
    const units0 = await units();

    // ---- the load
    const hits: Hit[] = [];
    let forwarded = 0;
    const http = async (method: "GET" | "POST", path: string, init: { headers?: Record<string, string>; body?: string } = {}) => {
      const start = Date.now();
      // Each shopper its own address (nginx appends its own; the copies trust loopback): the
      // per-address throttles see customers, as behind a real balancer.
      const headers = { "x-forwarded-for": `10.9.${(forwarded >> 8) & 255}.${forwarded++ & 255}`, ...init.headers };
      try {
        const r = await fetch(base + path, { method, headers, body: init.body, redirect: "manual" });
        const text = await r.text();
        hits.push({
          method,
          path,
          status: r.status,
          start,
          end: Date.now(),
          ...(r.status >= 500 ? { error: text.slice(0, 200), retryAfter: r.headers.get("retry-after") } : {}),
        });
        return { status: r.status, headers: r.headers, text };
      } catch (e) {
        hits.push({ method, path, status: 0, start, end: Date.now(), error: `${e} ${(e as { cause?: { code?: string } }).cause?.code ?? ""}` });
        return { status: 0, headers: new Headers(), text: "" };
      }
    };
    const json = { "content-type": "application/json" };
    /** Orders the shop answered 201/200 for: id -> the guest's cart token. */
    const placed = new Map<number, { token: string; email: string }>();
    /** Checkouts whose answer never came (the copy died or the database went away mid-request). */
    let unknownPlacements = 0;
    let paidByReturn = 0;
    let n = 0;
    const retrying = async (fn: () => Promise<{ status: number; text: string; headers: Headers }>, ok: (s: number) => boolean) => {
      // A shopper's browser trying again after a 502/503 or a cut connection; at most ~8 s.
      for (let i = 0; i < 16; i++) {
        const r = await fn();
        if (ok(r.status) || (r.status > 0 && r.status < 500)) return r;
        await new Promise((res) => setTimeout(res, 500));
      }
      return null;
    };
    const checkout = async () => {
      const i = `${process.pid}-${n++}-${randomBytes(3).toString("hex")}`;
      const add = await http("POST", "/api/cart/v1/cart-rows/", { headers: json, body: JSON.stringify({ product: SLUG, selection }) });
      if (add.status !== 201) return;
      const cart = JSON.parse(add.text) as { cart_token: string; cart: { prices: { pvp_total: number } } };
      const body = JSON.stringify({
        idempotency_key: `fault-${i}`,
        expected_total: cart.cart.prices.pvp_total,
        name: "Marta",
        surnames: "Gil",
        phone: "612345678",
        email: EMAIL(i),
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
      });
      const headers = { ...json, "x-cart-token": cart.cart_token };
      // The same idempotency key again after no answer: the shop answers the first order.
      const place = await retrying(
        () => http("POST", "/api/checkout/v1/place_order/", { headers, body }),
        (s) => s === 201 || s === 200,
      );
      if (!place) {
        unknownPlacements++;
        return;
      }
      if (place.status !== 201 && place.status !== 200) return;
      const answer = JSON.parse(place.text) as { order: { id: number }; payment: { url: string } };
      placed.set(answer.order.id, { token: cart.cart_token, email: EMAIL(i) });
      const page = new URL(answer.payment.url);
      const form = new URLSearchParams({ action: "card", number: "4111111111111111", expiry: "12/39", cvc: "123", holder: "Marta Gil" }).toString();
      const paid = await retrying(
        () => http("POST", page.pathname, { headers: { "content-type": "application/x-www-form-urlencoded", origin: base }, body: form }),
        (s) => s === 303,
      );
      if (paid?.status !== 303) return;
      const redirectResult = new URL(paid.headers.get("location") ?? "", base).searchParams.get("redirectResult");
      const details = await retrying(
        () => http("POST", "/api/payment/v1/sandbox/payments/details/", { headers: json, body: JSON.stringify({ details: { redirectResult } }) }),
        (s) => s === 200,
      );
      if (details?.status === 200 && JSON.parse(details.text).resultCode === "Authorised") paidByReturn++;
    };
    const pages = ["/", "/marcas", `/${SLUG}.html`, `/${FRESH}.html`, "/grifos-de-lavabo/", "/platos-de-ducha/"];
    const apis = [
      `/api/catalog/v1/products/${SLUG}/retrieve_by_slug/`,
      "/api/catalog/v1/store-offers/?store=ESDB&page_size=20",
      `/api/catalog/v1/products/${FRESH}/retrieve_by_slug/`,
    ];
    const loadStart = Date.now();
    const deadline = loadStart + LOAD_MS;
    let chaosDone = false;
    const workers = Array.from({ length: WORKERS }, async (_v, w) => {
      let k = w;
      while (Date.now() < deadline || !chaosDone) {
        const pick = k++ % 5;
        if (pick < 2) await checkout();
        else if (pick < 4) await http("GET", pages[k % pages.length]);
        else await http("GET", apis[k % apis.length]);
      }
    });

    // ---- the faults, one after the other while the load runs
    const waitUntil = (at: number) => new Promise((res) => setTimeout(res, Math.max(0, loadStart + at - Date.now())));
    const allReady = () =>
      expect
        .poll(
          async () =>
            (
              await Promise.all(
                copies.map((c) =>
                  fetch(`${c.proc.url}/readyz`).then(
                    (r) => r.status,
                    () => 0,
                  ),
                ),
              )
            ).every((s) => s === 200),
          {
            timeout: 60_000,
            interval: 50,
          },
        )
        .toBe(true);
    const windows: { what: string; from: number; to: number }[] = [];
    let killedAt = 0;
    let diedAt = 0;
    let termAt = 0;
    let drainedAt = 0;
    let sigtermCode: number | string = "";
    const chaos = (async () => {
      await waitUntil(5_000);
      let from = Date.now();
      await server!.restart();
      await allReady();
      windows.push({ what: "postgres restart", from, to: Date.now() });

      await waitUntil(14_000);
      const victim = copies[0];
      expected.add(victim.proc);
      from = killedAt = Date.now();
      victim.proc.child.kill("SIGKILL");
      await victim.proc.exited;
      diedAt = Date.now();
      victim.proc = launch(victim);
      await waitFor200(victim.proc, "/readyz", 120_000);
      windows.push({ what: "copy a killed", from, to: Date.now() });

      await waitUntil(24_000);
      const stopped = copies[1];
      expected.add(stopped.proc);
      from = Date.now();
      termAt = Date.now();
      sigtermCode = await stopped.proc.stop("SIGTERM");
      drainedAt = Date.now();
      stopped.proc = launch(stopped);
      await waitFor200(stopped.proc, "/readyz", 120_000);
      windows.push({ what: "copy b stopped", from, to: Date.now() });
      chaosDone = true;
    })();
    await chaos.finally(() => {
      chaosDone = true;
    });
    await Promise.all(workers);
    const loadEnd = Date.now();

    // ---- no copy exited on its own; the stopped one drained and exited 0; nginx ran throughout
    expect(nginxExit).toBe("");
    expect(unexpected, unexpected.join("\n\n")).toEqual([]);
    expect(sigtermCode).toBe(0);

    // ---- no 500 ever. A 503 (with Retry-After) only while PostgreSQL restarts. A 502 only for a
    // POST nginx sent to a copy going away, which nginx never sends twice (the shopper's retry with
    // the same idempotency key gets the order): one sent to the killed copy between the signal and
    // its death, or one written on an idle keep-alive connection at the instant the drained copy
    // closes it (HTTP/1.1's keep-alive race, docs/decisions/054). Nothing else.
    const pgRestart = windows.find((w) => w.what === "postgres restart")!;
    const during = (h: Hit, from: number, to: number) => h.start <= to && h.end >= from;
    const allowed = (h: Hit) =>
      (h.status === 503 && during(h, pgRestart.from, pgRestart.to)) ||
      (h.status === 502 && h.method === "POST" && (during(h, killedAt, diedAt) || during(h, termAt, drainedAt)));
    const summary = () => {
      const by = new Map<string, number>();
      for (const h of hits) by.set(String(h.status), (by.get(String(h.status)) ?? 0) + 1);
      return JSON.stringify(Object.fromEntries(by));
    };
    console.info(
      `fault suite: ${hits.length} requests in ${Math.round((loadEnd - loadStart) / 1000)} s ${summary()}; ${placed.size} orders placed, ${paidByReturn} paid by return, ${unknownPlacements} without answer; windows ${JSON.stringify(windows.map((w) => ({ ...w, from: w.from - loadStart, to: w.to - loadStart })))}`,
    );
    for (const h of hits.filter((x) => x.status >= 500 || x.status === 0))
      console.info(`  ${h.method} ${h.path} ${h.status} at ${h.start - loadStart}-${h.end - loadStart} ms ${h.error ?? ""}`);
    const bad = hits.filter((h) => h.status === 0 || (h.status >= 500 && !allowed(h)));
    expect(
      bad.map((h) => `${h.method} ${h.path} ${h.status} at ${h.start - loadStart}-${h.end - loadStart} ms ${h.error ?? ""}`),
      "no 500, no cut connection; 503 only during the restart, 502 only for a POST in flight at the kill",
    ).toEqual([]);
    expect(
      hits.filter((h) => h.status === 503 && !h.retryAfter),
      "every 503 says when to come back",
    ).toEqual([]);
    expect(placed.size, "orders were placed during the run").toBeGreaterThan(10);
    expect(hits.filter((h) => h.status === 200 && h.method === "GET").length).toBeGreaterThan(50);

    // ---- a price changed by SQL shows on every copy (its own port, cached pages) within 1 s
    const page = async (c: Copy, path: string) => {
      const r = await fetch(`${c.proc.url}${path}`, { headers: { "accept-encoding": "identity" } });
      return { status: r.status, html: norm(await r.text()) };
    };
    for (const c of copies) {
      expect((await page(c, `/${FRESH}.html`)).status).toBe(200);
      expect((await page(c, `/${FRESH}.html`)).html).not.toContain(shown(NEW_PRICE));
    }
    const [fresh] = await q<{ id: number }>("select product_id as id from product_translations where language = 'es' and slug = $1", [FRESH]);
    await q("with p as (update products set pvp_web = $2 where id = $1 returning id) update variants set pvp_web = $2 where product_id = (select id from p)", [
      fresh.id,
      NEW_PRICE,
    ]);
    await Promise.all(
      copies.map((c) => expect.poll(async () => (await page(c, `/${FRESH}.html`)).html.includes(shown(NEW_PRICE)), { timeout: 1000, interval: 20 }).toBe(true)),
    );

    // ---- a photo sent through one copy, read by staff through each of the others
    const [mine] = await q<{ id: number }>("select id from orders where id = any($1) and status = 400 order by id limit 1", [[...placed.keys()]]);
    expect(mine, "a paid order of the run").toBeDefined();
    const guest = { ...json, "x-cart-token": placed.get(mine.id)!.token };
    const staffToken = newToken("bds");
    const [member] = await q<{ id: number }>("insert into staff_members (email, name, role) values ($1, 'Fallos', 'owner') returning id", [
      `staff.faults.${Date.now()}@example.es`,
    ]);
    await q("insert into staff_sessions (id, staff_id, state, expires_at) values ($1, $2, 'active', now() + interval '1 hour')", [
      sha256(staffToken),
      member.id,
    ]);
    const staff = { authorization: `Bearer ${staffToken}` };
    for (const s of await q<{ id: number }>("select id from sub_orders where order_id = $1", [mine.id])) {
      const moved = await fetch(`${copies[2].proc.url}/api/cart/v1/sub-orders/${s.id}/`, {
        method: "PUT",
        headers: { ...json, ...staff },
        body: JSON.stringify({ status: 600, agency: "SEUR", shipment_number: `S${s.id}` }),
      });
      expect(moved.status, await moved.text()).toBe(200);
    }
    const req = await fetch(`${copies[0].proc.url}/api/orders/v1/orders/${mine.id}/requests/`, {
      method: "POST",
      headers: guest,
      body: JSON.stringify({ kind: "incident", reason: "Llegó roto" }),
    });
    const reqBody = await req.json();
    expect(req.status, JSON.stringify(reqBody)).toBe(201);
    const requestId = reqBody.requests[0].id as number;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const sent = await fetch(`${copies[0].proc.url}/api/orders/v1/orders/${mine.id}/requests/${requestId}/photos/`, {
      method: "POST",
      headers: { "x-cart-token": guest["x-cart-token"], "content-type": "image/png" },
      body: png,
    });
    expect(sent.status, await sent.text()).toBe(201);
    for (const c of [copies[1], copies[2]]) {
      const queue = await fetch(`${c.proc.url}/api/admin/v1/aftersale/`, { headers: staff });
      expect(queue.status).toBe(200);
      const item = (await queue.json()).results.find((x: { kind: string; id: number }) => x.kind === "request" && x.id === requestId);
      expect(item?.photos).toHaveLength(1);
      const photo = await fetch(`${c.proc.url}${item.photos[0].url}`, { headers: staff });
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/png");
      expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 40, height: 30 });
    }

    // ---- every order once, money and documents exact
    const ours = await q<{ id: number; email: string; status: number }>("select id, email, status from orders where email like 'fault.%'");
    const byEmail = new Map<string, number>();
    for (const o of ours.filter((o) => o.status >= 300)) byEmail.set(o.email, (byEmail.get(o.email) ?? 0) + 1);
    expect(
      [...byEmail].filter(([, count]) => count > 1),
      "one order per checkout",
    ).toEqual([]);
    const inDb = new Set(ours.filter((o) => o.status >= 300).map((o) => o.id));
    expect(
      [...placed.keys()].filter((id) => !inDb.has(id)),
      "every order the shop answered is in the database",
    ).toEqual([]);
    // An order whose answer never came may exist; never more of them than such checkouts.
    expect(inDb.size - placed.size).toBeGreaterThanOrEqual(0);
    expect(inDb.size - placed.size).toBeLessThanOrEqual(unknownPlacements);

    const [money] = await q<{ paid: number; events: number; invoices: number }>(
      `select (select count(*) from orders where status >= 400 and status <> 700 and email like 'fault.%')::int as paid,
        (select count(*) from payment_events e join orders o on o.payment_reference = e.reference where e.success = 1 and o.email like 'fault.%')::int as events,
        (select count(*) from invoices i join orders o on o.id = i.order_id where i.kind = 'invoice' and o.email like 'fault.%')::int as invoices`,
    );
    expect(money.paid).toBeGreaterThanOrEqual(paidByReturn);
    expect(money.events, "payment events = paid orders").toBe(money.paid);
    expect(money.invoices, "invoices = paid orders").toBe(money.paid);
    const series = await q<{ store_id: number; series: string; year: number; n: number; lo: number; hi: number; last: number }>(
      `select i.store_id, i.series, i.year, count(*)::int as n, min(i.seq)::int as lo, max(i.seq)::int as hi, max(s.last_number)::int as last
        from invoices i join invoice_series s using (store_id, series, year) group by 1, 2, 3`,
    );
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) expect({ ...s, lo: s.lo, hi: s.hi }, "no gap in the invoice numbers").toEqual({ ...s, lo: 1, hi: s.n, last: s.n });

    // ---- the stock: every unit either on the shelf or in a live order
    const now = await units();
    expect(now.stock + now.sold, "units conserved").toBe(units0.stock + units0.sold);
    expect(now.sold - units0.sold).toBeGreaterThan(0);

    // ---- every mail once. Each job (an order mail) is one message: one Message-ID, fixed before its
    // first send, received by the relay. A send whose outcome the copy never recorded (killed, or
    // the database gone between the send and its mark) is sent again with the SAME Message-ID,
    // which mail servers and clients take as one message (docs/decisions/053): so a Message-ID may
    // arrive twice only for a job that needed more than one attempt, and no mail ever arrives
    // under two Message-IDs.
    // A job the killed copy held is taken over when its lease (the send's 60 s limit + 30 s) ends.
    await expect
      .poll(
        async () => JSON.stringify(await q("select id, queue, state, attempts, run_at, lease_until, last_error from jobs where state in ('ready', 'running')")),
        { timeout: 150_000, interval: 250 },
      )
      .toBe("[]");
    const jobs = await q<{ message_id: string; state: string; attempts: number }>("select message_id, state, attempts from jobs where message_id is not null");
    expect(
      jobs.filter((j) => j.state === "dead"),
      "no dead letter",
    ).toEqual([]);
    const received = new Map<string, number>();
    for (const m of smtp.mails) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
    const attemptsOf = new Map(jobs.map((j) => [j.message_id, j.attempts]));
    const twice = [...received].filter(([, count]) => count > 1);
    console.info(`fault suite: ${smtp.mails.length} mails received, ${received.size} Message-IDs, ${twice.length} re-sent after an unknown outcome`);
    expect(
      twice.filter(([id]) => (attemptsOf.get(id) ?? 0) < 2),
      "a Message-ID received twice only for a job sent again after an unknown outcome",
    ).toEqual([]);
    expect(
      jobs.filter((j) => !received.has(j.message_id)),
      "every job's mail received",
    ).toEqual([]);
    const idsPerMail = new Map<string, Set<string>>();
    for (const m of smtp.mails) {
      const key = `${m.to.join(",")} ${m.subject}`;
      idsPerMail.set(key, (idsPerMail.get(key) ?? new Set()).add(m.messageId));
    }
    expect(
      [...idsPerMail].filter(([, ids]) => ids.size > 1).map(([k]) => k),
      "no mail under two Message-IDs",
    ).toEqual([]);
    const [{ owed }] = await q<{ owed: number }>(
      "select count(*)::int as owed from order_mails m join orders o on o.id = m.order_id where o.email like 'fault.%' and m.sent_at is null",
    );
    expect(owed, "every order mail sent").toBe(0);
    const orderMails = smtp.mails.filter((m) => m.to.some((t) => t.startsWith("fault.")));
    expect(orderMails.length).toBeGreaterThanOrEqual(placed.size);
    // Still no copy exited on its own through the checks after the load.
    expect(unexpected, unexpected.join("\n\n")).toEqual([]);
  }, 420_000);
});
