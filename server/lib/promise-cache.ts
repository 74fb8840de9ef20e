import { Lru } from "./lru.ts";

/**
 * A bounded cache of reads (least recently used out first), for data that changes only when the
 * shop says so: `clear()` is wired to that change (the catalog's, on every copy: NOTIFY). The
 * read is cached as its promise, so requests arriving together share one query. A read that
 * fails, that `keep` refuses (a null: no such thing, maybe not yet), or that was still in flight
 * when the cache was cleared (it may hold what the change replaced) is not kept.
 */
export function promiseCache<V>(maxEntries: number, keep: (value: V) => boolean = () => true) {
  const cache = new Lru<Promise<V>>({ maxEntries });
  let generation = 0;
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      let hit = cache.get(key);
      if (hit) return hit;
      const gen = generation;
      hit = load();
      cache.set(key, hit);
      try {
        const value = await hit;
        if ((gen !== generation || !keep(value)) && cache.get(key) === hit) cache.delete(key);
        return value;
      } catch (e) {
        if (cache.get(key) === hit) cache.delete(key);
        throw e;
      }
    },
    clear() {
      generation++;
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}
