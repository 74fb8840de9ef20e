import { expect, it } from "vitest";
import { describeBrowser, holdAsset, TEXT } from "./support/index.ts";

describeBrowser("storefront shell", (browser) => {
  it("opens the home page and follows a main-menu link without reloading the page", async () => {
    const shop = await browser.open();
    const res = await shop.goto("/");
    expect(res?.status()).toBe(200);
    expect(await shop.lang()).toBe("es");
    await expect.poll(() => shop.heading().count()).toBe(1);
    const links = shop.mainMenuLinks();
    expect(await links.count()).toBeGreaterThan(2);
    const first = links.first();
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/[^/].*/);
    await shop.markWindow();
    await first.click();
    await shop.page.waitForURL((u) => u.pathname === href.split("?")[0]);
    await expect.poll(() => shop.heading().first().textContent()).toBeTruthy();
    expect(await shop.heading().first().textContent()).not.toBe(TEXT.es.notFound);
    // Client-side navigation: the same window, the layout kept.
    expect(await shop.windowStillMarked()).toBe(true);
    expect(await shop.mainMenu().isVisible()).toBe(true);
  });

  it("hydrates the server's page as it is: no element removed, added or doubled, and the head left alone", async () => {
    const shop = await browser.open();
    const { page } = shop;
    // Every element the hydration (app/entry.client.tsx frames it with two events) adds to the
    // page or removes from it.
    await page.addInitScript(() => {
      const w = window as unknown as { changes: string[]; hydrated: boolean };
      w.changes = [];
      w.hydrated = false;
      const seen = new MutationObserver(() => {});
      window.addEventListener("shop:hydrating", () => seen.observe(document, { childList: true, subtree: true }));
      window.addEventListener("shop:hydrated", () => {
        for (const r of seen.takeRecords()) {
          for (const n of [...r.addedNodes, ...r.removedNodes]) {
            if (n.nodeType !== 1) continue;
            const el = n as Element;
            w.changes.push(`${r.addedNodes.length ? "+" : "-"} ${el.tagName.toLowerCase()}#${el.id}.${el.className}`.slice(0, 120));
          }
        }
        seen.disconnect();
        w.hydrated = true;
      });
    });
    const product = /href="(\/[^"]+\.html)"/.exec(await (await page.request.get("/platos-de-ducha/")).text())?.[1];
    for (const path of ["/", "/platos-de-ducha/", product as string, "/fr/"]) {
      await shop.goto(path);
      const { changes, hydrated } = await page.evaluate(() => {
        const w = window as unknown as { changes: string[]; hydrated: boolean };
        return { changes: w.changes, hydrated: w.hydrated };
      });
      expect(hydrated, path).toBe(true);
      expect(changes, path).toEqual([]);
      expect(await shop.heading().count(), path).toBe(1);
      expect(await page.locator("#app").count()).toBe(1);
      expect(await page.locator('head link[rel="stylesheet"]').count(), path).toBe(1);
      expect(await page.locator("head title").count(), path).toBe(1);
    }
    // The head follows a client-side navigation: title and canonical address of the new page.
    await shop.goto("/");
    await shop.markWindow();
    await shop.mainMenuLinks().first().click();
    await page.waitForURL((u) => u.pathname !== "/");
    const served = await (await page.request.get(new URL(page.url()).pathname)).text();
    const title = /<title>([^<]*)<\/title>/.exec(served)?.[1].replace(/&amp;/g, "&");
    await expect.poll(() => page.title()).toBe(title);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(/<link rel="canonical" href="([^"]+)"/.exec(served)?.[1]);
    expect(await shop.windowStillMarked()).toBe(true);
  });

  it("answers a tap made while the page is still being hydrated in parts: the rest is hydrated at once", async () => {
    const shop = await browser.open({ viewport: "mobile" });
    const { page } = shop;
    // The parts of the page are hydrated one per task (app/lib/hydrate-later.tsx), each task
    // reached through a MessageChannel. Here every such message takes 2 s to arrive, so the header
    // (the first part) is still the server's markup, without handlers, when the shopper taps.
    await page.addInitScript(() => {
      const post = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        setTimeout(() => post.apply(this, args as never), 2000);
      } as typeof MessagePort.prototype.postMessage;
      addEventListener("shop:hydrating", () => {
        (window as unknown as { partsPending: boolean }).partsPending = true;
      });
    });
    await page.goto("/platos-de-ducha/", { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => (window as unknown as { partsPending?: boolean }).partsPending === true);
    expect(await page.evaluate(() => Boolean((window as { __shopHydrated?: boolean }).__shopHydrated))).toBe(false);
    const menu = page.locator('button[aria-controls="main-menu"]');
    await menu.click();
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => page.locator("#main-menu").isVisible()).toBe(true);
  });

  it("suggests products as the shopper types, losing no key while its code arrives, and opens one from the keyboard", async () => {
    const shop = await browser.open();
    const { page } = shop;
    // A choice made before: no cookie banner, no popup over the page.
    await shop.context.addCookies([{ name: "cookie_consent", value: "rejected", url: shop.baseURL }]);
    await shop.goto("/platos-de-ducha/");
    await shop.markWindow();
    const box = page.getByRole("combobox", { name: "Buscar productos" });
    // The first key fetches the suggestions' code; the rest come while it is on its way.
    await box.pressSequentially("plato pizarra", { delay: 5 });
    const options = page.getByRole("listbox").getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    // The combobox that replaced the server's input: the same words, still named by the label.
    expect(await box.inputValue()).toBe("plato pizarra");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    await box.press("ArrowDown");
    const first = options.first();
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    const name = (await first.textContent()) ?? "";
    await box.press("Enter");
    // The first suggestions are products: Enter opens the one chosen, in the same window.
    await page.waitForURL((u) => u.pathname.endsWith(".html"));
    await expect.poll(async () => name.includes((await shop.heading().textContent())?.trim() || "-")).toBe(true);
    expect(await shop.windowStillMarked()).toBe(true);
  });

  it("loads the home's offers rail when the shopper comes near it, and links to the offers without JavaScript", async () => {
    const shop = await browser.open();
    const { page } = shop;
    const listed: string[] = [];
    page.on("request", (r) => r.url().includes("/weblist_products/") && listed.push(r.url()));
    const html = await (await page.request.get("/")).text();
    // The document carries the rail's heading and link, not its cards (decision 027).
    const room = /id="home-offers"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(room).toContain("/ofertas");
    expect(room).not.toMatch(/href="[^"]+\.html"/);
    await shop.goto("/");
    const heading = page.getByRole("heading", { name: "Ofertas que no duran" });
    const rail = page.locator("section", { has: heading });
    await heading.scrollIntoViewIfNeeded();
    await expect.poll(() => rail.locator('a[href$=".html"]').count()).toBeGreaterThan(0);
    expect(listed.filter((u) => new URL(u).searchParams.get("listing") === "offers")).toHaveLength(1);

    const nojs = await browser.open({ javaScript: false });
    await nojs.page.goto("/");
    const links = nojs.page.locator("section", { has: nojs.page.getByRole("heading", { name: "Ofertas que no duran" }) }).getByRole("link", {
      name: "Ver todas las ofertas",
    });
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toBe("/ofertas");
  });

  it("keeps the footer as the server wrote it until needed: a newsletter form sent before its code arrives is sent in place, and its links stay in the page", async () => {
    const shop = await browser.open();
    const { page } = shop;
    // A choice made before (no cookie banner over the footer); no popup on this page.
    await shop.context.addCookies([{ name: "cookie_consent", value: "rejected", url: shop.baseURL }]);
    // The footer's code is held on its way until the form has been sent (decision 029).
    const footerCode = await holdAsset(page, /\/assets\/footer-[\w-]+\.js$/);
    const pagePosts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && r.resourceType() === "document" && pagePosts.push(r.url()));
    await shop.goto("/marcas");
    const form = page.getByTestId("newsletter-form");
    const email = `footer.${Date.now()}@example.es`;
    await form.getByLabel("Nombre").fill("Marta");
    await form.getByLabel("Apellidos").fill("Gil");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel(/He leído y acepto/).check();
    await form.getByRole("button", { name: "Suscribirme" }).click();
    // Sent while the code is still held: nothing posted the page, what was typed stays.
    await expect.poll(() => footerCode.asked()).toBe(true);
    expect(pagePosts).toEqual([]);
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
    footerCode.release();
    await expect.poll(() => page.getByTestId("newsletter-ok").count()).toBe(1);
    expect(pagePosts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/marcas");
    // A footer link is a client-side navigation: the same window, the layout kept.
    await shop.markWindow();
    await page.locator("footer").getByRole("link", { name: "Aviso legal" }).click();
    await page.waitForURL((u) => u.pathname === "/cms/aviso-legal");
    await expect.poll(() => shop.heading().first().textContent()).toBe("Aviso legal");
    expect(await shop.windowStillMarked()).toBe(true);
  });

  it("shows the 404 page for an unknown path and goes back to the shop", async () => {
    const shop = await browser.open();
    const res = await shop.goto("/esta-pagina-no-existe");
    expect(res?.status()).toBe(404);
    expect(await shop.heading().textContent()).toBe(TEXT.es.notFound);
    await shop.backToShop().click();
    await shop.page.waitForURL((u) => u.pathname === "/");
    await expect.poll(() => shop.errorPage().count()).toBe(0);
    expect(await shop.heading().count()).toBe(1);
  });

  it("switches to the French store with the language link and shows French", async () => {
    const shop = await browser.open();
    await shop.goto("/marcas");
    await shop.languageLink("es").click();
    await shop.page.waitForURL((u) => u.pathname === "/fr/marcas");
    await expect.poll(() => shop.lang()).toBe("fr");
    // The shell speaks French: the menu, the language link back, the cookie banner.
    expect(await shop.mainMenu("fr").isVisible()).toBe(true);
    expect(await shop.languageLink("fr").isVisible()).toBe(true);
    expect(await shop.cookieButton("reject", "fr").isVisible()).toBe(true);
    // The language preference follows the store visited (a functional cookie, 365 days).
    await expect.poll(async () => (await shop.context.cookies(shop.baseURL)).find((c) => c.name === "locale")?.value, { timeout: 5000 }).toBe("fr");
    // An unknown French path shows the French 404 page, whose link leads to /fr.
    await shop.goto("/fr/nulle-part");
    expect(await shop.heading().textContent()).toBe(TEXT.fr.notFound);
    await shop.backToShop("fr").click();
    await shop.page.waitForURL((u) => u.pathname === "/fr");
  });
});
