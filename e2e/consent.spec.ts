import { expect, it } from "vitest";
import { describeBrowser, FUNCTIONAL_COOKIES, type ShopPage } from "./support/index.ts";

/**
 * The recorded choice. The banner goes as soon as the choice is sent and the cookie comes with the
 * server's answer, so tests poll this rather than read it once the banner is gone.
 */
const consentCookie = async (shop: ShopPage) => (await shop.context.cookies(shop.baseURL)).find((c) => c.name === "cookie_consent")?.value;

describeBrowser("cookie consent (AEPD/CNIL)", (browser) => {
  it("sets no non-essential cookie before a choice, and refusing is as easy as accepting", async () => {
    const shop = await browser.open();
    await shop.goto("/");
    await expect.poll(() => shop.cookieBanner().isVisible()).toBe(true);
    const reject = shop.cookieButton("reject");
    const accept = shop.cookieButton("accept");
    expect(await reject.isVisible()).toBe(true);
    expect(await accept.isVisible()).toBe(true);
    // Side by side, same style, same height, no smaller than accepting: one click either way.
    const [r, a] = [(await reject.boundingBox())!, (await accept.boundingBox())!];
    expect(Math.abs(r.height - a.height)).toBeLessThan(2);
    expect(r.width).toBeGreaterThanOrEqual(a.width * 0.9);
    expect(Math.abs(r.y - a.y)).toBeLessThan(2);
    expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));
    const viewport = shop.page.viewportSize()!;
    expect(r.y + r.height).toBeLessThanOrEqual(viewport.height);

    const before = await shop.cookieNames();
    expect(
      before.every((n) => FUNCTIONAL_COOKIES.includes(n)),
      before.join(","),
    ).toBe(true);
    const visible = await shop.page.evaluate(() => document.cookie);
    expect(
      visible
        .split(/;\s*/)
        .filter(Boolean)
        .map((c) => c.split("=")[0])
        .every((n) => FUNCTIONAL_COOKIES.includes(n)),
    ).toBe(true);

    await reject.click();
    await expect.poll(() => shop.cookieBanner().count()).toBe(0);
    await expect.poll(() => consentCookie(shop)).toBe("rejected");
    expect((await shop.cookieNames()).every((n) => FUNCTIONAL_COOKIES.includes(n))).toBe(true);
    // The choice is remembered.
    await shop.goto("/marcas");
    expect(await shop.cookieBanner().count()).toBe(0);
  });

  it("remembers an acceptance too", async () => {
    const shop = await browser.open();
    await shop.goto("/marcas");
    await shop.cookieButton("accept").click();
    await expect.poll(() => shop.cookieBanner().count()).toBe(0);
    await expect.poll(() => consentCookie(shop)).toBe("accepted");
    expect(shop.path()).toBe("/marcas");
  });

  it("works without JavaScript: a plain form post records the refusal", async () => {
    const shop = await browser.open({ javaScript: false });
    await shop.page.goto("/marcas");
    await shop.cookieButton("reject").click();
    await shop.page.waitForLoadState("load");
    expect(new URL(shop.page.url()).pathname).toBe("/marcas");
    expect(await shop.cookieBanner().count()).toBe(0);
  });
});
