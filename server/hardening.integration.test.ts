import { get } from "node:http";
import { connect } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildHttp } from "./http.ts";
import { AppError } from "./lib/errors.ts";
import { createCustomer, relaxThrottling, type TestUser } from "./test/accounts.ts";
import { holdCalls } from "./test/held-call.ts";
import { type CookieJar, cookieHeader, storeCookies } from "./test/html.ts";
import { startSmtp, type TestSmtp } from "./test/smtp.ts";
import { createStaff } from "./test/staff.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/**
 * The defects a probe of hostile requests found (issue 6): open redirects, cross-site form
 * posts, unbounded and malformed bodies, stalled requests, untranslated errors, cookies
 * without Secure, a timer per render. Each test fails on the code before the fix.
 */

const ORIGIN = "https://shop.test";

/** Where a browser on the shop goes with this Location header. */
const target = (location: string | undefined) => new URL(location ?? "/", `${ORIGIN}/some/page`).origin;

/** A raw HTTP/1.1 exchange (request lines light-my-request would normalise away). */
function rawExchange(port: number, chunks: (string | Buffer)[], opts: { waitMs?: number; gapMs?: number } = {}) {
  return new Promise<{ text: string; closed: boolean; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), opts.waitMs ?? 5000);
    socket.on("data", (d) => {
      text += d.toString("latin1");
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
    socket.on("connect", async () => {
      for (const c of chunks) {
        if (socket.destroyed) return;
        socket.write(c);
        if (opts.gapMs) await new Promise((r) => setTimeout(r, opts.gapMs));
      }
    });
  });
}

const status = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(raw.split("\r\n\r\n")[0])?.[1]?.trim();

async function testRoutes(app: FastifyInstance) {
  app.get("/test/unknown-404", async () => {
    throw new AppError("nothing.known", 404);
  });
  app.get("/test/unknown-409", async () => {
    throw new AppError("nothing.known", 409);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

describeEachDb("hostile requests", (kind) => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { PUBLIC_URL: ORIGIN }, apiPlugins: [testRoutes] });
    await shop.app.listen({ port: 0, host: "127.0.0.1" });
    port = (shop.app.server.address() as { port: number }).port;
  });
  afterAll(() => shop?.close());

  describe("open redirects", () => {
    it("never answers a tracking-parameter redirect to another site", async () => {
      for (const line of [
        "GET //evil.example/?utm_source=x",
        "GET /\\evil.example/?gclid=1",
        "GET /\t/evil.example/?gclid=1",
        "GET http://evil.example/?utm_source=1",
      ]) {
        const res = await rawExchange(port, [`${line} HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n`]);
        expect(status(res.text), line).toBeGreaterThan(0);
        expect(target(header(res.text, "location")), `${line} -> ${header(res.text, "location")}`).toBe(ORIGIN);
      }
      // Not a redirect, and not another host's home page either: a path of this shop that does not exist.
      const doubled = await rawExchange(port, ["GET //evil.example/ HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n"]);
      expect(status(doubled.text)).toBe(404);
      const fine = await rawExchange(port, ["GET /ofertas?utm_source=x&sort=lower_price HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n"]);
      expect(status(fine.text)).toBe(301);
      expect(header(fine.text, "location")).toBe("/ofertas?sort=lower_price");
    });

    it("sends the cookie choice back only to a page of the shop, however redirectTo is written", async () => {
      for (const redirectTo of ["/\\evil.example/x", "/\t/evil.example", "//evil.example", "/.//evil.example", "https://evil.example/", "/\r\n/evil.example"]) {
        const res = await shop.app.inject({ method: "POST", url: "/cookies", headers: FORM, payload: form({ consent: "accepted", redirectTo }) });
        expect(res.statusCode, JSON.stringify(redirectTo)).toBe(302);
        expect(target(res.headers.location as string), `${JSON.stringify(redirectTo)} -> ${res.headers.location}`).toBe(ORIGIN);
        expect(String(res.headers["set-cookie"])).toMatch(/^cookie_consent=accepted;/);
      }
      const back = await shop.app.inject({
        method: "POST",
        url: "/fr/cookies",
        headers: FORM,
        payload: form({ consent: "rejected", redirectTo: "/fr/marcas?page=2" }),
      });
      expect(back.headers.location).toBe("/fr/marcas?page=2");
      const fallback = await shop.app.inject({
        method: "POST",
        url: "/fr/cookies",
        headers: FORM,
        payload: form({ consent: "rejected", redirectTo: "//evil.example" }),
      });
      expect(fallback.headers.location).toBe("/fr");
    });

    it("answers CR/LF and non-Latin-1 characters in redirectTo with a redirect, never a 500", async () => {
      for (const redirectTo of ["/ofertas\r\nSet-Cookie: x=1", "/baño/€/🚿"]) {
        const res = await shop.app.inject({ method: "POST", url: "/cookies", headers: FORM, payload: form({ consent: "accepted", redirectTo }) });
        expect(res.statusCode, JSON.stringify(redirectTo)).toBe(302);
        expect(String(res.headers.location)).not.toMatch(/[\r\n]/);
        expect(String(res.headers["set-cookie"])).not.toMatch(/x=1/);
      }
      // A NUL is refused at the edge (issue 36): no form field takes one.
      const nul = await shop.app.inject({ method: "POST", url: "/cookies", headers: FORM, payload: form({ consent: "accepted", redirectTo: "/x\u0000y" }) });
      expect(nul.statusCode).toBe(400);
      expect(nul.headers["set-cookie"]).toBeUndefined();
    });

    it("returns a newsletter form posted without JavaScript to a page of the shop", async () => {
      for (const redirectTo of ["/.//evil.example", "/\\evil.example", "//evil.example"]) {
        const res = await shop.app.inject({
          method: "POST",
          url: "/newsletter",
          headers: { ...FORM, "sec-fetch-dest": "document" },
          payload: form({ name: "Ana", surname: "Ruiz", email: "not-an-email", redirectTo }),
        });
        expect(res.statusCode).toBe(303);
        const location = String(res.headers.location);
        expect(target(location), `${redirectTo} -> ${location}`).toBe(ORIGIN);
        expect(location).toMatch(/^\/\?newsletter=invalid#newsletter-title$/);
      }
    });
  });

  describe("cross-site form posts", () => {
    it("refuses a consent or newsletter post from another site with a translated 403 page", async () => {
      const es = await shop.app.inject({
        method: "POST",
        url: "/cookies",
        headers: { ...FORM, origin: "https://evil.example", accept: "text/html" },
        payload: form({ consent: "accepted", redirectTo: "/" }),
      });
      expect(es.statusCode).toBe(403);
      expect(es.headers["set-cookie"]).toBeUndefined();
      expect(es.headers["content-type"]).toMatch(/^text\/html/);
      expect(es.body).toContain('<html lang="es">');
      expect(es.body).toContain("no se hizo desde nuestra tienda");
      expect(es.body).toContain('<a href="/">Volver a la tienda</a>');

      const fr = await shop.app.inject({
        method: "POST",
        url: "/fr/cookies",
        headers: { ...FORM, "sec-fetch-site": "cross-site", accept: "text/html" },
        payload: form({ consent: "accepted" }),
      });
      expect(fr.statusCode).toBe(403);
      expect(fr.body).toContain("ne vient pas de notre boutique");
      expect(fr.body).toContain('<a href="/fr">Retour à la boutique</a>');

      const email = `cross-site-${kind}@example.es`;
      const news = await shop.app.inject({
        method: "POST",
        url: "/newsletter",
        headers: { ...FORM, origin: "null" },
        payload: form({ name: "Ana", surname: "Ruiz", email, terms: "on" }),
      });
      expect(news.statusCode).toBe(403);
      expect(news.json().error.code).toBe("request.cross_site");
      const rows = (await shop.database.db.execute(sql`select count(*)::int as n from newsletter_subscriptions where email = ${email}`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows.rows[0].n).toBe(0);
    });

    it("accepts the shop's own pages (Origin, Sec-Fetch-Site or Referer) and clients that are no browser", async () => {
      const ok = async (headers: Record<string, string>) =>
        (await shop.app.inject({ method: "POST", url: "/cookies", headers: { ...FORM, ...headers }, payload: form({ consent: "accepted" }) })).statusCode;
      expect(await ok({ origin: ORIGIN })).toBe(302);
      expect(await ok({ origin: "http://localhost:80" })).toBe(302);
      expect(await ok({ "sec-fetch-site": "same-origin" })).toBe(302);
      expect(await ok({ referer: `${ORIGIN}/ofertas` })).toBe(302);
      expect(await ok({})).toBe(302);
      expect(await ok({ referer: "https://evil.example/" })).toBe(403);
    });

    it("protects API calls that carry cookies and no Authorization header", async () => {
      const url = "/api/auth-users/v1/newsletters/";
      const payload = { store: "ESDB", name: "Ana", surname: "Ruiz", email: "bad", terms: true };
      const forged = await shop.app.inject({ method: "POST", url, payload, headers: { cookie: "sid=abc", origin: "https://evil.example" } });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual({ error: { code: "request.cross_site", message: expect.stringContaining("no se hizo desde nuestra tienda") } });
      const noCookie = await shop.app.inject({ method: "POST", url, payload, headers: { origin: "https://evil.example" } });
      expect(noCookie.statusCode).toBe(400);
      const bearer = await shop.app.inject({
        method: "POST",
        url,
        payload,
        headers: { cookie: "sid=abc", authorization: "Bearer x", origin: "https://evil.example" },
      });
      expect(bearer.statusCode).not.toBe(403);
      const own = await shop.app.inject({ method: "POST", url, payload, headers: { cookie: "sid=abc", origin: ORIGIN } });
      expect(own.statusCode).toBe(400);
    });
  });

  describe("bodies", () => {
    it("refuses a form body over 1 MB with 413, declared or chunked", async () => {
      const big = `consent=accepted&redirectTo=/&pad=${"a".repeat(1_100_000)}`;
      const declared = await shop.app.inject({ method: "POST", url: "/cookies", headers: FORM, payload: big });
      expect(declared.statusCode).toBe(413);
      expect(declared.json().error.message).toBe("Los datos enviados son demasiado grandes");

      const chunk = "a".repeat(64 * 1024);
      const chunks: string[] = [
        "POST /newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
      ];
      for (let sent = 0; sent < 1_300_000; sent += chunk.length) chunks.push(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      chunks.push("0\r\n\r\n");
      const chunked = await rawExchange(port, chunks);
      expect(status(chunked.text)).toBe(413);
    });

    it("answers a JSON, XML, missing or broken body on /cookies with 4xx and a message", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ "content-type": "application/json" }, '{"consent":"accepted"}'],
        [{ "content-type": "application/xml" }, "<consent>accepted</consent>"],
        [{ "content-type": "text/plain" }, "consent=accepted"],
        [{ "content-type": "multipart/form-data; boundary=x" }, "--x\r\nbroken"],
        [{ "content-type": "application/x-www-form-urlencoded" }, ""],
      ];
      for (const [headers, payload] of cases) {
        const res = await shop.app.inject({ method: "POST", url: "/cookies", headers, payload });
        expect(res.statusCode, headers["content-type"]).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, headers["content-type"]).toBeLessThan(500);
        expect(res.body.length).toBeGreaterThan(0);
      }
      const raw = await rawExchange(port, ["POST /cookies HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 16\r\nConnection: close\r\n\r\nconsent=accepted"]);
      expect(status(raw.text)).toBeGreaterThanOrEqual(400);
      expect(status(raw.text)).toBeLessThan(500);
    });

    it("answers a JSON or XML body on /configuration with 4xx", async () => {
      for (const [type, payload] of [
        ["application/json", '{"slug":"x"}'],
        ["application/xml", "<slug>x</slug>"],
      ]) {
        const res = await shop.app.inject({ method: "POST", url: "/configuration", headers: { "content-type": type }, payload });
        expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, type).toBeLessThan(500);
      }
    });

    it("refuses NUL bytes and control characters in the newsletter fields with 400 and a message", async () => {
      for (const [field, value] of [
        ["name", "Ana\u0000"],
        ["surname", "Ru\u0000iz"],
        ["email", "ana\u0000@example.es"],
        ["name", "Ana\r\nBcc: x@evil.example"],
      ]) {
        const fields = { name: "Ana", surname: "Ruiz", email: "ana.nul@example.es", terms: "on", [field]: value };
        const res = await shop.app.inject({ method: "POST", url: "/newsletter", headers: FORM, payload: form(fields) });
        expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
        const api = await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/newsletters/", payload: { store: "ESDB", ...fields, terms: true } });
        expect(api.statusCode, `api ${field} ${JSON.stringify(value)}`).toBe(400);
        expect(api.json().error.message.length).toBeGreaterThan(0);
      }
    });
  });

  describe("timeouts", () => {
    it("uses sane socket timeouts by default", () => {
      const server = shop.app.server;
      expect(server.requestTimeout).toBe(30_000);
      expect(server.headersTimeout).toBe(15_000);
      expect(server.keepAliveTimeout).toBe(72_000);
      expect(server.timeout).toBe(75_000);
    });

    it("cuts a POST whose body stalls after its headers", async () => {
      const app = await buildHttp({ services: shop.services, timeouts: { requestMs: 1000, headersMs: 1000, checkIntervalMs: 200 } });
      await app.listen({ port: 0, host: "127.0.0.1" });
      try {
        const p = (app.server.address() as { port: number }).port;
        const res = await rawExchange(
          p,
          ['POST /api/auth-users/v1/newsletters/ HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"store":'],
          { waitMs: 6000 },
        );
        expect(res.closed).toBe(true);
        expect(res.ms).toBeLessThan(4000);
        expect(status(res.text)).toBe(408);
      } finally {
        await app.close();
      }
    });
  });

  describe("error messages", () => {
    it("answers media errors in the request's language", async () => {
      const fr = await shop.app.inject({ url: "/media/files/nada-de-nada.pdf", headers: { "accept-language": "fr-FR" } });
      expect(fr.statusCode).toBe(404);
      expect(fr.json().error).toEqual({ code: "media.not_found", message: "Fichier introuvable" });
    });

    it("answers an unknown code with the generic message of its status", async () => {
      const nf = await shop.app.inject({ url: "/api/test/unknown-404" });
      expect(nf.json().error).toEqual({ code: "nothing.known", message: "No encontrado" });
      const conflict = await shop.app.inject({ url: "/api/test/unknown-409", headers: { "accept-language": "fr" } });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error.message).toMatch(/conflit/);
    });
  });

  describe("cookies", () => {
    it("marks the language and consent cookies Secure when the shop is served over https", async () => {
      const page = await shop.app.inject({ url: "/marcas" });
      expect([page.headers["set-cookie"]].flat().find((c) => c?.startsWith("locale="))).toMatch(/; Secure$/);
      const consent = await shop.app.inject({ method: "POST", url: "/cookies", headers: FORM, payload: form({ consent: "accepted" }) });
      expect(String(consent.headers["set-cookie"])).toMatch(/^cookie_consent=accepted; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly; Secure$/);
    });
  });

  describe("rendering", () => {
    it("leaves no timer behind once a page is rendered", async () => {
      const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
      await shop.app.inject({ url: "/marcas" });
      const before = timers();
      for (let i = 0; i < 12; i++) {
        const res = await shop.app.inject({ url: i % 2 ? "/marcas" : "/fr/marcas", headers: i % 3 ? {} : { "user-agent": "Googlebot/2.1" } });
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
      }
      expect(timers() - before).toBeLessThan(4);
    });

    it("stops a page whose visitor left mid-stream without logging it as an error", async () => {
      // A product page streams: the shell first, its reviews and questions after. Shoppers who
      // move on before the end (another page, a closed tab) are not a fault of the shop: before,
      // each one printed "The destination stream errored while writing data" with a stack.
      const listing = await shop.app.inject({ url: "/platos-de-ducha/" });
      const product = /href="(\/[^"/]+\.html)"/.exec(listing.body)?.[1];
      expect(product).toBeTruthy();
      const logged: unknown[][] = [];
      const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
      // The questions (a streamed part) wait until every visitor below has left.
      const held = holdCalls(shop.services.reviews, "questions");
      try {
        const leaves = () =>
          new Promise<string>((resolve) => {
            const req = get({ host: "127.0.0.1", port, path: product, headers: { "accept-encoding": "identity" } }, (res) => {
              res.setEncoding("utf8");
              res.once("data", (first: string) => {
                req.destroy();
                resolve(first);
              });
            });
            req.on("error", () => resolve(""));
          });
        const firsts = await Promise.all(Array.from({ length: 20 }, leaves));
        // Each left with the page's beginning in hand, before its end was written.
        expect(firsts.every((html) => html.startsWith("<!DOCTYPE html>") && !html.includes("</html>"))).toBe(true);
        held.open();
        // A visitor who stays gets the whole page (its streamed parts come after those of the pages
        // left before: the database answers in order), and the ones who left were not logged.
        const whole = await (await fetch(`http://127.0.0.1:${port}${product}`)).text();
        expect(whole).toContain("</html>");
        expect(logged.map((args) => String(args[0]))).toEqual([]);
      } finally {
        held.restore();
        spy.mockRestore();
      }
    });
  });
});

describeEachDb("cookies over plain http", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { PUBLIC_URL: "http://localhost:3000" } });
  });
  afterAll(() => shop?.close());

  it("does not mark cookies Secure when PUBLIC_URL is http (a browser would drop them)", async () => {
    const page = await shop.app.inject({ url: "/marcas" });
    expect([page.headers["set-cookie"]].flat().find((c) => c?.startsWith("locale="))).toBe("locale=es; Path=/; Max-Age=31536000; SameSite=Lax");
    const consent = await shop.app.inject({ method: "POST", url: "/cookies", headers: FORM, payload: form({ consent: "rejected" }) });
    expect(String(consent.headers["set-cookie"])).not.toMatch(/Secure/);
  });
});

/**
 * Issue 36: the four causes of the probe's 500s, refused at the edge with a 400 that names the
 * field (server/lib/edge-input.ts, edge-form.ts); HSTS over https; no-store on tokens and
 * personal answers; the accountant's CSV safe from formulas.
 */
describeEachDb("edge validation, headers and exports (issue 36)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let customer: TestUser;
  let jar: CookieJar = {};
  const BROWSER = { host: "shop.test", "x-forwarded-proto": "https", origin: ORIGIN };
  const JSON_TYPE = { "content-type": "application/json" };
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { ssr: true, env: { PUBLIC_URL: ORIGIN, SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    customer = await createCustomer(shop, smtp, { name: "Edge" });
    const login = await shop.app.inject({
      method: "POST",
      url: "/login",
      headers: { ...BROWSER, ...FORM },
      payload: form({ email: customer.email, password: customer.password, terms: "on" }),
    });
    expect(login.statusCode).toBe(302);
    jar = storeCookies({}, login);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const address = {
    name: "Ana",
    phone: "600123456",
    address: "Calle Mayor",
    number: "1",
    postal_code: "28001",
    city: "Madrid",
    province: "Madrid",
    country: "ES",
  };
  const api = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    shop.app.inject({ method, url, headers: { ...customer.auth, ...JSON_TYPE, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });

  describe("the four causes of a 500", () => {
    it("refuses a NUL byte in an address name with 400 naming the field, in the request's language", async () => {
      const es = await api("POST", "/api/auth-users/v1/shipping-addresses/", { ...address, name: "Ana\u0000Ruiz" });
      expect(es.statusCode, es.body).toBe(400);
      expect(es.json().error).toMatchObject({
        code: "request.control_characters",
        message: "El campo name contiene caracteres no permitidos",
        details: { field: "name" },
      });
      const fr = await api("POST", "/api/auth-users/v1/shipping-addresses/?language=fr", { ...address, city: "Pa\u0001ris" });
      expect(fr.statusCode).toBe(400);
      expect(fr.json().error.message).toBe("Le champ city contient des caractères non autorisés");
      // A lone surrogate is no character either (PostgreSQL's jsonb refuses its escape).
      expect((await api("POST", "/api/auth-users/v1/shipping-addresses/", { ...address, name: "Ana\ud800" })).statusCode).toBe(400);
      // Line breaks and tabs are text a person types: not refused by the edge.
      expect((await api("POST", "/api/auth-users/v1/shipping-addresses/", { ...address, address: "Calle\tMayor" })).statusCode).toBe(201);
    });

    it("refuses integers past PostgreSQL's integer (2^31, 1e23) in a cart row with 400 naming the field", async () => {
      for (const product of [2147483648, 1e23]) {
        const res = await shop.app.inject({
          method: "POST",
          url: "/api/cart/v1/cart-rows/",
          headers: JSON_TYPE,
          payload: { product, selection: { quantity: 1, options: {}, ranges: {}, texts: {}, complements: {} } },
        });
        expect(res.statusCode, res.body).toBe(400);
        // 1e23 is past any safe integer: the route's own schema names the field first.
        expect(res.json().error.message).toMatch(/\bproduct\b/);
      }
      const past = await shop.app.inject({
        method: "POST",
        url: "/api/cart/v1/cart-rows/?language=fr",
        headers: JSON_TYPE,
        payload: { product: 2147483648, selection: { quantity: 1, options: {}, ranges: {}, texts: {}, complements: {} } },
      });
      expect(past.json().error).toMatchObject({ code: "request.number_out_of_range", details: { field: "product" } });
      expect(past.json().error.message).toBe("Le champ product contient un nombre hors des limites autorisées");
      const option = await shop.app.inject({
        method: "POST",
        url: "/api/cart/v1/cart-rows/",
        headers: JSON_TYPE,
        payload: { product: "x", selection: { quantity: 1, options: { 1: 2147483648 }, ranges: {}, texts: {}, complements: {} } },
      });
      expect(option.statusCode, option.body).toBe(400);
      expect(option.json().error.details).toEqual({ field: "selection.options.1", min: -2147483648, max: 2147483647 });
      const row = await shop.app.inject({ url: "/api/cart/v1/cart-rows/2147483648/", method: "PUT", headers: JSON_TYPE, payload: { quantity: 1 } });
      expect(row.statusCode, row.body).toBe(400);
      expect(row.json().error.message).toMatch(/\bid\b/);
    });

    it("refuses 1e23, 2^31, NaN and Infinity in a storefront form's id field with 400 naming it", async () => {
      for (const product of ["1e23", "2147483648", "NaN", "Infinity", "1.5"]) {
        const res = await shop.app.inject({
          method: "POST",
          url: "/favourites",
          headers: { ...BROWSER, ...FORM, cookie: cookieHeader(jar), accept: "application/json" },
          payload: form({ intent: "add", product }),
        });
        expect(res.statusCode, `${product}: ${res.body}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: "request.number_out_of_range", details: { field: "product" } });
      }
      // A document post (no JavaScript) gets a page in the store's language naming the field.
      const page = await shop.app.inject({
        method: "POST",
        url: `/fr/profile/${customer.id}/address/form-shipping`,
        headers: { ...BROWSER, ...FORM, cookie: cookieHeader(jar), accept: "text/html", "sec-fetch-dest": "document" },
        payload: form({ ...address, name: "Ana\u0000" }),
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("Le champ name contient des caractères non autorisés");
      // Free text that reads as a number is still text.
      const search = await shop.app.inject({
        method: "POST",
        url: "/newsletter",
        headers: { ...BROWSER, ...FORM },
        payload: form({ name: "1e23", surname: "NaN", email: "x" }),
      });
      expect(search.statusCode).toBe(400);
      expect(search.body).not.toContain("request.");
    });

    it("refuses a body that is not an object ([] to the address route: the TypeError in isValidPhone) with 400", async () => {
      for (const payload of ["[]", '"x"', "null", "0"]) {
        for (const url of ["/api/auth-users/v1/shipping-addresses/", "/api/auth-users/v1/billing-addresses/"]) {
          const res = await shop.app.inject({ method: "POST", url, headers: { ...customer.auth, ...JSON_TYPE }, payload });
          expect(res.statusCode, `${url} ${payload}: ${res.body}`).toBe(400);
          expect(res.json().error.code).toBe("request.body_not_object");
        }
      }
      const text = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/shipping-addresses/",
        headers: { ...customer.auth, "content-type": "text/plain" },
        payload: "name=Ana",
      });
      expect(text.statusCode).toBe(400);
      const xml = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/shipping-addresses/",
        headers: { ...customer.auth, "content-type": "application/xml" },
        payload: "<a/>",
      });
      expect(xml.statusCode).toBe(415);
    });

    it("documents the int4 bounds of request numbers in /api/docs", async () => {
      const doc = (await shop.app.inject({ url: "/api/docs" })).json();
      // A coupon's value was written without a maximum (2^31 was a 500): the document shows the edge's bound.
      const coupon = doc.paths["/api/cart/v1/coupons/"].post.requestBody.content["application/json"].schema;
      expect(coupon.properties.value.maximum).toBe(2147483647);
      const body = doc.paths["/api/cart/v1/cart-rows/{id}/"].put.requestBody.content["application/json"].schema;
      expect(body.properties.quantity.maximum).toBeLessThanOrEqual(2147483647);
      const id = doc.paths["/api/cart/v1/cart-rows/{id}/"].put.parameters.find((p: { name: string }) => p.name === "id");
      expect(id.schema.maximum).toBe(2147483647);
    });
  });

  describe("headers", () => {
    it("sends Strict-Transport-Security for a year with subdomains over https (through the trusted proxy), never over http", async () => {
      for (const url of ["/marcas", "/api/catalog/v1/stores/"]) {
        const https = await shop.app.inject({ url, headers: { "x-forwarded-proto": "https" } });
        const hsts = String(https.headers["strict-transport-security"]);
        expect(hsts, url).toMatch(/^max-age=(\d+); includeSubDomains$/);
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
        expect((await shop.app.inject({ url })).headers["strict-transport-security"], url).toBeUndefined();
      }
      // X-Forwarded-Proto from an address that is not the trusted proxy is not believed.
      const spoofed = await shop.app.inject({ url: "/marcas", remoteAddress: "203.0.113.9", headers: { "x-forwarded-proto": "https" } });
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    });

    it("marks token answers and personal answers Cache-Control: no-store", async () => {
      const token = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/token/",
        headers: JSON_TYPE,
        payload: { email: customer.email, password: customer.password },
      });
      expect(token.statusCode).toBe(200);
      expect(token.headers["cache-control"]).toBe("no-store");
      const refresh = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/token/refresh/",
        headers: JSON_TYPE,
        payload: { refresh: token.json().refresh },
      });
      expect(refresh.statusCode).toBe(200);
      expect(refresh.headers["cache-control"]).toBe("no-store");
      const auth = { authorization: `Bearer ${refresh.json().access}` };
      for (const url of ["/api/auth-users/v1/clients/info/", "/api/auth-users/v1/shipping-addresses/", "/api/auth-users/v1/products-wishlist/?store=ESDB"]) {
        const res = await shop.app.inject({ url, headers: auth });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], url).toMatch(/no-store/);
      }
      // Refused personal calls too; a public catalog answer is left to its route.
      expect((await shop.app.inject({ url: "/api/auth-users/v1/clients/info/" })).headers["cache-control"]).toBe("no-store");
      expect((await shop.app.inject({ url: "/api/catalog/v1/stores/" })).headers["cache-control"]).not.toBe("no-store");
    });
  });

  it("the accountant's invoice CSV neutralises business names that a spreadsheet would run (= + - @, tab, CR)", async () => {
    const owner = await createStaff(shop, "owner");
    const slug = "plato-de-ducha-de-resina-ibiza-textura-pizarra";
    const product = (await shop.app.inject({ url: `/api/catalog/v1/products/${slug}/retrieve_by_slug/` })).json();
    const attributes = (await shop.app.inject({ url: `/api/catalog/v1/products/${slug}/attributes/` })).json().results as {
      id: number;
      options: { id: number }[];
    }[];
    const variant = [...product.variants].sort((a: { stock: number }, b: { stock: number }) => b.stock - a.stock)[0];
    const options = Object.fromEntries(variant.options.map((o: number) => [String(attributes.find((a) => a.options.some((x) => x.id === o))!.id), o]));
    const names = ["=1+2", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(A1:A9)", "\t=1+2", "\r=1+2"];
    const numbers: string[] = [];
    for (const [i, name] of names.entries()) {
      const add = await shop.app.inject({
        method: "POST",
        url: "/api/cart/v1/cart-rows/",
        headers: JSON_TYPE,
        payload: { product: slug, selection: { quantity: 1, options, ranges: {}, texts: {}, complements: {} } },
      });
      expect(add.statusCode, add.body).toBe(201);
      const placed = await shop.app.inject({
        method: "POST",
        url: "/api/checkout/v1/place_order/",
        headers: { ...JSON_TYPE, "x-cart-token": add.json().cart_token },
        payload: {
          idempotency_key: `csv-${kind}-${i}-${Date.now().toString(36)}-abcdefgh`,
          expected_total: add.json().cart.prices.pvp_total,
          name: "Marta",
          surnames: "Gil",
          phone: "612345678",
          email: `csv.${i}@example.es`,
          shipping_address: "Calle Alcalá",
          shipping_number: "1",
          shipping_postal_code: "28014",
          shipping_city: "Madrid",
          shipping_province: "Madrid",
          shipping_country: "ES",
          billing_business_name: name,
          billing_tax_id_type: "dni",
          billing_tax_id: "12345678Z",
          payment_method: "transfer",
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const confirmed = await shop.app.inject({
        method: "POST",
        url: `/api/admin/v1/orders/${placed.json().order.id}/confirm-transfer/`,
        headers: owner.headers,
      });
      expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
      numbers.push(placed.json().order.id);
    }
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
    const csv = await shop.app.inject({ url: `/api/admin/v1/invoices/export.csv?store=ESDB&from=${day}&to=${day}`, headers: owner.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const head = lines[0].split(";").map((c) => c.replace(/^"|"$/g, ""));
    const col = head.indexOf("customer_name");
    const cells = lines.slice(1).map((l) => l.split(";")[col].replace(/^"|"$/g, ""));
    expect(cells.length).toBeGreaterThanOrEqual(names.length);
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    for (const name of ["=1+2", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(A1:A9)"]) expect(cells).toContain(`'${name.replace(/"/g, '""')}`);
  });
});
