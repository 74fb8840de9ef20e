// The V8 options `npm start` runs the shop with (package.json; bench/lib.ts's spawnBuiltShop uses
// the same function), followed by the caller's own NODE_OPTIONS (a later flag wins):
// - a heap limit of 512 MB: V8 then grows the old generation by at most ~1.4x what is live
//   between full collections, not up to 4x (docs/decisions/024);
// - semi-spaces (each half of the young generation) of 8 MB on PostgreSQL and 4 MB on the embedded
//   database (docs/decisions/028, 041). With 4 MB, `bench/memory.ts` on PGlite held ~15 MB less
//   and `bench/ssr.ts` served as many pages (PGlite's one connection sets the pace there); on
//   PostgreSQL the same setting cost 8-12 % of the uncached pages a second, so it keeps 8.
// Run as a script, it prints them (npm start: NODE_OPTIONS="$(node scripts/node-options.mjs)").
import { pathToFileURL } from "node:url";

/** @param {Record<string, string | undefined>} env */
export function shopNodeOptions(env = process.env) {
  const semiSpaceMb = env.DATABASE_URL?.trim() ? 8 : 4;
  return `--max-old-space-size=512 --max-semi-space-size=${semiSpaceMb} ${env.NODE_OPTIONS ?? ""}`.trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.stdout.write(shopNodeOptions());
