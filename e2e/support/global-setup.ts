import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { storefrontBuild } from "../../server/test/storefront-build.ts";
import { freePort, ROOT, spawnShop, waitFor200 } from "../../server/test/spawn-shop.ts";
import { browserRequired, CHROMIUM_PATH, hasChromium, SKIP_MESSAGE } from "./env.ts";
import { createFirstOwner } from "./staff.ts";

/**
 * Browser tests: build the storefront, start ONE shop process (the real `server/main.ts`) on a free
 * port with a fresh DATA_DIR, and hand its URL to every spec. Without chromium nothing starts and
 * the specs skip, saying so.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    if (browserRequired()) throw new Error(`REQUIRE_BROWSER=1 but there is no chromium at ${CHROMIUM_PATH}: the browser tests cannot run`);
    console.warn(`\n${SKIP_MESSAGE}\n`);
    project.provide("shopUrl", "");
    project.provide("shopDataDir", "");
    project.provide("ownerTotpSecret", "");
    return;
  }
  const buildDir = storefrontBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-"));
  // A staff account for the specs that play staff (answering a question): made by the shop's own
  // command before the shop holds DATA_DIR (it also migrates and seeds, so the start that follows is quick).
  // Migrates and seeds before the shop holds DATA_DIR (so the start that follows is quick); the
  // shop has no owner yet, so this also prints a first setup link (not used: see below).
  const prepare = spawnSync(process.execPath, ["--import", "tsx", "server/modules/staff/setup-link-cli.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (prepare.status !== 0) throw new Error(`preparing the e2e database failed:\n${prepare.stdout}\n${prepare.stderr}`);
  const port = await freePort();
  // PUBLIC_URL is where the browser is: the payment provider sends the shopper back there (same cookies).
  const shop = spawnShop({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
  });
  try {
    await waitFor200(shop, "/healthz", 120_000);
  } catch (e) {
    await shop.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  project.provide("shopUrl", shop.url);
  // The first owner, made against the running shop the way `npm run staff:setup-link` does it
  // (a link asked for with the HMAC proof of SECRET), then enrolled in TOTP over the API.
  project.provide("ownerTotpSecret", await createFirstOwner(shop.url, dataDir));
  // Without SMTP_URL the shop writes its mails to DATA_DIR/outbox: specs read activation links there.
  project.provide("shopDataDir", dataDir);
  return async () => {
    const code = await shop.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) console.warn(`the e2e shop exited with ${code}:\n${shop.output().slice(-2000)}`);
  };
}
