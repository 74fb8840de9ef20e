// Builds the storefront when it is missing or older than its sources, so `npm start`
// restarts in about a second when nothing changed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const stamp = join(root, "build", "server", "index.js");

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const sources = ["app", "core", "public"].map((d) => join(root, d)).filter(existsSync);
const configs = ["vite.config.ts", "react-router.config.ts", "package.json"].map((f) => join(root, f));
const srcTime = Math.max(...sources.map(newest), ...configs.filter(existsSync).map((f) => statSync(f).mtimeMs));
if (existsSync(stamp) && statSync(stamp).mtimeMs >= srcTime && process.argv[2] !== "--force") process.exit(0);

console.log("Building the storefront...");
const r = spawnSync(process.execPath, [join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
process.exit(r.status ?? 1);
