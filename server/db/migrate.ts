import { fileURLToPath } from "node:url";
import type { Database } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any fixed number: every copy of the shop takes the same advisory lock, so copies
// starting together on one PostgreSQL apply migrations and the seed one at a time.
const MIGRATION_LOCK = 7_340_001;

/** Applies the linear history of committed SQL migrations, then runs `after` under the same lock. */
export async function migrate(database: Database, after?: () => Promise<void>): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK, async () => {
    // The migrator of the driver in use only (its module loads that driver: decision 041).
    if (database.kind === "pglite") await (await import("drizzle-orm/pglite/migrator")).migrate(database.db as never, { migrationsFolder });
    else await (await import("drizzle-orm/node-postgres/migrator")).migrate(database.db as never, { migrationsFolder });
    await after?.();
  });
}
