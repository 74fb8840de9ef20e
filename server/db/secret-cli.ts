// npm run secret:rotate
// Records the fingerprint of the SECRET in the environment as the one every copy on this
// DATABASE_URL must have (docs/decisions/049). Run it with every copy stopped, then start the
// copies with the new SECRET: sessions, refresh tokens and signed links made with the old one
// stop working (customers and staff log in again).
import { loadConfig } from "../config.ts";
import { runCli } from "../lib/cli.ts";
import { openDatabase } from "./client.ts";
import { migrate } from "./migrate.ts";
import { recordSecretFingerprint } from "./secret-fingerprint.ts";

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.log("Nothing to do: the embedded database has one process, no other copy to agree with (set DATABASE_URL for PostgreSQL).");
    return;
  }
  // Two connections: the migrations run while one holds their lock.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  try {
    await migrate(database);
    const changed = await recordSecretFingerprint(database.db, config.secret);
    console.log(
      changed
        ? "The database now expects this SECRET: start every copy with it (copies with the old one refuse to start)."
        : "The database already expects this SECRET: nothing changed.",
    );
  } finally {
    await database.close();
  }
}

runCli(main);
