import type { Page } from "playwright-core";

/**
 * Holds the browser's requests for a script chunk (matched by its path) on their way until
 * `release()`: what a shopper on a slow network does before a deferred part's code arrives.
 * `asked()` tells whether the page has asked for it yet.
 */
export async function holdAsset(page: Page, path: RegExp): Promise<{ asked(): boolean; release(): void }> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let asked = false;
  await page.route(path, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}
