import { afterEach, describe, expect, it, vi } from "vitest";
import { createRenderGate } from "./render-gate.ts";

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((r) => setImmediate(r));

describe("createRenderGate", () => {
  afterEach(() => vi.useRealTimers());

  it("lets `limit` requests in at once and the others in the order they came, one per finished turn", async () => {
    const gate = createRenderGate(2);
    const started: number[] = [];
    const ends = new Map<number, () => void>();
    for (let i = 0; i < 6; i++)
      void gate.enter().then((end) => {
        started.push(i);
        ends.set(i, end);
      });
    await settle();
    expect(started).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 4]);

    ends.get(1)!();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    ends.get(0)!();
    ends.get(2)!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // A turn ended twice frees one place, not two.
    ends.get(0)!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);

    for (const i of [3, 4, 5]) {
      ends.get(i)?.();
      await settle();
    }
    ends.get(5)!();
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("takes a request out of the line when its visitor leaves, and lets the next one in instead", async () => {
    const gate = createRenderGate(1);
    const first = await gate.enter();
    const left = new AbortController();
    const leaving = gate.enter(left.signal);
    const next = gate.enter();
    expect(gate.waiting).toBe(2);
    left.abort(new Error("visitor left"));
    await expect(leaving).rejects.toThrow("visitor left");
    expect(gate.waiting).toBe(1);
    first();
    const end = await next;
    expect([gate.running, gate.waiting]).toEqual([1, 0]);
    end();
    // A signal already aborted never joins the line.
    await expect(gate.enter(AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("does not let a slow request hold the line: after holdMs the next one starts beside it", async () => {
    vi.useFakeTimers();
    const gate = createRenderGate(1, 50);
    const slow = await gate.enter();
    let started = false;
    const next = gate.enter().then((end) => {
      started = true;
      return end;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    // The slow one's late end does not free a second place.
    slow();
    expect(gate.running).toBe(1);
    (await next)();
    expect(gate.running).toBe(0);
  });

  it("refuses a limit that is not a positive whole number", () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => createRenderGate(n)).toThrow(RangeError);
  });
});
