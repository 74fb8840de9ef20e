import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { serverImports } from "../scripts/build-server.mjs";
import { shopNodeOptions } from "../scripts/node-options.mjs";

/**
 * What the compiled shop loads when it starts (decision 041): every module loaded stays in the
 * heap as source, functions and objects, and the collector marks it again on each full
 * collection. Packages a page view never uses are imported where they are used.
 */
describe("the compiled server's imports at start", () => {
  it("leave the invoice PDF, the mailer and the other database's driver to the first use", async () => {
    const { atStart, onDemand } = await serverImports();
    const lazy = [
      "pdfkit", // invoices only; with fontkit and a JavaScript brotli
      "qrcode", // the invoice's VERI*FACTU code
      "nodemailer", // the first mail
      "pg", // PostgreSQL only
      "drizzle-orm/node-postgres",
      "@electric-sql/pglite", // the embedded database only
      "drizzle-orm/pglite",
      "sanitize-html", // the seed only
    ];
    for (const name of lazy) {
      expect(atStart.has(name), `${name} is imported at start`).toBe(false);
      expect(onDemand.has(name), `${name} is not imported at all: is this list still true?`).toBe(true);
    }
    // What the shop needs for its first page is there.
    for (const name of ["fastify", "react-router", "zod", "drizzle-orm"]) expect(atStart.has(name)).toBe(true);
  }, 30_000);
});

describe("npm start's V8 options (scripts/node-options.mjs)", () => {
  const semi = (opts: string) => [...opts.matchAll(/--max-semi-space-size=(\d+)/g)].map((m) => Number(m[1]));
  it("give the embedded database 4 MB semi-spaces and PostgreSQL 8, both a 512 MB heap limit", () => {
    expect(semi(shopNodeOptions({}))).toEqual([4]);
    expect(semi(shopNodeOptions({ DATABASE_URL: "  " }))).toEqual([4]); // empty counts as unset, as in server/config.ts
    expect(semi(shopNodeOptions({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/shop" }))).toEqual([8]);
    expect(shopNodeOptions({})).toContain("--max-old-space-size=512");
  });
  it("put the operator's own NODE_OPTIONS last, so theirs win", () => {
    const opts = shopNodeOptions({ NODE_OPTIONS: "--max-semi-space-size=16" });
    expect(semi(opts)).toEqual([4, 16]);
    expect(opts.endsWith("--max-semi-space-size=16")).toBe(true);
  });
  it("are what npm start runs the shop with, beside its malloc settings", async () => {
    const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain('NODE_OPTIONS="$(node scripts/node-options.mjs)" exec node');
    // glibc's malloc: two arenas, and allocations of 1 MB and more in their own mappings (decision 041).
    expect(pkg.scripts.start).toMatch(/MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-2\} MALLOC_MMAP_THRESHOLD_=\$\{MALLOC_MMAP_THRESHOLD_:-1048576\}/);
  });
});
