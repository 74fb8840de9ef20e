import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { freePort, type ShopProcess, spawnShop, waitFor200 } from "./spawn-shop.ts";
import type { TestDbKind } from "./test-db.ts";

/**
 * Real shop processes on one fresh database (a PGlite DATA_DIR, or a PostgreSQL database of their
 * own), to be killed with SIGKILL and started again on the same data: the crash tests' harness.
 * Call inside a describe(): everything is killed and dropped after it.
 */
export function killableShops(kind: TestDbKind, prefix: string) {
  const procs: ShopProcess[] = [];
  let dataDir = "";
  let dbName = "";
  let env: Record<string, string> = {};

  afterAll(async () => {
    for (const p of procs) await p.stop("SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  return {
    /** Creates the data folder (and the PostgreSQL database); answers the environment of every start. */
    async prepare(): Promise<Record<string, string>> {
      dataDir = mkdtempSync(join(tmpdir(), `shop-${prefix}-`));
      env = { DATA_DIR: dataDir, BUILD_DIR: inject("buildDir"), SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "warn" };
      if (kind === "postgres") {
        dbName = `shop_${prefix.replace(/\W/g, "_")}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${dbName}`);
        await admin.end();
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${dbName}`;
        env.DATABASE_URL = url.toString();
      }
      return env;
    },
    /** Starts a shop on that data (`extra` overrides its environment) and waits for its first 200. */
    async start(extra: Record<string, string> = {}): Promise<ShopProcess> {
      const p = spawnShop({ ...env, PORT: String(await freePort()), ...extra });
      procs.push(p);
      await waitFor200(p, "/healthz", 120_000);
      return p;
    },
    /** Starts a shop without waiting (one expected to refuse to start); killed after the describe like the others. */
    async spawn(extra: Record<string, string> = {}): Promise<ShopProcess> {
      const p = spawnShop({ ...env, PORT: String(await freePort()), ...extra });
      procs.push(p);
      return p;
    },
  };
}
