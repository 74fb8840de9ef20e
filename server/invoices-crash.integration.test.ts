import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ROOT, type ShopProcess } from "./test/spawn-shop.ts";
import { killableShops } from "./test/killable-shop.ts";
import { testDbKinds } from "./test/test-db.ts";
import { base32Decode, totpNow } from "./modules/staff/staff.crypto.ts";

/**
 * Issue 10's fault test: 50 transfer orders in both stores are confirmed by staff all at once,
 * and the shop process is killed (SIGKILL) as soon as the first confirmation is answered. After a
 * restart the confirmations are sent again: every order ends paid with exactly one invoice, and
 * `npm run invoices:verify` finds both series numbered without a gap or a duplicate and the
 * VERI*FACTU chain unbroken — on PGlite (its own files) and on PostgreSQL.
 */
const N = 50;
const PRODUCTS = {
  ESDB: { slug: "plato-de-ducha-de-resina-ibiza-textura-pizarra", qs: "" },
  FRDB: { slug: "wc-suspendu-ibiza-sans-bride", qs: "?store=FRDB&language=fr" },
} as const;

function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => ok({ code: code ?? -1, out }));
  });
}

for (const kind of testDbKinds()) {
  describe(`invoice numbering survives a killed process [${kind}]`, () => {
    const shops = killableShops(kind, "invcrash");
    const start = () => shops.start();

    it("gives both series no gap and no duplicate, one invoice per paid order, and an unbroken chain", async () => {
      const env = await shops.prepare();
      // The first owner's setup link first (this also migrates and loads the demo data), then the shop.
      const setupCli = await runCli("server/modules/staff/setup-link-cli.ts", [], env);
      expect(setupCli.code, setupCli.out).toBe(0);
      const setupToken = new URL(/https?:\/\/\S+\/admin\/setup\?token=\S+/.exec(setupCli.out)![0]).searchParams.get("token");
      let shop = await start();
      const call = (p: ShopProcess, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        fetch(`${p.url}/api${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // The owner, from the setup link, with two-factor enrolled (the authenticator app is the test).
      const setup = await (
        await call(shop, "POST", "/admin/v1/auth/setup/", { token: setupToken, email: "duena@example.es", name: "Dueña", password: "clave-duena-123" })
      ).json();
      expect(setup.state, JSON.stringify(setup)).toBe("enrol");
      const staff = { authorization: `Bearer ${setup.token}` };
      const totp = await (await call(shop, "POST", "/admin/v1/auth/totp/setup/", {}, staff)).json();
      const enabled = await call(shop, "POST", "/admin/v1/auth/totp/enable/", { code: totpNow(base32Decode(totp.secret)) }, staff);
      expect(enabled.status, await enabled.clone().text()).toBe(200);

      // N transfer orders, half in each store.
      const orders: { id: number; store: "ESDB" | "FRDB" }[] = [];
      for (const store of ["ESDB", "FRDB"] as const) {
        const { slug, qs } = PRODUCTS[store];
        const product = await (await call(shop, "GET", `/catalog/v1/products/${slug}/retrieve_by_slug/${qs}`)).json();
        const attributes = (await (await call(shop, "GET", `/catalog/v1/products/${slug}/attributes/${qs}`)).json()).results;
        const variant = [...product.variants].sort((a: { stock: number }, b: { stock: number }) => b.stock - a.stock)[0];
        const options = Object.fromEntries(
          variant.options.map((o: number) => [String(attributes.find((a: { options: { id: number }[] }) => a.options.some((x) => x.id === o)).id), o]),
        );
        for (let i = 0; i < N / 2; i++) {
          const add = await call(shop, "POST", `/cart/v1/cart-rows/${qs}`, {
            product: slug,
            selection: { quantity: 1, options, ranges: {}, texts: {}, complements: {} },
          });
          expect(add.status).toBe(201);
          const cart = await add.json();
          const fr = store === "FRDB";
          const placed = await call(
            shop,
            "POST",
            `/checkout/v1/place_order/${qs}`,
            {
              idempotency_key: `invcrash-${kind}-${store}-${i}-${randomBytes(6).toString("hex")}`,
              expected_total: cart.cart.prices.pvp_total,
              name: "Marta",
              surnames: "Gil",
              phone: fr ? "06 12 34 56 78" : "612345678",
              email: `marta.${store}.${i}@example.es`,
              shipping_address: fr ? "Rue de Rivoli" : "Calle Alcalá",
              shipping_number: "1",
              shipping_postal_code: fr ? "75004" : "28014",
              shipping_city: fr ? "Paris" : "Madrid",
              shipping_province: fr ? "Paris" : "Madrid",
              shipping_country: fr ? "FR" : "ES",
              billing_business_name: "Marta Gil",
              billing_tax_id_type: "dni",
              billing_tax_id: fr ? "123456789" : "12345678Z",
              payment_method: "transfer",
            },
            { "x-cart-token": cart.cart_token },
          );
          expect(placed.status, await placed.clone().text()).toBe(201);
          orders.push({ id: (await placed.json()).order.id, store });
        }
      }

      // Every confirmation at once; the process dies as soon as the first one is answered.
      const confirm = (p: ShopProcess, id: number) => call(p, "POST", `/admin/v1/orders/${id}/confirm-transfer/`, undefined, staff);
      const victim = shop;
      const sent = orders.map((o) =>
        confirm(victim, o.id).then(
          (r) => r.status,
          () => "killed" as const,
        ),
      );
      await Promise.race(sent);
      victim.child.kill("SIGKILL");
      const statuses = await Promise.all(sent);
      await victim.exited;
      expect(statuses.filter((s) => s === "killed").length, "some confirmations were cut by the kill").toBeGreaterThan(0);

      // The staff session is in the database: it outlives the process.
      shop = await start();
      for (const o of orders) {
        const r = await confirm(shop, o.id);
        // Paid before the kill: 409 (already paid); otherwise paid now.
        expect([200, 409]).toContain(r.status);
      }
      const byOrder = new Map<number, number>();
      for (const store of ["ESDB", "FRDB"]) {
        const list = await (await call(shop, "GET", `/admin/v1/invoices/?store=${store}&limit=200`, undefined, staff)).json();
        for (const inv of list.results as { order: { id: number }; kind: string }[])
          if (inv.kind === "invoice") byOrder.set(inv.order.id, (byOrder.get(inv.order.id) ?? 0) + 1);
      }
      for (const o of orders) expect(byOrder.get(o.id), `order ${o.id} has exactly one invoice`).toBe(1);
      await shop.stop("SIGTERM");

      const verify = await runCli("server/modules/invoices/verify-cli.ts", ["--json"], env);
      expect(verify.code, verify.out).toBe(0);
      const report = JSON.parse(verify.out.slice(verify.out.indexOf("{")));
      expect(report.ok).toBe(true);
      for (const store of ["ESDB", "FRDB"]) {
        const s = report.series.find((x: { store: string; series: string }) => x.store === store && x.series === "F");
        expect(s).toMatchObject({ count: N / 2, first: 1, last: N / 2, gaps: [], duplicates: [] });
      }
      expect(report.records).toBe(N / 2);
    }, 300_000);
  });
}
