import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser } from "./support/index.ts";

/** Completes the configurator's current step the way a shopper would: first available choice of each field. */
async function completeStep(page: Page) {
  const cfg = page.getByTestId("configurator");
  // Swatches and option cards are radio groups: choose the first enabled option of each group without a choice.
  const groups = await cfg.locator('input[type="radio"]').evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
  for (const name of groups) {
    const radios = cfg.locator(`input[type="radio"][name="${name}"]`);
    if ((await cfg.locator(`input[type="radio"][name="${name}"]:checked`).count()) > 0) continue;
    const first = cfg.locator(`input[type="radio"][name="${name}"]:not([disabled])`).first();
    if ((await radios.count()) > 0 && (await first.count()) > 0) await first.check({ force: true });
  }
  for (const select of await cfg.locator("select").all()) {
    if (await select.inputValue()) continue;
    const value = await select.locator("option:not([disabled])").evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== ""));
    if (value) await select.selectOption(value);
  }
  // Measures in cm: the smallest accepted value always fits the combined maximum.
  for (const input of await cfg.locator('input[type="number"]:not([inputmode="numeric"])').all()) {
    if (await input.inputValue()) continue;
    const min = await input.getAttribute("min");
    if (min) await input.fill(min);
  }
}

describeBrowser("catalog walk", (browser) => {
  it("home -> category -> filter -> sort -> load more -> product -> every configurator step -> add to cart", async () => {
    const shop = await browser.open();
    const { page } = shop;
    await shop.goto("/");
    await shop.hydrated();
    await page.locator('#main-menu a[href="/platos-de-ducha/"]').click();
    await page.waitForURL((u) => u.pathname === "/platos-de-ducha/");
    const grid = page.getByTestId("product-grid");
    await expect.poll(() => grid.locator('a[href$=".html"]').count()).toBeGreaterThan(0);

    // Filter: the first option checkbox of the filter panel; the URL keeps the state.
    // A click applies the filter at once (a navigation re-renders the panel), so click, then wait for the URL.
    const checkbox = page.locator('aside input[type="checkbox"], form input[type="checkbox"]').first();
    await checkbox.click({ force: true });
    await page.waitForURL((u) => u.search.includes("f="));
    expect(page.url()).toMatch(/[?&]f=\d+/);

    // Sort by lowest price: the first cards' prices do not decrease.
    await page.locator('select[name="sort"] >> visible=true').first().selectOption("lower_price");
    await page.waitForURL((u) => u.search.includes("sort=lower_price"));
    await expect.poll(() => grid.locator('a[href$=".html"]').count()).toBeGreaterThan(0);

    // Load more appends the next page (only when the filtered listing has one).
    const cardsBefore = await grid.locator("article, li").count();
    const more = page.getByRole("link", { name: "Cargar más productos" });
    if (await more.count()) {
      await more.click();
      await expect.poll(() => grid.locator("article, li").count()).toBeGreaterThan(cardsBefore);
    } else {
      // Drop the filter to get a listing with a second page, and load it.
      await shop.goto("/platos-de-ducha/?sort=lower_price");
      const before = await grid.locator("article, li").count();
      await page.getByRole("link", { name: "Cargar más productos" }).click();
      await expect.poll(() => grid.locator("article, li").count()).toBeGreaterThan(before);
    }

    // Open a product and walk every step of its configurator.
    await grid.locator('a[href$=".html"]').first().click();
    await page.waitForURL((u) => u.pathname.endsWith(".html"));
    await expect.poll(() => page.getByTestId("configurator").count()).toBe(1);
    const next = page.getByTestId("configurator").getByRole("button", { name: "Siguiente" });
    for (let i = 0; i < 15 && (await next.count()) > 0; i++) {
      await completeStep(page);
      await expect.poll(() => next.isEnabled()).toBe(true);
      await next.click();
    }
    expect(await next.count()).toBe(0); // the summary, last step

    const button = page.getByTestId("add-to-cart").getByRole("button");
    await expect.poll(() => button.isEnabled()).toBe(true);
    const total = (await page.getByTestId("config-total").textContent())!.trim();
    expect(total).toMatch(/\d+,\d{2}\s€/);
    expect((await button.textContent())!.replace(/\s/g, " ")).toContain(total.replace(/\s/g, " "));

    // The server checks and prices the configuration again and adds it; the shopper stays on the
    // product page with a confirmation that leads to the cart, where the line shows at that price.
    await button.click();
    const added = page.getByTestId("added-to-cart");
    await added.waitFor();
    await added.getByRole("link", { name: "Ver carrito" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await expect.poll(() => page.getByText(total).count()).toBeGreaterThan(0);
  });

  it("keeps the shopper's choices when the page's data is loaded again after a client-side navigation", async () => {
    const shop = await browser.open();
    const { page } = shop;
    await shop.goto("/valvulas-y-rejillas/");
    // A product reached in the page (its view's code fetched then), not opened as a document.
    await shop.markWindow();
    await page.getByTestId("product-grid").locator('a[href$=".html"]').first().click();
    await page.waitForURL((u) => u.pathname.endsWith(".html"));
    const quantity = page.getByRole("spinbutton", { name: "Cantidad", exact: true });
    await quantity.waitFor();
    await page.getByRole("button", { name: "Añadir una unidad" }).first().click();
    await expect.poll(() => quantity.inputValue()).toBe("2");
    // The cookie choice reloads the root's data: the page renders again and must keep the choice.
    const reloaded = page.waitForResponse((r) => r.url().includes(".data") && r.request().method() === "GET");
    await shop.cookieButton("reject").click();
    await reloaded;
    await shop.cookieBanner().waitFor({ state: "hidden" });
    expect(await quantity.inputValue()).toBe("2");
    expect(await shop.windowStillMarked()).toBe(true);
  });

  it("shows a French product page in French, without the installation service", async () => {
    const shop = await browser.open();
    const { page } = shop;
    await shop.goto("/fr/receveurs-de-douche/");
    expect(await shop.lang()).toBe("fr");
    const link = page.getByTestId("product-grid").locator('a[href^="/fr/"][href$=".html"]').first();
    const href = (await link.getAttribute("href"))!;
    const res = await shop.goto(href);
    expect(res?.status()).toBe(200);
    expect(await shop.lang()).toBe("fr");
    expect(await page.getByTestId("product-price").textContent()).toMatch(/\d+,\d{2}\s€/);
    await expect.poll(() => page.getByTestId("configurator").count()).toBe(1);
    const steps = await page.getByTestId("configurator").locator("ol li").allTextContents();
    expect(steps.join(" ")).not.toMatch(/Installation|Instalación/);
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('"@type":"Product"')]),
    );
  });
});
