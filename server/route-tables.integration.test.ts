import { eq, sql } from "drizzle-orm";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedStores } from "../seed/stores.ts";
import { loadServerBuild } from "./app.ts";
import type { Db } from "./db/client.ts";
import { contextFor } from "./lib/request-context.ts";
import { variants } from "./modules/catalog/catalog.schema.ts";
import { subOrders } from "./modules/orders/orders.schema.ts";
import type { PaymentOutcome } from "./modules/payments/payments.types.ts";
import { catalogRoutes, firstSegments, requestHandlerKey, storeRoutes } from "./ssr.ts";
import { createCustomer, login, relaxThrottling, type TestUser, uniqueEmail } from "./test/accounts.ts";
import { buildCatalogFixture } from "./test/catalog-fixture.ts";
import { startSmtp, type TestSmtp } from "./test/smtp.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/** A table as React Router's matching sees it: the routes reachable from the root, nested by parent. */
function tree(table: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(table.routes)
    .filter((r) => r && r.parentId === parentId)
    .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, caseSensitive: r!.caseSensitive, children: tree(table, r!.id) }) as RouteObject);
}
const matched = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;
const dataUrl = (path: string) => (path === "/" ? "/_.data" : path.endsWith("/") ? `${path}_.data` : `${path}.data`);

// A request whose first path segment is no other route's goes to its store's catalog table
// (catalogRoutes, server/ssr.ts): the catalog's catch-all route and its parents only. That is
// right only if such a path can only be the catch-all's in the store's own table: checked here,
// against the real build's routes, for the address of every route and for catalog addresses.
describe("the route tables the server matches against", () => {
  let build: ServerBuild;
  let tables: Record<"es" | "fr", ServerBuild>;
  let first: Record<"es" | "fr", RegExp | null>;
  beforeAll(async () => {
    build = (await loadServerBuild(inject("buildDir")))!;
    tables = { es: storeRoutes(build, "es"), fr: storeRoutes(build, "fr") };
    first = { es: firstSegments(tables.es, "es"), fr: firstSegments(tables.fr, "fr") };
  });

  it("sends catalog addresses, and only those, to the catalog tables", () => {
    expect(first.es).not.toBeNull();
    expect(first.fr).not.toBeNull();
    const key = (url: string) => requestHandlerKey(url, first);
    expect(key("/plato-ibiza.html")).toBe("esCatalog");
    expect(key("/plato-ibiza.html?opiniones=2")).toBe("esCatalog");
    expect(key("/plato-ibiza.html.data")).toBe("esCatalog");
    expect(key("/platos-de-ducha/")).toBe("esCatalog");
    expect(key("/platos-de-ducha/_.data?_routes=x")).toBe("esCatalog");
    expect(key("/fr/receveur-ibiza.html")).toBe("frCatalog");
    expect(key("/fr/receveurs-de-douche/")).toBe("frCatalog");
    for (const url of [
      "/",
      "/_.data",
      "/fr",
      "/fr/",
      "/fr.data",
      "/fr/_.data",
      "/cart",
      "/CART",
      "/c%61rt",
      "/fr/cart.data",
      "/marcas/roca",
      "/cms/aviso.html",
      "/%E0",
    ]) {
      expect(key(url), url).toMatch(/^(es|fr)$/);
    }
  });

  it("match every address in the table its key picks as in the store's whole table: every route's, catalog ones, odd ones", () => {
    for (const lang of ["es", "fr"] as const) {
      const table = tables[lang];
      const full = tree(table);
      const catalog = tree(catalogRoutes(table));
      const prefix = lang === "fr" ? "/fr" : "";
      const paths = new Set(
        [
          "/",
          "/plato-ibiza.html",
          "/platos-de-ducha/",
          "/platos-de-ducha/resina/",
          "/Platos-De-Ducha/",
          "/x",
          "/%20/",
          "/no-such-page",
          "/cart.html",
          "/cart/x/y/",
        ].map((p) => (p === "/" ? `${prefix}/` : prefix + p)),
      );
      // The address of every route of the table (parameters and splats filled in), as written,
      // in capitals, with its first letter percent-encoded, and with a trailing slash.
      for (const r of Object.values(table.routes)) {
        const segments: string[] = [];
        for (let x: typeof r | undefined = r; x; x = x.parentId ? table.routes[x.parentId] : undefined) if (x.path) segments.unshift(...x.path.split("/"));
        const path = `/${segments
          .filter(Boolean)
          .map((s) => (s.startsWith(":") ? "x1" : s === "*" ? "a/b" : s.replace(/\?$/, "")))
          .join("/")}`;
        paths.add(path);
        paths.add(path.toUpperCase());
        paths.add(`${path}/`);
        const [, a, ...rest] = path.split("/");
        if (a)
          paths.add(
            `/${encodeURIComponent(a[0]).replace(/^[a-z]$/i, (c) => `%${c.charCodeAt(0).toString(16)}`)}${a.slice(1)}${rest.length ? `/${rest.join("/")}` : ""}`,
          );
      }
      let toCatalog = 0;
      for (const path of paths) {
        const key = requestHandlerKey(path, first);
        expect(requestHandlerKey(dataUrl(path), first), dataUrl(path)).toBe(key);
        if (!key.startsWith(lang)) continue; // the other store's address: its own table
        const routes = key.endsWith("Catalog") ? catalog : full;
        if (key.endsWith("Catalog")) toCatalog++;
        expect(matched(routes, path), `${key}: ${path}`).toEqual(matched(full, path));
      }
      expect(toCatalog, lang).toBeGreaterThan(5);
      expect(paths.size, lang).toBeGreaterThan(100);
    }
  });

  it("keep every route of the build in the catalog table (React Router renders with its modules)", () => {
    const table = catalogRoutes(storeRoutes(build, "es"));
    expect(Object.keys(table.routes)).toEqual(Object.keys(build.routes));
    expect(table.routes.home?.module).toBe(build.routes.home?.module);
  });
});

// ------------------------------------------------------------------ the access matrix (issue 36)

/** The customer-facing API routes and storefront pages an owner's data is reached through. */
type Fx = {
  owner: TestUser;
  shipping: number;
  billing: number;
  wish: number;
  newsletter: number;
  product: number;
  /** A paid, delivered order with an incident request, a withdrawal and an invoice. */
  order: { id: number; number: string; link: string; sub: number; request: number; withdrawal: number; invoice: number };
  /** Placed, waiting for the card payment; and one waiting for a transfer. */
  pending: { id: number; reference: string };
  transfer: { reference: string };
  cart: { id: number; row: number };
};
type Case = {
  url: (f: Fx) => string;
  body?: (f: Fx) => unknown;
  /** The caller's own space (a list, a creation): a 2xx answer to someone else is theirs, never the owner's data. */
  own?: true;
  /** Deletes or changes what other cases use, or the owner's access: run after the others for the owner, in this order. */
  last?: 1 | 2 | 3;
};
const ID = (f: Fx) => f.owner.id;
/** As behind the shop's proxy (the storefront's cookies are Secure; React Router checks Origin). */
const PROXIED = { host: "tienda.example.es", "x-forwarded-proto": "https" };

/**
 * Every API route a customer's token reaches (auth "user" or "optional" in the apiRoute
 * registry, read from /api/docs; staff routes have their own matrix, staff/permission-matrix),
 * aimed at the owner's objects. A route missing here fails the test: a new route is classified
 * (and so tried as anonymous, as another customer and as its owner) before it can land.
 */
const API_CASES: Record<string, Case> = {
  "GET /api/auth-users/v1/clients/info/": { url: () => "/api/auth-users/v1/clients/info/", own: true },
  "GET /api/auth-users/v1/clients/{id}/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/` },
  "PUT /api/auth-users/v1/clients/{id}/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/`, body: () => ({ name: "Propietaria", surnames: "García" }) },
  "PATCH /api/auth-users/v1/clients/{id}/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/`, body: () => ({ name: "Propietaria" }) },
  "DELETE /api/auth-users/v1/clients/{id}/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/`, body: (f) => ({ password: f.owner.password }), last: 3 },
  "PUT /api/auth-users/v1/clients/{id}/toggle_type/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/toggle_type/` },
  "POST /api/auth-users/v1/clients/{id}/change_email/": {
    url: (f) => `/api/auth-users/v1/clients/${ID(f)}/change_email/`,
    body: (f) => ({ email: uniqueEmail("robo"), current_password: f.owner.password }),
    last: 2,
  },
  "POST /api/auth-users/v1/clients/{id}/change_password/": {
    url: (f) => `/api/auth-users/v1/clients/${ID(f)}/change_password/`,
    body: (f) => ({ current_password: f.owner.password, password: "robada-123", password_confirmation: "robada-123" }),
    last: 2,
  },
  "GET /api/auth-users/v1/clients/{id}/export/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/export/` },
  "GET /api/auth-users/v1/clients/{id}/newsletter/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/newsletter/` },
  "PUT /api/auth-users/v1/clients/{id}/newsletter/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/newsletter/` },
  "DELETE /api/auth-users/v1/clients/{id}/newsletter/": { url: (f) => `/api/auth-users/v1/clients/${ID(f)}/newsletter/`, last: 2 },
  "GET /api/auth-users/v1/newsletters/": { url: () => "/api/auth-users/v1/newsletters/", own: true },
  "GET /api/auth-users/v1/newsletters/{id}/": { url: (f) => `/api/auth-users/v1/newsletters/${f.newsletter}/` },
  "DELETE /api/auth-users/v1/newsletters/{id}/": { url: (f) => `/api/auth-users/v1/newsletters/${f.newsletter}/`, last: 1 },
  ...addressCases("shipping"),
  ...addressCases("billing"),
  "GET /api/auth-users/v1/products-wishlist/": { url: (f) => `/api/auth-users/v1/products-wishlist/?user=${ID(f)}`, own: true },
  "POST /api/auth-users/v1/products-wishlist/": { url: () => "/api/auth-users/v1/products-wishlist/", body: (f) => ({ product: f.product }), own: true },
  "POST /api/auth-users/v1/products-wishlist/set-favourites/": {
    url: () => "/api/auth-users/v1/products-wishlist/set-favourites/",
    body: (f) => ({ product_ids: [f.product] }),
    own: true,
  },
  "GET /api/auth-users/v1/products-wishlist/{id}/": { url: (f) => `/api/auth-users/v1/products-wishlist/${f.wish}/` },
  "DELETE /api/auth-users/v1/products-wishlist/{id}/": { url: (f) => `/api/auth-users/v1/products-wishlist/${f.wish}/`, last: 1 },
  // Carts: the owner's open cart by id; creations and the store's own cart are the caller's.
  "POST /api/cart/v1/cart-rows/": { url: () => "/api/cart/v1/cart-rows/", body: (f) => ({ product: f.product, selection: { quantity: 1 } }), own: true },
  "GET /api/cart/v1/cart-rows/{id}/": { url: (f) => `/api/cart/v1/cart-rows/${f.cart.row}/` },
  "PUT /api/cart/v1/cart-rows/{id}/": { url: (f) => `/api/cart/v1/cart-rows/${f.cart.row}/`, body: () => ({ quantity: 2 }) },
  "DELETE /api/cart/v1/cart-rows/{id}/delete_item/": { url: (f) => `/api/cart/v1/cart-rows/${f.cart.row}/delete_item/`, last: 1 },
  "POST /api/cart/v1/carts/": { url: () => "/api/cart/v1/carts/", own: true },
  "DELETE /api/cart/v1/carts/": { url: () => "/api/cart/v1/carts/", own: true, last: 1 },
  "GET /api/cart/v1/carts/{id}/": { url: (f) => `/api/cart/v1/carts/${f.cart.id}/` },
  "PUT /api/cart/v1/carts/{id}/": { url: (f) => `/api/cart/v1/carts/${f.cart.id}/`, body: () => ({ name: "Hack" }) },
  "DELETE /api/cart/v1/carts/{id}/": { url: (f) => `/api/cart/v1/carts/${f.cart.id}/`, last: 1 },
  "GET /api/cart/v1/carts/{id}/custom_rows/": { url: (f) => `/api/cart/v1/carts/${f.cart.id}/custom_rows/` },
  "PUT /api/cart/v1/carts/{id}/disable_coupon/": { url: (f) => `/api/cart/v1/carts/${f.cart.id}/disable_coupon/` },
  "POST /api/cart/v1/carts/{id}/join_email_to_cart/": {
    url: (f) => `/api/cart/v1/carts/${f.cart.id}/join_email_to_cart/`,
    body: () => ({ email: "robo@example.es" }),
  },
  "POST /api/cart/v1/coupons/validate-coupon/": { url: () => "/api/cart/v1/coupons/validate-coupon/", body: () => ({ code: "NOEXISTE" }), own: true },
  // Orders and what hangs from them.
  "GET /api/orders/v1/orders/": { url: () => "/api/orders/v1/orders/", own: true },
  "GET /api/orders/v1/orders/{id}/": { url: (f) => `/api/orders/v1/orders/${f.order.id}/` },
  "POST /api/orders/v1/orders/{id}/requests/": {
    url: (f) => `/api/orders/v1/orders/${f.order.id}/requests/`,
    body: () => ({ kind: "incident", reason: "Intruso" }),
  },
  "POST /api/orders/v1/orders/{id}/requests/{request}/photos/": { url: (f) => `/api/orders/v1/orders/${f.order.id}/requests/${f.order.request}/photos/` },
  "GET /api/orders/v1/orders/{id}/withdrawal/": { url: (f) => `/api/orders/v1/orders/${f.order.id}/withdrawal/` },
  "POST /api/orders/v1/orders/{id}/withdrawal/": { url: (f) => `/api/orders/v1/orders/${f.order.id}/withdrawal/`, body: () => ({ confirm: true }) },
  "POST /api/orders/v1/orders/{id}/aftersale/{kind}/{case}/answer/": {
    url: (f) => `/api/orders/v1/orders/${f.order.id}/aftersale/withdrawal/${f.order.withdrawal}/answer/`,
    body: () => ({ answer: "Respuesta" }),
  },
  "GET /api/cart/v1/sub-orders/": { url: (f) => `/api/cart/v1/sub-orders/?order=${f.order.id}` },
  "GET /api/cart/v1/sub-orders/{id}/": { url: (f) => `/api/cart/v1/sub-orders/${f.order.sub}/` },
  "GET /api/accounting/v1/invoices/": { url: () => "/api/accounting/v1/invoices/", own: true },
  "GET /api/accounting/v1/invoices/{id}/": { url: (f) => `/api/accounting/v1/invoices/${f.order.invoice}/` },
  "GET /api/accounting/v1/invoices/{id}/pdf/": { url: (f) => `/api/accounting/v1/invoices/${f.order.invoice}/pdf/` },
  "POST /api/reviews/v1/reviews/": { url: () => "/api/reviews/v1/reviews/", body: (f) => ({ product: f.product, rating: 5, body: "Bien" }), own: true },
  // Paying: the owner's order waiting for payment.
  "POST /api/checkout/v1/place_order/": { url: () => "/api/checkout/v1/place_order/", body: () => ({}), own: true },
  "POST /api/checkout/v1/orders/{id}/pay/": { url: (f) => `/api/checkout/v1/orders/${f.pending.id}/pay/`, body: () => ({}) },
  "POST /api/payment/v1/{provider}/payments/session/": {
    url: () => "/api/payment/v1/sandbox/payments/session/",
    body: (f) => ({ reference: f.pending.reference }),
  },
  "POST /api/payment/v1/{provider}/payments/create_order/": {
    url: () => "/api/payment/v1/sandbox/payments/create_order/",
    body: (f) => ({ reference: f.pending.reference }),
  },
  "GET /api/payment/v1/transfer/{reference}/": { url: (f) => `/api/payment/v1/transfer/${f.transfer.reference}/` },
};

function addressCases(type: "shipping" | "billing"): Record<string, Case> {
  const base = `/api/auth-users/v1/${type}-addresses/`;
  const id = (f: Fx) => (type === "shipping" ? f.shipping : f.billing);
  return {
    [`GET ${base}`]: { url: (f) => `${base}?user=${ID(f)}&page=-1`, own: true },
    [`POST ${base}`]: {
      url: () => base,
      body: () => ({ ...ADDRESS[type], ...(type === "shipping" ? { name: "Ajena" } : { business_name: "Ajena SL" }), address: "Calle Ajena" }),
      own: true,
    },
    [`GET ${base}{id}/`]: { url: (f) => `${base}${id(f)}/` },
    [`PUT ${base}{id}/`]: { url: (f) => `${base}${id(f)}/`, body: () => ({ ...ADDRESS[type], city: "Robado" }) },
    [`PATCH ${base}{id}/`]: { url: (f) => `${base}${id(f)}/`, body: () => ({ city: "Robado" }) },
    [`DELETE ${base}{id}/`]: { url: (f) => `${base}${id(f)}/`, last: 1 },
  };
}

const ADDRESS = {
  shipping: {
    name: "Propietaria",
    phone: "600123456",
    address: "Calle Propietaria",
    number: "5",
    postal_code: "28013",
    city: "Madrid",
    province: "Madrid",
    country: "ES",
  },
  billing: {
    business_name: "Propietaria SL",
    tax_type: "dni",
    tax_id: "12345678Z",
    address: "Calle Propietaria",
    number: "5",
    postal_code: "28013",
    city: "Madrid",
    province: "Madrid",
    country: "ES",
  },
};

/** The storefront pages of an owner's data: every route under the profile, and the order page. */
function pagePaths(table: ServerBuild): string[] {
  const out: string[] = [];
  for (const r of Object.values(table.routes)) {
    const segments: string[] = [];
    for (let x: typeof r | undefined = r; x; x = x.parentId ? table.routes[x.parentId] : undefined) if (x.path) segments.unshift(...x.path.split("/"));
    const path = `/${segments.filter(Boolean).join("/")}`;
    if (/^\/(profile|order)(\/|$)/.test(path)) out.push(path);
  }
  return [...new Set(out)].sort();
}

/** A page template filled in with the owner's objects (null: classified as not the owner's, see below). */
const PAGE_CASES: Record<string, ((f: Fx) => string) | null> = {
  // The customer's own area without an id (a redirect to the caller's own, or to the login).
  "/profile": null,
  "/profile/*": null,
  "/profile/:id": (f) => `/profile/${ID(f)}`,
  "/profile/:id/access-data": (f) => `/profile/${ID(f)}/access-data`,
  "/profile/:id/address": (f) => `/profile/${ID(f)}/address`,
  "/profile/:id/address/form-billing/:billing_id?": (f) => `/profile/${ID(f)}/address/form-billing/${f.billing}`,
  "/profile/:id/address/form-shipping/:shipping_id?": (f) => `/profile/${ID(f)}/address/form-shipping/${f.shipping}`,
  "/profile/:id/favourites": (f) => `/profile/${ID(f)}/favourites`,
  "/profile/:id/newsletter": (f) => `/profile/${ID(f)}/newsletter`,
  "/profile/:id/order": (f) => `/profile/${ID(f)}/order`,
  "/profile/:id/order/:order_id": (f) => `/profile/${ID(f)}/order/${f.order.id}`,
  "/profile/:id/quotation": (f) => `/profile/${ID(f)}/quotation`,
  "/profile/:id/quotation/:quotation_id": (f) => `/profile/${ID(f)}/quotation/${f.order.id}`,
  "/profile/:id/privacy": (f) => `/profile/${ID(f)}/privacy`,
  "/profile/:id/privacy/export": (f) => `/profile/${ID(f)}/privacy/export`,
  "/order/:id?": (f) => `/order/${f.order.id}`,
};

describeEachDb("the access matrix, generated from the route tables: no customer sees another's data", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let fx: Fx;
  let other: TestUser;
  let otherJar: string;
  let ownerJar: string;
  let markers: string[];
  let apiRoutes: string[];
  let pages: string[];
  const SLUG = "plato-de-ducha-resina-pizarra-blanco";
  const db = () => shop.database.db as Db;
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    shop.app.inject({ method: method as "GET", url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { ssr: true, seed: false, env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    await seedStores(db());
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db(), { es: es.id, fr: fr.id });
    await db().update(variants).set({ stock: 100_000 });
    const attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const p = shop.services.payments as unknown as Record<string, unknown>;
    p.startPayment = async (_c: unknown, i: { reference: string }) => ({ type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" });

    const owner = await createCustomer(shop, smtp, { name: "Propietaria", email: uniqueEmail("propietaria") });
    other = await createCustomer(shop, smtp, { name: "Intrusa", email: uniqueEmail("intrusa") });
    const as = (method: string, url: string, payload?: unknown) => call(method, url, owner.auth, payload);
    const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json() as Record<string, never>;
    };
    const shipping = (await ok(as("POST", "/api/auth-users/v1/shipping-addresses/", ADDRESS.shipping))).id;
    const billing = (await ok(as("POST", "/api/auth-users/v1/billing-addresses/", ADDRESS.billing))).id;
    const productId = (await rows<{ id: number }>(sql`select product_id as id from product_translations where slug = ${SLUG}`))[0].id;
    const wish = (await ok(as("POST", "/api/auth-users/v1/products-wishlist/", { product: productId }))).id;
    await ok(as("PUT", `/api/auth-users/v1/clients/${owner.id}/newsletter/`));
    const subs = (await ok(as("GET", "/api/auth-users/v1/newsletters/"))) as unknown as { results?: { id: number }[] } | { id: number }[];
    const newsletter = (Array.isArray(subs) ? subs : (subs.results ?? []))[0]?.id ?? 0;
    let key = 0;
    const place = async (method: "card" | "transfer") => {
      const added = (await ok(as("POST", "/api/cart/v1/cart-rows/", { product: SLUG, selection }))) as unknown as { cart: { prices: { pvp_total: number } } };
      const total = added.cart.prices.pvp_total;
      const res = await ok(
        as("POST", "/api/checkout/v1/place_order/", {
          idempotency_key: `matrix-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
          name: "Propietaria",
          surnames: "García",
          email: owner.email,
          phone: "600123456",
          ...Object.fromEntries(
            Object.entries(ADDRESS.shipping)
              .filter(([k]) => !["name", "phone"].includes(k))
              .map(([k, v]) => [`shipping_${k}`, v]),
          ),
          billing_business_name: "Propietaria SL",
          billing_tax_id_type: "dni",
          billing_tax_id: "12345678Z",
          payment_method: method,
          expected_total: total,
        }),
      );
      return {
        order: res.order as unknown as { id: number; payment_reference: string; order_number: string; prices: { total: number } },
        url: res.order_url as unknown as string,
      };
    };
    // The delivered order: paid (invoice), delivered, with an incident and a withdrawal.
    const a = await place("card");
    await db().transaction((tx) =>
      shop.services.checkout.orderPayments.applyOutcome(
        tx as unknown as Db,
        {
          reference: a.order.payment_reference,
          amount: a.order.prices.total,
          pspReference: `psp-${a.order.payment_reference.slice(-12)}`,
          resultCode: "Authorised",
          currency: "EUR",
          method: "card",
          provider: "test",
          source: "webhook",
        } as PaymentOutcome,
      ),
    );
    const ctx = await shop.services.checkout.staffContext(es.id);
    const [sub] = await db().select().from(subOrders).where(eq(subOrders.orderId, a.order.id));
    for (const status of [600, 700])
      expect((await shop.services.checkout.moveSubOrder(ctx, sub.id, { status, agency: "SEUR", shipment_number: "S1" })).ok).toBe(true);
    const req = await ok(as("POST", `/api/orders/v1/orders/${a.order.id}/requests/`, { kind: "incident", reason: "Llegó roto" }));
    const request = (req.requests as unknown as { id: number }[])[0].id;
    await ok(as("POST", `/api/orders/v1/orders/${a.order.id}/withdrawal/`, { confirm: true }));
    const withdrawal = (await rows<{ id: number }>(sql`select id from withdrawals where order_id = ${a.order.id}`))[0].id;
    const invoice = (await rows<{ id: number }>(sql`select id from invoices where order_id = ${a.order.id}`))[0].id;
    const pending = await place("card");
    const transfer = await place("transfer");
    // An open cart with a row.
    const row = await ok(as("POST", "/api/cart/v1/cart-rows/", { product: SLUG, selection }));
    const cart = row.cart as unknown as { id: number; rows?: { id: number }[] };
    const rowId = (row.row as unknown as { id: number } | undefined)?.id ?? cart.rows?.[0]?.id ?? 0;
    fx = {
      owner,
      shipping,
      billing,
      wish,
      newsletter,
      product: productId,
      order: { id: a.order.id, number: a.order.order_number, link: new URL(a.url).searchParams.get("t")!, sub: sub.id, request, withdrawal, invoice },
      pending: { id: pending.order.id, reference: pending.order.payment_reference },
      transfer: { reference: transfer.order.payment_reference },
      cart: { id: cart.id, row: rowId },
    };
    markers = [owner.email, "Propietaria", "Calle Propietaria", a.order.order_number, pending.order.order_number, transfer.order.order_number];
    const doc = (await call("GET", "/api/docs/openapi.json")).json() as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
    apiRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !path.startsWith("/api/admin/") && (op.security ?? []).some((s) => "bearer" in s))
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    pages = pagePaths(storeRoutes((await loadServerBuild(inject("buildDir")))!, "es"));
    const logIn = async (u: TestUser) => {
      // As behind the shop's proxy: React Router checks that Origin is the request's own origin.
      const res = await call(
        "POST",
        "/login",
        { ...PROXIED, origin: "https://tienda.example.es", "content-type": "application/x-www-form-urlencoded" },
        new URLSearchParams({ email: u.email, password: u.password, terms: "on" }).toString(),
      );
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      return res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    };
    otherJar = await logIn(other);
    ownerJar = await logIn(owner);
    expect(otherJar).toContain("=");
  }, 240_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("classifies every customer-scoped API route and every profile and order page (a new one fails here)", () => {
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(
      apiRoutes.filter((r) => !(r in API_CASES)),
      "API routes missing from API_CASES",
    ).toEqual([]);
    expect(
      Object.keys(API_CASES).filter((r) => !apiRoutes.includes(r)),
      "API_CASES naming no route",
    ).toEqual([]);
    expect(pages.length).toBeGreaterThan(10);
    expect(
      pages.filter((p) => !(p in PAGE_CASES)),
      "pages missing from PAGE_CASES",
    ).toEqual([]);
    expect(
      Object.keys(PAGE_CASES).filter((p) => !pages.includes(p)),
      "PAGE_CASES naming no page",
    ).toEqual([]);
  });

  const leaks = (body: string) => markers.filter((m) => body.includes(m));

  it("answers every API route aimed at the owner's data with 401/403/404 to anonymous callers and to another customer", async () => {
    for (const [route, c] of Object.entries(API_CASES)) {
      const method = route.split(" ")[0];
      const payload = c.body?.(fx);
      for (const [who, headers] of [
        ["anonymous", {}],
        ["another customer", other.auth],
      ] as const) {
        const res = await call(method, c.url(fx), headers, payload);
        expect(leaks(res.body), `${route} as ${who}: ${res.statusCode}`).toEqual([]);
        if (!c.own) expect([401, 403, 404], `${route} as ${who}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        expect(res.statusCode, `${route} as ${who}`).toBeLessThan(500);
      }
    }
  }, 120_000);

  it("answers every profile and order page of the owner with the login or a 404 to others, and shows it to the owner", async () => {
    for (const [template, fill] of Object.entries(PAGE_CASES)) {
      if (!fill) continue;
      const path = fill(fx);
      const anon = await call("GET", path, PROXIED);
      expect(leaks(anon.body), `${path} anonymous`).toEqual([]);
      expect([302, 303, 401, 404], `${template} anonymous`).toContain(anon.statusCode);
      const stranger = await call("GET", path, { ...PROXIED, cookie: otherJar });
      expect(leaks(stranger.body), `${path} as another customer`).toEqual([]);
      expect([302, 303, 403, 404], `${template} as another customer`).toContain(stranger.statusCode);
      const mine = await call("GET", path, { ...PROXIED, cookie: ownerJar });
      // Shown, or sent on to another page of the owner's (an order opened by the quotations' path goes to its order page).
      if (mine.statusCode === 302) expect(mine.headers.location, template).toMatch(new RegExp(`^/profile/${ID(fx)}/`));
      else expect(mine.statusCode, `${template} as its owner`).toBe(200);
    }
    // The order page through the mailed link opens for anyone holding it (a guest's only way in).
    expect((await call("GET", `/order/${fx.order.id}?t=${fx.order.link}`, PROXIED)).statusCode).toBe(200);
  }, 120_000);
  // Last: the owner's own calls include the account's deletion.
  it("lets the owner through every one of them (the matrix is not vacuous)", async () => {
    const order = Object.entries(API_CASES).sort(
      ([a, x], [b, y]) => (x.last ?? 0) - (y.last ?? 0) || Number(!a.startsWith("GET")) - Number(!b.startsWith("GET")),
    );
    for (const [route, c] of order) {
      if (c.own) continue;
      const method = route.split(" ")[0];
      const payload = c.body?.(fx);
      // Changing the password or the email ends the owner's sessions: a fresh login first.
      if (c.last && c.last > 1) fx.owner.auth = { authorization: `Bearer ${(await login(shop, fx.owner.email, fx.owner.password)).access}` };
      const res = await call(method, c.url(fx), fx.owner.auth, payload);
      expect([401, 403, 404], `${route} as its owner: ${res.body.slice(0, 300)}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${route} as its owner`).toBeLessThan(500);
      if (route.endsWith("/change_password/") && res.statusCode < 300) fx.owner.password = (payload as { password: string }).password;
      if (route.endsWith("/change_email/") && res.statusCode < 300) fx.owner.email = (payload as { email: string }).email;
    }
  }, 120_000);
});
