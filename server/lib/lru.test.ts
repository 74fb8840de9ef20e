import { describe, expect, it } from "vitest";
import { Lru } from "./lru.ts";

describe("Lru", () => {
  it("keeps at most maxEntries, dropping the least recently used", () => {
    const lru = new Lru<number>({ maxEntries: 3 });
    lru.set("a", 1);
    lru.set("b", 2);
    lru.set("c", 3);
    expect(lru.get("a")).toBe(1);
    lru.set("d", 4);
    expect([...lru.keys()]).toEqual(["c", "a", "d"]);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.size).toBe(3);
  });

  it("keeps its byte budget and refuses a value larger than the budget", () => {
    const lru = new Lru<string>({ maxEntries: 100, maxBytes: 10, sizeOf: (v) => v.length });
    lru.set("a", "xxxx");
    lru.set("b", "xxxx");
    lru.set("c", "xxxx");
    expect(lru.bytes).toBeLessThanOrEqual(10);
    expect(lru.has("a")).toBe(false);
    expect(lru.set("big", "x".repeat(11))).toBe(false);
    expect(lru.has("big")).toBe(false);
    lru.set("b", "x");
    expect(lru.bytes).toBe(5);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it("stays bounded under a flood of distinct keys", () => {
    const lru = new Lru<Buffer>({ maxEntries: 50, maxBytes: 10_000, sizeOf: (v) => v.length });
    for (let i = 0; i < 20_000; i++) lru.set(`/page-${i}`, Buffer.alloc(100));
    expect(lru.size).toBe(50);
    expect(lru.bytes).toBe(5000);
  });
});
