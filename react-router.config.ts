import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel builds (tests, benchmarks) may write elsewhere: RR_BUILD_DIR=/tmp/x npm run build.
  buildDirectory: process.env.RR_BUILD_DIR ?? "build",
  serverModuleFormat: "esm",
  // Category paths end in "/": without this, client data requests drop the slash and the catch-all
  // route cannot tell "/banos/" (a category) from "/banos" (a 404).
  future: { v8_trailingSlashAwareDataRequests: true },
  routeDiscovery: { mode: "initial" },
} satisfies Config;
