import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Whether the database has never been given its stores (a fresh one, migrated but empty): the
 * start then loads the demo data. Asked on every start, so one cheap query and no seed code.
 */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select exists (select 1 from stores) as seeded`);
  const [row] = (res as unknown as { rows: { seeded: boolean }[] }).rows;
  return !row?.seeded;
}
