import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

/** The cookie values of Set-Cookie headers, by name. */
function cookieJar(setCookie: string[]): Record<string, string> {
  return Object.fromEntries(setCookie.map((c) => c.split(";")[0].split("=")).map(([k, ...v]) => [k, decodeURIComponent(v.join("="))]));
}
const page = (cookies: Record<string, string>, path = "/profile/1", headers: Record<string, string> = {}) =>
  new Request(`https://tienda.example.es${path}`, {
    headers: {
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
      ...headers,
    },
  });

describeEachDb("storefront sessions (HttpOnly cookies, transparent refresh, logout)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let u: TestUser;
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://tienda.example.es" } });
    relaxThrottling(shop);
    u = await createCustomer(shop, smtp, { name: "Marta" });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });
  const web = () => shop.services.accounts.web;

  it("logs in with HttpOnly, SameSite=Lax, Path=/ and Secure (https) cookies; a wrong pair gets the spec's code", async () => {
    const bad = await web().login(page({}, "/login"), { email: u.email, password: "mala" });
    expect(bad).toEqual({ ok: false, code: "auth.invalid_credentials" });
    const r = await web().login(page({}, "/login"), { email: u.email, password: u.password });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.user).toMatchObject({ id: u.id, name: "Marta", email: u.email });
    expect(r.setCookie).toHaveLength(2);
    const [access, refresh] = r.setCookie;
    expect(access).toMatch(/^sid_access=[\w.-]+; Path=\/; Max-Age=600; SameSite=Lax; HttpOnly; Secure$/);
    expect(refresh).toMatch(/^sid_refresh=[\w.-]+; Path=\/; Max-Age=86400; SameSite=Lax; HttpOnly; Secure$/);
  });

  it("reads the user from the access cookie; anonymous without cookies", async () => {
    const r = await web().login(page({}, "/login"), { email: u.email, password: u.password });
    if (!r.ok) throw new Error("login");
    const s = await web().session(page(cookieJar(r.setCookie)));
    expect(s.user?.name).toBe("Marta");
    expect(s.auth).toEqual({ id: u.id, email: u.email, customerType: "customer", role: "customer" });
    expect(s.setCookie).toEqual([]);
    const anon = await web().session(page({}));
    expect(anon).toEqual({ user: null, auth: null, sessionId: null, setCookie: [] });
  });

  it("renews an expired access token with the refresh cookie (rotation), once per request", async () => {
    const r = await web().login(page({}, "/login"), { email: u.email, password: u.password });
    if (!r.ok) throw new Error("login");
    const jar = cookieJar(r.setCookie);
    // The browser dropped the access cookie (Max-Age 600 passed): only the refresh cookie is sent.
    const request = page({ sid_refresh: jar.sid_refresh });
    const [a, b] = await Promise.all([web().session(request), web().session(request)]);
    expect(a).toBe(b);
    expect(a.user?.id).toBe(u.id);
    const renewed = cookieJar(a.setCookie);
    expect(renewed.sid_access).toBeTruthy();
    expect(renewed.sid_refresh).toBeTruthy();
    expect(renewed.sid_refresh).not.toBe(jar.sid_refresh);
    // The new pair works; the browser keeps using it.
    const next = await web().session(page({ sid_refresh: renewed.sid_refresh }));
    expect(next.user?.id).toBe(u.id);
  });

  it("two tabs refreshing at once both stay signed in; an old refresh token replayed later ends the session", async () => {
    const r = await web().login(page({}, "/login"), { email: u.email, password: u.password });
    if (!r.ok) throw new Error("login");
    const old = cookieJar(r.setCookie).sid_refresh;
    const [tab1, tab2] = await Promise.all([web().session(page({ sid_refresh: old })), web().session(page({ sid_refresh: old }))]);
    expect(tab1.user?.id).toBe(u.id);
    expect(tab2.user?.id).toBe(u.id);
    // One of them rotated (new refresh cookie); the other only got a new access cookie.
    expect([tab1.setCookie.length, tab2.setCookie.length].sort()).toEqual([1, 2]);
    const winner = cookieJar([...tab1.setCookie, ...tab2.setCookie]).sid_refresh;

    // A minute later the old token comes back: theft. The session ends, the current cookie too.
    await shop.database.exec(`update refresh_families set rotated_at = now() - interval '1 minute' where id = '${tab1.sessionId}'`);
    const replay = await web().session(page({ sid_refresh: old }));
    expect(replay.user).toBeNull();
    expect(replay.setCookie.join("\n")).toMatch(/sid_access=; Path=\/; Max-Age=0/);
    expect(replay.setCookie.join("\n")).toMatch(/sid_refresh=; Path=\/; Max-Age=0/);
    expect((await web().session(page({ sid_refresh: winner }))).user).toBeNull();
  });

  it("logout revokes the session's refresh token and clears both cookies (the access token dies with it)", async () => {
    const r = await web().login(page({}, "/login"), { email: u.email, password: u.password });
    if (!r.ok) throw new Error("login");
    const jar = cookieJar(r.setCookie);
    const out = await web().logout(page(jar));
    expect(out.setCookie).toEqual([
      "sid_access=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly; Secure",
      "sid_refresh=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly; Secure",
    ]);
    expect((await web().session(page({ sid_refresh: jar.sid_refresh }))).user).toBeNull();
    expect((await web().session(page({ sid_access: jar.sid_access }))).user).toBeNull();
    const api = await shop.app.inject({ method: "POST", url: "/api/auth-users/token/refresh/", payload: { refresh: jar.sid_refresh } });
    expect(api.statusCode).toBe(401);
  });

  it("clears forged or foreign cookies", async () => {
    const s = await web().session(page({ sid_access: "x.y.z", sid_refresh: "a.b.c" }));
    expect(s.user).toBeNull();
    expect(s.setCookie).toHaveLength(2);
  });

  it("shows professional prices through the session's auth (customer type from the database)", async () => {
    const pro = await createCustomer(shop, smtp, { professional: true });
    const r = await web().login(page({}, "/login"), { email: pro.email, password: pro.password });
    if (!r.ok) throw new Error("login");
    expect(r.auth.customerType).toBe("professional");
    await shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${pro.id}/toggle_type/`, headers: pro.auth });
    // The same cookie, the new type: it is read from the database, not frozen in the token.
    const s = await web().session(page(cookieJar(r.setCookie)));
    expect(s.auth?.customerType).toBe("customer");
  });

  it("checks the Origin of form posts", () => {
    const post = (headers: Record<string, string>) => new Request("https://tienda.example.es/login", { method: "POST", headers });
    expect(web().sameOrigin(post({ origin: "https://tienda.example.es" }))).toBe(true);
    expect(web().sameOrigin(post({ origin: "https://evil.example" }))).toBe(false);
    expect(web().sameOrigin(post({ origin: "null" }))).toBe(false);
    expect(web().sameOrigin(post({ referer: "https://evil.example/x" }))).toBe(false);
    expect(web().sameOrigin(post({ referer: "https://tienda.example.es/login" }))).toBe(true);
  });

  describe("the French store", () => {
    it("re-sends the activation mail in French when an inactive account logs in at /fr/login", async () => {
      const email = `inactif.${Date.now()}@example.fr`;
      await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/clients/signup/?language=fr",
        payload: { name: "Jean", surnames: "Dupont", email, password: "secret-123", password_confirmation: "secret-123", privacy: true },
      });
      const r = await web().login(page({}, "/fr/login"), { email, password: "secret-123" });
      expect(r).toEqual({ ok: false, code: "auth.inactive" });
      const mails = smtp.to(email);
      expect(mails).toHaveLength(2);
      expect(mails[1].subject).toBe("Activez votre compte BañoDirecto France");
    });
  });
});
