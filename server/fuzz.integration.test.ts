import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCustomer, login, relaxThrottling, type TestUser } from "./test/accounts.ts";
import { type CookieJar, cookieHeader, pageOf, storeCookies } from "./test/html.ts";
import { startSmtp, type TestSmtp } from "./test/smtp.ts";
import { createStaff, type TestStaff } from "./test/staff.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/**
 * A fuzzer of the whole API and of every storefront form action (issue 36, docs/decisions/045).
 *
 * Nothing here names a route: the API operations come from the live OpenAPI document
 * (/api/docs) and the form actions from the storefront build's route table, so a new route is
 * fuzzed the day it lands. Every parameter and body field gets hostile values (wrong types,
 * huge and negative numbers, 2^31, 1e23, NaN, NUL and control characters, 10,000 characters,
 * 200 levels of nesting), every body the wrong shape (`[]`, a string, null, nothing) and the
 * wrong content type, as an anonymous caller, a customer and an owner of the back office, so
 * that authenticated handlers are reached too. Any 5xx fails, naming the call and the answer.
 *
 * Deterministic: the values are a fixed list and the choices a seeded generator's. One
 * database kind only (PostgreSQL when TEST_DATABASE_URL is set, else PGlite) to keep CI short.
 */

const ORIGIN = "https://shop.test";
const KIND = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const INT4_MAX = 2_147_483_647;

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nested = (depth: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const nestedArray = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Values for a JSON body field: every one replaces the field's valid value in turn. */
const HOSTILE_JSON: unknown[] = [
  null,
  true,
  {},
  [],
  "",
  "abc",
  "\u0000",
  "Ana\u0000Ruiz",
  "\u0001\u001b\u007f",
  "a\r\nBcc: x@evil.example",
  "\ud800",
  "x".repeat(10_000),
  -1,
  1.5,
  INT4_MAX + 1,
  1e23,
  "2147483648",
  "1e23",
  "NaN",
  nested(200),
];

/** Values for a path or query parameter (already URL-encoded). */
const HOSTILE_URL: string[] = [
  "",
  "-1",
  "1.5",
  "2147483648",
  "99999999999999999999999",
  "1e23",
  "NaN",
  "Infinity",
  "%00",
  "a%00b",
  "%01%1F%7F",
  "%ED%A0%80",
  "x".repeat(2000),
  "%5B%5D",
];

/** Bodies of the wrong shape or type, each with its content type. */
const HOSTILE_BODIES: { type?: string; payload: string | Buffer }[] = [
  { type: "application/json", payload: "[]" },
  { type: "application/json", payload: '"x"' },
  { type: "application/json", payload: "null" },
  { type: "application/json", payload: "0" },
  { type: "application/json", payload: "{" },
  { type: "application/json", payload: "" },
  { type: "application/json", payload: JSON.stringify(nested(200)) },
  { type: "application/json", payload: JSON.stringify(nestedArray(200)) },
  { type: "application/json", payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { type: "application/json; charset=latin1", payload: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]) },
  { type: "text/plain", payload: "hello" },
  { type: "application/xml", payload: "<a>1</a>" },
  { type: "application/x-www-form-urlencoded", payload: "a=1&b=%00" },
  { type: "multipart/form-data; boundary=zz", payload: "--zz\r\nbroken" },
  { payload: "{}" },
];

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } };

function deref(doc: Doc, s: Schema | undefined): Schema {
  let cur = s ?? {};
  for (let i = 0; i < 10 && cur.$ref; i++) cur = doc.components.schemas[String(cur.$ref).split("/").pop()!] ?? {};
  return cur;
}

/** A valid-looking value of a JSON schema (required and optional fields), so one field at a time can turn hostile. */
function sample(doc: Doc, raw: Schema | undefined, depth = 0): unknown {
  const s = deref(doc, raw);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(s[key])) {
      const options = s[key].map((x: Schema) => deref(doc, x)).filter((x: Schema) => x.type !== "null");
      if (key === "allOf") return Object.assign({}, ...options.map((x: Schema) => sample(doc, x, depth + 1)));
      return options.length ? sample(doc, options[0], depth + 1) : null;
    }
  }
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) out[k] = sample(doc, v, depth + 1);
      return out;
    }
    case "array":
      return [sample(doc, s.items, depth + 1)];
    case "integer":
      return typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1;
    case "number":
      return typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1;
    case "boolean":
      return true;
    case "string":
      if (s.format === "email") return "fuzz@example.es";
      if (s.format === "date") return "2025-01-15";
      if (s.format === "date-time") return "2025-01-15T10:00:00.000Z";
      return "x".repeat(Math.max(1, Math.min(s.minLength ?? 1, 50)));
    default:
      return "x";
  }
}

type Caller = { name: string; headers: Record<string, string>; check: () => Promise<boolean>; renew: () => Promise<void> };
type Failure = { call: string; input: string; status: number; answer: string };

const short = (v: unknown, n = 160) => {
  const s = typeof v === "string" ? v : Buffer.isBuffer(v) ? v.toString("latin1") : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
};

describe(`fuzzing the API and the form actions (${KIND})`, () => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let customer: TestUser;
  let owner: TestStaff;
  let jar: CookieJar = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(KIND, { ssr: true, env: { PUBLIC_URL: ORIGIN, SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    customer = await createCustomer(shop, smtp, { name: "Fuzz" });
    owner = await createStaff(shop, "owner");
    await signIn();
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("answers no 5xx to hostile input on any operation of /api/docs, anonymous, as a customer and as an owner", async () => {
    const doc = (await shop.app.inject({ url: "/api/docs" })).json() as Doc;
    const callers: Caller[] = [
      { name: "anonymous", headers: {}, check: async () => true, renew: async () => {} },
      {
        name: "customer",
        headers: { authorization: `Bearer ${customer.access}` },
        check: async () => (await shop.app.inject({ url: "/api/auth-users/v1/clients/info/", headers: callers[1].headers })).statusCode === 200,
        renew: async () => {
          const t = await login(shop, customer.email, customer.password);
          callers[1].headers = { authorization: `Bearer ${t.access}` };
        },
      },
      {
        name: "owner",
        headers: owner.headers,
        check: async () => (await shop.app.inject({ url: "/api/admin/v1/auth/me/", headers: callers[2].headers })).statusCode === 200,
        renew: async () => {
          callers[2].headers = (await createStaff(shop, "owner")).headers;
        },
      },
    ];
    const random = seeded(36);
    const failures: Failure[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    const started = Date.now();

    const send = async (caller: Caller, method: string, url: string, body: { type?: string; payload: string | Buffer } | undefined, what: string) => {
      sent += 1;
      const headers: Record<string, string> = { ...caller.headers };
      if (body?.type) headers["content-type"] = body.type;
      const res = await shop.app.inject({ method: method as never, url, headers, ...(body ? { payload: body.payload } : {}) });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) {
        failures.push({ call: `${caller.name} ${method} ${url.slice(0, 200)}`, input: what, status: res.statusCode, answer: short(res.body, 300) });
      }
      return res.statusCode;
    };

    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    // Session-ending calls (logout) last, so the calls before them are made signed in.
    operations.sort((a, b) => Number(/logout|delete|erase/i.test(a.path)) - Number(/logout|delete|erase/i.test(b.path)));
    expect(operations.length).toBeGreaterThan(100);
    // FUZZ_ONLY=<regex> fuzzes the matching paths only (to follow one finding up).
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

    for (const { path, method, op } of operations) {
      if (only && !only.test(path)) continue;
      const params = ((op.parameters ?? []) as Schema[]).map((p): Schema => ({ ...p, schema: deref(doc, p.schema) }));
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema as Schema | undefined;
      for (const caller of callers) {
        // A route without a security requirement reads no caller: the anonymous one stands for all.
        if (!op.security && caller.name !== "anonymous") continue;
        const valid = (p: Schema) => {
          if (/^(id|user|client|user_id)$/.test(p.name) && caller.name === "customer") return String(customer.id);
          if (p.name === "store") return "ESDB";
          if (p.name === "language") return "es";
          const v = sample(doc, p.schema);
          return typeof v === "object" ? JSON.stringify(v) : String(v);
        };
        const baseline = Object.fromEntries(params.map((p) => [p.name, valid(p)]));
        const urlOf = (values: Record<string, string>, raw = new Set<string>()) => {
          let url = path;
          const query: string[] = [];
          for (const p of params) {
            const v = raw.has(p.name) ? values[p.name] : encodeURIComponent(values[p.name]);
            if (p.in === "path") url = url.replace(`{${p.name}}`, v);
            else if (p.in === "query" && (p.required || raw.has(p.name) || p.name === "store")) query.push(`${encodeURIComponent(p.name)}=${v}`);
          }
          return query.length ? `${url}?${query.join("&")}` : url;
        };
        const validBody = bodySchema ? sample(doc, bodySchema) : undefined;
        const json = (v: unknown) => ({ type: "application/json", payload: JSON.stringify(v) });
        let unauthorised = false;
        const track = (status: number) => {
          if (status === 401) unauthorised = true;
        };

        const first = await send(caller, method, urlOf(baseline), validBody === undefined ? undefined : json(validBody), "valid-looking input");
        // A caller the route refuses before reading any input (no session, no permission) gets
        // nothing more: every other request would be the same 401/403.
        if (first === 401 || first === 403) continue;
        // Every parameter with every hostile value (path parameters: a sample, each a 404 at worst).
        for (const p of params) {
          const values = p.in === "path" ? HOSTILE_URL.filter(() => random() < 0.5) : HOSTILE_URL;
          for (const v of values) {
            track(
              await send(
                caller,
                method,
                urlOf({ ...baseline, [p.name]: v }, new Set([p.name])),
                validBody === undefined ? undefined : json(validBody),
                `${p.in} ${p.name}=${short(v, 60)}`,
              ),
            );
          }
        }
        if (method !== "GET" && method !== "HEAD") {
          for (const body of HOSTILE_BODIES)
            track(await send(caller, method, urlOf(baseline), body, `body ${body.type ?? "(no type)"} ${short(body.payload, 60)}`));
        }
        if (validBody && typeof validBody === "object" && !Array.isArray(validBody)) {
          const fields = Object.keys(validBody);
          for (const field of fields) {
            for (const v of HOSTILE_JSON) {
              track(await send(caller, method, urlOf(baseline), json({ ...validBody, [field]: v }), `body.${field}=${short(v, 60)}`));
            }
          }
          // A field nobody declared, and every field hostile at once (a sample).
          track(await send(caller, method, urlOf(baseline), json({ ...validBody, unexpected: "\u0000" }), "body.unexpected=NUL"));
          const allHostile = Object.fromEntries(fields.map((f) => [f, HOSTILE_JSON[Math.floor(random() * HOSTILE_JSON.length)]]));
          track(await send(caller, method, urlOf(baseline), json(allHostile), `body=${short(allHostile, 200)}`));
        }
        if (unauthorised && !(await caller.check())) await caller.renew();
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `API fuzz: ${operations.length} operations, ${sent} requests, ${failures.length} 5xx, ${seconds.toFixed(1)} s, statuses ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 40), `${failures.length} answers were 5xx`).toEqual([]);
  }, 300_000);

  it("answers no 5xx to hostile fields and bodies on any storefront form action", async () => {
    const buildDir = inject("buildDir");
    const build = (await import(join(buildDir, "server", "index.js"))) as ServerBuild;
    // Every route whose module has an action, with its full path (parents' paths joined).
    const fullPath = (id: string): string => {
      const r = build.routes[id]!;
      const parent = r.parentId ? fullPath(r.parentId) : "";
      return [parent, r.path ?? ""].filter(Boolean).join("/");
    };
    const actionRoutes = Object.values(build.routes)
      .filter((r) => r && typeof (r.module as { action?: unknown }).action === "function")
      .map((r) => fullPath(r!.id));
    expect(actionRoutes.length).toBeGreaterThan(10);

    // Something in the customer's cart, favourites and address book, so that their forms show.
    const api = { ...customer.auth, "content-type": "application/json" };
    const home = pageOf(await get("/"));
    const product = /href="(\/[^"?#]+\.html)"/.exec(home)?.[1] ?? "/producto.html";
    const productPage = pageOf(await get(product));
    const productId = Number(/"product_id":(\d+)|data-product-id="(\d+)"/.exec(productPage)?.slice(1).find(Boolean) ?? 1);
    await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/products-wishlist/?store=ESDB", headers: api, payload: { product: productId } });
    await shop.app.inject({
      method: "POST",
      url: "/api/auth-users/v1/shipping-addresses/",
      headers: api,
      payload: {
        name: "Ana",
        phone: "600123456",
        address: "Calle Mayor",
        number: "1",
        postal_code: "28001",
        city: "Madrid",
        province: "Madrid",
        country: "ES",
      },
    });
    for (const f of formsOf(productPage).filter((f) => f.action.startsWith("/configuration")))
      await post(f.action, FORM, encode(f.fields, ""), "add to cart", true);

    const concrete = (path: string, lang: "es" | "fr"): string | null => {
      if (lang === "fr" && !path.startsWith("fr?") && !path.startsWith("fr/")) return null;
      let p = path.startsWith("fr?") ? (lang === "fr" ? `fr${path.slice(3)}` : path.slice(4)) : path;
      if (p === "*" || p.endsWith("/*")) p = p.replace(/\*$/, product.slice(1));
      const profile = /^(fr\/)?profile\//.test(p);
      p = p.replace(/\/?:\w+\?/g, "").replace(/:(\w+)/g, (_m, name: string) => (profile && name === "id" ? String(customer.id) : "1"));
      return `/${p}`.replace(/\/+/g, "/");
    };
    const urls = new Set(actionRoutes.flatMap((r) => [concrete(r, "es"), concrete(r, "fr")]).filter((u): u is string => u !== null));
    // The forms each page shows, by where they post: their fields and the values the page puts in them.
    const formsByTarget = new Map<string, Record<string, string>[]>();
    for (const url of [...urls, product, "/cart", "/checkout", `/profile/${customer.id}/address/form-shipping`]) {
      const page = await get(url);
      if (!String(page.headers["content-type"] ?? "").startsWith("text/html")) continue;
      for (const f of formsOf(pageOf(page), url)) {
        urls.add(f.action);
        formsByTarget.set(f.action, [...(formsByTarget.get(f.action) ?? []), f.fields]);
      }
    }
    const targets = [...urls].sort((a, b) => Number(/logout|privacy|delete/.test(a)) - Number(/logout|privacy|delete/.test(b)) || a.localeCompare(b));

    const failures: Failure[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (const url of targets) {
      const forms = formsByTarget.get(url) ?? [Object.fromEntries(COMMON.map((n) => [n, "1"]))];
      for (const signedIn of [true, false]) {
        for (const fields of forms) {
          const first = await post(url, FORM, encode(fields, ""), "the page's own values", signedIn, failures);
          count(statuses, first.statusCode);
          sent += 1;
          // A guest sent to the login (or refused) before the form is read: nothing more to learn.
          if (!signedIn && (first.statusCode === 401 || /\/login/.test(String(first.headers.location ?? "")))) continue;
          for (const name of Object.keys(fields)) {
            for (const v of HOSTILE_FORM) {
              // As a fetcher posts (the action alone, no page rendered after it): the same action, quicker.
              count(
                statuses,
                (await post(dataUrl(url), FORM, encode({ ...fields, [name]: v }, name), `${name}=${short(v, 60)}`, signedIn, failures)).statusCode,
              );
              sent += 1;
            }
          }
          count(statuses, (await post(url, FORM, `${encode(fields, "")}&${encode(fields, "")}`, "every field twice", signedIn, failures)).statusCode);
          count(
            statuses,
            (await post(url, "multipart/form-data; boundary=fuzz", multipart(fields, "fuzz"), "multipart with a NUL", signedIn, failures)).statusCode,
          );
          sent += 2;
        }
        for (const body of HOSTILE_BODIES) {
          count(
            statuses,
            (await post(url, body.type, body.payload, `body ${body.type ?? "(no type)"} ${short(body.payload, 60)}`, signedIn, failures)).statusCode,
          );
          sent += 1;
        }
      }
      // A form action may have ended the session (logout, account deletion): sign in again.
      const check = await shop.app.inject({ url: "/api/auth-users/v1/clients/info/", headers: { cookie: cookieHeader(jar) } });
      if (check.statusCode !== 200) await signIn();
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `Form fuzz: ${actionRoutes.length} routes with actions, ${targets.length} targets, ${sent} posts, ${failures.length} 5xx, ${seconds.toFixed(1)} s, statuses ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 40), `${failures.length} answers were 5xx`).toEqual([]);
  }, 300_000);

  /** As the shop's pages post: behind the proxy over https, from the shop's own origin. */
  const BROWSER = { host: "shop.test", "x-forwarded-proto": "https", origin: ORIGIN };
  const FORM = "application/x-www-form-urlencoded";
  const COMMON = ["intent", "id", "row", "quantity", "product", "code", "email", "name", "password", "phone", "address", "back", "redirectTo"];
  const HOSTILE_FORM = [
    "",
    "Ana%00Ruiz",
    "%01%08%1B%7F",
    "a%0D%0ABcc:%20x@evil.example",
    "%ED%A0%80",
    "-1",
    "1.5",
    "2147483648",
    "1e23",
    "NaN",
    "Infinity",
    "x".repeat(10_000),
  ];

  async function signIn() {
    const res = await shop.app.inject({
      method: "POST",
      url: "/login",
      headers: { ...BROWSER, "content-type": FORM },
      payload: new URLSearchParams({ email: customer.email, password: customer.password, terms: "on" }).toString(),
    });
    if (res.statusCode !== 302) throw new Error(`storefront login ${res.statusCode}`);
    jar = storeCookies({}, res);
  }

  async function get(url: string) {
    const res = await shop.app.inject({ url, headers: { ...BROWSER, cookie: cookieHeader(jar), accept: "text/html" } });
    storeCookies(jar, res);
    return res;
  }

  async function post(url: string, type: string | undefined, payload: string | Buffer, what: string, signedIn: boolean, failures: Failure[] = []) {
    const headers: Record<string, string> = { ...BROWSER, accept: "text/html" };
    if (type) headers["content-type"] = type;
    if (signedIn) headers.cookie = cookieHeader(jar);
    const res = await shop.app.inject({ method: "POST", url, headers, payload });
    if (signedIn) storeCookies(jar, res);
    if (res.statusCode >= 500)
      failures.push({ call: `${signedIn ? "customer" : "anonymous"} POST ${url}`, input: what, status: res.statusCode, answer: short(pageOf(res), 300) });
    return res;
  }
});

/** The single-fetch address of a page's action (what React Router's fetchers post to). */
function dataUrl(url: string): string {
  const u = new URL(url, "http://x/");
  const path = u.pathname === "/" ? "/_root" : u.pathname.replace(/\/$/, "");
  return `${path}.data${u.search}`;
}

const count = (statuses: Record<number, number>, status: number) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
};

/** A form's fields as a urlencoded body; the field named `raw` is sent as written (already encoded). */
const encode = (fields: Record<string, string>, raw: string) =>
  Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${k === raw ? v : encodeURIComponent(v)}`)
    .join("&");

/** The same fields as multipart/form-data, the first one with a NUL in it. */
const multipart = (fields: Record<string, string>, boundary: string) =>
  `${Object.entries(fields)
    .map(([k, v], i) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${i === 0 ? "a\u0000b" : v}\r\n`)
    .join("")}--${boundary}--\r\n`;

const decodeAttr = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The POST forms of a page: where each posts (its action, else the page) and its fields with the page's values. */
function formsOf(html: string, pageUrl = "/"): { action: string; fields: Record<string, string> }[] {
  const forms: { action: string; fields: Record<string, string> }[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (!/\bmethod="post"/i.test(m[1])) continue;
    const action = decodeAttr(/\baction="([^"]*)"/.exec(m[1])?.[1] ?? pageUrl);
    const target = new URL(action, "http://x/").pathname + new URL(action, "http://x/").search;
    const fields: Record<string, string> = {};
    for (const tag of m[2].matchAll(/<(input|select|textarea|button)\b([^>]*)>/g)) {
      const name = /\bname="([^"]*)"/.exec(tag[2])?.[1];
      if (!name || /\btype="file"/.test(tag[2])) continue;
      const value = /\bvalue="([^"]*)"/.exec(tag[2])?.[1];
      if (fields[name] === undefined || (fields[name] === "x" && value !== undefined)) fields[decodeAttr(name)] = value === undefined ? "x" : decodeAttr(value);
    }
    if (Object.keys(fields).length) forms.push({ action: target, fields });
  }
  return forms;
}
