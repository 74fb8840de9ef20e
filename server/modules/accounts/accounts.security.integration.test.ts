import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createCustomer, login, relaxThrottling, type TestUser, uniqueEmail } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { createThrottle } from "./accounts.throttle.ts";
import { JWT_AUDIENCE, jwtKey } from "./accounts.tokens.ts";

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

describeEachDb("accounts security: tokens, rotation, object-level access, throttling, races", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const info = (authorization: string) => shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: { authorization } });
  const refresh = (token: string, remoteAddress?: string) =>
    shop.app.inject({ method: "POST", url: "/api/auth-users/token/refresh/", payload: { refresh: token }, ...(remoteAddress ? { remoteAddress } : {}) });

  describe("JWT verification (HS256 only, issuer, audience, expiry, token use)", () => {
    let u: TestUser;
    beforeAll(async () => {
      u = await createCustomer(shop, smtp);
    });

    const forge = async (claims: Record<string, unknown>, opts: { key?: Uint8Array; typ?: string; exp?: number; iss?: string; aud?: string } = {}) => {
      const real = decodeJwt(u.access);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ token_use: "access", sid: real.sid, ...claims })
        .setProtectedHeader({ alg: "HS256", typ: opts.typ ?? "at+jwt" })
        .setSubject(String(u.id))
        .setIssuer(opts.iss ?? (real.iss as string))
        .setAudience(opts.aud ?? JWT_AUDIENCE)
        .setIssuedAt(now - 10)
        .setExpirationTime(opts.exp ?? now + 600)
        .setJti("x")
        .sign(opts.key ?? jwtKey(shop.services.config.secret));
    };

    it("accepts the real access token, and a token signed with the shop's key (the forge helper is right)", async () => {
      expect((await info(`Bearer ${u.access}`)).statusCode).toBe(200);
      expect((await info(`Bearer ${await forge({})}`)).statusCode).toBe(200);
      const claims = decodeJwt(u.access);
      expect((claims.exp as number) - (claims.iat as number)).toBe(600);
      const r = decodeJwt(u.refresh);
      expect((r.exp as number) - (r.iat as number)).toBe(86_400);
    });

    it("refuses alg none (unsigned) with 401", async () => {
      const [, payload] = u.access.split(".");
      const none = `${b64({ alg: "none", typ: "at+jwt" })}.${payload}.`;
      const res = await info(`Bearer ${none}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("auth.not_authenticated");
    });

    it("refuses another algorithm header on the same signature, a wrong key and a tampered payload", async () => {
      const [, payload, sig] = u.access.split(".");
      expect((await info(`Bearer ${b64({ alg: "HS512", typ: "at+jwt" })}.${payload}.${sig}`)).statusCode).toBe(401);
      expect((await info(`Bearer ${await forge({}, { key: jwtKey("another-shop-secret-of-32-characters!!") })}`)).statusCode).toBe(401);
      const tampered = b64({ ...decodeJwt(u.access), sub: String(u.id + 1) });
      expect((await info(`Bearer ${u.access.split(".")[0]}.${tampered}.${sig}`)).statusCode).toBe(401);
      // The raw SECRET is not the key (it is derived): a token signed with it is refused too.
      expect((await info(`Bearer ${await forge({}, { key: new TextEncoder().encode(shop.services.config.secret) })}`)).statusCode).toBe(401);
    });

    it("refuses an expired token, a wrong issuer and a wrong audience", async () => {
      expect((await info(`Bearer ${await forge({}, { exp: Math.floor(Date.now() / 1000) - 5 })}`)).statusCode).toBe(401);
      expect((await info(`Bearer ${await forge({}, { iss: "https://evil.example" })}`)).statusCode).toBe(401);
      expect((await info(`Bearer ${await forge({}, { aud: "someone-else" })}`)).statusCode).toBe(401);
    });

    it("refuses a refresh token used as an access token, and an access token used to refresh", async () => {
      expect((await info(`Bearer ${u.refresh}`)).statusCode).toBe(401);
      expect((await info(`Bearer ${await forge({ token_use: "refresh" })}`)).statusCode).toBe(401);
      expect((await info(`Bearer ${await forge({}, { typ: "rt+jwt" })}`)).statusCode).toBe(401);
      const res = await refresh(u.access);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: "auth.token_invalid", message: "Tu sesión no es válida o ha caducado. Inicia sesión de nuevo" });
    });

    it("refuses garbage, a missing token and other schemes", async () => {
      for (const h of ["Bearer", "Bearer abc", "Bearer a.b.c", `Basic ${Buffer.from("a:b").toString("base64")}`, `Token ${u.access}`]) {
        expect((await info(h)).statusCode, h).toBe(401);
      }
      expect((await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/" })).statusCode).toBe(401);
      const fr = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/?language=fr" });
      expect(fr.json().error.message).toMatch(/^Vous devez vous connecter/);
    });
  });

  describe("refresh-token rotation and reuse detection", () => {
    it("reusing an old refresh token revokes the whole session, including the newest tokens", async () => {
      const u = await createCustomer(shop, smtp);
      const first = await refresh(u.refresh);
      expect(first.statusCode).toBe(200);
      const second = await refresh(first.json().refresh);
      expect(second.statusCode).toBe(200);
      const latest = second.json();
      expect((await info(`Bearer ${latest.access}`)).statusCode).toBe(200);

      // A thief replays the first token.
      const replay = await refresh(u.refresh);
      expect(replay.statusCode).toBe(401);
      expect((await refresh(latest.refresh)).statusCode).toBe(401);
      expect((await info(`Bearer ${latest.access}`)).statusCode).toBe(401);
      // Other sessions of the account are not affected, and logging in again works.
      const fresh = await login(shop, u.email, u.password);
      expect((await info(`Bearer ${fresh.access}`)).statusCode).toBe(200);
    });

    it("100 concurrent refreshes with one token: exactly one succeeds (and the reuse ends the session)", async () => {
      const u = await createCustomer(shop, smtp);
      const results = await Promise.all(Array.from({ length: 100 }, () => refresh(u.refresh)));
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 401)).toHaveLength(99);
    });

    it("a refresh token of a deactivated account is refused", async () => {
      const u = await createCustomer(shop, smtp);
      await shop.database.exec(`update users set is_active = false where id = ${u.id}`);
      expect((await refresh(u.refresh)).statusCode).toBe(401);
      expect((await info(`Bearer ${u.access}`)).statusCode).toBe(401);
    });
  });

  describe("object-level access: a second user can read, write or delete nothing of the first", () => {
    let owner: TestUser;
    let other: TestUser;
    const ids = { shipping: 0, billing: 0, wish: 0, product: 0 };
    const shippingBody = {
      name: "Ana",
      phone: "600123456",
      address: "Calle Mayor",
      number: "5",
      postal_code: "28013",
      city: "Madrid",
      province: "Madrid",
      country: "ES",
    };
    const billingBody = {
      business_name: "Ana SL",
      tax_type: "dni",
      tax_id: "12345678Z",
      address: "Calle Mayor",
      number: "5",
      postal_code: "28013",
      city: "Madrid",
      province: "Madrid",
      country: "ES",
    };

    beforeAll(async () => {
      owner = await createCustomer(shop, smtp, { name: "Propietaria" });
      other = await createCustomer(shop, smtp, { name: "Intrusa" });
      ids.shipping = (
        await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/shipping-addresses/", headers: owner.auth, payload: shippingBody })
      ).json().id;
      ids.billing = (
        await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/billing-addresses/", headers: owner.auth, payload: billingBody })
      ).json().id;
      const cards = (await shop.app.inject({ method: "GET", url: "/api/catalog/v1/products/weblist_products/?listing=offers&page_size=2" })).json().results;
      ids.product = cards[0].id;
      ids.wish = (
        await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/products-wishlist/", headers: owner.auth, payload: { product: ids.product } })
      ).json().id;
    });

    /** Every user-scoped call, aimed at the owner's objects. */
    const matrix = () => [
      { method: "GET", url: `/api/auth-users/v1/clients/${owner.id}/` },
      { method: "PUT", url: `/api/auth-users/v1/clients/${owner.id}/`, payload: { name: "Hack", surnames: "Hack" } },
      { method: "PATCH", url: `/api/auth-users/v1/clients/${owner.id}/`, payload: { name: "Hack" } },
      { method: "DELETE", url: `/api/auth-users/v1/clients/${owner.id}/`, payload: { password: owner.password } },
      { method: "PUT", url: `/api/auth-users/v1/clients/${owner.id}/toggle_type/` },
      {
        method: "POST",
        url: `/api/auth-users/v1/clients/${owner.id}/change_email/`,
        payload: { email: uniqueEmail("robo"), current_password: owner.password },
      },
      {
        method: "POST",
        url: `/api/auth-users/v1/clients/${owner.id}/change_password/`,
        payload: { current_password: owner.password, password: "robada-1", password_confirmation: "robada-1" },
      },
      { method: "GET", url: `/api/auth-users/v1/clients/${owner.id}/export/` },
      { method: "GET", url: `/api/auth-users/v1/clients/${owner.id}/newsletter/` },
      { method: "PUT", url: `/api/auth-users/v1/clients/${owner.id}/newsletter/` },
      { method: "DELETE", url: `/api/auth-users/v1/clients/${owner.id}/newsletter/` },
      { method: "GET", url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/` },
      { method: "PUT", url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/`, payload: { ...shippingBody, city: "Hack" } },
      { method: "PATCH", url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/`, payload: { city: "Hack" } },
      { method: "DELETE", url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/` },
      { method: "GET", url: `/api/auth-users/v1/billing-addresses/${ids.billing}/` },
      { method: "PUT", url: `/api/auth-users/v1/billing-addresses/${ids.billing}/`, payload: { ...billingBody, city: "Hack" } },
      { method: "PATCH", url: `/api/auth-users/v1/billing-addresses/${ids.billing}/`, payload: { city: "Hack" } },
      { method: "DELETE", url: `/api/auth-users/v1/billing-addresses/${ids.billing}/` },
      // Type confusion: the owner's billing address through the shipping route.
      { method: "GET", url: `/api/auth-users/v1/shipping-addresses/${ids.billing}/` },
      { method: "GET", url: `/api/auth-users/v1/products-wishlist/${ids.wish}/` },
      { method: "DELETE", url: `/api/auth-users/v1/products-wishlist/${ids.wish}/` },
      // Lists and creations naming the owner as `user`.
      { method: "GET", url: `/api/auth-users/v1/shipping-addresses/?user=${owner.id}` },
      { method: "GET", url: `/api/auth-users/v1/billing-addresses/?user=${owner.id}&page=-1` },
      { method: "GET", url: `/api/auth-users/v1/products-wishlist/?user=${owner.id}` },
      { method: "POST", url: "/api/auth-users/v1/shipping-addresses/", payload: { ...shippingBody, user: owner.id } },
      { method: "POST", url: "/api/auth-users/v1/billing-addresses/", payload: { ...billingBody, user: owner.id } },
      { method: "POST", url: "/api/auth-users/v1/products-wishlist/", payload: { user: owner.id, product: ids.product } },
      { method: "POST", url: "/api/auth-users/v1/products-wishlist/set-favourites/", payload: { user: owner.id, product_ids: [ids.product] } },
    ];

    it("answers 403 or 404 to the other user for every call, and 401 without a token", async () => {
      for (const call of matrix()) {
        const res = await shop.app.inject({ ...(call as { method: "GET"; url: string }), headers: other.auth });
        expect([403, 404], `${call.method} ${call.url}: ${res.body}`).toContain(res.statusCode);
        const anon = await shop.app.inject(call as { method: "GET"; url: string });
        expect(anon.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
      }
    });

    it("leaves the owner's data exactly as it was", async () => {
      const me = (await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/clients/${owner.id}/`, headers: owner.auth })).json();
      expect(me).toMatchObject({ name: "Propietaria", email: owner.email, _type: "customer", newsletter: false });
      const s = await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/`, headers: owner.auth });
      expect(s.json().city).toBe("Madrid");
      const b = await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/billing-addresses/${ids.billing}/`, headers: owner.auth });
      expect(b.json().city).toBe("Madrid");
      const w = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/products-wishlist/?page=-1", headers: owner.auth });
      expect(w.json().total).toBe(1);
      expect((await login(shop, owner.email, owner.password)).access).toBeTruthy();
      // And the other user's own lists stayed empty: nothing was written into either account.
      const mine = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/shipping-addresses/?page=-1", headers: other.auth });
      expect(mine.json().total).toBe(0);
      const myWish = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/products-wishlist/?page=-1", headers: other.auth });
      expect(myWish.json().total).toBe(0);
    });

    it("does the same for the owner's own calls (the matrix is not vacuous)", async () => {
      const ok = await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/`, headers: owner.auth });
      expect(ok.statusCode).toBe(200);
      const list = await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/shipping-addresses/?user=${owner.id}`, headers: owner.auth });
      expect(list.json().total).toBe(1);
    });

    it("refuses mass assignment: no id, user, type, role or flags can be written", async () => {
      const addr = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/shipping-addresses/",
        headers: other.auth,
        payload: { ...shippingBody, id: ids.shipping },
      });
      expect(addr.statusCode).toBe(400);
      const typed = await shop.app.inject({
        method: "PATCH",
        url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/`,
        headers: owner.auth,
        payload: { type: "billing" },
      });
      expect(typed.statusCode).toBe(400);
      const userField = await shop.app.inject({
        method: "PATCH",
        url: `/api/auth-users/v1/shipping-addresses/${ids.shipping}/`,
        headers: owner.auth,
        payload: { user: other.id },
      });
      expect(userField.statusCode).toBe(403);
      for (const field of [{ role: "staff" }, { _type: "professional" }, { customer_type: "professional" }, { is_active: false }, { id: other.id }]) {
        const res = await shop.app.inject({ method: "PATCH", url: `/api/auth-users/v1/clients/${owner.id}/`, headers: owner.auth, payload: field });
        expect(res.statusCode, JSON.stringify(field)).toBe(400);
      }
      const wish = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/products-wishlist/",
        headers: owner.auth,
        payload: { product: ids.product, id: 1 },
      });
      expect(wish.statusCode).toBe(400);
      const me = (await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/clients/${owner.id}/`, headers: owner.auth })).json();
      expect(me).toMatchObject({ role: "customer", _type: "customer", is_active: true });
    });
  });

  describe("storefront cookie on the API", () => {
    it("authenticates GETs with the sid_access cookie; a cross-site write with it is refused", async () => {
      const u = await createCustomer(shop, smtp);
      const cookie = `sid_access=${u.access}`;
      expect((await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: { cookie } })).statusCode).toBe(200);
      const evil = await shop.app.inject({
        method: "PUT",
        url: `/api/auth-users/v1/clients/${u.id}/toggle_type/`,
        headers: { cookie, origin: "https://evil.example" },
      });
      expect([401, 403]).toContain(evil.statusCode);
      const own = await shop.app.inject({
        method: "PUT",
        url: `/api/auth-users/v1/clients/${u.id}/toggle_type/`,
        headers: { cookie, origin: shop.services.config.publicUrl },
      });
      expect(own.statusCode).toBe(200);
    });
  });

  describe("throttling (429 with Retry-After and a translated message)", () => {
    beforeEach(() => shop.services.accounts.throttle.reset());
    afterAll(() => relaxThrottling(shop));

    it("login: 10 attempts per account, whatever the address (then 429, even with the right password)", async () => {
      const u = await createCustomer(shop, smtp);
      shop.services.accounts.throttle.reset();
      // createCustomer logged in once: that attempt counts too (10 per account in 15 minutes).
      for (let i = 0; i < 9; i++) {
        const r = await shop.app.inject({
          method: "POST",
          url: "/api/auth-users/token/",
          payload: { email: u.email, password: "mala" },
          remoteAddress: `10.0.1.${i}`,
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/token/",
        payload: { email: u.email, password: u.password },
        remoteAddress: "10.0.2.1",
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(blocked.json().error).toEqual({ code: "auth.too_many_attempts", message: "Demasiados intentos. Espera unos minutos y vuelve a intentarlo" });
      const fr = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/token/?language=fr",
        payload: { email: u.email, password: u.password },
        remoteAddress: "10.0.2.2",
      });
      expect(fr.json().error.message).toBe("Trop de tentatives. Patientez quelques minutes puis réessayez");
      // Another account is not affected.
      const v = await createCustomer(shop, smtp);
      expect((await login(shop, v.email, v.password)).access).toBeTruthy();
    });

    it("login: 30 attempts per address over many accounts", async () => {
      const ip = "10.0.3.1";
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const r = await shop.app.inject({
          method: "POST",
          url: "/api/auth-users/token/",
          payload: { email: uniqueEmail("spray"), password: "x" },
          remoteAddress: ip,
        });
        last = r.statusCode;
        if (i < 30) expect(r.statusCode).toBe(401);
      }
      expect(last).toBe(429);
    });

    it("sign-up: 10 per address per hour", async () => {
      const ip = "10.0.4.1";
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const email = uniqueEmail("masiva");
        const r = await shop.app.inject({
          method: "POST",
          url: "/api/auth-users/v1/clients/signup/",
          payload: { name: "A", surnames: "B", email, password: "secreto-1", password_confirmation: "secreto-1", privacy: true },
          remoteAddress: ip,
        });
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
      expect(codes[10]).toBe(429);
    });

    it("reset_password: 5 per email (it tells whether an account exists, so it is rate-limited)", async () => {
      const email = uniqueEmail("curioso");
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push(
          (await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/clients/reset_password/", payload: { email }, remoteAddress: `10.0.5.${i}` }))
            .statusCode,
        );
      }
      expect(codes).toEqual([404, 404, 404, 404, 404, 429]);
    });

    it("activation and new-password links: 30 per address per 15 minutes", async () => {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const url = i % 2 ? "/api/auth-users/v1/clients/activate_user/?token=adivina" : "/api/auth-users/v1/clients/update_password/?token=adivina";
        const payload = i % 2 ? undefined : { password: "secreto-1", password_confirmation: "secreto-1" };
        codes.push((await shop.app.inject({ method: "POST", url, payload, remoteAddress: "10.0.6.1" })).statusCode);
      }
      expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
      expect(codes[30]).toBe(429);
    });

    it("token refresh: per account", async () => {
      const u = await createCustomer(shop, smtp);
      shop.services.accounts.throttle.setLimits({ "refresh:account": { limit: 3, windowS: 300 } });
      let token = u.refresh;
      for (let i = 0; i < 3; i++) {
        const r = await refresh(token, `10.0.7.${i}`);
        expect(r.statusCode).toBe(200);
        token = r.json().refresh;
      }
      const blocked = await refresh(token, "10.0.7.9");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["retry-after"]).toBeTruthy();
    });

    it("counts in the database (every copy of the shop shares the counters)", async () => {
      await shop.app.inject({ method: "POST", url: "/api/auth-users/token/", payload: { email: uniqueEmail(), password: "x" }, remoteAddress: "10.0.8.1" });
      const r = (await shop.database.db.execute(`select count(*)::int as n from rate_limits where key like 'login:%'`)) as unknown as { rows: { n: number }[] };
      expect(r.rows[0].n).toBeGreaterThan(0);
      const raw = (await shop.database.db.execute(`select key from rate_limits`)) as unknown as { rows: { key: string }[] };
      // Emails are not stored in the counters' keys.
      expect(raw.rows.some((x) => x.key.includes("@"))).toBe(false);
    });

    it("never lets a short window's count leak into a long one that starts at the same instant (the top of the hour)", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-29T01:00:30Z") });
      try {
        const throttle = createThrottle(shop.database.db, { "newsletter:account": { limit: 100, windowS: 60 } });
        const who = uniqueEmail("ventana");
        for (let i = 0; i < 3; i++) expect(await throttle.hit([["newsletter:account", who]])).toEqual({ ok: true });
        throttle.setLimits({ "newsletter:account": { limit: 2, windowS: 3600 } });
        // Both windows start at 01:00:00: the hour's count starts at zero all the same.
        expect(await throttle.hit([["newsletter:account", who]])).toEqual({ ok: true });
        expect(await throttle.hit([["newsletter:account", who]])).toEqual({ ok: true });
        expect((await throttle.hit([["newsletter:account", who]])).ok).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("races decided by the database", () => {
    it("50 concurrent sign-ups with one email: exactly one account", async () => {
      const email = uniqueEmail("carrera");
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          shop.app.inject({
            method: "POST",
            url: "/api/auth-users/v1/clients/signup/",
            payload: {
              name: "A",
              surnames: "B",
              email: i % 2 ? email : email.toUpperCase(),
              password: "secreto-1",
              password_confirmation: "secreto-1",
              privacy: true,
            },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
      const r = (await shop.database.db.execute(`select count(*)::int as n from users where lower(email) = '${email}'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(r.rows[0].n).toBe(1);
    });

    it("a reset link used twice at once changes the password once", async () => {
      const u = await createCustomer(shop, smtp);
      await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/clients/reset_password/", payload: { email: u.email } });
      const mail = await smtp.last(u.email, /Restablece/);
      const token = new URL((mail.text.match(/https?:\/\/\S+token=\S+/) as RegExpMatchArray)[0]).searchParams.get("token");
      const results = await Promise.all(
        ["clave-uno-1", "clave-dos-2", "clave-tres-3"].map((p) =>
          shop.app.inject({
            method: "POST",
            url: `/api/auth-users/v1/clients/update_password/?token=${token}`,
            payload: { password: p, password_confirmation: p },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    });
  });
});
