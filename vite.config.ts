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

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHELL =
  /[\\/](app[\\/](components[\\/](header|footer|logo|toasts|progress-bar|cookie-banner|error-page|newsletter-fields|newsletter-form|breadcrumbs)|lib[\\/](i18n|local-store|language-switch|seo|root-data)|features[\\/](catalog[\\/](picture|product-card|banners|category-tiles|recently-viewed)|cart[\\/]cart-badge|accounts[\\/](favourites|account-menu)|marketing[\\/]popup-mount))|core[\\/](stores|money|media|i18n[\\/]|cookies|card-view))[^\\/]*$/;
const CHUNK_GROUPS = [
  { name: "framework", test: (id: string) => FRAMEWORK.test(id) && !id.includes("react-dom/server"), priority: 2 },
  { name: "shell", test: (id: string) => SHELL.test(id), priority: 1 },
];

export default defineConfig({
  plugins: [clientDictionaries(), tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@core": fileURLToPath(new URL("./core", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  build: {
    assetsDir: "assets",
    // Fewer, larger files at start (issue 12: every script until load in at most 12 files): React,
    // React DOM and React Router in one chunk, the shell that every storefront page renders (root,
    // header, footer, cards, i18n, shared core helpers) in another. Route code stays split.
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "fastify"] },
});
