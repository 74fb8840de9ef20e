import { expect, it } from "vitest";
import { describeBrowser } from "./support/index.ts";

describeBrowser("language switch", (browser) => {
  it("follows client-side navigation to the same category in the other store", async () => {
    const shop = await browser.open();
    await shop.goto("/");
    await shop.markWindow();
    await shop.mainMenu().getByRole("link", { name: "Platos de ducha", exact: true }).click();
    await shop.page.waitForURL((u) => u.pathname === "/platos-de-ducha/");
    expect(await shop.windowStillMarked()).toBe(true);
    // The Spanish category's French counterpart has its own slug: the switch follows the catalog.
    await expect.poll(() => shop.languageLink("es").getAttribute("href")).toBe("/fr/receveurs-de-douche/");
    await shop.languageLink("es").click();
    await shop.page.waitForURL((u) => u.pathname === "/fr/receveurs-de-douche/");
    await expect.poll(() => shop.lang()).toBe("fr");
    await expect.poll(() => shop.heading().first().textContent()).toMatch(/Receveurs de douche/i);
    // And back: the French category's switch leads to the Spanish one.
    await expect.poll(() => shop.languageLink("fr").getAttribute("href")).toBe("/platos-de-ducha/");
  });
});
