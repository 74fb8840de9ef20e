import type { Page, Route } from "playwright-core";
import { expect, it } from "vitest";
import { axeViolations, blocking } from "./support/axe.ts";
import { describeBrowser, type ShopPage } from "./support/index.ts";
import { activationLink } from "./support/outbox.ts";

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++n}@example.es`;

/** A product whose price is lower for professionals (spec 1), in stock, from the catalog API. */
async function professionalProduct(page: Page): Promise<{ id: number; path: string }> {
  const res = await page.request.get("/api/catalog/v1/store-offers/?store=ESDB&user_type=professional&page_size=50");
  const body = (await res.json()) as { results: { id: number; path: string; stock: number; prices: { professional_discount_bp: number } }[] };
  const p = body.results.find((x) => x.prices.professional_discount_bp > 0 && x.stock > 0);
  if (!p) throw new Error("no product with a professional discount in the demo data");
  return { id: p.id, path: p.path };
}

/** Signs up through the form, then follows the activation link of the mail. */
async function signUpAndActivate(shop: ShopPage, opts: { lang: "es" | "fr"; name: string; email: string; password: string }) {
  const { page } = shop;
  const fr = opts.lang === "fr";
  const T = fr
    ? {
        name: "Prénom",
        surnames: "Nom",
        email: "E-mail",
        password: "Mot de passe",
        confirm: "Confirmez le mot de passe",
        privacy: "J'ai lu et j'accepte la",
        submit: "Créer mon compte",
        sent: "Consultez vos e-mails",
        done: "Votre compte est activé",
      }
    : {
        name: "Nombre",
        surnames: "Apellidos",
        email: "Email",
        password: "Contraseña",
        confirm: "Repite la contraseña",
        privacy: "He leído y acepto la",
        submit: "Crear cuenta",
        sent: "Revisa tu email",
        done: "Tu cuenta ha sido activada",
      };
  await shop.goto(fr ? "/fr/signup" : "/signup");
  // The cookie banner covers the bottom of a phone's screen until the visitor chooses.
  await shop.cookieButton("reject", opts.lang).click();
  await shop.cookieBanner().waitFor({ state: "hidden" });
  const form = page.getByTestId("signup-form");
  await form.getByLabel(T.name, { exact: true }).fill(opts.name);
  await form.getByLabel(T.surnames, { exact: true }).fill("Prueba");
  await form.getByLabel(T.email, { exact: true }).fill(opts.email);
  await form.getByLabel(T.password, { exact: true }).fill(opts.password);
  await form.getByLabel(T.confirm, { exact: true }).fill(opts.password);
  await form.getByLabel(T.privacy).check();
  await form.getByRole("button", { name: T.submit }).click();
  await page.getByRole("heading", { level: 1, name: T.sent }).waitFor();
  await shop.goto(await activationLink(opts.email));
  await page.getByText(T.done).waitFor();
  expect(shop.path()).toBe(`${fr ? "/fr" : ""}/login?notice=activated`);
}

async function logIn(shop: ShopPage, email: string, password: string) {
  const form = shop.page.getByTestId("login-form");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(password);
  await form.getByLabel("Acepto los").check();
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** WCAG 2.1 AA: no serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const found = blocking(await axeViolations(page));
  expect(found.map((v) => `${page.url()} ${v.id}: ${v.help} ${v.nodes.map((x) => x.target).join(", ")}`)).toEqual([]);
}

/** Opens each section of the profile at `base` (/profile/{id}) and checks it as expectAccessible does. */
async function expectSectionsAccessible(shop: ShopPage, base: string, sections: string[]) {
  for (const section of sections) {
    await shop.goto(`${base}/${section}`);
    expect(shop.path()).toBe(`${base}/${section}`);
    await shop.page.getByRole("heading", { level: 1 }).waitFor();
    await expectAccessible(shop.page);
  }
}

/**
 * This visitor has already seen the marketing popups (their own "seen" record, db_popups): a
 * popup opening after a page's hydration would otherwise cover the header menu at random.
 */
async function popupsSeen(shop: ShopPage) {
  await shop.context.addInitScript(() => {
    const now = Date.now();
    window.localStorage.setItem("db_popups", JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [String(i + 1), now]))));
  });
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describeBrowser("accounts", (browser) => {
  it("sign up -> activation mail -> log in -> addresses -> guest favourite moves to the account -> professional prices -> log out", async () => {
    const shop = await browser.open();
    await popupsSeen(shop);
    const { page } = shop;
    const email = uniqueEmail("e2e");
    const password = "ducha-2026";
    await signUpAndActivate(shop, { lang: "es", name: "Begoña", email, password });

    // A guest keeps a favourite in this browser.
    const product = await professionalProduct(page);
    await shop.goto(product.path);
    const heart = page.getByTestId("wishlist-toggle");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByTestId("wishlist-count").textContent()).toBe("1");

    // Log in: the terms box is required (spec 5), and the focus goes to it.
    await shop.goto("/login");
    const form = page.getByTestId("login-form");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Contraseña", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await form.getByText("Debes de aceptar los términos y condiciones").waitFor();
    await expect.poll(() => focusedId(page)).toBe("login-terms");
    await form.getByLabel("Contraseña", { exact: true }).fill("no-es-esta");
    await form.getByLabel("Acepto los").check();
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await form.getByText("Credenciales no válidas").waitFor();
    await logIn(shop, email, password);
    await page.waitForURL((u) => /^\/profile\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { level: 1, name: "Hola, Begoña" }).waitFor();
    await expect.poll(() => page.getByTestId("account-name").textContent()).toBe("Begoña");
    const base = shop.path();
    await expectAccessible(page);
    // The tokens live in HttpOnly cookies, never in storage a script can read.
    const cookies = await shop.context.cookies();
    expect(cookies.filter((c) => c.name.startsWith("sid_")).map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
      ["sid_access", true, "Lax"],
      ["sid_refresh", true, "Lax"],
    ]);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/eyJ/);

    // The guest favourite is now on the server list, and the local copy is gone.
    await page.getByRole("navigation", { name: "Secciones de mi cuenta" }).getByRole("link", { name: "Favoritos" }).click();
    await page.waitForURL((u) => u.pathname === `${base}/favourites`);
    await expect.poll(() => page.getByTestId("favourites-list").locator(`li[data-product-id="${product.id}"]`).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("db_wishlist"))).toBeNull();
    await expect.poll(() => page.getByTestId("wishlist-count").textContent()).toBe("1");

    // A shipping address.
    await shop.goto(`${base}/address`);
    await page.getByRole("link", { name: "Añadir dirección de envío" }).first().click();
    await page.waitForURL((u) => u.pathname === `${base}/address/form-shipping`);
    const address = page.getByTestId("address-form");
    await address.getByLabel("Nombre y apellidos").fill("Begoña Prueba");
    await address.getByLabel("Teléfono").fill("612 345 678");
    await address.getByLabel("Calle").fill("Calle Mayor");
    await address.getByLabel("Número", { exact: true }).fill("12");
    await address.getByLabel("Código postal").fill("28013");
    await address.getByLabel("Ciudad").fill("Madrid");
    await address.getByLabel("Provincia").fill("Madrid");
    await address.getByRole("button", { name: "Guardar dirección" }).click();
    await page.getByText("Dirección guardada.").waitFor();
    await expect.poll(() => page.getByTestId("addresses-shipping").getByTestId("address-card").count()).toBe(1);

    // A billing address: a DNI with a wrong control letter is refused, with the focus on it.
    await page.getByRole("link", { name: "Añadir dirección de facturación" }).first().click();
    await page.waitForURL((u) => u.pathname === `${base}/address/form-billing`);
    const billing = page.getByTestId("address-form");
    await billing.getByLabel("Razón social o nombre completo").fill("Reformas Begoña");
    await billing.getByLabel("Tipo de documento").selectOption("dni");
    await billing.getByLabel("Número de documento").fill("12345678A");
    await billing.getByLabel("Calle").fill("Calle Mayor");
    await billing.getByLabel("Número", { exact: true }).fill("12");
    await billing.getByLabel("Código postal").fill("28013");
    await billing.getByLabel("Ciudad").fill("Madrid");
    await billing.getByLabel("Provincia").fill("Madrid");
    await billing.getByRole("button", { name: "Guardar dirección" }).click();
    await billing.locator("#address-tax_id-err").getByText("El formato del DNI no es correcto").waitFor();
    await expect.poll(() => focusedId(page)).toBe("address-tax_id");
    await expectAccessible(page);
    await billing.getByLabel("Número de documento").fill("12345678Z");
    await billing.getByRole("button", { name: "Guardar dirección" }).click();
    await page.getByText("Dirección guardada.").waitFor();
    await expect.poll(() => page.getByTestId("addresses-billing").getByText("DNI 12345678Z").count()).toBe(1);
    await expectAccessible(page);

    // The profile's other sections as this customer sees them (the guest's favourite is in the list).
    await expectSectionsAccessible(shop, base, ["access-data", "favourites", "newsletter", "order", "quotation", "privacy"]);

    // Professional: the switch, then the product page shows the professional price.
    await shop.goto(base);
    const pro = page.getByTestId("professional-switch");
    expect(await pro.getAttribute("aria-checked")).toBe("false");
    await pro.click();
    await page.getByText("Ahora ves los precios profesionales en toda la tienda.").waitFor();
    await expect.poll(() => pro.getAttribute("aria-checked")).toBe("true");
    await shop.goto(product.path);
    await page.getByTestId("product-price").getByText("Precio profesional aplicado").waitFor();
    // Signed in, the heart and the counter follow the server list (a reload shows what was saved).
    // The heart and the counter change at once (the pending post); the page is opened again
    // once the server has answered it: a navigation started before would cancel the post.
    const stored = () => page.waitForResponse((r) => new URL(r.url()).pathname.includes("/favourites") && r.request().method() === "POST");
    const saved = page.getByTestId("wishlist-toggle");
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    let answered = stored();
    await saved.click();
    await expect.poll(() => page.getByTestId("wishlist-count").textContent()).toBe("0");
    await answered;
    await shop.goto(product.path);
    expect(await page.getByTestId("wishlist-toggle").getAttribute("aria-pressed")).toBe("false");
    answered = stored();
    await page.getByTestId("wishlist-toggle").click();
    await expect.poll(() => page.getByTestId("wishlist-count").textContent()).toBe("1");
    await answered;
    await shop.goto(product.path);
    expect(await page.getByTestId("wishlist-toggle").getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("db_wishlist"))).toBeNull();
    // A heart pressed right before leaving the page still counts: its post is held here (a slow
    // network) until the next page's load cancels it; the beacon sent as the page goes saves it.
    const held: Route[] = [];
    const favouritesPost = (u: URL) => u.pathname.startsWith("/favourites");
    await page.route(favouritesPost, (route) => (route.request().resourceType() === "fetch" ? void held.push(route) : route.continue()));
    await page.getByTestId("wishlist-toggle").click();
    await expect.poll(() => held.length).toBe(1);
    await shop.goto(product.path);
    for (const r of held) await r.abort().catch(() => {});
    await page.unroute(favouritesPost);
    await expect
      .poll(async () => {
        await shop.goto(product.path);
        return page.getByTestId("wishlist-toggle").getAttribute("aria-pressed");
      })
      .toBe("false");

    // Log out: a POST from the account menu; the cookies are gone, the header is a visitor's again.
    await page.getByTestId("account-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await page.getByText("Has cerrado la sesión.").waitFor();
    expect((await shop.context.cookies()).filter((c) => c.name.startsWith("sid_"))).toEqual([]);
    await shop.goto(product.path);
    await page.getByTestId("account-link").waitFor();
    expect(await page.getByTestId("product-price").getByText("Precio profesional aplicado").count()).toBe(0);
    // The profile is behind the login again, with the way back.
    await shop.goto(base);
    expect(shop.path()).toBe(`/login?next=${encodeURIComponent(base)}`);
  });

  it("the same sign-up in French (/fr), then a French login", async () => {
    const shop = await browser.open({ viewport: "mobile" });
    await popupsSeen(shop);
    const { page } = shop;
    const email = uniqueEmail("e2e-fr");
    const password = "douche-2026";
    await signUpAndActivate(shop, { lang: "fr", name: "Léa", email, password });
    const form = page.getByTestId("login-form");
    await form.getByLabel("E-mail", { exact: true }).fill(email);
    await form.getByLabel("Mot de passe", { exact: true }).fill(password);
    await form.getByLabel("J'accepte les").check();
    await form.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL((u) => /^\/fr\/profile\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { level: 1, name: "Bonjour, Léa" }).waitFor();
    const base = shop.path();
    await expectAccessible(page);
    // At phone width, every section of a French profile (no newsletter section there).
    await expectSectionsAccessible(shop, base, ["access-data", "address", "favourites", "order", "quotation", "privacy"]);
    await shop.goto(base);
    expect(await shop.lang()).toBe("fr");
    // No newsletter and no professionals area in the French store (spec 1).
    expect(await page.getByTestId("professional-switch").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Newsletter" }).count()).toBe(0);
  });

  it("works without JavaScript: a wrong login answers in the page, the right one opens the profile", async () => {
    const shop = await browser.open();
    const email = uniqueEmail("e2e-nojs");
    await signUpAndActivate(shop, { lang: "es", name: "Íñigo", email, password: "grifo-2026" });
    const plain = await browser.open({ javaScript: false });
    const { page } = plain;
    await page.goto("/login?next=%2Fofertas");
    await logIn(plain, email, "mal");
    await page.getByText("Credenciales no válidas").waitFor();
    await logIn(plain, email, "grifo-2026");
    await page.waitForURL((u) => u.pathname === "/ofertas");
    await page.getByTestId("account-menu").waitFor();
  });
});
