import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ShopProcess } from "./test/spawn-shop.ts";
import { killableShops } from "./test/killable-shop.ts";
import { testDbKinds } from "./test/test-db.ts";

/**
 * Issue 9's fault test: the shop process is killed (SIGKILL: no shutdown, no cleanup) while
 * dozens of orders are being placed. After a restart on the same database every cart is either
 * still a cart, intact, or a complete order (rows, frozen total, payment reference), and the
 * stock went down by exactly the units of the complete orders: no half order, on PGlite (its own
 * files) and on PostgreSQL.
 */
const SLUG = "plato-de-ducha-de-resina-ibiza-textura-pizarra";
const N = 30;

for (const kind of testDbKinds()) {
  describe(`placing orders survives a killed process [${kind}]`, () => {
    const shops = killableShops(kind, "crash");
    const start = () => shops.start();

    it("leaves every cart either intact or a complete order, and the stock exact", async () => {
      await shops.prepare();
      let shop = await start();
      const get = (p: ShopProcess, path: string, headers: Record<string, string> = {}) => fetch(`${p.url}/api${path}`, { headers });
      const post = (p: ShopProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${p.url}/api${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

      // A configured tray (one variant's options), as a shopper would choose it.
      const product = await (await get(shop, `/catalog/v1/products/${SLUG}/retrieve_by_slug/`)).json();
      const attributes = (await (await get(shop, `/catalog/v1/products/${SLUG}/attributes/`)).json()).results;
      // The variant with the most units (the demo's stock is random, 2 to 60 per variant).
      const variant = [...product.variants].sort((a: { stock: number }, b: { stock: number }) => b.stock - a.stock)[0];
      const options = Object.fromEntries(
        variant.options.map((o: number) => [String(attributes.find((a: { options: { id: number }[] }) => a.options.some((x) => x.id === o)).id), o]),
      );
      const selection = { quantity: 1, options, ranges: {}, texts: {}, complements: {} };
      const stockOf = async (p: ShopProcess) =>
        ((await (await get(p, `/catalog/v1/products/${SLUG}/variants/`)).json()).results as { id: number; stock: number }[]).find((v) => v.id === variant.id)!
          .stock;
      const stock0 = await stockOf(shop);
      expect(stock0).toBeGreaterThan(N);

      const carts: { id: number; token: string; total: number }[] = [];
      for (let i = 0; i < N; i++) {
        const res = await post(shop, "/cart/v1/cart-rows/", { product: SLUG, selection });
        expect(res.status).toBe(201);
        const body = await res.json();
        carts.push({ id: body.cart.id, token: body.cart_token, total: body.cart.prices.pvp_total });
      }
      const form = (c: { total: number }, i: number) => ({
        idempotency_key: `crash-${kind}-${i}-${randomBytes(8).toString("hex")}`,
        expected_total: c.total,
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
        payment_method: "transfer",
      });

      // Every checkout at once; the process dies as soon as the first one is answered.
      const victim = shop;
      const sent = carts.map((c, i) =>
        post(victim, "/checkout/v1/place_order/", form(c, i), { "x-cart-token": c.token }).then(
          (r) => r.status,
          () => "killed" as const,
        ),
      );
      await Promise.race(sent);
      victim.child.kill("SIGKILL");
      const statuses = await Promise.all(sent);
      await victim.exited;
      expect(statuses.filter((s) => s === "killed").length, "some checkouts were cut by the kill").toBeGreaterThan(0);

      shop = await start();
      let placed = 0;
      for (const c of carts) {
        const headers = { "x-cart-token": c.token };
        const asCart = await get(shop, `/cart/v1/carts/${c.id}/`, headers);
        const asOrder = await get(shop, `/orders/v1/orders/${c.id}/`, headers);
        expect([asCart.status, asOrder.status].sort(), `cart ${c.id} is exactly one of cart or order`).toEqual([200, 404]);
        if (asCart.status === 200) {
          const cart = await asCart.json();
          expect(cart).toMatchObject({ status: 100, size: 1 });
          expect(cart.prices.pvp_total).toBe(c.total);
        } else {
          const order = await asOrder.json();
          expect(order.status).toBe(300);
          expect(order.rows).toHaveLength(1);
          expect(order.prices.total).toBe(c.total);
          expect(order.rows[0].final_total).toBe(c.total);
          expect(order.payment_reference).toMatch(/^ESDB-/);
          placed++;
        }
      }
      expect(await stockOf(shop)).toBe(stock0 - placed);
      // The shop goes on: a cart the kill left alone checks out now.
      const left = carts.findIndex((_c, i) => statuses[i] !== 201);
      if (left >= 0) {
        const again = await post(shop, "/checkout/v1/place_order/", form(carts[left], 1000 + left), { "x-cart-token": carts[left].token });
        expect([200, 201]).toContain(again.status);
      }
    }, 300_000);
  });
}
