import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { buyer, CheckoutFlow, type Lang, PendingPayment, SandboxPay } from "./support/checkout-page.ts";
import { axeViolations, blocking, describeBrowser, describeViolations, type ShopPage } from "./support/index.ts";

/**
 * Issue 37, item 1 (docs/decisions/055): the shopper places an order by card and presses the
 * browser's Back on the payment page, the most common way to change the payment method. The
 * checkout shows the order waiting for its payment (never "Tu carrito está vacío"), can open
 * its payment again, or gives the cart back to pay it another way: here by transfer. Both
 * stores, desktop and a 390 px phone; no serious axe violation on the pages touched.
 *
 * CHECKOUT_SHOTS=/tmp/shots also saves screenshots of the pending order and the restored checkout.
 */
const SHOTS = process.env.CHECKOUT_SHOTS;
// Taps, as checkout.spec.ts (the valves are cart.spec.ts's).
const READY = { es: "/grifos/", fr: "/fr/robinetterie/" } as const;

async function expectAccessible(page: Page, where: string) {
  expect(describeViolations(where, blocking(await axeViolations(page)))).toEqual([]);
}

async function shot(shop: ShopPage, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await shop.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describeBrowser("back from the payment page", (browser) => {
  for (const lang of ["es", "fr"] as Lang[]) {
    for (const viewport of ["desktop", "mobile"] as const) {
      it(`${lang}, ${viewport}: Back on the payment page shows the unpaid order; pay it again or change to a transfer`, async () => {
        const shop = await browser.open({ viewport });
        const { page } = shop;
        const flow = new CheckoutFlow(shop, lang);
        await shop.goto(flow.path("/"));
        await shop.cookieButton("reject", lang).click();
        await shop.cookieBanner().waitFor({ state: "hidden" });
        await flow.addReadyProduct(READY[lang]);
        await flow.open();
        const rows = await page.getByTestId("summary-rows").locator("li").count();
        expect(rows).toBeGreaterThan(0);
        await flow.fill(buyer(lang));
        await flow.method("card").check();
        await flow.placeOrder();
        const sandbox = new SandboxPay(page, lang);
        await sandbox.waitFor();
        const payUrl = new URL(page.url()).pathname;

        // Back: the checkout shows the order waiting for its payment, not an empty cart.
        await page.goBack();
        await page.waitForURL((u) => u.pathname === flow.path("/checkout"));
        const pending = new PendingPayment(page, lang);
        await pending.waitFor();
        await shop.hydrated();
        expect(await page.getByTestId("checkout-page").textContent()).not.toContain(pending.t.empty);
        expect(await pending.panel().getByTestId("pending-payment-rows").locator("li").count()).toBe(rows);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport === "mobile" ? 390 : 1366);
        await expectAccessible(page, `${lang} /checkout with a pending order (${viewport})`);
        await shot(shop, `pending-checkout-${lang}-${viewport}`);

        // The cart says the same.
        await shop.goto(flow.path("/cart"));
        await pending.waitFor();
        await expectAccessible(page, `${lang} /cart with a pending order (${viewport})`);
        await shot(shop, `pending-cart-${lang}-${viewport}`);

        // "Pay the order": the same provider page again (its session still lives).
        await pending.pay();
        await sandbox.waitFor();
        expect(new URL(page.url()).pathname).toBe(payUrl);

        // Back again, and this time another payment method: the cart comes back, then a transfer.
        await page.goBack();
        await pending.waitFor();
        await shop.hydrated();
        await pending.changeMethod();
        await page.waitForURL((u) => u.pathname === flow.path("/checkout"));
        await flow.form().waitFor();
        await shop.hydrated();
        await expect.poll(() => page.getByTestId("summary-rows").locator("li").count()).toBe(rows);
        expect(await pending.panel().count()).toBe(0);
        // What was typed for the card order is still there.
        expect(await flow.form().getByLabel(flow.t.fields.email, { exact: true }).inputValue()).toMatch(/^comprador\./);
        await expectAccessible(page, `${lang} /checkout with the cart back (${viewport})`);
        await shot(shop, `restored-checkout-${lang}-${viewport}`);
        await flow.method("transfer").check();
        await flow.placeOrder();
        expect(await flow.result()).toBe("transfer");
        expect(await flow.resultTitle().textContent()).toBe(flow.t.transferTitle);
      });
    }
  }
});
