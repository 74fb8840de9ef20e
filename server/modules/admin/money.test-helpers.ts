import { expect } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { relaxThrottling } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp } from "../../test/smtp.ts";
import type { TestDbKind } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

export const SLUG = "plato-de-ducha-resina-pizarra-blanco";
export type Headers = Record<string, string>;
export type Placed = { id: number; payment_reference: string; prices: { total: number }; order_number: string };

/** A shop with the catalog fixture and an SMTP catcher, and helpers to place and pay orders (as the invoices tests do). */
export async function moneyShop(kind: TestDbKind) {
  const smtp = await startSmtp();
  const shop: TestShop = await createTestShop(kind, { seed: false, env: { SMTP_URL: smtp.url } });
  relaxThrottling(shop);
  const db = shop.database.db as Db;
  await seedStores(db);
  await shop.services.stores.reload();
  const es = await shop.services.stores.byLanguage("es");
  const fr = await shop.services.stores.byLanguage("fr");
  await buildCatalogFixture(db, { es: es.id, fr: fr.id });
  await db.update(variants).set({ stock: 100_000 });
  const attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a])) as Record<
    string,
    AttributeDto
  >;
  // The provider is outside these tests: opening a payment is answered here; refunds go to the real payments module.
  const p = shop.services.payments as unknown as Record<string, unknown>;
  const realStart = shop.services.payments.startPayment.bind(shop.services.payments);
  p.startPayment = async (c: never, i: { reference: string; method: string; amount: number }) =>
    i.method === "transfer" ? realStart(c, i as never) : { type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" };
  let key = 0;
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
  const selection = (q = 1) => ({
    quantity: q,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: 75 },
    texts: {},
    complements: {},
  });
  const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never });

  async function placeOrder(opts: { q?: number; rows?: number; method?: string; email?: string; quotation?: boolean } = {}) {
    const add = await api("POST", "/cart/v1/cart-rows/", { payload: { product: SLUG, selection: selection(opts.q ?? 1) } });
    expect(add.statusCode, add.body).toBe(201);
    const headers: Headers = { "x-cart-token": add.json().cart_token };
    let last = add;
    for (let i = 1; i < (opts.rows ?? 1); i++) {
      last = await api("POST", "/cart/v1/cart-rows/", { headers, payload: { product: SLUG, selection: selection(opts.q ?? 1) } });
      expect(last.statusCode, last.body).toBe(201);
    }
    const res = await api("POST", "/checkout/v1/place_order/", {
      headers,
      payload: {
        idempotency_key: `money-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        name: "Lucía",
        surnames: "Martín Ruiz",
        email: opts.email ?? "lucia.money@example.es",
        billing_business_name: "Lucía Martín Ruiz",
        payment_method: opts.method ?? "card",
        expected_total: last.json().cart.prices.pvp_total,
        phone: "612 345 678",
        shipping_address: "Calle Mayor",
        shipping_number: "12",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        ...(opts.quotation ? { quotation: true } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as Placed;
  }

  async function pay(o: Placed) {
    const outcome = {
      reference: o.payment_reference,
      amount: o.prices.total,
      pspReference: `psp-${o.payment_reference.slice(-12)}`,
      resultCode: "Authorised",
      currency: "EUR",
      method: "card",
      provider: "test",
      source: "webhook",
    } as PaymentOutcome;
    const r = await db.transaction((tx) => shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, outcome));
    expect(r?.status).toBe(400);
  }

  async function paidOrder(opts: Parameters<typeof placeOrder>[0] = {}) {
    const o = await placeOrder(opts);
    await pay(o);
    return o;
  }

  return { shop, smtp, db, api, placeOrder, pay, paidOrder, selection, es, fr };
}
