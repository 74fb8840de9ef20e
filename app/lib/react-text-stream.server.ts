/**
 * React's streaming server renderer writing text, not bytes (issue 12, decision 035).
 *
 * react-dom's Node build encodes every piece of markup it writes (a tag, an attribute, a text)
 * into a 4 KB Uint8Array as it goes: one `TextEncoder.encodeInto` call and one `subarray` view per
 * piece, thousands per page. That was the largest single item of an uncached page's CPU profile
 * (`writeChunk`: 9 % of the shop's CPU on the category page) and a tenth of its allocations.
 * React's Bun build writes the same markup as strings; this module loads react-dom's Node build
 * with the Bun build's choice: the pieces are appended to one string (V8 joins them as a rope, no
 * copy) and handed to the destination stream once per flush, where Node encodes the whole of it in
 * one native call. Everything else is React's own code, unchanged: the same markup, byte for byte
 * (react-text-stream.server.test.ts renders the same trees with both and compares).
 *
 * How: the source of react-dom's production server build is read, its stream configuration (the
 * functions between `var currentView = null,` and `var assign = Object.assign,`) is replaced,
 * and the result is compiled as a CommonJS module with react-dom's own `require`. The replaced
 * text must be the one this was written against (its SHA-256 below): after an upgrade of
 * react-dom that changes it, the stock renderer is used and a warning is logged, and the unit
 * test fails until this file is brought up to date. Outside production (NODE_ENV not
 * "production", as react-dom/server itself decides) the stock development build is used.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compileFunction } from "node:vm";

type Render = typeof import("react-dom/server").renderToPipeableStream;

const require = createRequire(import.meta.url);
/**
 * react-dom/server as published, loaded only when it is the one used: two of React's streaming
 * renderers in one process would share React's context values (the `_currentValue` of each
 * context) and step on each other's renders.
 */
const stockRender = (): Render => (require("react-dom/server") as typeof import("react-dom/server")).renderToPipeableStream;

const START = "var currentView = null,";
const END = "var assign = Object.assign,";
/** SHA-256 (first 16 hex digits) of react-dom 19.3.1's stream configuration, START to END. */
const EXPECTED = "abb00cba858ce133";
/** Where a flush starts, React drops what a failed flush left unwritten: so does the text buffer. */
const FLUSH_START = "currentView = new Uint8Array(4096);";

/**
 * The replacement: the pieces of a flush are appended to `pendingText` and written at its end
 * (completeWriting). `destinationHasCapacity$1` stays true during a flush, as React's Bun build
 * has it: a flush writes what is ready, and the document's stream (entry.server.tsx) takes it.
 * `byteLengthOfChunk` (React's measure of a boundary's size, to decide when to outline it) is
 * the UTF-8 length, as before. `currentView` is gone (its two resets become the text buffer's);
 * `writtenBytes` stays declared only because React's flush still sets it to 0.
 */
const TEXT_CONFIG = `var writtenBytes = 0,
  destinationHasCapacity$1 = !0,
  pendingText = "";
function writeChunk(destination, chunk) {
  pendingText += chunk;
}
function writeChunkAndReturn(destination, chunk) {
  pendingText += chunk;
  return destinationHasCapacity$1;
}
function completeWriting(destination) {
  if (0 < pendingText.length) {
    var text = pendingText;
    pendingText = "";
    destination.write(text);
  }
  destinationHasCapacity$1 = !0;
}
function stringToPrecomputedChunk(content) {
  return content;
}
function byteLengthOfChunk(chunk) {
  return Buffer.byteLength(chunk, "utf8");
}
`;

/** react-dom's production server build with the text stream configuration, or why not. */
export function loadTextRenderer(): { render: Render; reason?: undefined } | { render: null; reason: string } {
  const file = join(dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-server.node.production.js");
  const src = readFileSync(file, "utf8");
  const a = src.indexOf(START);
  const b = src.indexOf(END);
  if (a < 0 || b < a) return { render: null, reason: "stream configuration not found" };
  const hash = createHash("sha256").update(src.slice(a, b)).digest("hex").slice(0, 16);
  if (hash !== EXPECTED) return { render: null, reason: `stream configuration changed (${hash})` };
  const rest = src.slice(b);
  if (rest.split(FLUSH_START).length !== 3) return { render: null, reason: "flush starts changed" };
  const source = src.slice(0, a) + TEXT_CONFIG + rest.replaceAll(FLUSH_START, 'pendingText = "";');
  const fn = compileFunction(source, ["exports", "require", "module", "__filename", "__dirname"], { filename: `${file}?text-stream` });
  const mod: { exports: Record<string, unknown> } = { exports: {} };
  fn.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  return { render: mod.exports.renderToPipeableStream as Render };
}

function pick(): Render {
  if (process.env.NODE_ENV !== "production") return stockRender();
  const text = loadTextRenderer();
  if (text.render) return text.render;
  console.warn(`react-text-stream: ${text.reason}; using react-dom's stock renderer (app/lib/react-text-stream.server.ts)`);
  return stockRender();
}

/** `renderToPipeableStream` of react-dom/server; in production, the text-writing build. */
export const renderToPipeableStream: Render = pick();
