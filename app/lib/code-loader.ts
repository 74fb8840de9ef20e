/**
 * A piece of code fetched once, on first need (or earlier with `preload()`): the islands' parts
 * (app/components/island.tsx) and the routes' views (app/lib/lazy-view.tsx). A failed fetch (a
 * deploy in between, the network) is tried again at the next `preload()`.
 */
export function codeLoader<T>(load: () => Promise<T>, started?: (pending: Promise<T>) => void) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = (): Promise<T> => {
    if (!pending) {
      pending = load().then(
        (c) => {
          loaded = c;
          return c;
        },
        (e) => {
          pending = undefined;
          throw e;
        },
      );
      started?.(pending);
    }
    return pending;
  };
  return { preload, loaded: () => loaded };
}
