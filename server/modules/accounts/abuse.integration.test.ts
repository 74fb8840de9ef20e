import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createCustomer, login, relaxThrottling, uniqueEmail } from "../../test/accounts.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { linkIn, startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { users } from "./accounts.schema.ts";
import { DEFAULT_LIMITS } from "./accounts.throttle.ts";

/**
 * Issue 36: someone else can create your account (checkout), the checkout's account oracle, and
 * common passwords (docs/decisions/047).
 */
const SLUG = "plato-de-ducha-resina-pizarra-blanco";
type Headers = Record<string, string>;
const COMMON_ES = "Esa contraseña es de las más usadas y de las primeras que prueba quien intenta entrar en cuentas ajenas: elige otra";
const COMMON_FR =
  "Ce mot de passe fait partie des plus utilisés, les premiers qu'essaie quiconque veut entrer dans le compte d'un autre : choisissez-en un autre";

describeEachDb("accounts: ownership of accounts made at checkout, enumeration, common passwords (issue 36)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;
  let key = 0;
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
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const api = (method: "GET" | "POST" | "PUT", url: string, opts: { headers?: Headers; payload?: unknown; remoteAddress?: string } = {}) =>
    shop.app.inject({ method, url: `/api${url}`, headers: opts.headers, payload: opts.payload as never, remoteAddress: opts.remoteAddress });

  async function guestCart() {
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const res = await api("POST", "/cart/v1/cart-rows/", { payload: { product: SLUG, selection } });
    expect(res.statusCode, res.body).toBe(201);
    return { total: res.json().cart.prices.pvp_total as number, headers: { "x-cart-token": res.json().cart_token as string } };
  }
  const place = (cart: { total: number; headers: Headers }, over: Record<string, unknown>, remoteAddress?: string, query = "") =>
    api("POST", `/checkout/v1/place_order/${query}`, {
      headers: cart.headers,
      remoteAddress,
      payload: {
        idempotency_key: `abuse-${kind}-${Date.now().toString(36)}-${++key}-abcdefgh`,
        name: "Eva",
        surnames: "Mala",
        phone: "612 345 678",
        email: "x@example.es",
        shipping_address: "Calle Falsa",
        shipping_number: "1",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_business_name: "Eva Mala",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "transfer",
        expected_total: cart.total,
        ...over,
      },
    });
  const token = (email: string, password: string) => api("POST", "/auth-users/token/", { payload: { email, password } });

  describe("an account asked for at checkout gets its password from the mailbox's owner", () => {
    it("a stranger's checkout with the victim's email and their own password never logs in, before or after the victim confirms", async () => {
      const victim = uniqueEmail("victima");
      const attacker = "clave-del-atacante-1";
      const placed = await place(await guestCart(), { email: victim, password: attacker });
      expect(placed.statusCode, placed.body).toBe(201);
      const userId = placed.json().order.customer as number;
      expect(userId).toEqual(expect.any(Number));
      // The typed password is no account password: 'Usuario inactivo', no tokens.
      const early = await token(victim, attacker);
      expect(early.statusCode).toBe(403);
      expect(early.json().error.message).toBe("Usuario inactivo");
      const [row] = await shop.database.db.select().from(users).where(eq(users.id, userId));
      expect(row.passwordHash).toBe("!");
      expect(row.isActive).toBe(false);

      // The mailbox gets a link to choose the password (not an activation that would keep the typed one).
      const mail = await smtp.last(victim, /^Elige la contraseña de tu cuenta/);
      expect(mail.text).toContain("puede ser la que escribiste al hacer el pedido");
      const link = linkIn(mail, "http");
      expect(link.pathname).toBe("/restaurar-contrasena");
      expect(link.searchParams.has("activate")).toBe(false);
      const chosen = "mi-propia-clave-7";
      const set = await api("POST", `/auth-users/v1/clients/update_password/?token=${encodeURIComponent(link.searchParams.get("token")!)}`, {
        payload: { password: chosen, password_confirmation: chosen },
      });
      expect(set.statusCode, set.body).toBe(200);

      // Now the account is the victim's: their password works, the stranger's never does.
      expect((await token(victim, chosen)).statusCode).toBe(200);
      const late = await token(victim, attacker);
      expect(late.statusCode).toBe(401);
      expect(late.json().error.message).toBe("Credenciales no válidas");
      // The link was single use.
      const again = await api("POST", `/auth-users/v1/clients/update_password/?token=${encodeURIComponent(link.searchParams.get("token")!)}`, {
        payload: { password: "otra-clave-9", password_confirmation: "otra-clave-9" },
      });
      expect(again.statusCode).toBe(400);
    });

    it("a shopper who typed their own password gets the account by confirming it from the mail; logging in before says why and mails the link again", async () => {
      const me = uniqueEmail("compradora");
      const mine = "mi-clave-de-compra-3";
      expect((await place(await guestCart(), { email: me, password: mine })).statusCode).toBe(201);
      await smtp.last(me, /^Elige la contraseña/);
      expect((await token(me, mine)).json().error.code).toBe("auth.inactive");
      await expect.poll(() => smtp.to(me).filter((m) => /^Elige la contraseña/.test(m.subject)).length).toBe(2);
      const link = linkIn(await smtp.last(me, /^Elige la contraseña/), "http");
      const set = await api("POST", `/auth-users/v1/clients/update_password/?token=${encodeURIComponent(link.searchParams.get("token")!)}`, {
        payload: { password: mine, password_confirmation: mine },
      });
      expect(set.statusCode, set.body).toBe(200);
      const tokens = await login(shop, me, mine);
      const orders = await api("GET", "/orders/v1/orders/", { headers: { authorization: `Bearer ${tokens.access}` } });
      expect(orders.json().results).toHaveLength(1);
    });
  });

  describe("the checkout's 'this email has an account' answer is throttled", () => {
    it("answers 409 (with its message) up to 10 times per email, from any address, then 429 with Retry-After", async () => {
      const owner = await createCustomer(shop, smtp);
      shop.services.accounts.throttle.setLimits({
        "checkout-account:ip": DEFAULT_LIMITS["checkout-account:ip"],
        "checkout-account:account": DEFAULT_LIMITS["checkout-account:account"],
      });
      try {
        const codes: number[] = [];
        let last: Awaited<ReturnType<typeof place>> | undefined;
        for (let i = 0; i < 11; i++) {
          last = await place(await guestCart(), { email: owner.email, password: "probando-123" }, `10.47.0.${i}`);
          codes.push(last.statusCode);
          if (i === 0) {
            expect(last.json().error.message).toBe(
              "Ya existe una cuenta con este email: inicia sesión para hacer el pedido con ella, o deja la contraseña en blanco",
            );
          }
        }
        expect(codes).toEqual([...Array(10).fill(409), 429]);
        expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
        expect(last!.json().error.message).toBe("Demasiados intentos. Espera unos minutos y vuelve a intentarlo");
        // Per address too: 20 tries over many emails.
        const ip = "10.47.1.1";
        const many: number[] = [];
        for (let i = 0; i < 21; i++)
          many.push((await place(await guestCart(), { email: owner.email.replace("@", `+${i}@`), password: "probando-123" }, ip)).statusCode);
        expect(many.slice(0, 20).every((c) => c === 201)).toBe(true);
        expect(many[20]).toBe(429);
      } finally {
        relaxThrottling(shop);
        shop.services.accounts.throttle.setLimits({
          "checkout-account:ip": { limit: 100_000, windowS: 60 },
          "checkout-account:account": { limit: 100_000, windowS: 60 },
        });
      }
    });
  });

  describe("common passwords are refused, saying why (es and fr)", () => {
    it("on sign-up, at checkout, on a reset and on a change", async () => {
      const signup = (password: string, lang = "es") =>
        api("POST", `/auth-users/v1/clients/signup/?language=${lang}`, {
          payload: { name: "A", surnames: "B", email: uniqueEmail("comun"), password, password_confirmation: password, privacy: true },
        });
      for (const p of ["123456", "password", "Qwerty123", "iloveyou", "contraseña", "motdepasse"]) {
        const r = await signup(p);
        expect(r.statusCode, p).toBe(400);
        expect(r.json().error.details.fieldErrors.password, p).toBe(COMMON_ES);
      }
      expect((await signup("azerty", "fr")).json().error.details.fieldErrors.password).toBe(COMMON_FR);
      // Six characters that nobody guesses first are fine (the spec's minimum stays 6).
      expect((await signup("bz7-Qa")).statusCode).toBe(201);

      const checkout = await place(await guestCart(), { email: uniqueEmail("comun"), password: "12345678" });
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json().error.details.password).toBe(COMMON_ES);

      const u = await createCustomer(shop, smtp);
      const change = await api("POST", `/auth-users/v1/clients/${u.id}/change_password/`, {
        headers: u.auth,
        payload: { current_password: u.password, password: "football", password_confirmation: "football" },
      });
      expect(change.statusCode).toBe(400);
      expect(JSON.stringify(change.json())).toContain(COMMON_ES);

      await api("POST", "/auth-users/v1/clients/reset_password/", { payload: { email: u.email } });
      const link = linkIn(await smtp.last(u.email, /Restablece/), "http");
      const reset = await api("POST", `/auth-users/v1/clients/update_password/?token=${encodeURIComponent(link.searchParams.get("token")!)}`, {
        payload: { password: "sunshine", password_confirmation: "sunshine" },
      });
      expect(reset.statusCode).toBe(400);
      expect(JSON.stringify(reset.json())).toContain(COMMON_ES);
      // The old password still works: nothing was changed.
      expect((await token(u.email, u.password)).statusCode).toBe(200);
    });

    it("keeps throttling the current-password checks per account (change password: 10 in 15 minutes)", async () => {
      const u = await createCustomer(shop, smtp);
      shop.services.accounts.throttle.setLimits({ "password:account": DEFAULT_LIMITS["password:account"] });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 11; i++) {
          const r = await api("POST", `/auth-users/v1/clients/${u.id}/change_password/`, {
            headers: u.auth,
            remoteAddress: `10.47.2.${i}`,
            payload: { current_password: "no-es-la-mia", password: "nueva-clave-77", password_confirmation: "nueva-clave-77" },
          });
          codes.push(r.statusCode);
        }
        expect(codes).toEqual([...Array(10).fill(403), 429]);
      } finally {
        relaxThrottling(shop);
      }
    });
  });
});
