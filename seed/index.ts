import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import type { StorageKind } from "../server/lib/storage.ts";
import { seedContent } from "./content/index.ts";
import { seedCoupons } from "./coupons.ts";
import { seedCatalog } from "./catalog/index.ts";
import { seedInstallations } from "./installations.ts";
import { seedReviews } from "./reviews.ts";
import { seedStores } from "./stores.ts";

export type SeedStep = (db: Db, ctx: SeedContext) => Promise<void>;
export type SeedContext = {
  dataDir: string;
  log: (msg: string) => void;
  /** Where the media originals and PDFs go (config STORAGE, server/lib/storage.ts); unset: disk under dataDir. */
  storage?: StorageKind;
};

/**
 * Demo data steps, in order. Each later module appends its own step here
 * (catalog, content, ...). Steps run inside one transaction.
 */
export const seedSteps: { name: string; run: SeedStep }[] = [
  { name: "stores", run: async (db) => void (await seedStores(db)) },
  { name: "catalog", run: seedCatalog },
  // Keep content after catalog: guides may reference product refs.
  { name: "content", run: (db) => seedContent(db) },
  { name: "coupons", run: (db) => seedCoupons(db) },
  // The installation wizard's prices (Spain), then reviews and questions (the products' ratings follow from them).
  { name: "installations", run: (db) => seedInstallations(db) },
  { name: "reviews", run: (db) => seedReviews(db) },
];

export { isEmpty } from "./is-empty.ts";

/** Empties every table of the shop (not the migration history). */
export async function resetAll(db: Db): Promise<void> {
  const res = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '\\_\\_%'`);
  const rows = (res as unknown as { rows: { tablename: string }[] }).rows;
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
}

export async function seedDemo(db: Db, ctx: SeedContext): Promise<void> {
  await db.transaction(async (tx) => {
    for (const step of seedSteps) {
      const t0 = Date.now();
      await step.run(tx as unknown as Db, ctx);
      ctx.log(`seed: ${step.name} in ${Date.now() - t0} ms`);
    }
  });
}
