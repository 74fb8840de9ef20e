import { existsSync } from "node:fs";

/** Debian's chromium (apt-get install -y chromium); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const hasChromium = () => existsSync(CHROMIUM_PATH);

export const SKIP_MESSAGE = `browser tests skipped: no chromium at ${CHROMIUM_PATH}`;

/**
 * CI (`.ci/run` sets REQUIRE_BROWSER=1) must not pass without its browser tests: a run that cannot
 * start chromium fails instead of skipping them. On a developer's machine they skip, saying so.
 */
export const browserRequired = () => process.env.REQUIRE_BROWSER === "1";

/** Args that work offline on these machines (no first-run, no background downloads). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the shop process the e2e global setup started ("" when browser tests are skipped). */
    shopUrl: string;
    /** The TOTP secret (base32) of the shop's first owner, made by the global setup (e2e/support/staff.ts). */
    ownerTotpSecret: string;
    /** DATA_DIR of that shop process ("" when skipped); its mails are in outbox/. */
    shopDataDir: string;
  }
}
