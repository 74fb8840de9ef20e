import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { errorMessage } from "./error-handler.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const SERVER = join(ROOT, "server");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "migrations" ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every error code written literally in server/: thrown, returned as a typed failure, or handed to found(). */
function codesInServer(): Map<string, string> {
  const patterns = [
    /AppError\(\s*"([\w.]+)"/g,
    /\b(?:notFound|badRequest)\(\s*"([\w.]+)"/g,
    /\bfound\([^;]*?,\s*"([a-z_]+\.[\w.]+)"\s*\)/g,
    // Typed failure results ({ ok: false, code }); success codes ({ ok: true, code: "coupon.applied" }) are not errors.
    /\bok:\s*false[,;]\s*code:\s*"([a-z_]+\.[a-z_.]+)"/g,
  ];
  const out = new Map<string, string>();
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, "utf8");
    for (const re of patterns) for (const m of text.matchAll(re)) if (!out.has(m[1])) out.set(m[1], relative(ROOT, file));
  }
  return out;
}

/** The keys of one language's own files (French falls back to Spanish at run time: that must not hide a gap). */
function keysOf(lang: "es" | "fr"): Set<string> {
  const dir = join(ROOT, "core", "i18n", lang);
  const keys = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    for (const k of Object.keys(JSON.parse(readFileSync(join(dir, f), "utf8")))) keys.add(k);
  }
  return keys;
}

describe("error catalogue", () => {
  it("finds the codes of server/ (the scan itself works)", () => {
    const codes = codesInServer();
    expect(codes.get("store.unknown")).toBeDefined();
    expect(codes.get("media.not_found")).toBeDefined();
    expect(codes.get("catalog.product_not_found")).toBeDefined();
    expect(codes.get("newsletter.already_subscribed")).toBeDefined();
  });

  it("has Spanish and French text for every error code used in server/", () => {
    const missing: string[] = [];
    for (const lang of ["es", "fr"] as const) {
      const keys = keysOf(lang);
      for (const [code, file] of codesInServer()) if (!keys.has(`errors.${code}`)) missing.push(`${lang}: errors.${code} (${file})`);
    }
    expect(missing).toEqual([]);
  });

  it("answers an unknown code with the generic message of its status", () => {
    expect(errorMessage("es", "nothing.here", 404)).toBe("No encontrado");
    expect(errorMessage("fr", "nothing.here", 404)).toBe("Introuvable");
    expect(errorMessage("es", "nothing.here", 409)).not.toBe(errorMessage("es", "nothing.here", 400));
    expect(errorMessage("fr", "nothing.here", 403)).toBe("Vous n'avez pas l'autorisation de faire cela");
    expect(errorMessage("es", "nothing.here", 503)).toBe("Ha ocurrido un error. Inténtalo de nuevo o ponte en contacto con nosotros");
    expect(errorMessage("fr", "media.not_found", 404)).toBe("Fichier introuvable");
  });
});
