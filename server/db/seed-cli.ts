// npm run db:seed [-- --reset]: loads the demo data (into an empty database, or after
// emptying it with --reset). With PGlite, stop the shop first: it holds DATA_DIR.
import { isEmpty, resetAll, seedDemo } from "../../seed/index.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";
import { migrate } from "./migrate.ts";
import { runCli } from "../lib/cli.ts";

async function main() {
  const reset = process.argv.includes("--reset");
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database, async () => {
      if (reset) {
        console.log("Emptying every table...");
        await resetAll(database.db);
      } else if (!(await isEmpty(database.db))) {
        console.log("The database already has data: nothing to do (use --reset to reload the demo data).");
        return;
      }
      await seedDemo(database.db, { dataDir: config.dataDir, log: console.log, storage: config.storage });
      await database.notify("catalog_changed", "reseed");
      console.log("Demo data loaded.");
    });
  } finally {
    await database.close();
  }
}

runCli(main);
