// npm run staff:setup-link
// Prints the one-time link that creates the shop's first owner, while no owner exists. Works
// against a running shop: on PostgreSQL it writes the link to the database directly; on the
// embedded database (held by the running shop) it asks the shop on 127.0.0.1:$PORT, proving
// with an HMAC of SECRET (or DATA_DIR/secret.key) that it runs on the shop's own machine.
import { prepareDatabase } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { DataDirLockedError } from "../../db/lock.ts";
import { runCli } from "../../lib/cli.ts";
import { createServices } from "../index.ts";
import { setupProof } from "./staff.crypto.ts";

async function viaRunningShop(config: ReturnType<typeof loadConfig>): Promise<string | null> {
  const res = await fetch(`http://127.0.0.1:${config.port}/api/admin/v1/auth/setup-link/`, {
    method: "POST",
    headers: { "x-setup-proof": setupProof(config.secret), "content-type": "application/json" },
    body: "{}",
  });
  const body = (await res.json()) as { link?: string | null; error?: { message: string } };
  if (!res.ok) throw new Error(`the shop refused: ${body.error?.message ?? res.status}`);
  return body.link ?? null;
}

async function main() {
  const config = loadConfig();
  let link: string | null;
  try {
    const database = await prepareDatabase(config, () => {});
    try {
      const services = createServices(database, config);
      link = await services.staff.setupLink();
      services.mail.close();
    } finally {
      await database.close();
    }
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    link = await viaRunningShop(config);
  }
  if (!link) {
    console.log("The shop already has an owner: log in at /admin/login, or ask an owner for an invitation.");
    return;
  }
  console.log(`Open this link to create the shop's first owner (single use, 24 hours):\n\n  ${link}\n`);
}

runCli(main);
