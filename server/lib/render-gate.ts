/**
 * At most `limit` storefront requests rendered at a time in this process; the others wait their
 * turn, first come first served (decision 037). A render is CPU work on the one JavaScript thread:
 * eight renders interleaved take as long in all as eight in a row, but each lives eight times
 * longer, so what it allocates outlives the young generation's collections, is promoted, and
 * costs full collections (a product page at 8 connections: 1.55–1.7 ms of collection per page
 * without the gate, 1.1–1.2 ms with two at a time, half the full collections).
 *
 * A request that holds its turn longer than `holdMs` (waiting on a slow query, a long stream)
 * gives it up without stopping: the next one starts, and the slow one no longer counts. A render
 * from memory takes 10–35 ms here; one waiting on the database does not hold the line, and
 * however slow the database, the gate lets `limit` requests start every `holdMs` at least.
 *
 * Performance only: nothing is decided here (each copy of the shop has its own gate).
 */
export type RenderGate = {
  /**
   * Resolves when this request may start, with the function that ends its turn (call it once
   * the response is written; later calls do nothing). Rejects with the signal's reason if the
   * signal aborts while waiting (the visitor left), and the request leaves the line.
   */
  enter(signal?: AbortSignal): Promise<() => void>;
  /** Requests holding a turn and waiting now. */
  readonly running: number;
  readonly waiting: number;
};

export function createRenderGate(limit: number, holdMs = 50): RenderGate {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`render gate limit must be a positive integer, got ${limit}`);
  let running = 0;
  const queue: Array<() => void> = [];

  // A turn ends: the first in line takes the slot (running stays the same), or it is free.
  const next = () => {
    const start = queue.shift();
    if (start) start();
    else running--;
  };
  const turn = () => {
    let held = true;
    const end = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      next();
    };
    const timer = setTimeout(end, holdMs);
    timer.unref();
    return end;
  };

  return {
    enter(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error("aborted"));
      if (running < limit) {
        running++;
        return Promise.resolve(turn());
      }
      return new Promise((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(turn());
        };
        const onAbort = () => {
          const i = queue.indexOf(start);
          if (i >= 0) queue.splice(i, 1);
          reject(signal?.reason ?? new Error("aborted"));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(start);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
