import { expect, it } from "vitest";
import { type AxeViolation, axeViolations, blocking, describeBrowser, describeViolations, type ShopPage, VIEWPORTS } from "./support/index.ts";

/**
 * WCAG 2.1 AA with axe-core on the storefront's page types, in both stores: no serious or critical
 * violation. One browser, pages one after the other; each page is checked at phone width (where the
 * header's links are icons only) and at desktop width (filters, top bar), after hydration and with
 * the cookie banner showing, as a first visit sees it.
 */
const PAGES = {
  es: {
    home: "/",
    category: "/platos-de-ducha/",
    brands: "/marcas",
    content: "/quienes-somos",
    login: "/login",
    cart: "/cart",
    notFound: "/esta-pagina-no-existe",
  },
  fr: {
    home: "/fr",
    category: "/fr/receveurs-de-douche/",
    brands: "/fr/marcas",
    content: "/fr/quienes-somos",
    login: "/fr/login",
    cart: "/fr/cart",
    notFound: "/fr/nulle-part",
  },
} as const;

/**
 * The other public pages of each store, and where a page of each kind is found: a brand, a space
 * (environment) and an inspiration post are reached through the first link of their index, as a
 * shopper reaches them, so the test follows the demo data instead of naming its slugs.
 */
const INDEXES: [index: string, link: string][] = [
  ["/marcas", "/marcas/"],
  ["/espacios", "/espacios/"],
];
const MORE_PAGES = {
  es: {
    prefix: "",
    search: "/buscar?q=plato",
    listings: ["/ofertas", "/novedades", "/rebajas"],
    // Guides with measuring diagrams drawn in code, and the installation service's page.
    content: ["/como-medir-una-mampara-angular", "/servicio-de-instalacion"],
    account: ["/signup", "/recuperar-contrasena", "/restaurar-contrasena"],
    indexes: [...INDEXES, ["/inspiracion", "/inspiracion/"]],
  },
  // The French store has no blog (spec: "no blog").
  fr: {
    prefix: "/fr",
    search: "/fr/buscar?q=receveur",
    listings: ["/fr/ofertas", "/fr/novedades"],
    content: ["/fr/como-medir-una-mampara-angular"],
    account: ["/fr/signup", "/fr/recuperar-contrasena", "/fr/restaurar-contrasena"],
    indexes: INDEXES,
  },
} as const;

async function check(shop: ShopPage, path: string, status: number): Promise<string[]> {
  const res = await shop.goto(path);
  expect(res?.status(), path).toBe(status);
  await expect.poll(() => shop.heading().count(), { message: path }).toBeGreaterThan(0);
  const found: AxeViolation[] = [];
  for (const viewport of ["mobile", "desktop"] as const) {
    await shop.page.setViewportSize(VIEWPORTS[viewport]);
    found.push(...blocking(await axeViolations(shop.page)).map((v) => ({ ...v, id: `${v.id} @${viewport}` })));
  }
  return describeViolations(path, found);
}

describeBrowser("accessibility (axe-core, WCAG 2.1 AA)", (browser) => {
  for (const lang of ["es", "fr"] as const) {
    it(`has no serious or critical violation on the ${lang === "es" ? "Spanish" : "French"} store's pages`, async () => {
      const shop = await browser.open({ viewport: "mobile" });
      const pages = PAGES[lang];
      const problems: string[] = [];
      for (const [kind, path] of Object.entries(pages)) {
        problems.push(...(await check(shop, path, kind === "notFound" ? 404 : 200)));
        if (kind === "category") {
          // A product of that category: the configurator, gallery and tabs of a product page.
          const product = await shop.page.getByTestId("product-grid").locator('a[href$=".html"]').first().getAttribute("href");
          expect(product, "a product link in the category").toBeTruthy();
          problems.push(...(await check(shop, product!, 200)));
        }
      }
      expect(problems).toEqual([]);
    });

    it(`has no serious or critical violation on the ${lang === "es" ? "Spanish" : "French"} store's other public pages`, async () => {
      const shop = await browser.open({ viewport: "mobile" });
      const more = MORE_PAGES[lang];
      const problems: string[] = [];
      for (const path of [more.search, ...more.listings, ...more.content, ...more.account]) problems.push(...(await check(shop, path, 200)));
      for (const [index, link] of more.indexes) {
        problems.push(...(await check(shop, more.prefix + index, 200)));
        // The index's first entry (a brand, a space, a post; not a blog category's listing).
        const hrefs = await shop.page.locator(`main a[href^="${more.prefix}${link}"]`).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
        const entry = hrefs.find((h) => !h.includes("/cat/") && h !== more.prefix + index && h !== `${more.prefix + index}/`);
        expect(entry, `an entry linked from ${more.prefix + index}`).toBeTruthy();
        problems.push(...(await check(shop, entry!, 200)));
        // The blog's categories have a listing of their own.
        const category = hrefs.find((h) => h.includes("/cat/"));
        if (category) problems.push(...(await check(shop, category, 200)));
      }
      expect(problems).toEqual([]);
    });
  }
});
