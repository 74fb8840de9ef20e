import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { stores } from "../server/modules/stores/stores.schema.ts";

/** A database without stores has never been seeded (checked on every start: keep this module light). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(stores);
  return rows[0].n === 0;
}
