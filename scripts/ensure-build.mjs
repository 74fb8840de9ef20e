// Builds the storefront when it is missing or older than its sources, so `npm start`
// restarts in about a second when nothing changed. `--force` always rebuilds (npm test).
import { join } from "node:path";
import { buildInto, isBuildFresh, ROOT } from "./build-state.mjs";

const buildDir = join(ROOT, "build");
if (process.argv[2] !== "--force" && isBuildFresh(buildDir)) process.exit(0);

console.log("Building the storefront...");
process.exit(buildInto(buildDir));
