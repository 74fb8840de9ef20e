import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, SKIP_MESSAGE } from "./env.ts";
import { ShopPage } from "./shop-page.ts";

export const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;

export type Browser = {
  /** A fresh browser profile (no cookies, no storage) with one page on the shop. */
  open(opts?: { viewport?: keyof typeof VIEWPORTS; javaScript?: boolean }): Promise<ShopPage>;
};

/**
 * describe() for browser specs: skipped with a clear message when there is no chromium.
 * Every `open()` gets a new persistent context in its own temporary profile, closed after each test.
 */
export function describeBrowser(name: string, fn: (browser: Browser) => void) {
  if (!hasChromium()) {
    console.warn(SKIP_MESSAGE);
    describe.skip(`${name} (${SKIP_MESSAGE})`, () => fn({ open: async () => Promise.reject(new Error(SKIP_MESSAGE)) }));
    return;
  }
  describe(name, () => {
    const contexts: { context: BrowserContext; dir: string }[] = [];
    let baseURL = "";
    beforeAll(() => {
      baseURL = inject("shopUrl");
      if (!baseURL) throw new Error("the e2e global setup did not start the shop");
    });
    const closeAll = async () => {
      for (const { context, dir } of contexts.splice(0)) {
        await context.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      }
    };
    afterEach(closeAll);
    afterAll(closeAll);
    fn({
      async open(opts = {}) {
        const dir = mkdtempSync(join(tmpdir(), "shop-e2e-profile-"));
        const context = await chromium.launchPersistentContext(dir, {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
          viewport: VIEWPORTS[opts.viewport ?? "desktop"],
          baseURL,
          javaScriptEnabled: opts.javaScript ?? true,
          locale: "es-ES",
        });
        contexts.push({ context, dir });
        const page: Page = context.pages()[0] ?? (await context.newPage());
        return new ShopPage(page, context, baseURL);
      },
    });
  });
}
