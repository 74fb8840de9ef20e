import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { buildInto, isBuildFresh, ROOT, sourcesTime } from "../../scripts/build-state.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Absolute path of a fresh storefront build (server/index.js + client/). */
    buildDir: string;
  }
}

const hasBuild = (d: string) => existsSync(join(d, "server", "index.js"));

/**
 * A storefront build for the tests: BUILD_DIR when it is set and newer than the sources
 * (`npm test` builds ./build first), otherwise a build of this work tree in node_modules/.cache (inside
 * the project, so the server bundle resolves its packages from node_modules) named after the
 * sources' newest change. Those builds are never replaced in place: a shop process started from
 * one keeps finding the assets its HTML names while another run builds a newer one.
 */
export function storefrontBuild(): string {
  const given = process.env.BUILD_DIR ? resolve(ROOT, process.env.BUILD_DIR) : undefined;
  if (given && isBuildFresh(given)) return given;
  const prefix = `shop-test-build-${createHash("sha1").update(ROOT).digest("hex").slice(0, 10)}-`;
  const cache = join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = join(cache, `${prefix}${Math.floor(sourcesTime())}`);
  if (hasBuild(dir)) return dir;
  const siblings = readdirSync(dirname(dir))
    .filter((n) => n.startsWith(prefix) && !n.includes(".tmp-"))
    .map((n) => join(dirname(dir), n))
    .filter(hasBuild)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  // TEST_REUSE_BUILD=1: a work tree shared by several people editing at once reuses the newest
  // build there is (API tests do not render pages; a rebuild per run would only cost minutes).
  if (process.env.TEST_REUSE_BUILD && given && hasBuild(given)) return given;
  if (process.env.TEST_REUSE_BUILD && siblings[0]) return siblings[0];
  const started = Date.now();
  const status = buildInto(dir);
  if (status !== 0) {
    // Others may be mid-edit in a shared work tree: the last good build beats no test run.
    // (`npm test` builds first and stops on a broken build, so CI never gets here.)
    const stale = [given, ...siblings].find((d): d is string => Boolean(d && hasBuild(d)));
    if (stale) {
      console.warn(`\n!! The storefront build failed (exit ${status}): testing the STALE build in ${stale}\n`);
      return stale;
    }
    throw new Error(`The storefront build failed (exit ${status}): run \`npm run build\` to see why`);
  }
  console.log(`storefront built for the tests in ${dir} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // Keep the last few builds (running shops may use them); drop older ones after an hour.
  for (const old of siblings.slice(3)) {
    if (Date.now() - statSync(old).mtimeMs > 3_600_000) rmSync(old, { recursive: true, force: true });
  }
  return dir;
}
