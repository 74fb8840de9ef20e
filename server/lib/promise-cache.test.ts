import { describe, expect, it } from "vitest";
import { promiseCache } from "./promise-cache.ts";

describe("promiseCache", () => {
  it("shares one read between callers arriving together, and keeps it", async () => {
    const cache = promiseCache<number>(10);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 42;
    };
    expect(await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)])).toEqual([42, 42, 42]);
    expect(await cache.get("a", load)).toBe(42);
    expect(loads).toBe(1);
  });

  it("does not keep a failed read, nor a value `keep` refuses", async () => {
    const cache = promiseCache<number | null>(10, (v) => v !== null);
    let calls = 0;
    await expect(
      cache.get("x", async () => {
        calls++;
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
    expect(
      await cache.get("x", async () => {
        calls++;
        return 1;
      }),
    ).toBe(1);
    expect(calls).toBe(2);
    expect(await cache.get("missing", async () => null)).toBeNull();
    expect(cache.size).toBe(1);
  });

  it("does not keep a read that was in flight when the cache was cleared", async () => {
    const cache = promiseCache<string>(10);
    let release: () => void = () => {};
    const pending = cache.get("k", () => new Promise<string>((r) => (release = () => r("before the change"))));
    cache.clear();
    release();
    expect(await pending).toBe("before the change");
    expect(await cache.get("k", async () => "after the change")).toBe("after the change");
  });
});
