import { readFile } from "node:fs/promises";
import { expect, inject, it } from "vitest";
import { AdminPage } from "./support/admin-page.ts";
import { buyer, CheckoutFlow, SandboxPay } from "./support/checkout-page.ts";
import { describeBrowser, E2E_OWNER, inviteStaff, ownerApiSession, type ShopPage } from "./support/index.ts";
import { outboxMail } from "./support/outbox.ts";
import { freshCode } from "./support/staff.ts";

/**
 * Issue 38's "Done when", in a real browser: the owner invites a support member, who activates
 * two-factor and logs in; support finds a paid order by the customer's email, adds an internal
 * note, splits it into two packages and ships one (order 600, the customer mailed); the accountant
 * refunds one line (credit note) and exports the period's invoices; a warehouse member has no
 * refund button and the API refuses them; the audit log shows each write with before and after.
 * Every screen is checked with axe. ADMIN_SHOTS=/tmp/shots saves screenshots.
 */
const SHOTS = process.env.ADMIN_SHOTS;
const SUPPORT = { email: `soporte.${Date.now()}@example.es`, password: "support-password-1", name: "Sara Soporte", totp: "" };
const ACCOUNTANT = { email: `contable.${Date.now()}@example.es`, password: "accountant-password-1", name: "Carlos Contable", role: "accountant", totp: "" };
const WAREHOUSE = { email: `almacen.${Date.now()}@example.es`, password: "warehouse-password-1", name: "Ana Almacén", role: "warehouse" };
const CUSTOMER = `cliente.panel.${Date.now()}@example.es`;
// Taps, as checkout.spec.ts and invoices.spec.ts (the valves' stock is cart.spec.ts's).
const READY = "/grifos/";
/** The order the shopper pays in the second test; the later tests work on it. */
const ORDER = { id: 0, number: "" };

const invitationLink = async (email: string) => {
  const mail = await outboxMail(email, (m) => /invitado/.test(m.subject ?? ""), "invitation");
  return /https?:\/\/\S+\/admin\/accept\?token=[\w%-]+/.exec(mail.text ?? "")![0];
};

/** The first two products of the listing that go to the cart as they are: an order of two lines. */
async function addTwoProducts(shop: ShopPage) {
  const { page } = shop;
  await shop.goto(READY);
  const hrefs = await page
    .getByTestId("product-grid")
    .locator('a[href$=".html"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") as string))]);
  let added = 0;
  for (const href of hrefs) {
    await shop.goto(href);
    const button = page.getByTestId("add-to-cart").getByRole("button");
    if (!(await button.isEnabled())) continue;
    await button.click();
    await page.getByTestId("added-to-cart").waitFor();
    await page.keyboard.press("Escape");
    if (++added === 2) return;
  }
  throw new Error(`fewer than two products of ${READY} can be added as they are`);
}

async function shot(admin: AdminPage, name: string) {
  if (!SHOTS) return;
  const { mkdirSync } = await import("node:fs");
  mkdirSync(SHOTS, { recursive: true });
  await admin.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describeBrowser("back office", (browser) => {
  it("the owner invites a support member, who chooses a password, activates two-factor and logs in with a code", async () => {
    const shop = await browser.open();
    const admin = new AdminPage(shop.page, shop.context);
    const { page } = admin;
    await admin.login(E2E_OWNER.email, E2E_OWNER.password, inject("ownerTotpSecret"));
    await admin.open("Equipo");
    await admin.expectAccessible("Equipo");
    const invite = page.getByRole("region", { name: "Invitar a alguien" });
    await invite.getByLabel("Email").fill(SUPPORT.email);
    await invite.getByLabel("Nombre").fill(SUPPORT.name);
    await invite.getByLabel("Rol").selectOption({ label: "Atención al cliente" });
    await invite.getByRole("button", { name: "Enviar invitación" }).click();
    await invite.getByText(`Invitación enviada a ${SUPPORT.email}.`).waitFor();
    await page.getByRole("table").getByText(SUPPORT.email).waitFor();
    await shot(admin, "staff");
    await admin.logout();

    const mail = await outboxMail(SUPPORT.email, (m) => /invitado/.test(m.subject ?? ""), "invitation");
    const link = new URL(/https?:\/\/\S+\/admin\/accept\?token=[\w%-]+/.exec(mail.text ?? "")![0]);
    await page.goto(link.pathname + link.search);
    await page.getByRole("heading", { name: "Elige tu contraseña" }).waitFor();
    await admin.expectAccessible("accept invitation");
    await page.getByLabel("Contraseña").fill(SUPPORT.password);
    await page.getByRole("button", { name: "Guardar y entrar" }).click();
    await admin.nav().waitFor();

    // Support may turn on two-factor from "Mi cuenta" (offered to every role).
    await page.getByRole("link", { name: "Mi cuenta" }).click();
    await admin.heading().filter({ hasText: "Mi cuenta" }).waitFor();
    await page.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
    SUPPORT.totp = (await page.getByTestId("totp-secret").textContent()) ?? "";
    await admin.expectAccessible("two-factor enrolment");
    await page.getByLabel("Código de 6 cifras").fill(await freshCode(SUPPORT.totp));
    await page.getByRole("button", { name: "Activar" }).click();
    const codes = page.getByRole("list", { name: "Guarda tus códigos de recuperación" }).getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    await shot(admin, "recovery-codes");
    await page.getByRole("button", { name: /Los he guardado/ }).click();
    await page.getByText("Activada").waitFor();
    await admin.expectAccessible("Mi cuenta");
    await admin.logout();

    // The next login asks for the code.
    await admin.login(SUPPORT.email, SUPPORT.password, SUPPORT.totp);
    await expect.poll(() => admin.nav().getByRole("link", { name: "Equipo" }).count()).toBe(0);
  });

  it("a shopper pays an order of two lines (the order the staff then run)", async () => {
    const shop = await browser.open();
    const flow = new CheckoutFlow(shop, "es");
    await shop.goto("/");
    await shop.cookieButton("reject", "es").click();
    await shop.cookieBanner().waitFor({ state: "hidden" });
    await addTwoProducts(shop);
    await flow.open();
    await flow.fill(buyer("es", { email: CUSTOMER }));
    await flow.method("card").check();
    await flow.placeOrder();
    const sandbox = new SandboxPay(shop.page);
    await sandbox.waitFor();
    await sandbox.payByCard("authorised");
    expect(await flow.result()).toBe("authorised");
    // The accountant and the warehouse member join meanwhile (invited by the owner, activated).
    const owner = await ownerApiSession();
    ACCOUNTANT.totp = (await inviteStaff(owner, ACCOUNTANT, invitationLink)).totpSecret ?? "";
    expect(ACCOUNTANT.totp, "the accountant's role requires two-factor").not.toBe("");
    await inviteStaff(owner, WAREHOUSE, invitationLink);
  });

  it("support finds the paid order by the customer's email, adds a note, splits it into two packages and ships one: order 600, the customer mailed", async () => {
    const shop = await browser.open();
    const admin = new AdminPage(shop.page, shop.context);
    const { page } = admin;
    await admin.login(SUPPORT.email, SUPPORT.password, SUPPORT.totp);
    await admin.open("Pedidos");
    await page.getByLabel(/^Buscar \(/).fill(CUSTOMER);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    const table = page.getByRole("table", { name: "Pedidos que cumplen los filtros" });
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    await admin.expectAccessible("Pedidos");
    await shot(admin, "orders");
    await table.getByRole("link").first().click();
    await admin
      .heading()
      .filter({ hasText: /^Pedido \S+/ })
      .waitFor();
    ORDER.number = ((await admin.heading().textContent()) ?? "").replace(/^Pedido /, "").trim();
    ORDER.id = Number(/\/admin\/orders\/(\d+)/.exec(page.url())![1]);
    await admin.expectAccessible("order page");

    const timeline = page.getByRole("region", { name: "Historial" });
    await timeline.getByLabel("Nota interna (no la ve el cliente)").fill("Cliente pide entrega por la tarde.");
    await timeline.getByRole("button", { name: "Añadir nota" }).click();
    await timeline.getByText("Cliente pide entrega por la tarde.").waitFor();

    const lines = page.getByRole("region", { name: "Líneas" });
    await lines.getByRole("checkbox").first().check();
    const packages = page.getByRole("region", { name: "Paquetes" });
    await packages.getByRole("button", { name: "Nuevo paquete con las líneas marcadas" }).click();
    await expect.poll(() => packages.getByRole("listitem").count()).toBe(2);
    const first = packages.getByRole("listitem").first();
    await first.getByLabel("Transportista").fill("SEUR");
    await first.getByLabel("Número de seguimiento").fill("SEUR123456789ES");
    await first.getByRole("button", { name: "Enviar" }).click();
    await first.getByText("SEUR123456789ES").waitFor();
    await page.getByRole("region", { name: "Estado" }).getByText("Enviado parcialmente").waitFor();
    await shot(admin, "order-600");
    const mail = await outboxMail(CUSTOMER, (m) => (m.text ?? "").includes("SEUR123456789ES"), "tracking mail");
    expect(mail.text).toContain("SEUR");
  });

  it("the accountant refunds one line (a credit note is issued, the refund recorded) and exports the period's invoices", async () => {
    const shop = await browser.open();
    const admin = new AdminPage(shop.page, shop.context);
    const { page } = admin;
    await admin.login(ACCOUNTANT.email, ACCOUNTANT.password, ACCOUNTANT.totp);
    await page.goto(`/admin/orders/${ORDER.id}`);
    await admin
      .heading()
      .filter({ hasText: `Pedido ${ORDER.number}` })
      .waitFor();
    const money = page.getByRole("region", { name: "Pagos y reembolsos" });
    await money.getByRole("button", { name: "Reembolsar", exact: true }).click();
    const form = page.getByRole("form", { name: "Reembolso" });
    await form.getByRole("spinbutton").first().fill("1");
    await form.getByLabel("Motivo").fill("Grifo con un arañazo: el cliente se lo queda con descuento");
    await admin.expectAccessible("refund form");
    await form.getByRole("button", { name: "Emitir abono y reembolsar" }).click();
    const done = money.getByText(/^Abono \S+ emitido por/);
    await done.waitFor().catch(async (e) => {
      await shot(admin, "refund-failed");
      throw e;
    });
    const creditNote = (((await done.textContent()) ?? "").match(/^Abono (\S+)/) ?? ["", ""])[1];
    expect(creditNote).toMatch(/R/);
    await shot(admin, "refund");

    await admin.open("Facturas");
    await admin.expectAccessible("Facturas");
    // The period is the list's: today, in Madrid.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
    await page.goto(`/admin/invoices?from=${today}&to=${today}`);
    const exportCard = page.getByRole("region", { name: "Exportación para la gestoría" });
    await exportCard.getByText(`${today} → ${today}`).waitFor();
    await page.getByRole("table").getByText(creditNote).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), exportCard.getByRole("button", { name: "Descargar CSV" }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(creditNote);
    expect(csv).toContain(ORDER.number);
  });

  it("a warehouse member has no refund button, and the API refuses them a refund (403)", async () => {
    const shop = await browser.open();
    const admin = new AdminPage(shop.page, shop.context);
    const { page } = admin;
    await admin.login(WAREHOUSE.email, WAREHOUSE.password);
    await page.goto(`/admin/orders/${ORDER.id}`);
    await admin
      .heading()
      .filter({ hasText: `Pedido ${ORDER.number}` })
      .waitFor();
    await page.getByRole("region", { name: "Paquetes" }).waitFor();
    expect(await page.getByRole("button", { name: "Reembolsar", exact: true }).count()).toBe(0);
    expect(await admin.nav().getByRole("link", { name: "Facturas" }).count()).toBe(0);
    const res = await page.request.post(`/api/admin/v1/orders/${ORDER.id}/refunds/`, {
      data: { amount_cents: 100, reason: "prueba" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(403);
  });

  it("the audit log shows each of these writes with who, before and after", async () => {
    const shop = await browser.open();
    const admin = new AdminPage(shop.page, shop.context);
    const { page } = admin;
    await admin.login(ACCOUNTANT.email, ACCOUNTANT.password, ACCOUNTANT.totp);
    await admin.open("Registro de cambios");
    await page.getByLabel("Pedido (id)").fill(String(ORDER.id));
    await page.getByRole("button", { name: "Filtrar" }).click();
    const table = page.getByRole("table", { name: "Entradas del registro, las más recientes primero" });
    for (const who of [SUPPORT.email, ACCOUNTANT.email]) await table.getByText(who).first().waitFor();
    const actions = await table.locator("code").allInnerTexts();
    expect(actions.some((a) => /note/.test(a))).toBe(true);
    expect(actions.some((a) => /package|sub_order|suborder/.test(a))).toBe(true);
    expect(actions.some((a) => /refund|credit/.test(a))).toBe(true);
    // The shipment's entry says the package went from in progress to shipped.
    await table.getByText("SEUR123456789ES").first().waitFor();
    await admin.expectAccessible("Registro de cambios");
    await shot(admin, "audit");
    // The invitations of the owner are there too (a filter by person).
    await page.goto(`/admin/audit?staff_email=${encodeURIComponent(E2E_OWNER.email)}&action=staff.invite`);
    await table.getByText(SUPPORT.email).first().waitFor();
  });

  it("every screen of the owner's menu opens, passes axe on a desktop, and the daily order screens work on a phone", async () => {
    const shop = await browser.open();
    const admin = new AdminPage(shop.page, shop.context);
    const { page } = admin;
    await admin.login(E2E_OWNER.email, E2E_OWNER.password, inject("ownerTotpSecret"));
    const entries = await admin.nav().getByRole("link").allTextContents();
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) {
      await admin.nav().getByRole("link", { name: entry, exact: true }).click();
      await admin.heading().waitFor();
      // Each screen's data has come (no loading text left) before it is judged.
      await expect.poll(() => page.getByText(/^(Cargando|…)/).count()).toBe(0);
      await admin.expectAccessible(`menu: ${entry}`);
      await shot(admin, `screen-${entry.toLowerCase().replace(/\W+/g, "-")}`);
    }
    // A phone: the menu folds behind a button; the order list and the order page still work.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/orders");
    await admin.heading().filter({ hasText: "Pedidos" }).waitFor();
    await page.getByRole("button", { name: "Menú" }).click();
    await admin.nav().getByRole("link", { name: "Inicio" }).waitFor();
    await page.getByRole("button", { name: "Menú" }).click();
    await page.goto(`/admin/orders/${ORDER.id}`);
    await admin
      .heading()
      .filter({ hasText: `Pedido ${ORDER.number}` })
      .waitFor();
    await admin.expectAccessible("order page on a phone");
    // Nothing but the tables scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(admin, "order-phone");
  });
});
