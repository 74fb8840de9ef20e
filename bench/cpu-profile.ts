/**
 * Summarises V8 CPU profiles (`node --cpu-prof`, e.g. bench/ssr.ts with BENCH_PROFILE): self time
 * by package (react-dom, react-router, the shop's own code, node internals, GC...) and the
 * functions with the most self time.
 *
 *   node --import tsx bench/cpu-profile.ts <file.cpuprofile> [...more] [--top=30]
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith("node:")) return "node internals";
  if (/\/build\/server\//.test(url)) return "storefront SSR build (app/)";
  if (/\/server\//.test(url)) return "shop server (server/)";
  if (/\/core\//.test(url)) return "core/";
  return url.replace(/^file:\/\/.*?\/(?=[^/]+\/[^/]+$)/, "");
}

const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 30);
const byArea = new Map<string, number>();
const byFn = new Map<string, number>();
let total = 0;
for (const f of files) {
  const p = JSON.parse(readFileSync(f, "utf8")) as Profile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((id, i) => {
    const n = nodes.get(id)!;
    const dt = p.timeDeltas[i] ?? 0;
    if (n.callFrame.functionName === "(idle)") return;
    total += dt;
    const { functionName, url, lineNumber } = n.callFrame;
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + dt);
    const k = `${functionName || "(anonymous)"}  ${a}:${lineNumber + 1}`;
    byFn.set(k, (byFn.get(k) ?? 0) + dt);
  });
}
const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
console.log(`busy time: ${(total / 1e6).toFixed(2)} s in ${files.length} profile(s)\n\nself time by area:`);
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(v)}  ${k}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
