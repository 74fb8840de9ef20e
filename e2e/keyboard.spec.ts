import { expect, it } from "vitest";
import { describeBrowser, TEXT } from "./support/index.ts";

describeBrowser("keyboard use", (browser) => {
  it("reaches the skip link first with Tab and it jumps to the content", async () => {
    const shop = await browser.open();
    await shop.goto("/");
    await shop.page.keyboard.press("Tab");
    const first = await shop.focused();
    expect(first).toEqual({ tag: "a", text: TEXT.es.skipLink, href: "#content" });
    expect(await shop.page.getByRole("link", { name: TEXT.es.skipLink }).isVisible()).toBe(true);
    await shop.page.keyboard.press("Enter");
    await expect.poll(() => shop.page.evaluate(() => document.activeElement?.id)).toBe("content");
  });

  it("reaches the cookie choice right after the skip link, before the page, on a first visit", async () => {
    const shop = await browser.open();
    await shop.goto("/platos-de-ducha/");
    await expect.poll(() => shop.cookieBanner().isVisible()).toBe(true);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await shop.page.keyboard.press("Tab");
      order.push((await shop.focused()).text);
    }
    expect(order).toEqual([TEXT.es.skipLink, "Más información", "Rechazar opcionales", "Aceptar todas"]);
    // Chosen with the keyboard, it closes.
    await shop.page.keyboard.press("Enter");
    await expect.poll(() => shop.cookieBanner().isVisible()).toBe(false);
  });

  it("does the same in French on a mobile screen", async () => {
    const shop = await browser.open({ viewport: "mobile" });
    await shop.goto("/fr");
    await shop.page.keyboard.press("Tab");
    expect((await shop.focused()).text).toBe(TEXT.fr.skipLink);
  });
});
