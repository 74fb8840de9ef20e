/**
 * Deferred data that does not hold the page for long, and is not streamed apart when it comes in
 * with the page anyway (issue 12, docs/decisions/030).
 *
 * A loader starts a below-the-fold query beside the ones the page needs, awaits `ready` with them
 * (it resolves when the query has answered, or `graceMs` after the start, whichever is first; it
 * never fails), and hands the page `settled()`: the value when the query has answered by then, or
 * the promise when it has not. The page renders a value in place (`<Await>` takes a value as well
 * as a promise); a promise is a Suspense boundary that React streams after the rest of the
 * document. Streaming it costs the server a second pass and more writes (measured: the product
 * page served a third fewer pages per second with its questions always streamed, though their
 * query takes a millisecond) and the browser a swap; a slow query still holds the page for at
 * most the grace.
 */
export const DEFERRED_GRACE_MS = 15;

export function deferred<T>(promise: Promise<T>, graceMs = DEFERRED_GRACE_MS): { ready: Promise<void>; settled(): T | Promise<T> } {
  let done: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
    promise.then(
      (value) => {
        done = { value };
        resolve();
      },
      // A failure stays the promise's: the page's <Await errorElement> shows it in place.
      () => resolve(),
    );
  }).finally(() => clearTimeout(timer));
  return { ready, settled: () => (done ? done.value : promise) };
}
