export { type Browser, describeBrowser, VIEWPORTS } from "./browser.ts";
export { CHROMIUM_PATH, hasChromium, SKIP_MESSAGE } from "./env.ts";
export { E2E_OWNER, freshCode, inviteStaff, ownerApiSession, staffApiLogin, totpCode } from "./staff.ts";
export { FUNCTIONAL_COOKIES, ShopPage, TEXT } from "./shop-page.ts";
export { type AxeViolation, axeViolations, blocking, describeViolations } from "./axe.ts";
export { holdAsset } from "./held-asset.ts";
