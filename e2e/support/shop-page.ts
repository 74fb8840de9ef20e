import type { BrowserContext, Locator, Page, Response } from "playwright-core";

/** What each store shows for the same things (spec texts in Spanish, real French). */
export const TEXT = {
  es: {
    notFound: "Parece que se rompió alguna tubería en el baño...",
    backToShop: "Volver a la tienda",
    skipLink: "Saltar al contenido",
    accept: "Aceptar todas",
    reject: "Rechazar opcionales",
    mainMenu: "Menú principal",
    otherLanguage: "Français",
  },
  fr: {
    notFound: "On dirait qu'une canalisation a cédé dans la salle de bains...",
    backToShop: "Retour à la boutique",
    skipLink: "Aller au contenu",
    accept: "Tout accepter",
    reject: "Tout refuser",
    mainMenu: "Menu principal",
    otherLanguage: "Español",
  },
} as const;

/** Cookies the shop may set without consent: they only make the shop work (AEPD/CNIL). */
export const FUNCTIONAL_COOKIES = ["locale", "cookie_consent"];

/**
 * Page object for the storefront shell: header, main menu, language switch, cookie banner,
 * error page. Specs of later issues add their own objects next to this one.
 */
export class ShopPage {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    readonly baseURL: string,
  ) {}

  /** Opens a path and waits until the page is hydrated, every part of it (app/lib/hydrate-later.tsx). */
  async goto(path: string): Promise<Response | null> {
    const res = await this.page.goto(path, { waitUntil: "load" });
    await this.hydrated();
    return res;
  }

  async hydrated() {
    await this.page.waitForFunction(() => Boolean((window as any).__shopHydrated) && document.readyState === "complete");
  }

  path(): string {
    const u = new URL(this.page.url());
    return u.pathname + u.search;
  }

  lang(): Promise<string | null> {
    return this.page.locator("html").getAttribute("lang");
  }

  heading(): Locator {
    return this.page.locator("h1");
  }

  mainMenu(lang: "es" | "fr" = "es"): Locator {
    return this.page.getByRole("navigation", { name: TEXT[lang].mainMenu });
  }

  mainMenuLinks(lang: "es" | "fr" = "es"): Locator {
    return this.mainMenu(lang).getByRole("link");
  }

  /** The header link to the other store's version of this page. */
  languageLink(lang: "es" | "fr" = "es"): Locator {
    return this.page.getByRole("banner").getByRole("link", { name: TEXT[lang].otherLanguage, exact: true });
  }

  errorPage(): Locator {
    return this.page.getByTestId("error-page");
  }

  backToShop(lang: "es" | "fr" = "es"): Locator {
    return this.errorPage().getByRole("link", { name: TEXT[lang].backToShop });
  }

  cookieBanner(): Locator {
    return this.page.getByTestId("cookie-banner");
  }

  cookieButton(choice: "accept" | "reject", lang: "es" | "fr" = "es"): Locator {
    return this.cookieBanner().getByRole("button", { name: TEXT[lang][choice], exact: true });
  }

  /** Names of every cookie the browser holds for the shop (HttpOnly ones included). */
  async cookieNames(): Promise<string[]> {
    return (await this.context.cookies(this.baseURL)).map((c) => c.name).sort();
  }

  /** Marks the window: still there after a navigation means it was client-side (no full reload). */
  async markWindow() {
    await this.page.evaluate(() => {
      (window as any).__e2eMark = true;
    });
  }

  windowStillMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as any).__e2eMark === true);
  }

  /** The element that has keyboard focus, described by tag, text and href. */
  focused(): Promise<{ tag: string; text: string; href: string | null }> {
    return this.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName.toLowerCase() ?? "", text: el?.textContent?.trim() ?? "", href: el?.getAttribute("href") ?? null };
    });
  }

  async screenshot(file: string) {
    await this.page.screenshot({ path: file, fullPage: false });
  }
}
