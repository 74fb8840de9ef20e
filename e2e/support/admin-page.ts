import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations, blocking, describeViolations } from "./axe.ts";
import { freshCode } from "./staff.ts";

/**
 * Page object of the staff application (/admin): logs in as a person does (email, password, the
 * authenticator's code), opens screens from the menu and waits for what they show, and checks
 * each screen with axe.
 */
export class AdminPage {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {}

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  async login(email: string, password: string, totpSecret?: string) {
    const { page } = this;
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    if (totpSecret) {
      await page.getByRole("heading", { name: "Verificación en dos pasos" }).waitFor();
      await page.getByLabel("Código de 6 cifras").fill(await freshCode(totpSecret));
      await page.getByRole("button", { name: "Verificar" }).click();
    }
    await this.nav().waitFor();
  }

  nav(): Locator {
    return this.page.getByRole("navigation", { name: "Navegación del panel" });
  }

  /** Opens a screen from the menu (desktop) and waits for its title. */
  async open(menuEntry: string, title: string | RegExp = menuEntry) {
    await this.nav().getByRole("link", { name: menuEntry, exact: true }).click();
    await this.heading().filter({ hasText: title }).waitFor();
  }

  async logout() {
    await this.page.getByRole("button", { name: "Cerrar sesión" }).click();
    await this.page.getByRole("heading", { name: "Acceso del equipo" }).waitFor();
  }

  /** No serious or critical WCAG 2.1 AA violation on the screen as it is now. */
  async expectAccessible(what: string) {
    const v = blocking(await axeViolations(this.page));
    expect(describeViolations(what, v)).toEqual([]);
  }
}
