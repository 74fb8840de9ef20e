import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

type Result = { status: { applied: boolean; reason?: string }; cases: { name: string; stock: string; text: string }[] };

// React picks its build by NODE_ENV when first loaded (this test process runs with "test"): the
// trees are rendered in a process of their own, in production, with both renderers.
function renderBoth(): Result {
  const fixture = fileURLToPath(new URL("./react-text-stream.fixture.tsx", import.meta.url));
  const out = execFileSync(process.execPath, ["--import", "tsx", fixture], {
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out) as Result;
}

/** "" when equal; else where they first differ, with a little of each (the documents are ~30 KB). */
function firstDifference(a: string, b: string): string {
  if (a === b) return "";
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i} of ${a.length}/${b.length}: ${JSON.stringify(a.slice(i - 40, i + 40))} vs ${JSON.stringify(b.slice(i - 40, i + 40))}`;
}

describe("react-dom's server renderer writing text (react-text-stream.server.ts)", () => {
  const result = renderBoth();

  it("applies to the installed react-dom (an upgrade that changes its stream configuration fails here)", () => {
    expect(result.status).toEqual({ applied: true });
  });

  it("writes the same document as the stock renderer, byte for byte: streamed, all at once, aborted", () => {
    expect(result.cases.map((c) => c.name)).toEqual(["streamed", "all ready", "aborted after the shell"]);
    for (const c of result.cases) {
      expect(c.text.length, c.name).toBeGreaterThan(20_000);
      expect(firstDifference(c.text, c.stock), c.name).toBe("");
    }
    const [streamed, allReady, aborted] = result.cases;
    // What the cases hold: multi-byte text over React's 4 KB view, the image preload, the
    // bootstrap script, a boundary completed after the shell ($RC), one that failed ($RX).
    for (const part of ["🛁 façade d'Œuvre", '<link rel="preload" as="image"', 'src="/entry.js"', "$RC", "$RX", "listo ✓"]) {
      expect(streamed.text).toContain(part);
    }
    expect(allReady.text).toContain("listo ✓");
    expect(allReady.text).toContain("é".repeat(8000));
    expect(aborted.text).not.toContain("listo ✓");
  });
});
