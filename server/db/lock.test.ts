import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.ts";

const dirs: string[] = [];
function dir() {
  const d = mkdtempSync(join(tmpdir(), "shop-lock-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has surely ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(r.stdout.toString());
}

describe("DATA_DIR lock", () => {
  it("writes this process's pid and removes the file on release", () => {
    const d = dir();
    const release = lockDataDir(d);
    expect(readFileSync(join(d, "shop.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(d, "shop.lock"))).toBe(false);
  });

  it("refuses a directory held by a live process, naming it and the way out", () => {
    const d = dir();
    // pid 1 is always alive (and not ours).
    writeFileSync(join(d, "shop.lock"), "1");
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(d)).toThrow(/in use by another shop process \(pid 1\).*DATA_DIR.*DATABASE_URL/s);
    // The holder's lock is left alone.
    expect(readFileSync(join(d, "shop.lock"), "utf8")).toBe("1");
  });

  it("takes over the stale lock of a crashed process", () => {
    const d = dir();
    const pid = deadPid();
    writeFileSync(join(d, "shop.lock"), String(pid));
    const release = lockDataDir(d);
    expect(readFileSync(join(d, "shop.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over an unreadable lock file", () => {
    const d = dir();
    writeFileSync(join(d, "shop.lock"), "garbage");
    const release = lockDataDir(d);
    expect(readFileSync(join(d, "shop.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("does not remove a lock another process took after ours was released", () => {
    const d = dir();
    const release = lockDataDir(d);
    release();
    writeFileSync(join(d, "shop.lock"), "1");
    release();
    expect(readFileSync(join(d, "shop.lock"), "utf8")).toBe("1");
  });
});
