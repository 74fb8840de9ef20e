import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_GRACE_MS, deferred } from "./deferred";

describe("deferred data", () => {
  afterEach(() => vi.useRealTimers());

  it("hands over the value when the query answers within the grace: the page shows it in place", async () => {
    vi.useFakeTimers();
    let answer: (v: string) => void = () => {};
    const d = deferred(new Promise<string>((r) => (answer = r)));
    vi.advanceTimersByTime(DEFERRED_GRACE_MS - 1);
    answer("preguntas");
    await d.ready;
    expect(d.settled()).toBe("preguntas");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("hands over the promise when the query is slower than the grace: the page is sent without waiting for it", async () => {
    vi.useFakeTimers();
    let answer: (v: string) => void = () => {};
    const slow = new Promise<string>((r) => (answer = r));
    const d = deferred(slow);
    let ready = false;
    d.ready.then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(DEFERRED_GRACE_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    const handed = d.settled();
    expect(handed).toBe(slow);
    answer("tarde");
    await expect(handed).resolves.toBe("tarde");
  });

  it("does not make the page fail with the query: the failure stays the promise's, for the page's error element", async () => {
    const failing = Promise.reject(new Error("database down"));
    const d = deferred(failing);
    await expect(d.ready).resolves.toBeUndefined();
    const handed = d.settled();
    expect(handed).toBe(failing);
    await expect(handed).rejects.toThrow("database down");
  });
});
