import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another shop process (pid ${pid}). ` +
        "PGlite holds one connection: stop that process, or point DATA_DIR elsewhere, or use DATABASE_URL to run several copies on PostgreSQL.",
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on DATA_DIR (PGlite has none across processes).
 * A lock left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, "shop.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (existsSync(file) && readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isFinite(pid) && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dir, pid);
      unlinkSync(file); // stale lock of a crashed process
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
