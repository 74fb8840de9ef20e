import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel builds (tests, benchmarks) may write elsewhere: RR_BUILD_DIR=/tmp/x npm run build.
  buildDirectory: process.env.RR_BUILD_DIR ?? "build",
  serverModuleFormat: "esm",
} satisfies Config;
