/**
 * A shopper the storefront benchmarks can load pages as (issue 12: "the benchmark covers the cart,
 * checkout and profile pages too"), made through the shop's own public API, so that it works
 * against a shop in this process (app.inject) or a shop process (fetch), on PGlite or PostgreSQL:
 *
 * - a guest cart with rows: the demo shower tray configured with a valve, the installation
 *   service and its facility (as bench/cart.ts adds it), plus a plain product (a tap, its first
 *   variant in stock); the storefront reads the cart from the `bd_cart` cookie;
 * - a customer: signed up, activated with the link of the activation mail (the outbox's .eml.json
 *   in DATA_DIR/outbox, written when no SMTP_URL is set), logged in (POST /api/auth-users/token/:
 *   the storefront's `sid_access` / `sid_refresh` cookies hold the same tokens), with a shipping and
 *   a billing address, two favourites and one order paid by card in the sandbox (bench/checkout.ts's
 *   three steps), so each profile page has something to show.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CART_COOKIE } from "../core/cart.types.ts";
import { tariffFromOptions } from "../core/configurator/facility.ts";

/** One HTTP exchange with the shop: path (with query) relative to its origin. */
export type Http = (
  method: "GET" | "POST",
  path: string,
  init?: { headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: Headers; text: string }>;

/** An Http over real HTTP to a shop process at `base` ("http://127.0.0.1:3210"). */
export function fetchHttp(base: string): Http {
  return async (method, path, init = {}) => {
    const r = await fetch(base + path, { method, headers: init.headers, body: init.body, redirect: "manual" });
    return { status: r.status, headers: r.headers, text: await r.text() };
  };
}

export const TRAY = "plato-de-ducha-de-resina-ibiza-textura-pizarra";
const STORE = "store=ESDB";
const SESSION_ACCESS = "sid_access";
const SESSION_REFRESH = "sid_refresh";

type Option = { id: number };
type Attribute = { id: number; options: Option[] };
type Variant = { id: number; options: number[]; stock: number };
type Complement = { id: string; variants?: Variant[]; attributes: Attribute[] };

async function json<T>(
  http: Http,
  method: "GET" | "POST",
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
  want = 200,
): Promise<T> {
  const headers = { ...(init.body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers };
  const r = await http(method, path, { headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (r.status !== want) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text) as T;
}

const byOption = (attrs: Attribute[], optionIds: number[]) =>
  Object.fromEntries(optionIds.map((o) => [String(attrs.find((a) => a.options.some((x) => x.id === o))?.id), o]));
const inStock = (variants: Variant[]) => variants.find((v) => v.stock > 0) ?? variants[0];

/** The demo tray with a valve, the installation service and its facility (a city at up to 30 km, with disassembly). */
export async function traySelection(http: Http) {
  const product = await json<{ variants: Variant[] }>(http, "GET", `/api/catalog/v1/products/${TRAY}/retrieve_by_slug/?${STORE}`);
  const { results: attributes } = await json<{ results: Attribute[] }>(http, "GET", `/api/catalog/v1/products/${TRAY}/attributes/?${STORE}`);
  const { results: complements } = await json<{ results: Complement[] }>(http, "GET", `/api/catalog/v1/products/${TRAY}/complements/?${STORE}`);
  const { results: facility } = await json<{ results: Parameters<typeof tariffFromOptions>[0] }>(
    http,
    "GET",
    `/api/installations/v1/prices/web_list/?${STORE}`,
  );
  const valve = complements.find((c) => (c.variants?.length ?? 0) > 0);
  if (!valve?.variants) throw new Error(`${TRAY}: no complement with variants`);
  const city = tariffFromOptions(facility)?.cities.find((c) => !c.budget && c.prices["500"] != null) ?? null;
  return {
    quantity: 1,
    options: byOption(attributes, inStock(product.variants).options),
    ranges: {},
    texts: {},
    complements: {
      [valve.id]: { quantity: 1, options: byOption(valve.attributes, inStock(valve.variants).options), ranges: {} },
      "installation-complement": { quantity: 1, options: {}, ranges: {} },
      facility: {
        quantity: 1,
        options: {},
        ranges: {},
        ...(city ? { facility: { city_id: city.id, distance: 500, disassembly: true, premeasure: false } } : {}),
      },
    },
  };
}

/** A plain product: the first basin tap on offer with stock, its first variant in stock, nothing else. */
export async function plainProduct(http: Http) {
  const offers = await json<{ results: { id: number; slug: string; product_type: string; stock: number }[] }>(
    http,
    "GET",
    `/api/catalog/v1/store-offers/?${STORE}&page_size=50`,
  );
  const p =
    offers.results.find((x) => x.product_type === "tap_basin" && x.stock > 0) ?? offers.results.find((x) => x.product_type !== "shower_tray" && x.stock > 0);
  if (!p) throw new Error("no plain product in stock on offer in the demo catalog");
  const detail = await json<{ variants: Variant[] }>(http, "GET", `/api/catalog/v1/products/${p.slug}/retrieve_by_slug/?${STORE}`);
  const { results: attributes } = await json<{ results: Attribute[] }>(http, "GET", `/api/catalog/v1/products/${p.slug}/attributes/?${STORE}`);
  return {
    id: p.id,
    slug: p.slug,
    selection: { quantity: 1, options: byOption(attributes, inStock(detail.variants).options), ranges: {}, texts: {}, complements: {} },
  };
}

type AddAnswer = { cart: { id: number; size: number; rows: unknown[]; prices: { pvp_total: number } }; cart_token: string | null };

/** Adds the configured tray and the plain product to a cart (a guest's token, or a customer's access token). */
async function fillCart(http: Http, who: { token?: string; access?: string }): Promise<{ token: string | null; cart: AddAnswer["cart"] }> {
  const tray = await traySelection(http);
  const plain = await plainProduct(http);
  let token = who.token ?? null;
  let cart: AddAnswer["cart"] | null = null;
  for (const [product, selection] of [
    [TRAY, tray],
    [plain.slug, plain.selection],
  ] as const) {
    const headers: Record<string, string> = {
      ...(token ? { "x-cart-token": token } : {}),
      ...(who.access ? { authorization: `Bearer ${who.access}` } : {}),
    };
    const r = await json<AddAnswer>(http, "POST", `/api/cart/v1/cart-rows/?${STORE}`, { headers, body: { product, selection } }, 201);
    token = r.cart_token ?? token;
    cart = r.cart;
  }
  if (!cart) throw new Error("no cart");
  return { token, cart };
}

export type GuestCart = { token: string; cookie: string; id: number; rows: number; total: number };

/** A guest's cart with the configured tray and the plain product; `cookie` is what the storefront reads. */
export async function guestCart(http: Http): Promise<GuestCart> {
  const { token, cart } = await fillCart(http, {});
  if (!token) throw new Error("the guest's cart came back without a token");
  return { token, cookie: `${CART_COOKIE}=${token}`, id: cart.id, rows: cart.rows.length, total: cart.prices.pvp_total };
}

export type Customer = {
  id: number;
  email: string;
  access: string;
  refresh: string;
  /** Both session cookies, as a browser holds them. */
  cookie: string;
  /** The access cookie alone (valid 600 s): for load runs, whose copies of one cookie header must never rotate the refresh token. */
  accessCookie: string;
  orderId: number | null;
};

/** The activation token of the newest activation mail to `email` in DATA_DIR/outbox (waits up to 10 s). */
async function activationToken(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, "outbox");
  for (let i = 0; i < 100; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith(".eml.json"));
    } catch {}
    for (const f of files.sort().reverse()) {
      const mail = JSON.parse(readFileSync(join(outbox, f), "utf8")) as { to: string; text: string };
      const m = /[?&]activate=([\w-]+)/.exec(mail.text ?? "");
      if (mail.to === email && m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no activation mail to ${email} in ${outbox} (the shop must run without SMTP_URL)`);
}

const ADDRESS = {
  address: "Calle Alcalá",
  number: "1",
  flat: "",
  postal_code: "28014",
  city: "Madrid",
  province: "Madrid",
  country: "ES",
};

/**
 * A customer as the profile pages show one: signed up, activated, logged in, a shipping and a
 * billing address, two favourites, and (unless `order` is false) one order paid by card in the
 * sandbox. `dataDir` is the shop's DATA_DIR (its outbox holds the activation mail).
 */
export async function customer(http: Http, dataDir: string, opts: { order?: boolean } = {}): Promise<Customer> {
  const email = `bench.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.es`;
  const password = "bench-password-1";
  const signed = await json<{ user: { id: number } }>(
    http,
    "POST",
    `/api/auth-users/v1/clients/signup/?${STORE}`,
    { body: { name: "Marta", surnames: "Gil", email, password, password_confirmation: password, privacy: true, professional: false } },
    201,
  );
  const token = await activationToken(dataDir, email);
  await json(http, "POST", `/api/auth-users/v1/clients/activate_user/?${STORE}&token=${encodeURIComponent(token)}`);
  const { access, refresh } = await json<{ access: string; refresh: string }>(http, "POST", "/api/auth-users/token/", { body: { email, password } });
  const auth = { authorization: `Bearer ${access}` };
  const user = signed.user.id;
  await json(
    http,
    "POST",
    "/api/auth-users/v1/shipping-addresses/",
    { headers: auth, body: { ...ADDRESS, user, name: "Marta Gil", phone: "612345678", default: true } },
    201,
  );
  await json(
    http,
    "POST",
    "/api/auth-users/v1/billing-addresses/",
    { headers: auth, body: { ...ADDRESS, user, business_name: "Marta Gil", tax_type: "dni", tax_id: "12345678Z", default: true } },
    201,
  );
  const plain = await plainProduct(http);
  const trayId = (await json<{ id: number }>(http, "GET", `/api/catalog/v1/products/${TRAY}/retrieve_by_slug/?${STORE}`)).id;
  for (const product of [trayId, plain.id])
    await json(http, "POST", `/api/auth-users/v1/products-wishlist/?${STORE}`, { headers: auth, body: { product } }, 201);
  const orderId = opts.order === false ? null : await paidOrder(http, access, email);
  return {
    id: user,
    email,
    access,
    refresh,
    cookie: `${SESSION_ACCESS}=${access}; ${SESSION_REFRESH}=${refresh}`,
    accessCookie: `${SESSION_ACCESS}=${access}`,
    orderId,
  };
}

/** The customer's cart (tray and plain product) placed and paid by card in the sandbox: the order's id. */
async function paidOrder(http: Http, access: string, email: string): Promise<number> {
  const { cart } = await fillCart(http, { access });
  const placed = await json<{ order: { id: number }; payment: { url: string } }>(
    http,
    "POST",
    `/api/checkout/v1/place_order/?${STORE}`,
    {
      headers: { authorization: `Bearer ${access}` },
      body: {
        idempotency_key: `bench-shopper-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
        expected_total: cart.prices.pvp_total,
        name: "Marta",
        surnames: "Gil",
        phone: "612345678",
        email,
        shipping_address: ADDRESS.address,
        shipping_number: ADDRESS.number,
        shipping_postal_code: ADDRESS.postal_code,
        shipping_city: ADDRESS.city,
        shipping_province: ADDRESS.province,
        shipping_country: "ES",
        billing_business_name: "Marta Gil",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "card",
      },
    },
    201,
  );
  const page = new URL(placed.payment.url);
  const paid = await http("POST", page.pathname, {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: page.origin },
    body: new URLSearchParams({ action: "card", number: "4111111111111111", expiry: "12/39", cvc: "123", holder: "Marta Gil" }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status} ${paid.text.slice(0, 300)}`);
  const redirectResult = new URL(paid.headers.get("location") ?? "", page.origin).searchParams.get("redirectResult");
  const details = await json<{ resultCode?: string }>(http, "POST", "/api/payment/v1/sandbox/payments/details/", { body: { details: { redirectResult } } });
  if (details.resultCode !== "Authorised") throw new Error(`sandbox payment: ${JSON.stringify(details)}`);
  return placed.order.id;
}

/** The pages a shopper with a cart, and a logged-in customer, open; with the Cookie header each needs. */
export function shopperPages(guest: GuestCart, c: Customer): { name: string; path: string; cookie: string }[] {
  const base = `/profile/${c.id}`;
  return [
    { name: "cart", path: "/cart", cookie: guest.cookie },
    { name: "checkout", path: "/checkout", cookie: guest.cookie },
    { name: "profile", path: base, cookie: c.cookie },
    { name: "profile orders", path: `${base}/order`, cookie: c.cookie },
    ...(c.orderId ? [{ name: "profile order", path: `${base}/order/${c.orderId}`, cookie: c.cookie }] : []),
    { name: "profile addresses", path: `${base}/address`, cookie: c.cookie },
    { name: "profile favourites", path: `${base}/favourites`, cookie: c.cookie },
  ];
}
