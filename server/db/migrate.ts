import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any fixed number: every copy of the shop takes the same advisory lock, so copies
// starting together on one PostgreSQL apply migrations and the seed one at a time.
const MIGRATION_LOCK = 7_340_001;

/** Applies the linear history of committed SQL migrations, then runs `after` under the same lock. */
export async function migrate(database: Database, after?: () => Promise<void>): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK, async () => {
    if (database.kind === "pglite") await migratePglite(database.db as never, { migrationsFolder });
    else await migratePg(database.db as never, { migrationsFolder });
    await after?.();
  });
}
