// Loaded into the measured shop process by bench/memory.ts (NODE_OPTIONS=--import): on SIGUSR2
// it appends one JSON line with process.memoryUsage() and the sizes of the WebAssembly memories
// (PGlite's) and each V8 heap space's committed and used bytes to MEMORY_PROBE_OUT; when the file `${MEMORY_PROBE_OUT}.snapshot` exists, it first
// writes a heap snapshot to the path that file names.
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";

const out = process.env.MEMORY_PROBE_OUT;
if (out) {
  const memories = [];
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(target, args) {
      const memory = Reflect.construct(target, args);
      memories.push(new WeakRef(memory));
      return memory;
    },
  });
  process.on("SIGUSR2", () => {
    const trigger = `${out}.snapshot`;
    if (existsSync(trigger)) {
      const path = readFileSync(trigger, "utf8").trim();
      rmSync(trigger, { force: true });
      writeHeapSnapshot(path);
    }
    const wasm = memories.map((m) => m.deref()?.buffer.byteLength ?? 0).filter((n) => n > 0);
    // Each V8 heap space's committed (physical) and used bytes: where the heap's slack is.
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ""), [s.physical_space_size, s.space_used_size]]));
    appendFileSync(out, `${JSON.stringify({ ...process.memoryUsage(), wasm, spaces })}\n`);
  });
}
