/**
 * A least-recently-used map bounded by entry count and, when given a size function, by bytes.
 * Every in-memory cache of the server is one of these (or keyed by a finite set): a crawler
 * or an attacker asking for endless distinct URLs can only push old entries out, never grow
 * the process. A Map iterates in insertion order, so re-inserting on a hit keeps the least
 * recently used entry first.
 */
export type LruOptions<V> = {
  maxEntries: number;
  maxBytes?: number;
  sizeOf?: (value: V, key: string) => number;
};

export class Lru<V> {
  readonly #map = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly #sizeOf: (value: V, key: string) => number;

  constructor(opts: LruOptions<V>) {
    if (!(opts.maxEntries > 0)) throw new Error("Lru: maxEntries must be positive");
    this.maxEntries = opts.maxEntries;
    this.maxBytes = opts.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#sizeOf = opts.sizeOf ?? (() => 0);
  }

  get size(): number {
    return this.#map.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const e = this.#map.get(key);
    if (!e) return undefined;
    this.#map.delete(key);
    this.#map.set(key, e);
    return e.value;
  }

  /** The value without counting it as a use (its place in the eviction order stays). */
  peek(key: string): V | undefined {
    return this.#map.get(key)?.value;
  }

  has(key: string): boolean {
    return this.#map.has(key);
  }

  /** Stores a value; one larger than the whole budget is not stored (returns false). */
  set(key: string, value: V): boolean {
    const bytes = this.#sizeOf(value, key);
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.#map.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [k, e] of this.#map) {
      if (this.#map.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#map.delete(k);
      this.#bytes -= e.bytes;
    }
    return true;
  }

  delete(key: string): boolean {
    const e = this.#map.get(key);
    if (!e) return false;
    this.#map.delete(key);
    this.#bytes -= e.bytes;
    return true;
  }

  clear(): void {
    this.#map.clear();
    this.#bytes = 0;
  }

  keys(): IterableIterator<string> {
    return this.#map.keys();
  }
}
