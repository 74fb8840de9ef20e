import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, relaxThrottling, type TestUser, uniqueEmail } from "../../test/accounts.ts";
import { auditEntries, createStaff } from "../../test/staff.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { couponRedemptions, coupons } from "./coupons.schema.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
type Headers = Record<string, string>;

describeEachDb("coupons: staff CRUD, applying to carts, limits under concurrency", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let staff: Headers;
  let customer: TestUser;
  let n = 0;
  const code = (p = "C") => `${p}${Date.now().toString(36)}${++n}`.toUpperCase();
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
    await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 100_000 }).where(eq(variants.ref, "PD-RES-BL-70"));
    await shop.services.catalog.catalogChanged();
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    staff = (await createStaff(shop, "manager")).headers;
    customer = await createCustomer(shop, smtp);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api/cart/v1/${url}`, headers: opts.headers, payload: opts.payload as never });
  const guest = (token: string): Headers => ({ "x-cart-token": token });
  const tray = (q = 1) => ({
    quantity: q,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: 75 },
    texts: {},
    complements: {},
  });
  /** A guest cart holding q trays at 199 € (shipping 35.09 € each below 200 €). */
  async function cartWith(q = 1) {
    const res = await call("POST", "cart-rows/", { payload: { product: SLUG, selection: tray(q) } });
    expect(res.statusCode, res.body).toBe(201);
    return { token: res.json().cart_token as string, id: res.json().cart.id as number };
  }
  async function createCoupon(body: Record<string, unknown>) {
    const res = await call("POST", "coupons/", { headers: staff, payload: { kind: "amount", value: 1000, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const apply = (token: string, c: string, lang = "") => call("POST", `coupons/validate-coupon/${lang}`, { headers: guest(token), payload: { code: c } });

  describe("staff manage coupons", () => {
    it("only staff with the marketing permission: anonymous and customers 401, support 403", async () => {
      const body = { code: code(), kind: "amount", value: 500 };
      const support = (await createStaff(shop, "support")).headers;
      expect((await call("POST", "coupons/", { payload: body })).statusCode).toBe(401);
      expect((await call("POST", "coupons/", { headers: customer.auth, payload: body })).statusCode).toBe(401);
      expect((await call("GET", "coupons/", { headers: customer.auth })).statusCode).toBe(401);
      expect((await call("GET", "coupons/1/")).statusCode).toBe(401);
      expect((await call("PUT", "coupons/1/", { headers: support, payload: body })).statusCode).toBe(403);
      expect((await call("DELETE", "coupons/1/", { headers: support })).statusCode).toBe(403);
    });

    it("creates, reads, lists, updates and deletes; a code is unique per store whatever its case", async () => {
      const c = code("crud");
      const created = await createCoupon({ code: c, name: "Bienvenida", kind: "percent", value: 1000, single_use: true });
      expect(created).toMatchObject({ code: c, store: "ESDB", kind: "percent", value: 1000, single_use: true, usage_limit: 1, used_count: 0, active: true });
      const dup = await call("POST", "coupons/", { headers: staff, payload: { code: c.toLowerCase(), kind: "amount", value: 5 } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.message).toBe("Ya existe un cupón con ese código en esta tienda");
      // The French store may have the same code.
      expect((await call("POST", "coupons/?store=FRDB", { headers: staff, payload: { code: c, kind: "amount", value: 5 } })).statusCode).toBe(201);
      expect((await call("GET", `coupons/${created.id}/`, { headers: staff })).json().name).toBe("Bienvenida");
      expect((await call("GET", `coupons/${created.id}/?store=FRDB`, { headers: staff })).statusCode).toBe(404);
      const list = await call("GET", "coupons/", { headers: staff });
      expect(list.json().results.some((x: any) => x.id === created.id)).toBe(true);
      const put = await call("PUT", `coupons/${created.id}/`, { headers: staff, payload: { code: c, kind: "amount", value: 700, active: false } });
      expect(put.json()).toMatchObject({ kind: "amount", value: 700, active: false, single_use: false, usage_limit: null });
      expect((await call("DELETE", `coupons/${created.id}/`, { headers: staff })).statusCode).toBe(204);
      const audit = await auditEntries(shop, { action: "coupon." });
      expect(audit.map((a) => a.action).slice(0, 3)).toEqual(["coupon.delete", "coupon.update", "coupon.create"]);
      expect((audit[1].before as { value: number }).value).not.toBe((audit[1].after as { value: number }).value);
      expect((await call("GET", `coupons/${created.id}/`, { headers: staff })).statusCode).toBe(404);
    });

    it("refuses nonsense: a percentage over 100 %, dates the wrong way round, unknown fields", async () => {
      const bad = [
        { code: code(), kind: "percent", value: 10_001 },
        { code: code(), kind: "amount", value: 0 },
        { code: code(), kind: "amount", value: 100, valid_from: "2030-01-02T00:00:00Z", valid_to: "2030-01-01T00:00:00Z" },
        { code: "a b", kind: "amount", value: 100 },
        { code: code(), kind: "amount", value: 100, used_count: 0 },
      ];
      for (const payload of bad) expect((await call("POST", "coupons/", { headers: staff, payload })).statusCode).toBe(400);
    });

    it("keeps a used coupon (409: deactivate it) and refuses a limit below its uses", async () => {
      const c = await createCoupon({ code: code("used"), usage_limit: 3 });
      const cart = await cartWith();
      expect((await apply(cart.token, c.code)).statusCode).toBe(200);
      const del = await call("DELETE", `coupons/${c.id}/`, { headers: staff });
      expect(del.statusCode).toBe(409);
      expect(del.json().error.code).toBe("coupon.in_use");
      await createCoupon({ code: code("x") });
      const cart2 = await cartWith();
      expect((await apply(cart2.token, c.code)).statusCode).toBe(200);
      const lower = await call("PUT", `coupons/${c.id}/`, { headers: staff, payload: { code: c.code, kind: "amount", value: 1000, usage_limit: 1 } });
      expect(lower.statusCode).toBe(409);
      expect(lower.json().error.code).toBe("coupon.limit_below_uses");
    });

    it("lists only public coupons valid now in web_list", async () => {
      const pub = await createCoupon({ code: code("pub"), public: true, name: "Primavera" });
      const priv = await createCoupon({ code: code("priv") });
      const old = await createCoupon({ code: code("old"), public: true, valid_to: "2020-01-01T00:00:00Z" });
      const personal = await createCoupon({ code: code("me"), public: true, email: "ana@example.es" });
      const res = await call("GET", "coupons/web_list/");
      const ids = res.json().results.map((c: any) => c.id);
      expect(ids).toContain(pub.id);
      for (const c of [priv, old, personal]) expect(ids).not.toContain(c.id);
      expect(res.json().results.find((c: any) => c.id === pub.id)).toEqual({
        id: pub.id,
        code: pub.code,
        name: "Primavera",
        kind: "amount",
        value: 1000,
        min_cart_amount: 0,
        valid_to: null,
        first_purchase_only: false,
      });
    });
  });

  describe("applying a coupon to a cart", () => {
    it("applies a valid code whatever its case: 'Cupón aplicado correctamente' and the discount in the totals", async () => {
      const c = await createCoupon({ code: code("ten"), kind: "percent", value: 1000 });
      const cart = await cartWith(2); // 398 €: free shipping
      const res = await apply(cart.token, c.code.toLowerCase());
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Cupón aplicado correctamente");
      const body = res.json().cart;
      expect(body.coupon).toEqual({ id: c.id, code: c.code, total_discount: 3_980 });
      expect(body.coupon_code).toBe(c.code);
      expect(body.total_discount).toBe(3_980);
      expect(body.rows[0].coupon_discount).toBe(3_980);
      expect(body.prices).toMatchObject({ pvp: 39_800, pvp_shipping: 0, pvp_total: 35_820 });
      expect(body.prices.pvp_saved).toBe(10_000 + 3_980);
      // Again: nothing changes, no second use.
      expect((await apply(cart.token, c.code)).statusCode).toBe(200);
      const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.id, c.id));
      expect(row.usedCount).toBe(1);
    });

    it("never makes a total negative: the discount stops at the products' amount", async () => {
      const c = await createCoupon({ code: code("big"), value: 1_000_000 });
      const cart = await cartWith(1);
      const body = (await apply(cart.token, c.code)).json().cart;
      expect(body.total_discount).toBe(19_900);
      expect(body.prices.pvp_total).toBe(3_509); // shipping only
      expect(body.vat.base + body.vat.amount).toBe(3_509);
    });

    it.each([
      ["an unknown code", () => ({ code: "NO-EXISTE" })],
      ["an inactive coupon", () => ({ active: false })],
      ["an expired coupon", () => ({ valid_to: "2020-01-01T00:00:00Z" })],
      ["a coupon not yet valid", () => ({ valid_from: "2099-01-01T00:00:00Z" })],
      ["a cart below the minimum amount", () => ({ min_cart_amount: 50_000 })],
      ["another person's coupon", () => ({ email: "otra@example.es" })],
    ])("refuses %s: 'Lo sentimos, este cupón no es válido', and the cart keeps no coupon", async (_name, terms) => {
      const t = terms() as Record<string, unknown>;
      const c = t.code ? { code: t.code } : await createCoupon({ code: code(), ...t });
      const cart = await cartWith();
      // A personal coupon is checked against the cart's email (a guest cart without one takes it
      // and the order's email is checked at checkout: docs/decisions/047).
      if (t.email) await call("POST", `carts/${cart.id}/join_email_to_cart/`, { headers: guest(cart.token), payload: { email: "yo@example.es" } });
      const res = await apply(cart.token, c.code as string);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: "coupon.invalid", message: "Lo sentimos, este cupón no es válido" });
      const state = (await call("GET", `carts/${cart.id}/`, { headers: guest(cart.token) })).json();
      expect(state.coupon).toBeNull();
    });

    it("answers in French in the French store", async () => {
      const res = await call("POST", "cart-rows/?store=FRDB", { payload: { product: "receveur-de-douche-resine-ardoise-blanc", selection: tray(1) } });
      const token = res.json().cart_token;
      const bad = await call("POST", "coupons/validate-coupon/?store=FRDB", { headers: guest(token), payload: { code: "NOPE" } });
      expect(bad.json().error.message).toBe("Désolés, ce code promo n'est pas valable");
      const c = await call("POST", "coupons/?store=FRDB", { headers: staff, payload: { code: code("fr"), kind: "amount", value: 500 } });
      const ok = await call("POST", "coupons/validate-coupon/?store=FRDB", { headers: guest(token), payload: { code: c.json().code } });
      expect(ok.json().message).toBe("Code promo appliqué");
      const off = await call("PUT", `carts/${res.json().cart.id}/disable_coupon/?store=FRDB`, { headers: guest(token) });
      expect(off.json().message).toBe("Code promo retiré");
      const again = await call("PUT", `carts/${res.json().cart.id}/disable_coupon/?store=FRDB`, { headers: guest(token) });
      expect(again.json().error.message).toBe("Erreur, le code promo n'a pas pu être retiré");
    });

    it("removes a coupon ('Cupón eliminado'), gives its use back, and cannot remove what is not there", async () => {
      const c = await createCoupon({ code: code("off"), single_use: true });
      const a = await cartWith();
      const b = await cartWith();
      expect((await apply(a.token, c.code)).statusCode).toBe(200);
      expect((await apply(b.token, c.code)).statusCode).toBe(422);
      const off = await call("PUT", `carts/${a.id}/disable_coupon/`, { headers: guest(a.token) });
      expect(off.statusCode).toBe(200);
      expect(off.json().message).toBe("Cupón eliminado");
      expect(off.json().cart.coupon).toBeNull();
      expect(off.json().cart.total_discount).toBe(0);
      const again = await call("PUT", `carts/${a.id}/disable_coupon/`, { headers: guest(a.token) });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe("Error, No se ha podido borrar el cupón");
      // The single use is free again.
      expect((await apply(b.token, c.code)).statusCode).toBe(200);
    });

    it("replaces a cart's coupon with a new valid one and keeps it when the new one is refused", async () => {
      const first = await createCoupon({ code: code("one"), value: 500, usage_limit: 10 });
      const second = await createCoupon({ code: code("two"), value: 800, usage_limit: 10 });
      const cart = await cartWith();
      await apply(cart.token, first.code);
      expect((await apply(cart.token, "NO-VALE")).statusCode).toBe(422);
      expect((await call("GET", `carts/${cart.id}/`, { headers: guest(cart.token) })).json().coupon_code).toBe(first.code);
      const res = await apply(cart.token, second.code);
      expect(res.json().cart.total_discount).toBe(800);
      const db = shop.database.db;
      const [f] = await db.select().from(coupons).where(eq(coupons.id, first.id));
      const [s] = await db.select().from(coupons).where(eq(coupons.id, second.id));
      expect([f.usedCount, s.usedCount]).toEqual([0, 1]);
    });

    it("gives the use back when the cart is deleted", async () => {
      const c = await createCoupon({ code: code("del"), single_use: true });
      const cart = await cartWith();
      await apply(cart.token, c.code);
      expect((await call("DELETE", `carts/${cart.id}/`, { headers: guest(cart.token) })).statusCode).toBe(204);
      const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.id, c.id));
      expect(row.usedCount).toBe(0);
    });

    it("a first-purchase coupon: fine before the first order, refused once the customer has placed one", async () => {
      const c = await createCoupon({ code: code("first"), first_purchase_only: true });
      const user = await createCustomer(shop, smtp);
      const add = await call("POST", "cart-rows/", { headers: user.auth, payload: { product: SLUG, selection: tray(1) } });
      const cartId = add.json().cart.id;
      const ok = await call("POST", "coupons/validate-coupon/", { headers: user.auth, payload: { code: c.code } });
      expect(ok.statusCode).toBe(200);
      await call("PUT", `carts/${cartId}/disable_coupon/`, { headers: user.auth });
      // The checkout issue places orders; here an order placed earlier is written as it will be.
      const es = await shop.services.stores.byLanguage("es");
      await shop.database.db.insert(orders).values({ storeId: es.id, status: 400, orderNumber: `TEST${Date.now()}`, userId: user.id, email: user.email });
      const refused = await call("POST", "coupons/validate-coupon/", { headers: user.auth, payload: { code: c.code } });
      expect(refused.statusCode).toBe(422);
      // A guest giving that customer's email is refused too.
      const g = await cartWith();
      await call("POST", `carts/${g.id}/join_email_to_cart/`, { headers: guest(g.token), payload: { email: user.email } });
      expect((await apply(g.token, c.code)).statusCode).toBe(422);
    });

    it("a per-customer limit counts the same email across carts", async () => {
      const c = await createCoupon({ code: code("pc"), per_customer_limit: 1 });
      const email = uniqueEmail("limite");
      const a = await cartWith();
      const b = await cartWith();
      for (const x of [a, b]) await call("POST", `carts/${x.id}/join_email_to_cart/`, { headers: guest(x.token), payload: { email } });
      expect((await apply(a.token, c.code)).statusCode).toBe(200);
      expect((await apply(b.token, c.code)).statusCode).toBe(422);
    });

    it("a personal coupon works for its email only", async () => {
      const email = uniqueEmail("news");
      const c = await createCoupon({ code: code("nl"), email, single_use: true, first_purchase_only: true, value: 500 });
      const other = await cartWith();
      await call("POST", `carts/${other.id}/join_email_to_cart/`, { headers: guest(other.token), payload: { email: uniqueEmail("otra") } });
      expect((await apply(other.token, c.code)).statusCode).toBe(422);
      // A guest cart has no email until checkout: it takes the code, and placing the order checks
      // it against the order's email (issue 37 item 3; the newsletter tests place such orders).
      const cart = await cartWith();
      expect((await apply(cart.token, c.code)).statusCode).toBe(200);
      await call("POST", `carts/${cart.id}/join_email_to_cart/`, { headers: guest(cart.token), payload: { email } });
      expect((await apply(cart.token, c.code)).statusCode).toBe(200);
    });
  });

  describe("races are decided by the database", () => {
    it("a single-use coupon applied by 200 concurrent requests to 200 carts is applied exactly once", async () => {
      const c = await createCoupon({ code: code("once"), single_use: true });
      const es = await shop.services.stores.byLanguage("es");
      const carts = await Promise.all(Array.from({ length: 200 }, () => shop.services.cart.createCart(contextFor(es))));
      const results = await Promise.all(carts.map((x) => apply(x.token!, c.code)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 200)).toHaveLength(1);
      expect(codes.filter((s) => s === 422)).toHaveLength(199);
      const db = shop.database.db;
      const [row] = await db.select().from(coupons).where(eq(coupons.id, c.id));
      expect(row.usedCount).toBe(1);
      const [{ n: uses }] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, c.id));
      expect(uses).toBe(1);
      const [{ n: withCoupon }] = await db.select({ n: count() }).from(orders).where(eq(orders.couponId, c.id));
      expect(withCoupon).toBe(1);
    }, 120_000);

    it("a usage limit of 5 under 100 concurrent applications gives exactly 5", async () => {
      const c = await createCoupon({ code: code("five"), usage_limit: 5 });
      const es = await shop.services.stores.byLanguage("es");
      const carts = await Promise.all(Array.from({ length: 100 }, () => shop.services.cart.createCart(contextFor(es))));
      const results = await Promise.all(carts.map((x) => apply(x.token!, c.code)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.id, c.id));
      expect(row.usedCount).toBe(5);
    }, 120_000);

    it("the same row added twice concurrently to one cart: two rows, size 2, distinct positions", async () => {
      const cart = await cartWith();
      const adds = await Promise.all(
        Array.from({ length: 2 }, () => call("POST", "cart-rows/", { headers: guest(cart.token), payload: { product: SLUG, selection: tray(1) } })),
      );
      expect(adds.map((r) => r.statusCode)).toEqual([201, 201]);
      const state = (await call("GET", `carts/${cart.id}/`, { headers: guest(cart.token) })).json();
      expect(state.size).toBe(3);
      expect(state.rows).toHaveLength(3);
      const rows = await shop.database.db.select().from(orderRows).where(eq(orderRows.orderId, cart.id));
      expect(new Set(rows.map((r) => r.position)).size).toBe(3);
      // And 20 at once on one cart, quantities and stock counted right.
      const many = await Promise.all(
        Array.from({ length: 20 }, () => call("POST", "cart-rows/", { headers: guest(cart.token), payload: { product: SLUG, selection: tray(1) } })),
      );
      expect(many.every((r) => r.statusCode === 201)).toBe(true);
      const [{ n: total }] = await shop.database.db
        .select({ n: count() })
        .from(orderRows)
        .where(and(eq(orderRows.orderId, cart.id)));
      expect(total).toBe(23);
      expect((await call("GET", `carts/${cart.id}/`, { headers: guest(cart.token) })).json().size).toBe(23);
    }, 60_000);
  });
});
