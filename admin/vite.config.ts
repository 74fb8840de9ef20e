import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The staff application's own build (issue 38, docs/decisions/043): real React (no Preact
 * aliases, no storefront hydration machinery), one entry, lazy screens, served at /admin by the
 * shop. `npm run build` writes it to BUILD_DIR/admin next to the storefront's build.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/admin/",
  plugins: [tailwindcss()],
  resolve: {
    alias: { "@core": fileURLToPath(new URL("../core", import.meta.url)) },
  },
  build: {
    outDir: process.env.ADMIN_OUT_DIR ?? fileURLToPath(new URL("../build/admin", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // TanStack Query's "use client" markers mean nothing in a single-page app.
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
