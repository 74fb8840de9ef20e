/**
 * Holds a service's method: every call waits until `open()` (then runs the real method), so a
 * test can look at what a page does while that data has not come in. `restore()` puts the real
 * method back (and opens the gate, so no call is left waiting).
 */
export function holdCalls<S extends object, K extends keyof S>(service: S, method: K): { open(): void; restore(): void } {
  const real = service[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  (service as Record<K, unknown>)[method] = async (...args: unknown[]) => {
    await gate;
    return real.apply(service, args);
  };
  return {
    open,
    restore() {
      open();
      (service as Record<K, unknown>)[method] = real;
    },
  };
}
