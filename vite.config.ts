import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
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

const PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/** In the browser build, React is Preact's compatibility layer; the server renders with React. */
function preactInTheBrowser(): Plugin {
  return {
    name: "shop:preact-in-the-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const env = (this as unknown as { environment?: { config?: { consumer?: string }; mode?: string } }).environment;
      const isClient = env?.config?.consumer ? env.config.consumer === "client" : !options?.ssr;
      const target = PREACT[source];
      if (!isClient || !target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

type ViteManifest = Record<string, { file: string; imports?: string[] }>;
type EnvConfig = { consumer?: string; base?: string; build?: { outDir?: string } };

/** Views that a route loads with React.lazy, by route module (paths as the Vite manifest names them). */
const LAZY_VIEWS: Record<string, string[]> = {
  "app/routes/pages/catalog-path.tsx": ["app/routes/pages/category-view.tsx", "app/features/product/product-page.tsx"],
};
const VIEW_PRELOADS = "virtual:shop/view-preloads";

/**
 * `virtual:shop/view-preloads`: for each lazily loaded view of LAZY_VIEWS, the URLs of its chunk and
 * of the chunks it imports that its route does not already load. The server build reads them from
 * the client build's Vite manifest (React Router builds the client first), so that the server can
 * tell the browser to fetch the view's code with the route's (modulepreload) instead of when
 * hydration reaches it (docs/decisions/026). The client build gets an empty map (the server's job).
 */
function viewPreloads(): Plugin {
  const closure = (m: ViteManifest, key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !m[key]) return seen;
    seen.add(key);
    for (const k of m[key].imports ?? []) closure(m, k, seen);
    return seen;
  };
  return {
    name: "shop:view-preloads",
    resolveId(source) {
      return source === VIEW_PRELOADS ? `\0${VIEW_PRELOADS}` : null;
    },
    load(id) {
      if (id !== `\0${VIEW_PRELOADS}`) return null;
      const env = (this as unknown as { environment?: { config?: EnvConfig } }).environment?.config;
      const outDir = env?.build?.outDir;
      const file = outDir ? resolve(outDir, "../client/.vite/manifest.json") : "";
      // The client build, the dev server and the tests: nothing to announce.
      if (env?.consumer !== "server" || !file || !existsSync(file)) return "export default {};";
      const m = JSON.parse(readFileSync(file, "utf8")) as ViteManifest;
      const base = env.base ?? "/";
      const out: Record<string, string[]> = {};
      for (const [route, views] of Object.entries(LAZY_VIEWS)) {
        // React Router names a route's client module "<file>?__react-router-build-client-route".
        const key = Object.keys(m).find((k) => k === route || k.startsWith(`${route}?`));
        if (!key) throw new Error(`${VIEW_PRELOADS}: ${route} is not a route of the client build`);
        const loaded = closure(m, key);
        for (const view of views) {
          if (!m[view]) throw new Error(`${VIEW_PRELOADS}: ${view} is not a chunk of the client build`);
          out[view] = [...closure(m, view)].filter((k) => !loaded.has(k)).map((k) => base + m[k].file);
        }
      }
      return `export default ${JSON.stringify(out)};`;
    },
  };
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|preact)[\\/]/;
const SHELL =
  /[\\/](app[\\/](components[\\/](header|site-footer|island|payment-marks|logo|toasts|progress-bar|cookie-banner|error-page|breadcrumbs)|lib[\\/](i18n|local-store|language-switch|seo|root-data|lazy-view|hydrate-later|code-loader|await-in-place)|features[\\/](catalog[\\/](picture|product-card|banners|category-tiles|recently-viewed)|cart[\\/]cart-badge|checkout[\\/]pending-payment|accounts[\\/](favourites|account-menu)|marketing[\\/]popup-mount))|core[\\/](stores|money|media|i18n[\\/]|cookies|card-view))[^\\/]*$/;
const CHUNK_GROUPS = [
  { name: "framework", test: (id: string) => FRAMEWORK.test(id) && !id.includes("react-dom/server"), priority: 2 },
  { name: "shell", test: (id: string) => SHELL.test(id), priority: 1 },
];

export default defineConfig({
  plugins: [preactInTheBrowser(), clientDictionaries(), viewPreloads(), tailwindcss(), reactRouter()],
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
    // header, cards, i18n, shared core helpers) in another. Route code stays split; the footer's
    // code (an island, fetched after start) stays out of the shell.
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "fastify"] },
});
