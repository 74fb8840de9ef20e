/**
 * Accounts under load: POST /api/auth-users/token/ (login: one argon2id verification each) and
 * GET /api/auth-users/v1/clients/info/ (JWT verification + one query), 16 connections, a warm-up,
 * then 3 runs of 10 s, median run kept; on PGlite and on PostgreSQL. Also the cost of one
 * password hash. Run: `node --import tsx bench/auth.ts` (BENCH_SECONDS, BENCH_RUNS to change).
 *
 * The shop runs in this process (the API only, the real createShop wiring) so that its login
 * throttling can be lifted for the run; the load comes from autocannon in a child process, over
 * real HTTP, so the two do not share an event loop.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createShop } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { hashPassword, verifyPassword } from "../server/modules/accounts/accounts.passwords.ts";
import { contextFor } from "../server/lib/request-context.ts";
import { type Backend, createPgDatabase, freePort, type LoadFigure, machine, median, postgresAvailable, ROOT } from "./lib.ts";

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 16;

type Target = { name: string; method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };
export type AuthResult = { backend: Backend; name: string; runs: LoadFigure[]; median: LoadFigure };

async function autocannon(url: string, t: Target, seconds: number): Promise<LoadFigure> {
  const args = [join(ROOT, "node_modules", "autocannon", "autocannon.js"), "-c", String(CONNECTIONS), "-d", String(seconds), "-j", "-m", t.method];
  for (const [k, v] of Object.entries(t.headers)) args.push("-H", `${k}=${v}`);
  if (t.body) args.push("-b", t.body);
  args.push(url + t.path);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
  return { reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** The cost of one argon2id hash and one verification (the work of a sign-up and of a login). */
export async function hashCost(n = 30): Promise<{ hashMs: number; verifyMs: number }> {
  const hashes: number[] = [];
  const verifies: number[] = [];
  let phc = await hashPassword("warm-up-password");
  for (let i = 0; i < n; i++) {
    let t0 = performance.now();
    phc = await hashPassword(`contraseña-${i}`);
    hashes.push(performance.now() - t0);
    t0 = performance.now();
    await verifyPassword(phc, `contraseña-${i}`);
    verifies.push(performance.now() - t0);
  }
  const r = (x: number) => Math.round(x * 10) / 10;
  return { hashMs: r(median(hashes)), verifyMs: r(median(verifies)) };
}

export async function benchAuth(log = console.log): Promise<{ results: AuthResult[]; hash: { hashMs: number; verifyMs: number } }> {
  const hash = await hashCost();
  log(`argon2id (m=19 MiB, t=2, p=1): hash ${hash.hashMs} ms, verify ${hash.verifyMs} ms (median of 30, one at a time)`);
  const backends: Backend[] = ["pglite"];
  if (await postgresAvailable()) backends.push("postgres");
  else log("PostgreSQL not reachable: PGlite only");
  const results: AuthResult[] = [];
  for (const backend of backends) {
    const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-auth-"));
    const pgdb = backend === "postgres" ? await createPgDatabase() : undefined;
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SECRET: "b".repeat(48),
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    });
    const shop = await createShop(config, { withSsr: false });
    try {
      const big = { limit: 1e9, windowS: 60 };
      // Throttling would answer 429 to a benchmark's thousands of logins from one address and account.
      shop.services.accounts.throttle.setLimits({ "login:ip": big, "login:account": big });
      const port = await freePort();
      await shop.app.listen({ port, host: "127.0.0.1" });
      const url = `http://127.0.0.1:${port}`;
      const store = await shop.services.stores.byLanguage("es");
      const email = "bench@example.es";
      const password = "bench-password-1";
      const signed = await shop.services.accounts.signup(
        contextFor(store),
        { name: "Bench", surnames: "Mark", email, password, password_confirmation: password, privacy: true, professional: false },
        {},
      );
      if (!signed.ok) throw new Error(`signup: ${signed.code}`);
      await shop.database.exec(`update users set is_active = true where email = '${email}'`);
      const login = await fetch(`${url}/api/auth-users/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      const { access } = (await login.json()) as { access: string };

      const targets: Target[] = [
        {
          name: "POST /api/auth-users/token/",
          method: "POST",
          path: "/api/auth-users/token/",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password }),
        },
        {
          name: "GET /api/auth-users/v1/clients/info/",
          method: "GET",
          path: "/api/auth-users/v1/clients/info/",
          headers: { authorization: `Bearer ${access}` },
        },
      ];
      for (const t of targets) {
        await autocannon(url, t, 3);
        const runs: LoadFigure[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await autocannon(url, t, SECONDS));
        const mid = runs.find((r) => r.reqPerSec === median(runs.map((x) => x.reqPerSec))) ?? runs[0];
        results.push({ backend, name: t.name, runs, median: mid });
        log(
          `${backend} ${t.name} c=${CONNECTIONS}: ${mid.reqPerSec} req/s, p50 ${mid.p50Ms} ms, p99 ${mid.p99Ms} ms (runs: ${runs.map((r) => r.reqPerSec).join(", ")})`,
        );
        if (runs.some((r) => r.non2xx || r.errors)) log(`  !! non-2xx or errors: ${JSON.stringify(runs)}`);
      }
    } finally {
      await shop.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  log(`machine: ${JSON.stringify(machine())}`);
  return { results, hash };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchAuth().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
