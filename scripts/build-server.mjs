// Compiles the server (server/main.ts and everything it imports from this repository) into ES
// modules, node_modules/.cache/shop-server/main.mjs (plus a chunk for the demo data generator,
// imported only by the start that seeds), that plain `node` runs: no TypeScript
// loader in the running shop (tsx keeps a loader thread with its own V8 heap and every file's
// transpiled source and source map: ~100 MB resident; docs/decisions/024). Packages stay
// imports from node_modules. Each file keeps its own import.meta.url / dirname / filename, so
// paths computed from them (ROOT, the migrations folder) are the same as when tsx runs the
// sources. Takes about a second; `npm start` runs it every time.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./build-state.mjs";

// esbuild comes with tsx (a dependency): take the copy tsx uses.
const esbuild = createRequire(createRequire(join(ROOT, "package.json")).resolve("tsx/package.json"))("esbuild");

const OUT_DIR = join(ROOT, "node_modules", ".cache", "shop-server");
export const SERVER_OUT = join(OUT_DIR, "main.mjs");

const importMetaPlugin = {
  name: "per-file-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.")) return undefined;
      const contents = source
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith("x") ? "tsx" : "ts", resolveDir: dirname(args.path) };
    });
  },
};

/** esbuild's options for the server (the output folder is the caller's). */
export function serverBuildOptions() {
  return {
    absWorkingDir: ROOT,
    entryPoints: { main: join(ROOT, "server", "main.ts") },
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    plugins: [importMetaPlugin],
    logLevel: "warning",
    legalComments: "none",
  };
}

/**
 * The packages the compiled server imports when it starts (static imports, followed through its
 * chunks) and those it imports only when it needs them (dynamic imports), as esbuild sees them.
 */
export async function serverImports() {
  const { metafile } = await esbuild.build({ ...serverBuildOptions(), outdir: join(OUT_DIR, "graph"), write: false, metafile: true });
  const outputs = metafile.outputs;
  const atStart = new Set();
  const onDemand = new Set();
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.external) (imp.kind === "dynamic-import" ? onDemand : atStart).add(imp.path);
      else if (imp.kind === "import-statement") walk(imp.path);
    }
  };
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith("server/main.ts"));
  walk(entry);
  // Chunks reached only through a dynamic import: what they import is loaded on demand too.
  for (const file of Object.keys(outputs)) {
    if (seen.has(file)) continue;
    for (const imp of outputs[file].imports) if (imp.external) onDemand.add(imp.path);
  }
  return { atStart, onDemand };
}

/**
 * Builds the server into a temporary folder, then swaps it in, so a shop starting meanwhile never
 * reads half a build. Returns the path of the entry module.
 */
export async function buildServer() {
  const tmp = `${OUT_DIR}.${process.pid}.tmp`;
  const old = `${OUT_DIR}.${process.pid}.old`;
  await rm(tmp, { recursive: true, force: true });
  try {
    await esbuild.build({ ...serverBuildOptions(), outdir: tmp });
    await mkdir(dirname(OUT_DIR), { recursive: true });
    await rename(OUT_DIR, old).catch(() => {});
    // Another start may have swapped its build in meanwhile: theirs is as good as ours.
    await rename(tmp, OUT_DIR).catch((e) => {
      if (!existsSync(SERVER_OUT)) throw e;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
  return SERVER_OUT;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildServer().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
