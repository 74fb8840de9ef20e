import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { type CookieJar as Jar, cookieHeader, h1s, pageOf as html, storeCookies as store, visibleText as text } from "../../test/html.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { orders } from "../cart/cart.schema.ts";
import { variants } from "../catalog/catalog.schema.ts";

/**
 * Issue 37, item 1 (docs/decisions/055): the shopper presses Back on the payment page. The cart
 * and the checkout show the order still waiting for its payment (not "Tu carrito está vacío"),
 * with a button to pay it and one to turn it back into the cart; turning it back gives its stock
 * back exactly once, whatever other tabs and the payment provider do at the same moment.
 */
const ORIGIN = "https://tienda.example.es";
const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const SLUG_FR = "receveur-de-douche-resine-ardoise-blanc";
const REF = "PD-RES-BL-70";
const STOCK = 500;

describeEachDb("back from the payment page: the unpaid order can be paid or becomes the cart again", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let attrsFr: Record<string, AttributeDto>;
  let alice: TestUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { ssr: true, seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN } });
    relaxThrottling(shop);
    const db = shop.database.db as Db;
    await seedStores(db);
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: STOCK }).where(eq(variants.ref, REF));
    await shop.services.catalog.catalogChanged();
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    attrsFr = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(fr), SLUG_FR)) ?? []).map((a) => [a.slug, a]));
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const db = () => shop.database.db as Db;
  async function stock(): Promise<number> {
    const [v] = await db().select({ stock: variants.stock }).from(variants).where(eq(variants.ref, REF));
    return v.stock;
  }
  async function statusOf(id: number): Promise<number> {
    const [o] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    return o.status;
  }
  const get = (url: string, jar: Jar = {}) =>
    shop.app.inject({ url, headers: { "accept-encoding": "br, gzip", ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}) } });
  const post = (url: string, form: Record<string, string>, jar: Jar = {}) =>
    shop.app.inject({
      method: "POST",
      url,
      payload: new URLSearchParams(form).toString(),
      headers: {
        host: "tienda.example.es",
        "x-forwarded-proto": "https",
        "content-type": "application/x-www-form-urlencoded",
        origin: ORIGIN,
        "sec-fetch-dest": "document",
        "accept-encoding": "br, gzip",
        ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}),
      },
    });
  const opt = (a: Record<string, AttributeDto>, attr: string, slug: string) => a[attr].options.find((o) => o.slug === slug)!.id;

  /** A guest's cart with the white 75 cm tray, as the product page adds it: its cookie jar. */
  async function guestCart(lang: "es" | "fr" = "es"): Promise<Jar> {
    const a = lang === "fr" ? attrsFr : attrs;
    const res = await shop.app.inject({
      method: "POST",
      url: `/api/cart/v1/cart-rows/${lang === "fr" ? "?store=FRDB" : ""}`,
      payload: {
        product: lang === "fr" ? SLUG_FR : SLUG,
        selection: {
          quantity: 1,
          options: { [a.color.id]: opt(a, "color", "blanco"), [a.acabado.id]: opt(a, "acabado", "mate") },
          ranges: { [a.ancho.id]: 75 },
          texts: {},
          complements: {},
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { bd_cart: encodeURIComponent(res.json().cart_token) };
  }

  const hidden = (page: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? "";

  /** The checkout form filled and posted without JavaScript: the provider's page the browser is sent to. */
  async function placeByCard(jar: Jar, prefix = ""): Promise<URL> {
    const page = html(await get(`${prefix}/checkout`, jar));
    const fr = prefix === "/fr";
    const res = await post(
      `${prefix}/checkout`,
      {
        cart: hidden(page, "cart"),
        idempotency_key: hidden(page, "idempotency_key"),
        expected_total: hidden(page, "expected_total"),
        name: "Lucía",
        surnames: "Martín Ruiz",
        phone: fr ? "06 12 34 56 78" : "612 345 678",
        email: `lucia.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.es`,
        shipping_address: fr ? "Rue de Rivoli" : "Calle Mayor",
        shipping_number: "12",
        shipping_postal_code: fr ? "75001" : "28013",
        shipping_city: fr ? "Paris" : "Madrid",
        shipping_province: fr ? "Paris" : "Madrid",
        shipping_country: fr ? "FR" : "ES",
        billing_business_name: "Lucía Martín Ruiz",
        billing_tax_id_type: "dni",
        billing_tax_id: fr ? "123456789" : "12345678Z",
        same_billing_data: "on",
        observations: "",
        payment_method: "card",
        password: "",
      },
      jar,
    );
    expect(res.statusCode, html(res)).toBe(302);
    store(jar, res);
    const pay = new URL(String(res.headers.location));
    expect(pay.pathname).toMatch(/^\/sandbox-pay\//);
    return pay;
  }
  /** The order the cart became (the cart token names it). */
  const orderIdOf = (jar: Jar) => Number(decodeURIComponent(jar.bd_cart).split(".")[0]);

  describe("the pages the browser shows on Back", () => {
    it("the checkout and the cart show 'Tienes un pedido pendiente de pago' with the order, never 'Tu carrito está vacío'; paying reopens the same provider session; changing the method gives the cart back with its stock", async () => {
      const before = await stock();
      const jar = await guestCart();
      const pay = await placeByCard(jar);
      expect(await stock()).toBe(before - 1);
      const id = orderIdOf(jar);
      for (const path of ["/checkout", "/cart"]) {
        const page = await get(path, jar);
        expect(page.statusCode, path).toBe(200);
        expect(page.headers["cache-control"], path).toBe("private, no-store");
        const t = text(html(page));
        expect(t, path).toContain("Tienes un pedido pendiente de pago");
        expect(t, path).not.toContain("Tu carrito está vacío");
        expect(t, path).toContain("Plato de ducha");
        expect(t, path).toContain("Tarjeta de crédito o débito");
      }
      // Another visitor (no cookie, or another cart's) sees nothing of it.
      expect(text(html(await get("/checkout")))).toContain("Tu carrito está vacío");
      expect(text(html(await get("/checkout", await guestCart())))).not.toContain("pendiente de pago");
      // ...and cannot restore it.
      const stranger = await post("/checkout", { intent: "restore_pending", order: String(id) }, await guestCart());
      expect(stranger.statusCode).toBe(303);
      expect(await statusOf(id)).toBe(300);

      // "Pagar el pedido": the same provider page again (its session still lives).
      const again = await post("/checkout", { intent: "pay_pending", order: String(id) }, jar);
      expect(again.statusCode, html(again)).toBe(303);
      expect(new URL(String(again.headers.location)).pathname).toBe(pay.pathname);
      expect(await stock()).toBe(before - 1);

      // "Cambiar el método de pago": the order is the cart again, its unit back in stock.
      const restored = await post("/checkout", { intent: "restore_pending", order: String(id) }, jar);
      expect(restored.statusCode).toBe(303);
      expect(restored.headers.location).toBe("/checkout");
      expect(await statusOf(id)).toBe(100);
      expect(await stock()).toBe(before);
      const checkout = html(await get("/checkout", jar));
      expect(text(checkout)).not.toContain("pendiente de pago");
      expect(h1s(checkout)).toEqual(["Finalizar compra"]);
      expect(text(checkout)).toContain("Plato de ducha");
      // A second click (another tab) changes nothing more.
      await post("/checkout", { intent: "restore_pending", order: String(id) }, jar);
      expect(await stock()).toBe(before);
      // Paying it now by transfer places the same cart again.
      const page = html(await get("/checkout", jar));
      expect(hidden(page, "cart")).toBe(String(id));
    });

    it("in the French store too: 'Vous avez une commande en attente de paiement', and the cart comes back", async () => {
      const before = await stock();
      const jar = await guestCart("fr");
      await placeByCard(jar, "/fr");
      const t = text(html(await get("/fr/checkout", jar)));
      expect(t).toContain("Vous avez une commande en attente de paiement");
      expect(t).not.toContain("Votre panier est vide");
      const restored = await post("/fr/checkout", { intent: "restore_pending", order: String(orderIdOf(jar)) }, jar);
      expect(restored.headers.location).toBe("/fr/checkout");
      expect(await stock()).toBe(before);
      expect(await statusOf(orderIdOf(jar))).toBe(100);
    });

    it("a payment that landed before the shopper asked for the cart back wins: the paid order's page, nothing restored", async () => {
      const jar = await guestCart();
      await placeByCard(jar);
      const id = orderIdOf(jar);
      const [o] = await db().select().from(orders).where(eq(orders.id, id));
      const before = await stock();
      await db().transaction((tx) =>
        shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, {
          reference: o.paymentReference!,
          amount: o.total!,
          pspReference: "psp-landed",
          resultCode: "Authorised",
          currency: "EUR",
          method: "card",
          provider: "test",
          source: "webhook",
        }),
      );
      const res = await post("/checkout", { intent: "restore_pending", order: String(id) }, jar);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/checkout/result/${o.paymentReference}`);
      expect(await statusOf(id)).toBe(400);
      expect(await stock()).toBe(before);
      // Paid: nothing pending any more.
      expect(text(html(await get("/checkout", jar)))).not.toContain("pendiente de pago");
    });
  });

  describe("races decided by the database", () => {
    it("20 concurrent restores of one unpaid order give its stock back exactly once", async () => {
      const before = await stock();
      const jar = await guestCart();
      await placeByCard(jar);
      const id = orderIdOf(jar);
      const es = await shop.services.stores.byLanguage("es");
      const token = decodeURIComponent(jar.bd_cart);
      const answers = await Promise.all(Array.from({ length: 20 }, () => shop.services.checkout.restorePending(contextFor(es), token, id)));
      expect(answers.filter((a) => a.ok && a.restored)).toHaveLength(1);
      expect(answers.every((a) => a.ok && a.status === 100)).toBe(true);
      expect(await stock()).toBe(before);
      expect(await statusOf(id)).toBe(100);
    });

    it("a restore racing the payment: either the order is paid and keeps its unit, or it is the cart again and the money goes back; never both, never a unit lost", async () => {
      const es = await shop.services.stores.byLanguage("es");
      for (let i = 0; i < 4; i++) {
        const before = await stock();
        const jar = await guestCart();
        await placeByCard(jar);
        const id = orderIdOf(jar);
        const [o] = await db().select().from(orders).where(eq(orders.id, id));
        const [restore, paid] = await Promise.all([
          shop.services.checkout.restorePending(contextFor(es), decodeURIComponent(jar.bd_cart), id),
          db().transaction((tx) =>
            shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, {
              reference: o.paymentReference!,
              amount: o.total!,
              pspReference: `psp-race-${i}`,
              resultCode: "Authorised",
              currency: "EUR",
              method: "card",
              provider: "test",
              source: "webhook",
            }),
          ),
        ]);
        expect(restore.ok).toBe(true);
        const status = await statusOf(id);
        if (status === 400) {
          expect(restore.ok && restore.restored).toBe(false);
          expect(paid?.refund).toBe(false);
          expect(await stock()).toBe(before - 1);
        } else {
          expect(status).toBe(100);
          expect(restore.ok && restore.restored).toBe(true);
          expect(paid?.refund).toBe(true);
          expect(await stock()).toBe(before);
        }
      }
    });

    it("a signed-in customer's unpaid order shows on their checkout and comes back as their cart", async () => {
      const jar: Jar = {};
      const login = await post("/login", { email: alice.email, password: alice.password, terms: "on" }, jar);
      expect(login.statusCode, html(login)).toBe(302);
      store(jar, login);
      const cart = await guestCart();
      Object.assign(jar, cart);
      // The guest cart joins Alicia's on the first read.
      expect(text(html(await get("/checkout", jar)))).toContain("Plato de ducha");
      const before = await stock();
      await placeByCard(jar);
      delete jar.bd_cart;
      const page = html(await get("/checkout", jar));
      expect(text(page)).toContain("Tienes un pedido pendiente de pago");
      const id = Number(hidden(page, "order"));
      expect(id).toBeGreaterThan(0);
      const restored = await post("/checkout", { intent: "restore_pending", order: String(id) }, jar);
      expect(restored.statusCode).toBe(303);
      expect(await statusOf(id)).toBe(100);
      expect(await stock()).toBe(before);
      expect(text(html(await get("/cart", jar)))).toContain("Plato de ducha");
    });
  });
});
