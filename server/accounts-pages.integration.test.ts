import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCustomer, relaxThrottling, type TestUser } from "./test/accounts.ts";
import { type CookieJar as Jar, cookieHeader, h1s, pageOf as html, setCookies, storeCookies as store, visibleText as text } from "./test/html.ts";
import { linkIn, startSmtp, type TestSmtp } from "./test/smtp.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/**
 * The storefront's account pages, server-rendered through the real app (no JavaScript: plain
 * form posts, as a browser without scripts sends them), with the page cache ON: a signed-in
 * page never reaches the cache, and a cached page never shows a customer's name or prices.
 */
const ORIGIN = "https://tienda.example.es";
// The profile home's newsletter card (spec 6), its text after the card's title.
const NEWSLETTER_ON = /Newsletter\s*Suscrito/;
const NEWSLETTER_OFF = /Newsletter\s*No suscrito/;

describeEachDb("account pages (SSR, no JavaScript) and the page cache", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let pro: TestUser;
  let other: TestUser;
  let productPath: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { ssr: true, env: { PAGE_CACHE: "on", SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN } });
    relaxThrottling(shop);
    pro = await createCustomer(shop, smtp, { name: "Zuriñe", professional: true });
    other = await createCustomer(shop, smtp, { name: "Ildefonso" });
    const rows = (await shop.database.db.execute(sql`
      select t.slug from products p
      join product_translations t on t.product_id = p.id and t.language = 'es'
      join product_stores ps on ps.product_id = p.id
      join stores s on s.id = ps.store_id and s.source_code = 'ESDB'
      where p.professional_discount_bp > 0 and p.stock > 0
      order by p.id limit 1`)) as unknown as { rows: { slug: string }[] };
    productPath = `/${rows.rows[0].slug}.html`;
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const get = (url: string, jar: Jar = {}) =>
    shop.app.inject({ url, headers: { "accept-encoding": "br, gzip", ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}) } });
  const post = (url: string, form: Record<string, string>, jar: Jar = {}, origin = ORIGIN) =>
    shop.app.inject({
      method: "POST",
      url,
      payload: new URLSearchParams(form).toString(),
      headers: {
        // As behind the shop's proxy: React Router also checks that Origin is the request's own origin.
        host: "tienda.example.es",
        "x-forwarded-proto": "https",
        "content-type": "application/x-www-form-urlencoded",
        origin,
        "sec-fetch-dest": "document",
        ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}),
      },
    });
  async function logIn(u: TestUser, next = ""): Promise<Jar> {
    const res = await post(`/login${next}`, { email: u.email, password: u.password, terms: "on" });
    expect(res.statusCode, html(res)).toBe(302);
    const jar = store({}, res);
    expect(Object.keys(jar).sort()).toEqual(["sid_access", "sid_refresh"]);
    return jar;
  }

  it("never serves a professional's page from the cache, nor a cached page with their name or price to anyone else", async () => {
    const jar = await logIn(pro);
    for (let round = 0; round < 3; round++) {
      const anon = await get(productPath);
      expect(anon.statusCode).toBe(200);
      expect(anon.headers["x-cache"]).toBe(round === 0 ? "MISS" : "HIT");
      const anonText = text(html(anon));
      expect(anonText).not.toContain("Zuriñe");
      expect(anonText).not.toContain("Precio profesional aplicado");
      expect(html(anon)).not.toContain('data-testid="account-menu"');

      const mine = await get(productPath, jar);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["x-cache"]).toBeUndefined();
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      const mineText = text(html(mine));
      expect(mineText).toContain("Zuriñe");
      expect(mineText).toContain("Precio profesional aplicado");
      store(jar, mine);
    }
    // Only the anonymous rendering was ever stored.
    expect(shop.services.pageCache.stats().entries).toBe(1);
  });

  it("logs in with the spec's messages, keeps ?next= on the site, and logs out with a POST", async () => {
    const noTerms = await post("/login", { email: other.email, password: other.password });
    expect(noTerms.statusCode).toBe(400);
    expect(text(html(noTerms))).toContain("Debes de aceptar los términos y condiciones");
    expect(html(noTerms)).toMatch(/<input[^>]*id="login-terms"[^>]*autofocus=""|<input[^>]*autofocus=""[^>]*id="login-terms"/);
    const wrong = await post("/login", { email: other.email, password: "otra-cosa", terms: "on" });
    expect(wrong.statusCode).toBe(401);
    expect(text(html(wrong))).toContain("Credenciales no válidas");
    expect(setCookies(wrong).filter((c) => c.startsWith("sid_"))).toEqual([]);

    const evil = await post(`/login?next=${encodeURIComponent("//evil.example/x")}`, { email: other.email, password: other.password, terms: "on" });
    expect(evil.headers.location).toBe(`/profile/${other.id}`);
    const back = await post(`/login?next=${encodeURIComponent("/ofertas?sort=news")}`, { email: other.email, password: other.password, terms: "on" });
    expect(back.headers.location).toBe("/ofertas?sort=news");

    const jar = store({}, back);
    const home = await get(`/profile/${other.id}`, jar);
    expect(home.statusCode).toBe(200);
    expect(h1s(html(home))).toEqual(["Hola, Ildefonso"]);
    // Logging out from another site is refused; from the shop it clears both cookies.
    expect((await post("/logout", {}, jar, "https://evil.example")).statusCode).toBe(403);
    const out = await post("/logout", {}, jar);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe("/login?notice=logged_out");
    store(jar, out);
    expect(jar).toEqual({});
    const after = await get(`/profile/${other.id}`, jar);
    expect(after.headers.location).toBe(`/login?next=${encodeURIComponent(`/profile/${other.id}`)}`);
  });

  it("answers another customer's profile pages and addresses with 404, in both stores", async () => {
    const jar = await logIn(other);
    for (const prefix of ["", "/fr"]) {
      for (const path of ["", "/access-data", "/address", "/favourites", "/order", "/privacy", "/address/form-shipping", "/privacy/export"]) {
        const res = await get(`${prefix}/profile/${pro.id}${path}`, jar);
        expect(res.statusCode, `${prefix}${path}`).toBe(404);
        expect(text(html(res))).not.toContain("Zuriñe");
      }
      const mine = await get(`${prefix}/profile/me/favourites`, jar);
      expect(mine.headers.location).toBe(`${prefix}/profile/${other.id}/favourites`);
      // A section's path without the id leads to the customer's own; a path under an id that is
      // no section is a 404 (not a redirect to itself).
      for (const path of ["/access-data", "/address/form-billing", "/order?page=2"]) {
        const own = await get(`${prefix}/profile${path}`, jar);
        expect(own.statusCode, path).toBe(302);
        expect(own.headers.location).toBe(`${prefix}/profile/${other.id}${path}`);
      }
      for (const path of [`/profile/${other.id}/nope`, `/profile/${other.id}/address/form-billing/1/2`, "/profile/me/nope/deeper"]) {
        const res = await get(`${prefix}${path}`, jar);
        expect(res.statusCode === 302 ? res.headers.location : res.statusCode, path).toBe(
          path.startsWith("/profile/me") ? `${prefix}/profile/${other.id}/nope/deeper` : 404,
        );
      }
    }
    // The professional's address is not reachable through the other customer's id either.
    const proJar = await logIn(pro);
    const created = await post(`/profile/${pro.id}/address/form-shipping`, address(), proJar);
    expect(created.statusCode, html(created)).toBe(302);
    const list = await get(`/profile/${pro.id}/address`, proJar);
    const id = /form-shipping\/(\d+)/.exec(html(list))?.[1];
    expect(id).toBeDefined();
    expect((await get(`/profile/${other.id}/address/form-shipping/${id}`, jar)).statusCode).toBe(404);
    const stolen = await post(`/profile/${other.id}/address/form-shipping/${id}`, address({ city: "Robado" }), jar);
    expect(stolen.statusCode).toBe(404);
    const del = await post(`/profile/${other.id}/address`, { intent: "delete", type: "shipping", id: String(id) }, jar);
    expect(del.headers.location).toBe(`/profile/${other.id}/address?done=missing`);
    expect(text(html(await get(`/profile/${pro.id}/address`, proJar)))).toContain("Gran Vía 1");
  });

  it("counts each customer's own addresses by type on the profile home (one query for both)", async () => {
    const a = await createCustomer(shop, smtp, { name: "Casilda" });
    const b = await createCustomer(shop, smtp, { name: "Bartolo" });
    const jarA = await logIn(a);
    const jarB = await logIn(b);
    const billing = address({ business_name: "Reformas Casilda", tax_type: "dni", tax_id: "12345678z" });
    for (const [form, jar, who] of [
      ["form-shipping", jarA, a],
      ["form-shipping", jarA, a],
      ["form-billing", jarA, a],
      ["form-shipping", jarB, b],
    ] as const) {
      const saved = await post(`/profile/${who.id}/address/${form}`, form === "form-billing" ? billing : address(), jar);
      expect(saved.statusCode, html(saved)).toBe(302);
    }
    expect(text(html(await get(`/profile/${a.id}`, jarA)))).toContain("2 de envío · 1 de facturación");
    expect(text(html(await get(`/profile/${b.id}`, jarB)))).toContain("1 de envío · 0 de facturación");
    expect(text(html(await get(`/fr/profile/${b.id}`, jarB)))).toContain("1 de livraison · 0 de facturation");
  });

  it("recovers a password through the two forms and the mailed link, which works once", async () => {
    const u = await createCustomer(shop, smtp, { name: "Remedios" });
    const unknown = await post("/recuperar-contrasena", { email: "nadie@example.es" });
    expect(unknown.statusCode).toBe(404);
    expect(text(html(unknown))).toContain("No existe ninguna cuenta asociada a ese email");
    const sent = await post("/recuperar-contrasena", { email: u.email });
    expect(sent.statusCode).toBe(200);
    expect(text(html(sent))).toContain("Te hemos enviado un email con un enlace para restablecer tu contraseña.");
    const mail = await smtp.last(u.email, /.+/);
    const link = linkIn(mail, `${ORIGIN}/restaurar-contrasena?token=`);
    const path = link.pathname + link.search;
    expect(h1s(html(await get(path)))).toEqual(["Nueva contraseña"]);
    const mismatch = await post(path, { password: "nueva-123", password_confirmation: "nueva-124" });
    expect(text(html(mismatch))).toContain("Las contraseñas no coinciden");
    const done = await post(path, { password: "nueva-123", password_confirmation: "nueva-123" });
    expect(done.headers.location).toBe("/login?notice=password_reset");
    const again = await post(path, { password: "otra-456", password_confirmation: "otra-456" });
    expect(again.statusCode).toBe(400);
    expect(text(html(again))).toContain("error al restablecer la contraseña");
    await logIn({ ...u, password: "nueva-123" });
  });

  it("switches the newsletter, exports the data as JSON, and deletes the account after the password and the confirmation", async () => {
    const u = await createCustomer(shop, smtp, { name: "Casilda" });
    const jar = await logIn(u);
    const base = `/profile/${u.id}`;
    const homeSays = async () => text(html(await get(base, jar)));
    expect(await homeSays()).toMatch(NEWSLETTER_OFF);
    const on = await post(`${base}/newsletter`, { subscribed: "on" }, jar);
    // Double opt-in (docs/decisions/047): the switch sends the confirmation mail first.
    expect(on.headers.location).toBe(`${base}/newsletter?done=pending`);
    expect(text(html(await get(`${base}/newsletter`, jar)))).toContain(`Te hemos enviado un email a ${u.email} para confirmar la suscripción`);
    expect(await homeSays()).toMatch(NEWSLETTER_OFF);
    const confirm = linkIn(await smtp.last(u.email, /^Confirma tu suscripción/), `${ORIGIN}/newsletter/confirm?token=`);
    const confirmed = await shop.app.inject({
      method: "POST",
      url: "/api/auth-users/v1/newsletters/confirm/",
      payload: { token: confirm.searchParams.get("token") },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(text(html(await get(`${base}/newsletter`, jar)))).toContain(`Estás suscrito a la newsletter con ${u.email}.`);
    // The profile home's card says so on the next page (read from the session's user).
    expect(await homeSays()).toMatch(NEWSLETTER_ON);
    await post(`${base}/newsletter`, {}, jar);
    expect(await homeSays()).toMatch(NEWSLETTER_OFF);
    await post(`${base}/newsletter`, { subscribed: "on" }, jar);
    expect((await get(`/fr/profile/${u.id}/newsletter`, jar)).statusCode).toBe(404); // no newsletter in France

    const exported = await get(`${base}/privacy/export`, jar);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toMatch(/^application\/json/);
    expect(exported.headers["content-disposition"]).toBe(`attachment; filename="mis-datos-${u.id}.json"`);
    expect(exported.headers["cache-control"]).toBe("private, no-store");
    expect(html(exported)).toContain(u.email);

    const unconfirmed = await post(`${base}/privacy`, { password: u.password }, jar);
    expect(text(html(unconfirmed))).toContain("Marca la casilla para confirmar");
    const wrong = await post(`${base}/privacy`, { password: "no-es", confirm: "on" }, jar);
    expect(text(html(wrong))).toContain("La contraseña actual no es correcta");
    const gone = await post(`${base}/privacy`, { password: u.password, confirm: "on" }, jar);
    expect(gone.headers.location).toBe("/login?notice=account_deleted");
    store(jar, gone);
    expect(jar).toEqual({});
    const again = await post("/login", { email: u.email, password: u.password, terms: "on" });
    expect(text(html(again))).toContain("Credenciales no válidas");
  });

  it("renews an expired access cookie on a page and on a form post (action and loaders together) without ending the session", async () => {
    const jar = await logIn(other);
    const base = `/profile/${other.id}`;
    delete jar.sid_access; // its 600 s are over: the browser no longer sends it
    const page = await get(base, jar);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(setCookies(page).some((c) => c.startsWith("sid_access="))).toBe(true);
    store(jar, page);
    delete jar.sid_access;
    const invalid = await post(`${base}/address/form-shipping`, address({ postal_code: "123" }), jar);
    expect(invalid.statusCode).toBe(400);
    expect(text(html(invalid))).toContain("El código postal debe tener 5 dígitos");
    const renewed = setCookies(invalid).filter((c) => c.startsWith("sid_access="));
    expect(renewed.length).toBeGreaterThan(0);
    store(jar, invalid);
    const after = await get(base, jar);
    expect(after.statusCode).toBe(200);
    expect(h1s(html(after))).toEqual(["Hola, Ildefonso"]);
  });

  it("refuses a DNI with a wrong control letter with the spec's message, saves a right one, deletes after confirming", async () => {
    const jar = await logIn(other);
    const base = `/profile/${other.id}`;
    const bad = await post(`${base}/address/form-billing`, address({ business_name: "Reformas Ildefonso", tax_type: "dni", tax_id: "12345678A" }), jar);
    expect(bad.statusCode).toBe(400);
    expect(text(html(bad))).toContain("El formato del DNI no es correcto");
    expect(html(bad)).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="address-tax_id-hint address-tax_id-err"/);
    const good = await post(
      `${base}/address/form-billing`,
      address({ business_name: "Reformas Ildefonso", tax_type: "dni", tax_id: "12345678z", default: "on" }),
      jar,
    );
    expect(good.headers.location).toBe(`${base}/address?done=saved`);
    const list = await get(`${base}/address`, jar);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    expect(text(html(list))).toContain("Reformas Ildefonso");
    expect(text(html(list))).toContain("DNI 12345678Z");
    const id = /form-billing\/(\d+)/.exec(html(list))?.[1];
    // The confirmation is a page state (works without JavaScript), then the POST deletes.
    const confirm = await get(`${base}/address?delete=billing-${id}`, jar);
    expect(text(html(confirm))).toContain("¿Eliminar esta dirección?");
    const gone = await post(`${base}/address`, { intent: "delete", type: "billing", id: String(id) }, jar);
    expect(gone.headers.location).toBe(`${base}/address?done=deleted`);
    const after = await get(`${base}/address?done=deleted`, jar);
    expect(text(html(after))).toContain("Dirección eliminada.");
    expect(text(html(after))).not.toContain("Reformas Ildefonso");
  });
});

function address(over: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Ana García",
    business_name: "",
    tax_type: "",
    tax_id: "",
    phone: "612345678",
    address: "Gran Vía",
    number: "1",
    flat: "",
    postal_code: "28013",
    city: "Madrid",
    province: "Madrid",
    country: "ES",
    ...over,
  };
}
