import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const CLIENT_DICTIONARIES = fileURLToPath(new URL("./core/i18n/dictionaries.client.ts", import.meta.url));

/**
 * The browser never downloads the message dictionaries as JavaScript: in the client build,
 * core/i18n/dictionaries.ts becomes dictionaries.client.ts, which reads the page language's
 * messages from the JSON the root layout embeds (see docs/decisions).
 */
function clientDictionaries(): Plugin {
  return {
    name: "shop:client-dictionaries",
    enforce: "pre",
    resolveId(source, importer, options) {
      const env = (this as unknown as { environment?: { config?: { consumer?: string } } }).environment;
      const isClient = env?.config?.consumer ? env.config.consumer === "client" : !options?.ssr;
      if (!isClient || !importer) return null;
      if (/(^|\/)dictionaries(\.ts)?$/.test(source) && importer.includes("/core/i18n/")) return CLIENT_DICTIONARIES;
      if (/core\/i18n\/dictionaries(\.ts)?$/.test(source)) return CLIENT_DICTIONARIES;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [clientDictionaries(), tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@core": fileURLToPath(new URL("./core", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  build: { assetsDir: "assets" },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "fastify"] },
});
