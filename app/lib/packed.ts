/*
 * A part of a loader's data sent to the browser as one JSON text instead of a tree of values.
 *
 * React Router serialises loader data with turbo-stream, which walks every value in JavaScript
 * on every request (each object's keys, a Map lookup and a string per value): the product page's
 * catalog part (the product, its configurator's attributes and complements: ~550 values) cost
 * ~5 % of the page's server time (docs/decisions/038). The same part as one string costs the
 * serialiser one string, and the text is made once per cached product and stock levels.
 *
 * The text has its two quote characters swapped (" <-> '): the serialiser escapes a string's
 * double quotes, and React Router writes the serialised stream into the document as a
 * JavaScript string, escaping them again, so every quote of a JSON text would take four
 * characters; a single quote needs no escape in either. The swap maps a character to a
 * character and is its own inverse, so the text read back is exactly the text written.
 *
 * On the server a packed holder keeps its object (a WeakMap keyed by the holder, which the
 * serialiser does not see) and the render reads it unparsed, or, packed with `keepValue: false`
 * (the product's catalog part), keeps its text alone and the render parses a copy. In the browser
 * the text is parsed once per holder (a hydration or a navigation's data), and the same object
 * is returned to every render after, so hooks depending on its parts keep their identities.
 */

declare const packedOf: unique symbol;
/** A value sent as one JSON text (see above). `T` is only for the types. */
export type Packed<T> = { readonly json: string; readonly [packedOf]?: T };

const values = new WeakMap<object, unknown>();

/** " <-> ' (one regular expression pass: 2.5x faster in V8 than three replaceAll passes on a card list's text). */
function swapQuotes(text: string): string {
  return text.replace(/["']/g, (c) => (c === '"' ? "'" : '"'));
}

/** A reference to the n-th shared value: an object with this one key (the packed data never has it). */
const REF = "@";
type Ref = { [REF]: number };

/**
 * The value as [shared, root]: an object or array met more than once (the same instance: interned
 * views share their equal parts) is written once, in `shared`, after the shared values it holds,
 * and stands as {"@": n} wherever it occurs. The product page's catalog part: 16.1 KB of JSON
 * written out in full, 12.7 KB so.
 */
function withRefs(value: unknown): [unknown[], unknown] {
  const seen = new Map<object, number>();
  const count = (v: unknown) => {
    if (v === null || typeof v !== "object") return;
    const n = (seen.get(v) ?? 0) + 1;
    seen.set(v, n);
    if (n > 1) return;
    if (Array.isArray(v)) for (const x of v) count(x);
    else for (const k in v) count((v as Record<string, unknown>)[k]);
  };
  count(value);
  const shared: unknown[] = [];
  const refs = new Map<object, Ref>();
  const write = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    const kept = refs.get(v);
    if (kept) return kept;
    let out: unknown;
    if (Array.isArray(v)) out = v.map(write);
    else {
      if (Object.hasOwn(v, REF)) throw new Error(`pack: a key named "${REF}" cannot be packed`);
      const o: Record<string, unknown> = {};
      for (const k in v) o[k] = write((v as Record<string, unknown>)[k]);
      out = o;
    }
    // Empty arrays and objects are shorter than a reference.
    const empty = Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
    if ((seen.get(v) ?? 0) < 2 || empty) return out;
    const ref = { [REF]: shared.length };
    shared.push(out);
    refs.set(v, ref);
    return ref;
  };
  const root = write(value);
  return [shared, root];
}

function resolveRefs(v: unknown, shared: unknown[]): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = resolveRefs(v[i], shared);
    return v;
  }
  const o = v as Record<string, unknown>;
  if (typeof o[REF] === "number") return shared[o[REF]];
  for (const k in o) o[k] = resolveRefs(o[k], shared);
  return o;
}

/**
 * The value as one text, to be returned by a loader; plain JSON data only (no dates, maps,
 * undefined in arrays). For data kept and handed out many times: packing costs about what the
 * serialiser's walk does (the related products' cards, packed on every request, cost as much
 * CPU as before), reading a kept pack costs nothing. `keepValue: false` does not keep the value
 * with its text: the server's render then parses the text, once per request (see unpack), and
 * only the text stays in memory.
 */
export function pack<T>(value: T, opts: { keepValue?: boolean } = {}): Packed<T> {
  // Characters past Latin-1 (€, curly quotes, dashes) written as \u escapes: V8 then keeps the
  // text one byte per character instead of two (one € in a product's text doubled its memory).
  const json = JSON.stringify(withRefs(value)).replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const packed = { json: swapQuotes(json) };
  if (opts.keepValue !== false) values.set(packed, value);
  return packed as Packed<T>;
}

const keptPacks = new WeakMap<object, Packed<unknown>>();

/** pack() once per object, for objects kept and handed out again unchanged (a cache's entries). */
export function packKept<T extends object>(value: T): Packed<T> {
  let packed = keptPacks.get(value);
  if (!packed) {
    packed = pack(value);
    keptPacks.set(value, packed);
  }
  return packed as Packed<T>;
}

/**
 * The packed value: the packed object itself where it was packed with its value; else parsed,
 * once per holder in the browser, on every call on the server.
 */
export function unpack<T>(packed: Packed<T>): T {
  if (values.has(packed)) return values.get(packed) as T;
  const [shared, root] = JSON.parse(swapQuotes(packed.json)) as [unknown[], unknown];
  // Shared values hold only earlier ones (each was written after what it holds).
  for (let i = 0; i < shared.length; i++) shared[i] = resolveRefs(shared[i], shared);
  const value = resolveRefs(root, shared) as T;
  // In the browser a holder is one loader data's; on the server a holder packed without its value
  // is kept and shared by requests: its value is not kept with it (the caller keeps it per request).
  if (typeof document !== "undefined") values.set(packed, value);
  return value;
}

/**
 * pack() once per distinct content, for values made afresh on every request that are mostly the
 * same from one request to the next (a listing's cards and filters: built per request from kept
 * rows and the stock of the moment, the same for every visitor of the same listing until a
 * price, a name or a stock level changes). The key is the value's JSON: `JSON.stringify` runs
 * natively, a fraction of the serialiser's walk in JavaScript, and a value is never stale (it
 * is its own key). The `maxEntries` most recently used packs are kept, each with its key, its
 * text and its value (the server's render reads the value unparsed).
 */
export function packCache(maxEntries: number): <T>(value: T) => Packed<T> {
  const kept = new Map<string, Packed<unknown>>();
  return <T>(value: T): Packed<T> => {
    const key = JSON.stringify(value);
    let packed = kept.get(key);
    if (packed) {
      // Most recently used last: the first key is the one to drop.
      kept.delete(key);
    } else {
      packed = pack(value);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
    }
    kept.set(key, packed);
    return packed as Packed<T>;
  };
}
