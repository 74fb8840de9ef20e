import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { buildCatalogFixture, type CatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createStaff } from "../../test/staff.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { orderRows, orders } from "./cart.schema.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const SLUG_FR = "receveur-de-douche-resine-ardoise-blanc";

type Headers = Record<string, string>;

describeEachDb("cart API (/api/cart/v1)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let fx: CatalogFixture;
  let attrs: Record<string, AttributeDto>;
  let valveFinish: { attr: number; matte: number };
  let staff: Headers;
  let alice: TestUser;
  let bob: TestUser;
  let pro: TestUser;
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { seed: false, env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    const db = shop.database.db;
    await seedStores(db);
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    fx = await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 5 }).where(eq(variants.ref, "PD-RES-BL-70"));
    await db.update(variants).set({ stock: 50 }).where(eq(variants.ref, "PD-RES-BL-80"));
    await db.update(variants).set({ stock: 1000 }).where(eq(variants.ref, "AC-VAL-01-MA"));
    await shop.services.catalog.catalogChanged();
    const list = (await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? [];
    attrs = Object.fromEntries(list.map((a) => [a.slug, a]));
    const valve = (await shop.services.catalog.complements(contextFor(es), SLUG))!.find((c) => c.id === "fx-valve-1")!;
    valveFinish = { attr: valve.attributes[0].id, matte: valve.attributes[0].options[0].id };
    staff = (await createStaff(shop, "manager")).headers;
    alice = await createCustomer(shop, smtp, { name: "Alicia" });
    bob = await createCustomer(shop, smtp, { name: "Bruno" });
    pro = await createCustomer(shop, smtp, { name: "Pablo", professional: true });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api/cart/v1/${url}`, headers: opts.headers, payload: opts.payload as never });
  const guest = (token: string): Headers => ({ "x-cart-token": token });

  /** The white tray at 75 cm (variant PD-RES-BL-70, 199 € on offer from 249 €), matte, quantity q. */
  const tray = (q = 1, extra: { complements?: Record<string, unknown>; width?: number; finish?: string } = {}) => ({
    quantity: q,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", extra.finish ?? "mate") },
    ranges: { [attrs.ancho.id]: extra.width ?? 75 },
    texts: {},
    complements: extra.complements ?? {},
  });
  const withServices = (q: number) =>
    tray(q, {
      complements: {
        "fx-valve-1": { quantity: 1, options: { [valveFinish.attr]: valveFinish.matte }, ranges: {} },
        "installation-complement": { quantity: q, options: {}, ranges: {} },
        facility: { quantity: q, options: {}, ranges: {} },
      },
    });

  /** A new guest cart with one row; answers its token, id and the add's answer. */
  async function guestWithRow(selection = tray(1), store = "ESDB") {
    const res = await call("POST", `cart-rows/?store=${store}`, { payload: { product: store === "FRDB" ? SLUG_FR : SLUG, selection } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { token: body.cart_token as string, id: body.cart.id as number, body, res };
  }

  describe("adding configured products", () => {
    it("re-prices a tray with valve, installation and facility from the catalog: VAT on services, free shipping from 200 €", async () => {
      const { body, res, token, id } = await guestWithRow(withServices(2));
      expect(token).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9_-]{43}$`));
      expect(res.headers["set-cookie"]).toMatch(/^bd_cart=.+; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(body.message).toBe("Producto añadido al carrito");
      const row = body.row;
      expect(row.ref).toBe("PD-RES-BL-70");
      expect(row.quantity).toBe(2);
      expect(row.lines.map((l: any) => [l.kind, l.id, l.quantity, l.unit, l.total])).toEqual([
        ["product", String(fx.products.trayWhite), 2, 19_900, 39_800],
        ["complement", "fx-valve-1", 1, 2_900, 2_900],
        ["service", "installation-complement", 2, 30_250, 60_500], // 250 € net x 1.21
        ["service", "facility", 2, 2_420, 4_840], // 20 € net x 1.21
      ]);
      expect(row.lines[2].name).toBe("Servicio de instalación (reserva)");
      expect(row.summary).toEqual([
        { label: "Color", value: "Blanco" },
        { label: "Ancho", value: "75 cm" },
        { label: "Acabado", value: "Mate" },
      ]);
      expect(row.total).toBe(108_040);
      expect(row.original_total).toBe(24_900 * 2 + 2_900 + 60_500 + 4_840);
      // Shower tray: 29 € net per unit x 2 x 1.21, then free.
      expect(row.shipping_prices).toEqual([
        { _type: "shipping", amount: 7_018 },
        { _type: "free_shipping", amount: -7_018 },
      ]);
      expect(body.cart.prices).toEqual({ pvp: 108_040, pvp_shipping: 0, pvp_saved: 10_000, paypal_commission: 0, pvp_total: 108_040 });
      expect(body.cart.vat).toEqual({ rate_bp: 2100, base: 89_289, amount: 18_751 });
      expect(body.cart.size).toBe(1);
      expect(body.cart.order_number).toMatch(/^ES\d{6,}$/);
      expect(body.cart.can_checkout).toBe(true);
    });

    it("accepts the product by id and charges shipping below 200 €", async () => {
      const res = await call("POST", "cart-rows/", { payload: { product: fx.products.trayWhite, selection: tray(1, { width: 72 }) } });
      expect(res.statusCode).toBe(201);
      const cart = res.json().cart;
      expect(cart.prices.pvp).toBe(19_900);
      expect(cart.prices.pvp_shipping).toBe(3_509); // 2900 x 1.21
      expect(cart.delivery).toMatchObject({ status: "unknown", free_shipping: false, free_shipping_threshold: 20_000, missing_for_free_shipping: 100 });
      expect(cart.prices.pvp_total).toBe(23_409);
    });

    it("adds the option surcharge and never takes a price from the client", async () => {
      const res = await call("POST", "cart-rows/", { payload: { product: SLUG, selection: { ...tray(1, { finish: "brillo" }), price: 1 }, price: 1 } });
      expect(res.statusCode).toBe(201);
      expect(res.json().row.lines[0].unit).toBe(19_900 + 1_500);
    });

    it.each([
      ["incomplete", (s: any) => ({ ...s, ranges: {} }), "Configuración del producto incompleta"],
      ["a measure out of range", (s: any) => ({ ...s, ranges: { [attrs.ancho.id]: 130 } }), "La medida debe ser un número entero entre 70 y 100 cm"],
      [
        "a complement without its options",
        (s: any) => ({ ...s, complements: { "fx-valve-1": { quantity: 1, options: {}, ranges: {} } } }),
        "Existen complementos con configuración incompleta",
      ],
    ])("refuses %s with the spec's message and adds nothing", async (_name, change, message) => {
      const { token, id } = await guestWithRow();
      const res = await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: change(tray(1)) } });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.details.messages).toContain(message);
      const cart = await call("GET", `carts/${id}/`, { headers: guest(token) });
      expect(cart.json().size).toBe(1);
    });

    it("answers in French in the French store, which has no installation service", async () => {
      const ok = await guestWithRow(tray(1), "FRDB");
      expect(ok.body.message).toBe("Produit ajouté au panier");
      expect(ok.body.cart.store).toBe("FRDB");
      expect(ok.body.cart.order_number).toMatch(/^FR\d+$/);
      expect(ok.body.cart.vat.rate_bp).toBe(2000);
      const incomplete = await call("POST", "cart-rows/?store=FRDB", { payload: { product: SLUG_FR, selection: { ...tray(1), ranges: {} } } });
      expect(incomplete.json().error.message).toBe("Configuration du produit incomplète");
      const install = await call("POST", "cart-rows/?store=FRDB", { payload: { product: SLUG_FR, selection: withServices(1) } });
      expect(install.statusCode).toBe(422);
      expect(install.json().error.code).toBe("cart.config_invalid");
      const stock = await call("POST", "cart-rows/?store=FRDB", { payload: { product: SLUG_FR, selection: tray(6) } });
      expect(stock.statusCode).toBe(409);
      expect(stock.json().error.message).toBe("Article en rupture de stock.");
    });

    it("answers 404 for an unknown product and 400 for a malformed selection", async () => {
      const res = await call("POST", "cart-rows/", { payload: { product: "no-existe", selection: tray(1) } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: "cart.product_not_found", message: "No existe ese producto" });
      const bad = await call("POST", "cart-rows/", { payload: { product: SLUG, selection: { quantity: 0 } } });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe("stock", () => {
    it("refuses more units than the stock, counting what the cart already holds: 'Articulo fuera de stock.'", async () => {
      const six = await call("POST", "cart-rows/", { payload: { product: SLUG, selection: tray(6) } });
      expect(six.statusCode).toBe(409);
      expect(six.json().error).toEqual({ code: "cart.out_of_stock", message: "Articulo fuera de stock." });
      expect(six.headers["set-cookie"]).toBeUndefined();
      const { token, id } = await guestWithRow(tray(3));
      const again = await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: tray(3) } });
      expect(again.statusCode).toBe(409);
      expect((await call("GET", `carts/${id}/`, { headers: guest(token) })).json().size).toBe(1);
      const two = await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: tray(2) } });
      expect(two.statusCode).toBe(201);
      expect(two.json().cart.size).toBe(2);
    });

    it("counts the complements' stock too, and a refused add changes nothing in the cart", async () => {
      const db = shop.database.db;
      const { token, id } = await guestWithRow(withServices(1));
      const [before] = await db.select().from(orders).where(eq(orders.id, id));
      await db.update(variants).set({ stock: 1 }).where(eq(variants.ref, "AC-VAL-01-MA"));
      try {
        // The cart's row already takes the only valve: one more row with a valve is refused.
        const refused = await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: withServices(1) } });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toBe("Articulo fuera de stock.");
        const [after] = await db.select().from(orders).where(eq(orders.id, id));
        expect(after.version).toBe(before.version);
        expect(after.lastActivityAt).toEqual(before.lastActivityAt);
        expect((await call("GET", `carts/${id}/`, { headers: guest(token) })).json().size).toBe(1);
        // Without the valve it fits.
        const plain = await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: tray(1) } });
        expect(plain.statusCode).toBe(201);
        expect(plain.json().cart.size).toBe(2);
      } finally {
        await db.update(variants).set({ stock: 1000 }).where(eq(variants.ref, "AC-VAL-01-MA"));
      }
    });

    it("100 concurrent adds to one cart take exactly the units in stock (the cart's lock orders them)", async () => {
      // PD-RES-BL-70 has 5 units: the first row takes one, 4 of the 100 concurrent adds fit.
      const { token, id } = await guestWithRow(tray(1));
      const adds = await Promise.all(
        Array.from({ length: 100 }, () => call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: tray(1) } })),
      );
      expect(adds.filter((r) => r.statusCode === 201)).toHaveLength(4);
      expect(adds.filter((r) => r.statusCode === 409)).toHaveLength(96);
      const cart = (await call("GET", `carts/${id}/`, { headers: guest(token) })).json();
      expect(cart.size).toBe(5);
      expect(new Set(cart.rows.map((r: { id: number }) => r.id)).size).toBe(5);
      const positions = (await shop.database.db.select().from(orderRows).where(eq(orderRows.orderId, id))).map((r) => r.position);
      expect(positions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    }, 60_000);

    it("stores the same row whether the add made the cart or found it open (one round trip), and answers the same cart", async () => {
      const db = shop.database.db;
      const { token, id, body: first } = await guestWithRow(withServices(2));
      const second = await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: withServices(2) } });
      expect(second.statusCode).toBe(201);
      const added = second.json();
      expect(added.cart_token).toBeNull();
      expect(added.row).toEqual({ ...first.row, id: added.row.id });
      expect(added.cart).toEqual((await call("GET", `carts/${id}/`, { headers: guest(token) })).json());
      const stored = await db.select().from(orderRows).where(eq(orderRows.orderId, id)).orderBy(orderRows.position);
      expect(stored.map((r) => r.position)).toEqual([1, 2]);
      const { id: _a, position: _p, createdAt: _c, ...one } = stored[0];
      const { id: _b, position: _q, createdAt: _d, ...two } = stored[1];
      expect(two).toEqual(one);
    });

    it("re-checks the stock when a quantity grows, and flags a row whose product ran out since", async () => {
      const { token, body } = await guestWithRow(tray(2));
      const rowId = body.row.id;
      const grow = await call("PUT", `cart-rows/${rowId}/`, { headers: guest(token), payload: { quantity: 6 } });
      expect(grow.statusCode).toBe(409);
      expect(grow.json().error.message).toBe("Articulo fuera de stock.");
      const shrink = await call("PUT", `cart-rows/${rowId}/`, { headers: guest(token), payload: { quantity: 1 } });
      expect(shrink.statusCode).toBe(200);
      const db = shop.database.db;
      await db.update(variants).set({ stock: 0 }).where(eq(variants.ref, "PD-RES-BL-70"));
      try {
        const cart = (await call("GET", `carts/${body.cart.id}/`, { headers: guest(token) })).json();
        expect(cart.rows[0].out_of_stock).toBe(true);
        expect(cart.blockers).toContain("cart.out_of_stock");
        expect(cart.can_checkout).toBe(false);
      } finally {
        await db.update(variants).set({ stock: 5 }).where(eq(variants.ref, "PD-RES-BL-70"));
      }
    });
  });

  describe("rows", () => {
    it("changes a row's quantity: installation and facility follow, the valve keeps its own", async () => {
      const { token, body } = await guestWithRow(withServices(1));
      const res = await call("PUT", `cart-rows/${body.row.id}/`, { headers: guest(token), payload: { quantity: 3 } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Cantidad actualizada");
      expect(res.json().row.lines.map((l: any) => [l.id, l.quantity])).toEqual([
        [String(fx.products.trayWhite), 3],
        ["fx-valve-1", 1],
        ["installation-complement", 3],
        ["facility", 3],
      ]);
      const got = await call("GET", `cart-rows/${body.row.id}/`, { headers: guest(token) });
      expect(got.json().quantity).toBe(3);
      expect(got.json().total).toBe(19_900 * 3 + 2_900 + 30_250 * 3 + 2_420 * 3);
      const bad = await call("PUT", `cart-rows/${body.row.id}/`, { headers: guest(token), payload: { quantity: 100 } });
      expect(bad.statusCode).toBe(400);
      // The same for a row added to the open cart (the one-round-trip add).
      const second = (await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: withServices(1) } })).json();
      const put = await call("PUT", `cart-rows/${second.row.id}/`, { headers: guest(token), payload: { quantity: 2 } });
      expect(put.json().row.lines.map((l: any) => [l.id, l.quantity])).toEqual([
        [String(fx.products.trayWhite), 2],
        ["fx-valve-1", 1],
        ["installation-complement", 2],
        ["facility", 2],
      ]);
    });

    it("deletes a row, lowers size and answers the reloaded cart; custom_rows lists what is left", async () => {
      const { token, id, body } = await guestWithRow(tray(1));
      await call("POST", "cart-rows/", { headers: guest(token), payload: { product: SLUG, selection: tray(1, { width: 90 }) } });
      const del = await call("DELETE", `cart-rows/${body.row.id}/delete_item/`, { headers: guest(token) });
      expect(del.statusCode).toBe(200);
      expect(del.json().message).toBe("Producto eliminado del carrito");
      expect(del.json().cart.size).toBe(1);
      expect(del.json().cart.rows[0].ref).toBe("PD-RES-BL-80");
      const rows = await call("GET", `carts/${id}/custom_rows/`, { headers: guest(token) });
      expect(rows.json().results.map((r: any) => r.ref)).toEqual(["PD-RES-BL-80"]);
      const again = await call("DELETE", `cart-rows/${body.row.id}/delete_item/`, { headers: guest(token) });
      expect(again.statusCode).toBe(404);
    });
  });

  describe("the cart", () => {
    it("opens a guest cart with a token, and a customer's one open cart", async () => {
      const res = await call("POST", "carts/");
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ size: 0, rows: [], status: 100, same_billing_data: true, can_checkout: false, blockers: ["cart.empty"] });
      expect(res.json().cart_token).toMatch(/^\d+\./);
      const first = await call("POST", "carts/", { headers: alice.auth });
      const second = await call("POST", "carts/", { headers: alice.auth });
      expect(first.json().cart_token).toBeNull();
      expect(second.json().id).toBe(first.json().id);
      expect(first.json().customer).toBe(alice.id);
      expect(first.json().email).toBe(alice.email);
    });

    it("keeps contact, shipping and billing data; postal codes decide delivery and free shipping", async () => {
      const { token, id } = await guestWithRow(tray(2, { width: 90 })); // 2 x 229 €: free shipping in the peninsula
      const put = (payload: object, lang = "") => call("PUT", `carts/${id}/${lang}`, { headers: guest(token), payload });
      const ok = await put({
        name: "Lucía",
        surnames: "Martín",
        phone: "600123123",
        shipping_postal_code: "28001",
        shipping_city: "Madrid",
        same_billing_data: false,
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        observations: "Portal 2",
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        name: "Lucía",
        surnames: "Martín",
        shipping_postal_code: "28001",
        same_billing_data: false,
        billing_tax_id: "12345678Z",
        observations: "Portal 2",
      });
      expect(ok.json().delivery).toMatchObject({ status: "ok", free_shipping: true, message: null });
      expect(ok.json().prices.pvp_shipping).toBe(0);
      const canary = (await put({ shipping_postal_code: "35001" })).json();
      expect(canary.delivery.status).toBe("not_delivered");
      expect(canary.delivery.message).toMatch(/^Lo sentimos, no realizamos envíos al código postal 35001/);
      expect(canary.blockers).toEqual(["cart.not_delivered"]);
      expect(canary.can_checkout).toBe(false);
      expect((await put({ shipping_postal_code: "38200" })).json().can_checkout).toBe(false);
      const balearic = (await put({ shipping_postal_code: "07001" })).json();
      expect(balearic.delivery).toMatchObject({ status: "ok", free_shipping: false, missing_for_free_shipping: 0 });
      expect(balearic.delivery.message).toMatch(/Baleares/);
      expect(balearic.prices.pvp_shipping).toBe(7_018);
      expect(balearic.can_checkout).toBe(true);
      const bad = await put({ shipping_postal_code: "2800" });
      expect(bad.statusCode).toBe(400);
      const unknown = await put({ shipping_postal_code: "28001", total: 1 });
      expect(unknown.statusCode).toBe(400);
    });

    it("refuses French islands and Corsica in the French store", async () => {
      const { token, id } = await guestWithRow(tray(1), "FRDB");
      const corsica = await call("PUT", `carts/${id}/?store=FRDB`, { headers: guest(token), payload: { shipping_postal_code: "20000" } });
      expect(corsica.json().delivery.status).toBe("not_delivered");
      expect(corsica.json().delivery.message).toMatch(/^Désolés, nous ne livrons pas le code postal 20000/);
      const reunion = await call("PUT", `carts/${id}/?store=FRDB`, { headers: guest(token), payload: { shipping_postal_code: "97400" } });
      expect(reunion.json().can_checkout).toBe(false);
      const paris = await call("PUT", `carts/${id}/?store=FRDB`, { headers: guest(token), payload: { shipping_postal_code: "75001" } });
      expect(paris.json().can_checkout).toBe(true);
    });

    it("adds the PayPal commission only with PayPal, and leaves it out with ?delete_commissions", async () => {
      const { token, id } = await guestWithRow(tray(1)); // 199 € + 35.09 € shipping
      const paypal = await call("PUT", `carts/${id}/`, { headers: guest(token), payload: { payment_method_selected: "paypal" } });
      expect(paypal.json().prices.paypal_commission).toBe(468); // 2 % of 234.09 €
      expect(paypal.json().paypal_commission).toBe(468);
      expect(paypal.json().cart_total).toBe(23_409 + 468);
      const without = await call("GET", `carts/${id}/?delete_commissions`, { headers: guest(token) });
      expect(without.json().prices.paypal_commission).toBe(0);
      expect(without.json().cart_total).toBe(23_409);
      const card = await call("PUT", `carts/${id}/`, { headers: guest(token), payload: { payment_method_selected: "card" } });
      expect(card.json().prices.paypal_commission).toBe(0);
      const unknown = await call("PUT", `carts/${id}/`, { headers: guest(token), payload: { payment_method_selected: "cheque" } });
      expect(unknown.statusCode).toBe(400);
    });

    it("joins an email to the cart (valid emails only)", async () => {
      const { token, id } = await guestWithRow();
      const res = await call("POST", `carts/${id}/join_email_to_cart/`, { headers: guest(token), payload: { email: "Lucia@Example.es" } });
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe("lucia@example.es");
      const bad = await call("POST", `carts/${id}/join_email_to_cart/`, { headers: guest(token), payload: { email: "lucia" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe("Introduce un email válido");
    });

    it("deletes a cart with its rows and clears the cookie; DELETE carts/ deletes the current one", async () => {
      const a = await guestWithRow();
      const del = await call("DELETE", `carts/${a.id}/`, { headers: guest(a.token) });
      expect(del.statusCode).toBe(204);
      expect(del.headers["set-cookie"]).toMatch(/^bd_cart=; Path=\/; Max-Age=0/);
      expect((await call("GET", `carts/${a.id}/`, { headers: guest(a.token) })).statusCode).toBe(404);
      const b = await guestWithRow();
      const cookie = { cookie: `bd_cart=${encodeURIComponent(b.token)}` };
      expect((await call("GET", `carts/${b.id}/`, { headers: cookie })).statusCode).toBe(200);
      expect((await call("DELETE", "carts/", { headers: cookie })).statusCode).toBe(204);
      expect((await call("DELETE", "carts/", { headers: cookie })).statusCode).toBe(404);
    });

    it("answers an empty page of sub-orders until the checkout makes packages", async () => {
      const res = await call("GET", "sub-orders/");
      expect(res.json()).toEqual({ results: [], page: 1, page_size: 20, total: 0, pages: 0 });
      expect((await call("GET", "sub-orders/1/")).statusCode).toBe(404);
    });
  });

  describe("who may see a cart", () => {
    it("guest A never reaches guest B's cart: 404 for every call", async () => {
      const a = await guestWithRow();
      const b = await guestWithRow();
      const asA = guest(a.token);
      const before = (await call("GET", `carts/${b.id}/`, { headers: guest(b.token) })).json().updated_at;
      const calls = [
        call("GET", `carts/${b.id}/`, { headers: asA }),
        call("GET", `carts/${b.id}/`),
        call("GET", `carts/${b.id}/`, { headers: guest(`${b.id}.${"x".repeat(43)}`) }),
        call("PUT", `carts/${b.id}/`, { headers: asA, payload: { name: "Intruso" } }),
        call("GET", `carts/${b.id}/custom_rows/`, { headers: asA }),
        call("POST", `carts/${b.id}/join_email_to_cart/`, { headers: asA, payload: { email: "x@example.es" } }),
        call("PUT", `carts/${b.id}/disable_coupon/`, { headers: asA }),
        call("DELETE", `carts/${b.id}/`, { headers: asA }),
        call("GET", `cart-rows/${b.body.row.id}/`, { headers: asA }),
        call("PUT", `cart-rows/${b.body.row.id}/`, { headers: asA, payload: { quantity: 2 } }),
        call("DELETE", `cart-rows/${b.body.row.id}/delete_item/`, { headers: asA }),
        call("POST", "cart-rows/", { headers: asA, payload: { cart: b.id, product: SLUG, selection: tray(1) } }),
        call("POST", "coupons/validate-coupon/", { headers: asA, payload: { cart: b.id, code: "NOPE" } }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
      const still = (await call("GET", `carts/${b.id}/`, { headers: guest(b.token) })).json();
      expect(still).toMatchObject({ size: 1, name: null, updated_at: before });
      expect(still.rows[0].quantity).toBe(1);
    });

    it("customer A never reaches customer B's cart, and a guest token never reaches a customer's", async () => {
      const a = await call("POST", "cart-rows/", { headers: alice.auth, payload: { product: SLUG, selection: tray(1) } });
      expect(a.statusCode).toBe(201);
      expect(a.json().cart_token).toBeNull();
      const cartA = a.json().cart.id;
      expect((await call("GET", `carts/${cartA}/`, { headers: alice.auth })).statusCode).toBe(200);
      expect((await call("GET", `carts/${cartA}/`, { headers: bob.auth })).statusCode).toBe(404);
      expect((await call("PUT", `carts/${cartA}/`, { headers: bob.auth, payload: { name: "x" } })).statusCode).toBe(404);
      expect((await call("DELETE", `cart-rows/${a.json().row.id}/delete_item/`, { headers: bob.auth })).statusCode).toBe(404);
      const g = await guestWithRow();
      expect((await call("GET", `carts/${cartA}/`, { headers: guest(g.token) })).statusCode).toBe(404);
      expect((await call("GET", `carts/${cartA}/`)).statusCode).toBe(404);
      // A customer does not reach a guest's cart by its id either.
      expect((await call("GET", `carts/${g.id}/`, { headers: bob.auth })).statusCode).toBe(404);
    });
  });

  describe("professional customers", () => {
    it("see their professional discount on each line of their cart", async () => {
      const res = await call("POST", "cart-rows/", {
        headers: { authorization: pro.auth.authorization },
        payload: { product: SLUG, selection: withServices(1) },
      });
      expect(res.statusCode).toBe(201);
      const cart = res.json().cart;
      expect(cart.professional).toBe(true);
      const [product, valve, install] = cart.rows[0].lines;
      expect([product.unit, product.professional_discount]).toEqual([17_910, 1_990]); // 10 % off 199 €
      expect([valve.unit, valve.professional_discount]).toEqual([2_900, 0]);
      expect([install.unit, install.professional_discount]).toEqual([30_250, 0]);
      expect(cart.rows[0].professional_discount).toBe(1_990);
      expect(cart.prices.pvp_saved).toBe(24_900 - 17_910);
    });
  });

  describe("login merges the guest cart", () => {
    it("moves a held guest cart into the customer's open cart, and the token grants nothing afterwards", async () => {
      const user = await createCustomer(shop, smtp, { name: "Marta" });
      const own = await call("POST", "cart-rows/", { headers: user.auth, payload: { product: SLUG, selection: tray(1, { width: 90 }) } });
      const g = await guestWithRow(tray(1));
      const es = await shop.services.stores.byLanguage("es");
      const ctx = contextFor(es, { id: user.id, email: user.email, customerType: "customer", role: "customer" });
      const merged = await shop.services.cart.mergeGuestCart(ctx, g.token, user.id);
      expect(merged?.id).toBe(own.json().cart.id);
      expect(merged?.rows.map((r) => r.ref)).toEqual(["PD-RES-BL-80", "PD-RES-BL-70"]);
      expect((await call("GET", `carts/${g.id}/`, { headers: guest(g.token) })).statusCode).toBe(404);
      expect(await shop.services.cart.mergeGuestCart(ctx, g.token, user.id)).toBeNull();
    });

    it("gives a customer without a cart the guest cart itself, also when they just read it while holding the cookie", async () => {
      const user = await createCustomer(shop, smtp, { name: "Nora" });
      const g = await guestWithRow(tray(2));
      const res = await shop.app.inject({
        method: "GET",
        url: `/api/cart/v1/carts/${g.id}/`,
        headers: { ...user.auth, cookie: `bd_cart=${encodeURIComponent(g.token)}` },
      });
      expect(res.statusCode).toBe(200);
      const es = await shop.services.stores.byLanguage("es");
      const ctx = contextFor(es, { id: user.id, email: user.email, customerType: "customer", role: "customer" });
      const current = await shop.services.cart.currentCart(ctx, g.token);
      expect(current?.id).toBe(g.id);
      expect(current?.customer).toBe(user.id);
      expect((await call("GET", `carts/${g.id}/`, { headers: guest(g.token) })).statusCode).toBe(404);
      expect(await shop.services.cart.badge(ctx, null)).toEqual({ id: g.id, size: 1 });
    });
  });

  describe("the header's counter (cart badge, one statement)", () => {
    it("counts the rows of the caller's own cart, and of nobody else's", async () => {
      const es = await shop.services.stores.byLanguage("es");
      const fr = await shop.services.stores.byLanguage("fr");
      const asCustomer = (u: TestUser) => contextFor(es, { id: u.id, email: u.email, customerType: "customer", role: "customer" });
      const g = await guestWithRow(tray(1));
      const second = await call("POST", "cart-rows/?store=ESDB", { headers: guest(g.token), payload: { product: SLUG, selection: tray(1, { width: 80 }) } });
      expect(second.statusCode, second.body).toBe(201);
      const size = (await call("GET", `carts/${g.id}/`, { headers: guest(g.token) })).json().rows.length;
      expect(size).toBe(2);
      const badge = shop.services.cart.badge;
      expect(await badge(contextFor(es), g.token)).toEqual({ id: g.id, size: 2 });
      // No token, a forged secret, the same token in the other store: no counter.
      expect(await badge(contextFor(es), null)).toBeNull();
      expect(await badge(contextFor(es), `${g.id}.${"A".repeat(43)}`)).toBeNull();
      expect(await badge(contextFor(fr), g.token)).toBeNull();
      // A customer with the cookie adopts the guest cart: theirs from then on, the guest's token
      // and another customer holding it see nothing.
      const carla = await createCustomer(shop, smtp, { name: "Carla" });
      const dani = await createCustomer(shop, smtp, { name: "Dani" });
      expect(await badge(asCustomer(carla), g.token)).toEqual({ id: g.id, size: 2 });
      expect(await badge(asCustomer(carla), null)).toEqual({ id: g.id, size: 2 });
      expect(await badge(contextFor(es), g.token)).toBeNull();
      expect(await badge(asCustomer(dani), g.token)).toBeNull();
      expect(await badge(asCustomer(dani), null)).toBeNull();
      // A cart that became an order is no cart: no counter.
      const h = await guestWithRow(tray(1));
      expect(await badge(contextFor(es), h.token)).toEqual({ id: h.id, size: 1 });
      await shop.database.db.update(orders).set({ status: 200 }).where(eq(orders.id, h.id));
      expect(await badge(contextFor(es), h.token)).toBeNull();
    });
  });

  describe("abandonment", () => {
    it("abandons idle carts (status 150), gives the coupon back, keeps them readable and reopens them on a change", async () => {
      const code = `IDLE${Date.now().toString(36)}`;
      await call("POST", "coupons/", { headers: staff, payload: { code, kind: "amount", value: 500, usage_limit: 1 } });
      const g = await guestWithRow();
      expect((await call("POST", "coupons/validate-coupon/", { headers: guest(g.token), payload: { code } })).statusCode).toBe(200);
      const db = shop.database.db;
      await db.update(orders).set({ lastActivityAt: sql`now() - interval '73 hours'` }).where(eq(orders.id, g.id));
      expect(await shop.services.cart.abandonIdleCarts()).toBeGreaterThanOrEqual(1);
      expect(await shop.services.cart.abandonIdleCarts()).toBe(0);
      const [c] = await db.select().from(coupons).where(eq(coupons.code, code));
      expect(c.usedCount).toBe(0);
      const read = (await call("GET", `carts/${g.id}/`, { headers: guest(g.token) })).json();
      expect(read).toMatchObject({ status: 150, size: 1, coupon: null });
      const add = await call("POST", "cart-rows/", { headers: guest(g.token), payload: { product: SLUG, selection: tray(1) } });
      expect(add.json().cart).toMatchObject({ id: g.id, status: 100, size: 2 });
    });

    it("an add to a cart idle for hours marks it active again, so the abandonment job leaves it alone", async () => {
      const g = await guestWithRow();
      const db = shop.database.db;
      const activity = async () => (await db.select({ at: orders.lastActivityAt }).from(orders).where(eq(orders.id, g.id)))[0].at.getTime();
      // Idle past the abandonment limit (72 hours), the job not run yet.
      await db.update(orders).set({ lastActivityAt: sql`now() - interval '73 hours'` }).where(eq(orders.id, g.id));
      const idle = await activity();
      // The open cart's add (the one-round-trip path) moves the mark to now...
      const add = await call("POST", "cart-rows/", { headers: guest(g.token), payload: { product: SLUG, selection: tray(1) } });
      expect(add.statusCode, add.body).toBe(201);
      const marked = await activity();
      expect(marked - idle).toBeGreaterThan(72 * 3600_000);
      // ...so the job leaves it open.
      await shop.services.cart.abandonIdleCarts();
      expect((await call("GET", `carts/${g.id}/`, { headers: guest(g.token) })).json()).toMatchObject({ status: 100, size: 2 });
      // An add within the minute leaves the mark where it is (no index churn, decision 025).
      const again = await activity();
      await call("POST", "cart-rows/", { headers: guest(g.token), payload: { product: SLUG, selection: tray(1) } });
      expect(await activity()).toBe(again);
    });
  });
});
