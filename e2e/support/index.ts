export { type Browser, describeBrowser, VIEWPORTS } from "./browser.ts";
export { CHROMIUM_PATH, E2E_STAFF, hasChromium, SKIP_MESSAGE } from "./env.ts";
export { FUNCTIONAL_COOKIES, ShopPage, TEXT } from "./shop-page.ts";
export { type AxeViolation, axeViolations, blocking, describeViolations } from "./axe.ts";
export { holdAsset } from "./held-asset.ts";
