// When is a storefront build up to date, and how to make one: shared by `npm start`
// (scripts/ensure-build.mjs), the test global setup and the benchmarks.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

export const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** Newest modification time of anything the storefront build is made from. */
export function sourcesTime() {
  const dirs = ["app", "core", "public", "admin"].map((d) => join(ROOT, d)).filter(existsSync);
  const files = ["vite.config.ts", "react-router.config.ts", "package.json"].map((f) => join(ROOT, f)).filter(existsSync);
  return Math.max(0, ...dirs.map(newest), ...files.map((f) => statSync(f).mtimeMs));
}

/** True when buildDir holds a server build newer than every source file. */
export function isBuildFresh(buildDir) {
  const stamp = join(buildDir, "server", "index.js");
  return existsSync(stamp) && statSync(stamp).mtimeMs >= sourcesTime();
}

/**
 * Builds the storefront into buildDir. Written to a sibling folder first and renamed,
 * so a parallel reader never sees half a build. Returns the exit status.
 */
export function buildInto(buildDir, { quiet = true } = {}) {
  const tmp = `${buildDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
    cwd: ROOT,
    // Always the production build (what ships): under vitest NODE_ENV is "test", which would give
    // React's development build, whose double-run effects and dev-only warnings no shopper meets.
    env: { ...process.env, NODE_ENV: "production", RR_BUILD_DIR: tmp },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    return r.status ?? 1;
  }
  // The staff application (/admin): its own Vite build, real React, into <build>/admin.
  const a = spawnSync(process.execPath, [join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--config", join(ROOT, "admin", "vite.config.ts")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ADMIN_OUT_DIR: join(tmp, "admin") },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  if (a.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    return a.status ?? 1;
  }
  // Another process may have built the same folder meanwhile: theirs is as good as ours.
  try {
    rmSync(buildDir, { recursive: true, force: true });
    renameSync(tmp, buildDir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(join(buildDir, "server", "index.js"))) throw e;
  }
  return 0;
}
