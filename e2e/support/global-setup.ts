import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { storefrontBuild } from "../../server/test/storefront-build.ts";
import { freePort, spawnShop, waitFor200 } from "../../server/test/spawn-shop.ts";
import { hasChromium, SKIP_MESSAGE } from "./env.ts";

/**
 * Browser tests: build the storefront, start ONE shop process (the real `server/main.ts`) on a free
 * port with a fresh DATA_DIR, and hand its URL to every spec. Without chromium nothing starts and
 * the specs skip, saying so.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    console.warn(`\n${SKIP_MESSAGE}\n`);
    project.provide("shopUrl", "");
    project.provide("shopDataDir", "");
    return;
  }
  const buildDir = storefrontBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-"));
  const shop = spawnShop({ PORT: String(await freePort()), HOST: "127.0.0.1", DATA_DIR: dataDir, BUILD_DIR: buildDir, LOG_LEVEL: "warn" });
  try {
    await waitFor200(shop, "/healthz", 120_000);
  } catch (e) {
    await shop.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  project.provide("shopUrl", shop.url);
  // Without SMTP_URL the shop writes its mails to DATA_DIR/outbox: specs read activation links there.
  project.provide("shopDataDir", dataDir);
  return async () => {
    const code = await shop.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) console.warn(`the e2e shop exited with ${code}:\n${shop.output().slice(-2000)}`);
  };
}
