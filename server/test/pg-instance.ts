import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./spawn-shop.ts";

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own (the fault suite restarts it): `initdb` into a temporary
 * folder and `pg_ctl start` on a free loopback port, its socket in that folder. The machine's own
 * PostgreSQL (5432) is never touched. As root (PostgreSQL refuses to run as root) it runs as the
 * `postgres` system user through `runuser`, the folder chowned to it.
 */

/** The newest installed `initdb` / `pg_ctl` folder (Debian: /usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinaries(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const m of majors) {
    const bin = join(base, m, "bin");
    if (existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

/** Why an own PostgreSQL cannot run here, or null when it can. */
export function pgInstanceMissing(): string | null {
  if (!postgresBinaries()) return "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl; Debian: apt-get install -y postgresql)";
  if (userInfo().uid === 0) {
    if (!existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) return "running as root without runuser";
    if (
      !readFileSync("/etc/passwd", "utf8")
        .split("\n")
        .some((l) => l.startsWith("postgres:"))
    )
      return "running as root and no postgres system user";
  }
  return null;
}

export type PgInstance = {
  /** postgres://postgres@127.0.0.1:<port>/<db> */
  url(db?: string): string;
  port: number;
  /** `pg_ctl restart -m fast`: every session ended, the server back when it resolves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** The server's log so far. */
  log(): string;
};

export async function startPgInstance(): Promise<PgInstance> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(pgInstanceMissing() ?? "no PostgreSQL");
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), "shop-pg-"));
  const data = join(dir, "data");
  const logFile = join(dir, "server.log");
  if (asRoot) {
    const pw = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith("postgres:"))!
      .split(":");
    chownSync(dir, Number(pw[2]), Number(pw[3]));
  }
  const sh = (cmd: string, args: string[]) =>
    asRoot ? run("/usr/sbin/runuser", ["-u", "postgres", "--", join(bin, cmd), ...args], { cwd: dir }) : run(join(bin, cmd), args, { cwd: dir });
  await sh("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"]);
  const port = await freePort(15400, 15999);
  // fsync off: a test's throwaway data; a fast restart is a clean shutdown anyway.
  const opts = `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c max_connections=120 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  await sh("pg_ctl", ["start", "-D", data, "-l", logFile, "-w", "-t", "60", "-o", opts]);
  let stopped = false;
  return {
    port,
    url: (db = "postgres") => `postgres://postgres@127.0.0.1:${port}/${db}`,
    async restart() {
      await sh("pg_ctl", ["restart", "-D", data, "-m", "fast", "-l", logFile, "-w", "-t", "60", "-o", opts]);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await sh("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w", "-t", "30"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
  };
}
