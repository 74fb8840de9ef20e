import { type ComponentType, lazy, Suspense } from "react";
import { codeLoader } from "./code-loader";

const IN_BROWSER = typeof document !== "undefined";
const started = new Set<Promise<unknown>>();

export type View<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A route's view in a chunk of its own (decisions 022 and 026). On the server it is React.lazy with
 * no Suspense boundary: the shell waits for its code (one import per process). In the browser the
 * page hydrates with Preact (vite.config.ts), which would render a suspended view's page again
 * next to the server's markup: the route module starts the view's import when it is evaluated
 * (before hydration) and app/entry.client.tsx waits for viewsLoaded() before hydrating, so the
 * view renders at once. After hydration (a client-side navigation to a view whose code has not
 * arrived) it suspends under a boundary that shows nothing for that moment.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): View<P> {
  const { preload, loaded } = codeLoader(load, (pending) => started.add(pending));
  if (!IN_BROWSER) {
    return Object.assign(
      lazy(() => preload().then((c) => ({ default: c }))),
      { preload },
    ) as unknown as View<P>;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: lazyView runs once per view, at module level
  function Loaded(props: P) {
    const C = loaded();
    if (!C) throw preload();
    return <C {...props} />;
  }
  // Always the same elements (a boundary adds none to the page): a view that changed shape once
  // its code had come would be mounted again, its state (a configuration, a filter) lost.
  // biome-ignore lint/correctness/noComponentHookFactories: lazyView runs once per view, at module level
  function LazyView(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyView, { preload });
}

/** Resolves once every view whose import has started has loaded (or failed). */
export async function viewsLoaded(): Promise<void> {
  await Promise.allSettled([...started]);
}
