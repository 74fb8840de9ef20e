import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@core": fileURLToPath(new URL("./core", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

// Three projects: fast unit tests, integration tests against a real database
// (PGlite always, PostgreSQL when TEST_DATABASE_URL is set), and browser tests.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{core,server,app,seed}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["{server,seed}/**/*.integration.test.ts"],
          // Builds the storefront once per run (or reuses a fresh BUILD_DIR) for SSR tests.
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          // Builds the storefront and starts ONE shop process for every spec.
          globalSetup: ["e2e/support/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // `expect.poll` waits for what the page shows; its default 1 s is shorter than a busy
          // machine's server round trip (a cart change under load took longer and failed).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
