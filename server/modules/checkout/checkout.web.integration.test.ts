import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { type CookieJar as Jar, cookieHeader, h1s, metaContent, pageOf as html, storeCookies as store, visibleText as text } from "../../test/html.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { requestPhotos } from "../invoices/invoices.schema.ts";
import { orderRequests } from "../orders/orders.schema.ts";

/**
 * The checkout, payment-result and order pages server-rendered through the real app, posted
 * as a browser without JavaScript posts them (forms, cookies, Origin). The payment provider's
 * answers are played by the test (a stand-in for the sandbox's hosted page): what is tested
 * here is what the shopper's pages say and who may see them.
 */
const ORIGIN = "https://tienda.example.es";
const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const SLUG_FR = "receveur-de-douche-resine-ardoise-blanc";
/** The transfer account of the default configuration (TRANSFER_* variables). */
const CARD_OK = { number: "4111 1111 1111 1111", expiry: "12/39", cvc: "123", holder: "Lucía Martín" };
const BANK = { holder: "BañoDirecto Reformas S.L.", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX", bank: "CaixaBank" };

/** The opening tag of the element with this id. */
const tagWithId = (page: string, id: string) => new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(page)?.[0] ?? "";
const anchorWithTestId = (page: string, id: string) => new RegExp(`<a\\b[^>]*data-testid="${id}"[^>]*>`).exec(page)?.[0] ?? "";
/** "234,09 €" as the Spanish store writes it (with a plain space). */
const euros = (cents: number) => new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).format(cents / 100).replace(/[\u00a0\u202f]/g, " ");
const inputValue = (page: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? null;

describeEachDb("checkout, payment result and order pages (SSR, no JavaScript)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let attrsFr: Record<string, AttributeDto>;
  let alice: TestUser;
  let bob: TestUser;
  /** What the stand-in provider answers when the shopper comes back (?payload=...). */
  /** The total of the last cart guestCart() made (the tray with its shipping, before any postal code). */
  let cartTotal = 0;

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
    await db.update(variants).set({ stock: 1000 }).where(eq(variants.ref, "PD-RES-BL-70"));
    // The 80 cm tray too: the header counter's test puts both sizes in one cart.
    await db.update(variants).set({ stock: 1000 }).where(eq(variants.ref, "PD-RES-BL-80"));
    await shop.services.catalog.catalogChanged();
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    attrsFr = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(fr), SLUG_FR)) ?? []).map((a) => [a.slug, a]));
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
    bob = await createCustomer(shop, smtp, { name: "Bruno" });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const get = (url: string, jar: Jar = {}) =>
    shop.app.inject({ url, headers: { "accept-encoding": "br, gzip", ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}) } });
  /** The sandbox provider's page for a payment URL: the order's reference it pays. */
  async function referenceOf(pay: URL): Promise<string> {
    const row = await shop.services.payments.sandbox.page.load(pay.pathname.split("/").pop()!);
    return row!.merchantReference;
  }
  /** The shopper on the sandbox provider's page: where it sends them back (path and query). */
  async function payOnSandbox(pay: URL, form: Record<string, string>): Promise<string> {
    const res = await post(pay.pathname, form);
    expect(res.statusCode, res.body).toBe(303);
    const back = new URL(String(res.headers.location));
    return `${back.pathname}${back.search}`;
  }
  const post = (url: string, form: Record<string, string>, jar: Jar = {}, origin = ORIGIN) =>
    shop.app.inject({
      method: "POST",
      url,
      payload: new URLSearchParams(form).toString(),
      headers: {
        host: "tienda.example.es",
        "x-forwarded-proto": "https",
        "content-type": "application/x-www-form-urlencoded",
        origin,
        "sec-fetch-dest": "document",
        "accept-encoding": "br, gzip",
        ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}),
      },
    });

  const opt = (a: Record<string, AttributeDto>, attr: string, slug: string) => a[attr].options.find((o) => o.slug === slug)!.id;
  /** The white matte tray's configuration: 75 cm wide (199 €) unless said. */
  const trayOf = (a: Record<string, AttributeDto>, quantity = 1, width = 75) => ({
    quantity,
    options: { [a.color.id]: opt(a, "color", "blanco"), [a.acabado.id]: opt(a, "acabado", "mate") },
    ranges: { [a.ancho.id]: width },
    texts: {},
    complements: {},
  });
  /** A guest's cart with the white tray (199 €), as the product page adds it: its cookie jar. */
  async function guestCart(lang: "es" | "fr" = "es", quantity = 1): Promise<Jar> {
    const selection = trayOf(lang === "fr" ? attrsFr : attrs, quantity);
    const res = await shop.app.inject({
      method: "POST",
      url: `/api/cart/v1/cart-rows/${lang === "fr" ? "?store=FRDB" : ""}`,
      payload: { product: lang === "fr" ? SLUG_FR : SLUG, selection },
    });
    expect(res.statusCode, res.body).toBe(201);
    cartTotal = res.json().cart.prices.pvp_total;
    return { bd_cart: encodeURIComponent(res.json().cart_token) };
  }
  async function logIn(u: TestUser, jar: Jar = {}): Promise<Jar> {
    const res = await post("/login", { email: u.email, password: u.password, terms: "on" }, jar);
    expect(res.statusCode, html(res)).toBe(302);
    return store(jar, res);
  }

  /** The checkout page's hidden fields (key, cart, total) and a complete, valid form. */
  async function checkoutForm(jar: Jar, path = "/checkout", over: Record<string, string> = {}) {
    const page = await get(path, jar);
    expect(page.statusCode).toBe(200);
    const body = html(page);
    return {
      cart: inputValue(body, "cart") ?? "",
      idempotency_key: inputValue(body, "idempotency_key") ?? "",
      expected_total: inputValue(body, "expected_total") ?? "",
      name: "Lucía",
      surnames: "Martín Ruiz",
      phone: "612 345 678",
      email: `lucia.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.es`,
      shipping_address: "Calle Mayor",
      shipping_number: "12, 3º B",
      shipping_postal_code: "28013",
      shipping_city: "Madrid",
      shipping_province: "Madrid",
      shipping_country: "ES",
      billing_business_name: "Lucía Martín Ruiz",
      billing_tax_id_type: "dni",
      billing_tax_id: "12345678Z",
      same_billing_data: "on",
      observations: "",
      payment_method: "transfer",
      password: "",
      ...over,
    };
  }

  describe("the checkout page", () => {
    it("the header's counter on the cart and checkout pages (taken from the page's own read of the cart) follows the cart, also in the answer to a row deleted without JavaScript", async () => {
      const jar = await guestCart();
      const token = decodeURIComponent(jar.bd_cart);
      const added = await shop.app.inject({
        method: "POST",
        url: "/api/cart/v1/cart-rows/",
        headers: { "x-cart-token": token },
        payload: { product: SLUG, selection: trayOf(attrs, 1, 80) },
      });
      expect(added.statusCode, added.body).toBe(201);
      const counter = (body: string) => Number(/data-testid="cart-count">(\d+)</.exec(body)?.[1] ?? 0);
      // The root loader's data alone (the checkout's own header has no counter): its cart is {id, size},
      // read from React Router's single-fetch answer (turbo-stream: one flat array, keys and values
      // by index, equal values written once).
      const rootSize = async (path: string) => {
        const res = await get(`${path}.data?_routes=root`, jar);
        expect(res.statusCode, path).toBe(200);
        const flat = JSON.parse(html(res).split("\n")[0]) as unknown[];
        const key = `_${flat.indexOf("cart")}`;
        const holder = flat.find((x): x is Record<string, number> => typeof x === "object" && x !== null && key in x);
        const cart = holder ? (flat[holder[key]] as Record<string, number> | undefined) : undefined;
        if (!cart || typeof cart !== "object") return 0;
        const fields = Object.fromEntries(Object.entries(cart).map(([k, v]) => [flat[Number(k.slice(1))], flat[v]]));
        return fields.size;
      };
      for (const path of ["/cart", "/"]) expect(counter(html(await get(path, jar))), path).toBe(2);
      expect(await rootSize("/checkout")).toBe(2);
      expect(await rootSize("/cart")).toBe(2);
      expect(text(html(await get("/checkout", jar)))).toContain("Finalizar compra");
      // Deleted through the cart page's form: the answer is the page, its counter already at 1.
      const deleted = await post("/cart", { intent: "delete", row: String(added.json().row.id) }, jar);
      expect(deleted.statusCode, html(deleted)).toBe(200);
      expect(text(html(deleted))).toContain("Producto eliminado del carrito");
      expect(counter(html(deleted))).toBe(1);
      for (const path of ["/cart", "/"]) expect(counter(html(await get(path, jar))), path).toBe(1);
      expect(await rootSize("/checkout")).toBe(1);
      // Another visitor's pages show their own cart's counter, or none.
      expect(counter(html(await get("/cart", await guestCart(undefined, 3))))).toBe(1);
      expect(counter(html(await get("/cart")))).toBe(0);
    });

    it("with no cart: a way back to the shop and the cart; never cached, never indexed", async () => {
      const res = await get("/checkout");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const body = html(res);
      expect(h1s(body)).toEqual(["Finalizar compra"]);
      expect(text(body)).toContain("Tu carrito está vacío");
      expect(body).toMatch(/href="\/cart"/);
      expect(metaContent(body, "robots")).toBe("noindex, follow");
    });

    it("shows the form of spec 5: country placeholder with only Spain enabled, DNI first, same billing data ticked, eight methods, PayPal's commission, the summary", async () => {
      const jar = await guestCart();
      const res = await get("/checkout", jar);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const body = html(res);
      const t = text(body);
      for (const step of ["Carrito", "Pago y envío", "Confirmación"]) expect(t).toContain(step);
      expect(body).toMatch(/<select[^>]*name="shipping_country"[^>]*>.*?<option value="">Selecciona un país<\/option>/s);
      expect(body).toMatch(/<option value="ES"[^>]*>España<\/option>/);
      expect(body).toMatch(/<option value="FR" disabled="">Francia<\/option>/);
      expect(body).toMatch(/<select[^>]*name="billing_tax_id_type"[^>]*>\s*<option value="dni" selected="">DNI<\/option>/);
      expect(tagWithId(body, "checkout-same_billing_data")).toContain('checked=""');
      expect([...body.matchAll(/<input[^>]*type="radio"[^>]*name="payment_method"/g)]).toHaveLength(8);
      expect(t).toContain("+2 % de comisión de PayPal sobre el total.");
      expect(inputValue(body, "idempotency_key")).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(inputValue(body, "expected_total")).toBe(String(cartTotal));
      expect(t).toContain("Plato de ducha");
      expect(t).toContain("199,00 €");
      expect(t).toContain(euros(cartTotal));
      // Labels are tied to their inputs.
      expect(body).toMatch(/<label[^>]*for="checkout-phone"/);
      expect(body).toMatch(/<input[^>]*id="checkout-phone"[^>]*aria-describedby="checkout-phone-hint"/);
      // A guest may give a password to follow the order.
      expect(t).toContain("Crea una cuenta para seguir tu pedido");
      // Each render has its own key.
      expect(inputValue(html(await get("/checkout", jar)), "idempotency_key")).not.toBe(inputValue(body, "idempotency_key"));
    });

    it("refuses a bad form with every message of spec 5 word for word, next to its field, focus on the first, typed values kept", async () => {
      const jar = await guestCart();
      const form = await checkoutForm(jar, "/checkout", {
        name: "",
        phone: "1234",
        shipping_postal_code: "280",
        payment_method: "",
        billing_tax_id: "12345678A",
      });
      delete (form as Record<string, string>).payment_method;
      const res = await post("/checkout", form, jar);
      expect(res.statusCode).toBe(400);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const body = html(res);
      const t = text(body);
      expect(t).toContain("Revisa los datos del formulario");
      expect(t).toContain("Introduce un número de teléfono correcto");
      expect(t).toContain("El código postal debe tener 5 dígitos");
      expect(t).toContain("Selecciona un método de pago");
      expect(t).toContain("El formato del DNI no es correcto");
      expect(t).toContain("Este campo es obligatorio");
      // aria: invalid, described by its message; the first invalid field takes the focus (no JavaScript needed).
      const name = tagWithId(body, "checkout-name");
      expect(name).toContain('aria-invalid="true"');
      expect(name).toContain('aria-describedby="checkout-name-err"');
      expect(name).toContain('autofocus=""');
      expect(body.match(/autofocus=""/g)).toHaveLength(1);
      expect(body).toMatch(/id="checkout-phone-err"[^>]*>.*?Introduce un número de teléfono correcto/s);
      // What was typed comes back (never a password).
      expect(tagWithId(body, "checkout-surnames")).toContain('value="Martín Ruiz"');
      expect(tagWithId(body, "checkout-phone")).toContain('value="1234"');
      expect(inputValue(body, "idempotency_key")).toBe(form.idempotency_key);
    });

    it("stops at a postal code that is not delivered (Canary Islands)", async () => {
      const jar = await guestCart();
      const res = await post("/checkout", await checkoutForm(jar, "/checkout", { shipping_postal_code: "35001" }), jar);
      expect(res.statusCode).toBe(400);
      expect(text(html(res))).toContain("Lo sentimos, no realizamos envíos a este código postal");
    });

    it("refuses a post from another site (403) and places nothing", async () => {
      const jar = await guestCart();
      const form = await checkoutForm(jar);
      const res = await post("/checkout", form, jar, "https://evil.example");
      expect(res.statusCode).toBe(403);
      expect((await get("/checkout", jar)).statusCode).toBe(200);
      expect(text(html(await get("/checkout", jar)))).toContain("Plato de ducha");
    });

    it("when the total changed: spec 8's message and the new total; the next submit goes through", async () => {
      const jar = await guestCart();
      const form = await checkoutForm(jar, "/checkout", { expected_total: String(cartTotal - 100) });
      const res = await post("/checkout", form, jar);
      expect(res.statusCode).toBe(409);
      const t = text(html(res));
      expect(t).toContain("No coinciden los importes entre el pago y el importe del pedido, continúa para actualizar los precios.");
      expect(t).toContain(`Nuevo total del pedido: ${euros(cartTotal)}`);
      expect(inputValue(html(res), "expected_total")).toBe(String(cartTotal));
      const again = await post("/checkout", { ...form, expected_total: inputValue(html(res), "expected_total")! }, jar);
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toMatch(/^\/checkout\/result\/ESDB-\d{13}-[0-9a-f-]{36}$/);
    });

    it("answers made-up posts with a 4xx, never a 500, and places nothing", async () => {
      const jar = await guestCart();
      const form = await checkoutForm(jar);
      for (const bad of [
        { ...form, expected_total: "abc" },
        { ...form, payment_method: "cash" },
        { ...form, shipping_country: "FR" },
        { intent: "postal_code", postal_code: "x" },
        { intent: "join_email", email: "no" },
      ]) {
        const res = await post("/checkout", bad as unknown as Record<string, string>, jar);
        expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      const json = await shop.app.inject({
        method: "POST",
        url: "/checkout",
        payload: { a: 1 },
        headers: { origin: ORIGIN, host: "tienda.example.es", "x-forwarded-proto": "https" },
      });
      expect(json.statusCode).toBe(415);
      expect(text(html(await get("/checkout", jar)))).toContain("Plato de ducha");
      expect((await get("/order/abc", jar)).statusCode).toBe(404);
      expect((await get("/order/99999999999", jar)).statusCode).toBe(404);
      expect((await get("/checkout/result/..%2F..%2Fetc", jar)).statusCode).toBe(404);
    });

    it("a guest asking for an account with an email that has one is sent to log in", async () => {
      const jar = await guestCart();
      const res = await post("/checkout", await checkoutForm(jar, "/checkout", { email: alice.email, password: "otra-clave-1" }), jar);
      expect(res.statusCode).toBe(409);
      const body = html(res);
      expect(text(body)).toContain("Ya existe una cuenta con este email");
      expect(body).toMatch(/href="\/login\?next=%2Fcheckout"/);
    });
  });

  describe("placing and paying", () => {
    it("transfer: the result page shows the bank details, the amount and the reference to write; staff confirm within 24 h", async () => {
      const jar = await guestCart("es", 2);
      const form = await checkoutForm(jar);
      const res = await post("/checkout", form, jar);
      expect(res.statusCode, html(res)).toBe(302);
      const location = String(res.headers.location);
      const reference = location.split("/").pop()!;
      const page = await get(location, store(jar, res));
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      const t = text(html(page));
      expect(h1s(html(page))).toEqual(["¡Gracias! Tu pedido está reservado"]);
      for (const s of [BANK.holder, BANK.iban, BANK.bic, BANK.bank, reference, "398,00 €", "Confirmamos la transferencia en 24 horas"]) expect(t).toContain(s);
      // The order page keeps the bank details and the reference while the transfer is awaited.
      const orderHref = /href="([^"]+)"/.exec(anchorWithTestId(html(page), "result-order-link"))?.[1]?.replace(/&amp;/g, "&");
      expect(orderHref).toMatch(/^\/order\/\d+\?t=/);
      const orderPage = text(html(await get(orderHref!)));
      for (const s of [BANK.iban, reference, "Pendiente de pago"]) expect(orderPage).toContain(s);
      // The same post again (a double click without JavaScript): the same order, not a second one.
      const twice = await post("/checkout", form, jar);
      expect(twice.statusCode).toBe(302);
      expect(twice.headers.location).toBe(location);
      // The cart became the order: the checkout is empty now.
      expect(text(html(await get("/checkout", jar)))).toContain("Tu carrito está vacío");
    });

    it("card, authorised: the provider's page, then '¡Gracias! Pedido confirmado' with the number, the lines and a link to the order", async () => {
      const jar = await guestCart();
      const res = await post("/checkout", await checkoutForm(jar, "/checkout", { payment_method: "card" }), jar);
      expect(res.statusCode, html(res)).toBe(302);
      const pay = new URL(String(res.headers.location));
      expect(pay.pathname).toMatch(/^\/sandbox-pay\/CS[0-9A-F]{24}$/);
      const reference = await referenceOf(pay);
      // Before the shopper is back the order waits: "we are confirming your payment".
      const waiting = await get(`/checkout/result/${reference}`, jar);
      expect(h1s(html(waiting))).toEqual(["Estamos confirmando tu pago"]);
      const back = await get(await payOnSandbox(pay, { action: "card", ...CARD_OK }), jar);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`/checkout/result/${reference}?result=Authorised`);
      const done = await get(String(back.headers.location), jar);
      expect(done.statusCode).toBe(200);
      expect(done.headers["cache-control"]).toBe("private, no-store");
      const body = html(done);
      expect(h1s(body)).toEqual(["¡Gracias! Pedido confirmado"]);
      expect(text(body)).toContain("Plato de ducha");
      const link = /href="(\/order\/\d+\?t=[A-Za-z0-9_-]{32})"/.exec(body)?.[1];
      expect(link).toBeTruthy();
      // The signed link works for anyone holding it (the guest on another device), nothing without it.
      const order = await get(link!.replace(/&amp;/g, "&"));
      expect(order.statusCode).toBe(200);
      expect(order.headers["cache-control"]).toBe("private, no-store");
      expect(text(html(order))).toContain("Pagado");
      const id = /\/order\/(\d+)/.exec(link!)![1];
      expect((await get(`/order/${id}`)).statusCode).toBe(404);
      expect((await get(`/order/${id}?t=${"A".repeat(32)}`)).statusCode).toBe(404);
      // ...and the guest's own cart cookie reads it too.
      expect((await get(`/order/${id}`, jar)).statusCode).toBe(200);
    });

    it("card, refused: Error, the cart is still there with its rows, and the buttons to try again and to the cart", async () => {
      const jar = await guestCart();
      const res = await post("/checkout", await checkoutForm(jar, "/checkout", { payment_method: "card" }), jar);
      const pay = new URL(String(res.headers.location));
      const reference = await referenceOf(pay);
      const back = await get(await payOnSandbox(pay, { action: "card", ...CARD_OK, number: "4000 0000 0000 0002" }), jar);
      expect(back.headers.location).toBe(`/checkout/result/${reference}?result=Refused`);
      const page = await get(String(back.headers.location), jar);
      expect(page.statusCode).toBe(200);
      const body = html(page);
      expect(h1s(body)).toEqual(["Error en el pago"]);
      expect(text(body)).toContain("Tu carrito sigue guardado");
      expect(anchorWithTestId(body, "result-retry")).toContain('href="/checkout"');
      expect(anchorWithTestId(body, "result-cart")).toContain('href="/cart"');
      const cart = await get("/cart", jar);
      expect(text(html(cart))).toContain("Plato de ducha");
      // A made-up "Authorised" in the URL is not believed: the order is a cart again.
      expect((await get(`/checkout/result/${reference}?result=Authorised`, jar)).statusCode).toBe(404);
    });

    it("a logged-in customer finds the order in the profile; another customer gets a 404 for it everywhere", async () => {
      const jar = await logIn(alice, await guestCart());
      const page = html(await get("/checkout", jar));
      expect(tagWithId(page, "checkout-email")).toContain(`value="${alice.email}"`);
      expect(tagWithId(page, "checkout-name")).toContain('value="Alicia"');
      expect(text(page)).not.toContain("Crea una cuenta para seguir tu pedido");
      const form = await checkoutForm(jar, "/checkout", { email: alice.email, payment_method: "paypal" });
      // PayPal: the form sends the total before the commission; the server adds it (2 %).
      expect(form.expected_total).toBe(String(cartTotal));
      const commission = Math.round(cartTotal * 0.02);
      const res = await post("/checkout", form, jar);
      expect(res.statusCode, html(res)).toBe(302);
      const back = await get(await payOnSandbox(new URL(String(res.headers.location)), { action: "approve" }), jar);
      const done = html(await get(String(back.headers.location), jar));
      expect(h1s(done)).toEqual(["¡Gracias! Pedido confirmado"]);
      expect(text(done)).toContain(`Comisión PayPal ${euros(commission)}`);
      expect(text(done)).toContain(euros(cartTotal + commission));
      const link = new RegExp(`href="(/profile/${alice.id}/order/(\\d+))"`).exec(done);
      expect(link).toBeTruthy();
      const [, path, id] = link!;
      const list = await get(`/profile/${alice.id}/order`, jar);
      expect(list.headers["cache-control"]).toBe("private, no-store");
      expect(html(list)).toContain(`href="${path}"`);
      const detail = await get(path, jar);
      expect(detail.statusCode).toBe(200);
      expect(text(html(detail))).toContain("Pagado");
      expect(text(html(detail))).toContain("PayPal");

      const bobJar = await logIn(bob);
      expect((await get(`/order/${id}`, bobJar)).statusCode).toBe(404);
      expect((await get(`/profile/${bob.id}/order/${id}`, bobJar)).statusCode).toBe(404);
      expect((await get(`/profile/${alice.id}/order/${id}`, bobJar)).statusCode).toBe(404);
      expect((await post(`/order/${id}`, { intent: "incident", reason: "x" }, bobJar)).statusCode).toBe(404);
    });

    it("a customer's saved address: chosen without JavaScript through the picker's button (in <noscript>, never laid out with scripts)", async () => {
      const jar = await logIn(bob, await guestCart());
      const saved = await post(
        `/profile/${bob.id}/address/form-shipping`,
        {
          name: "Roberto Sanz",
          business_name: "",
          tax_type: "",
          tax_id: "",
          phone: "612345678",
          address: "Calle de Alcalá",
          number: "20",
          flat: "",
          postal_code: "28014",
          city: "Madrid",
          province: "Madrid",
          country: "ES",
        },
        jar,
      );
      expect(saved.statusCode, html(saved)).toBe(302);
      const page = html(await get("/checkout", jar));
      const picker = /<div[^>]*data-testid="saved-shipping"[\s\S]*?<\/select>[\s\S]*?<\/div>/.exec(page)?.[0] ?? "";
      expect(picker).toContain("<noscript>");
      const id = /<option value="(\d+)"/.exec(picker)?.[1];
      expect(id).toBeDefined();
      // The button posts the checkout-pick form: a GET of /checkout?shipping=<id> fills the form with it.
      const picked = html(await get(`/checkout?shipping=${id}`, jar));
      expect(tagWithId(picked, "checkout-shipping_address")).toContain(`value="Calle de Alcalá"`);
    });

    it("a quotation: saved with its expiry date, paid later with pay-my-order", async () => {
      const jar = await logIn(alice, await guestCart());
      const form = await checkoutForm(jar, "/checkout", { email: alice.email, payment_method: "transfer", quotation: "on" });
      const res = await post("/checkout", form, jar);
      expect(res.statusCode, html(res)).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(new RegExp(`^/profile/${alice.id}/quotation/\\d+$`));
      const page = html(await get(location, jar));
      expect(h1s(page)[0]).toMatch(/^Presupuesto /);
      expect(text(page)).toMatch(/Válido hasta el \d{1,2} de \w+ de \d{4}/);
      expect(html(await get(`/profile/${alice.id}/quotation`, jar))).toContain(`href="${location}"`);
      const pay = await post(location, { intent: "pay" }, jar);
      expect(pay.statusCode, html(pay)).toBe(302);
      expect(String(pay.headers.location)).toMatch(/^\/checkout\/result\/ESDB-/);
      expect(text(html(await get(String(pay.headers.location), jar)))).toContain(BANK.iban);
    });

    it("an incident on a shipped order is stored and shown; the form's errors come back in the page's language", async () => {
      const jar = await guestCart();
      const res = await post("/checkout", await checkoutForm(jar, "/checkout", { payment_method: "card" }), jar);
      const pay = new URL(String(res.headers.location));
      const reference = await referenceOf(pay);
      const order = (await shop.services.checkout.orderPayments.byReference(reference))!;
      await get(await payOnSandbox(pay, { action: "card", ...CARD_OK }), jar);
      const ctx = await shop.services.checkout.staffContext(order.storeId);
      const subs = await shop.services.orders.subOrdersOf(order.orderId);
      for (const s of subs) {
        const moved = await shop.services.checkout.moveSubOrder(ctx, s.id, { status: 600, agency: "Seur", shipment_number: `SEUR-${s.id}` });
        expect(moved.ok).toBe(true);
      }
      const path = `/order/${order.orderId}`;
      const page = html(await get(path, jar));
      expect(text(page)).toContain("Enviado");
      expect(text(page)).toContain(`SEUR-${subs[0].id}`);
      expect(page).toMatch(/href="\/order\/\d+\?request=incident#order-request"/);
      const open = html(await get(`${path}?request=incident`, jar));
      expect(text(open)).toContain("Abrir una incidencia");
      const bad = await post(`${path}?request=incident`, { intent: "incident", reason: "" }, jar);
      expect(bad.statusCode).toBe(400);
      expect(text(html(bad))).toContain("Este campo es obligatorio");
      const ok = await post(
        `${path}?request=incident`,
        { intent: "incident", reason: "Producto dañado en el transporte", message: "La esquina llegó rota." },
        jar,
      );
      expect(ok.statusCode).toBe(302);
      expect(ok.headers.location).toBe(`${path}?done=request`);
      const after = text(html(await get(String(ok.headers.location), jar)));
      expect(after).toContain("Hemos recibido tu solicitud");
      expect(after).toContain("Producto dañado en el transporte");
      expect(after).toContain("La esquina llegó rota.");

      // With photos (multipart): only images by their content, and stored with the request.
      const multipart = async (fields: Record<string, string>, files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[]) => {
        const fd = new FormData();
        for (const [k, v] of Object.entries(fields)) fd.append(k, v);
        for (const f of files) fd.append("photos", new Blob([f.bytes], { type: f.type }), f.name);
        const r = new Response(fd);
        return shop.app.inject({
          method: "POST",
          url: `${path}?request=incident`,
          payload: Buffer.from(await r.arrayBuffer()),
          headers: {
            host: "tienda.example.es",
            "x-forwarded-proto": "https",
            origin: ORIGIN,
            "content-type": r.headers.get("content-type")!,
            cookie: cookieHeader(jar),
          },
        });
      };
      // A real image (1x1 PNG): photos are decoded and stored encoded again (docs/decisions/048).
      const png = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
      const fields = { intent: "incident", reason: "Producto dañado en el transporte", message: "Foto del golpe" };
      const fake = await multipart(fields, [
        { name: "golpe.png", type: "image/png", bytes: new Uint8Array(new TextEncoder().encode("<svg onload=alert(1)>")) },
      ]);
      expect(fake.statusCode).toBe(400);
      expect(text(html(fake))).toContain("Solo se admiten fotos JPEG, PNG o WebP");
      const db = () => shop.database.db as Db;
      const before = await db().select().from(orderRequests).where(eq(orderRequests.orderId, order.orderId));
      const sent = await multipart(fields, [{ name: "golpe.png", type: "image/png", bytes: png }]);
      expect(sent.statusCode, html(sent)).toBe(302);
      const requests = await db().select().from(orderRequests).where(eq(orderRequests.orderId, order.orderId));
      expect(requests).toHaveLength(before.length + 1);
      const newest = requests.reduce((a, b) => (b.id > a.id ? b : a));
      const photos = await db().select().from(requestPhotos).where(eq(requestPhotos.requestId, newest.id));
      expect(photos).toMatchObject([{ contentType: "image/png" }]);
      // Other pages keep the 1 MB limit on form bodies.
      const big = await shop.app.inject({
        method: "POST",
        url: "/cart",
        payload: Buffer.alloc(2 * 1024 * 1024, 97),
        headers: { origin: ORIGIN, host: "tienda.example.es", "content-type": "multipart/form-data; boundary=x" },
      });
      expect(big.statusCode).toBe(413);
    });
  });

  describe("the French store", () => {
    it("the same checkout in French: France enabled, French messages, a transfer's reference", async () => {
      const jar = await guestCart("fr");
      const page = html(await get("/fr/checkout", jar));
      expect(h1s(page)).toEqual(["Finaliser la commande"]);
      expect(page).toMatch(/<option value="">Sélectionnez un pays<\/option>|<option value="">Choisissez un pays<\/option>/);
      expect(page).toMatch(/<option value="FR"[^>]*>France<\/option>/);
      expect(page).toMatch(/<option value="ES" disabled="">Espagne<\/option>/);
      expect([...page.matchAll(/name="payment_method"/g)]).toHaveLength(7);
      const form = await checkoutForm(jar, "/fr/checkout", {
        phone: "06 12 34 56 78",
        shipping_postal_code: "75011",
        shipping_city: "Paris",
        shipping_province: "Paris",
        shipping_country: "FR",
        billing_tax_id: "123456789",
        payment_method: "",
      });
      const bad = await post("/fr/checkout", form, jar);
      expect(bad.statusCode).toBe(400);
      expect(text(html(bad))).toContain("Sélectionnez un moyen de paiement");
      const res = await post("/fr/checkout", { ...form, payment_method: "transfer" }, jar);
      expect(res.statusCode, html(res)).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/fr\/checkout\/result\/FRDB-/);
      const result = html(await get(String(res.headers.location), jar));
      expect(h1s(result)).toEqual(["Merci ! Votre commande est réservée"]);
      expect(text(result)).toContain(BANK.iban);
    });
  });
});
