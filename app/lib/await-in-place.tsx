import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

const isPromise = (v: unknown): v is PromiseLike<unknown> => typeof (v as { then?: unknown } | null)?.then === "function";

/**
 * Deferred data as the page shows it (lib/deferred, docs/decisions/030 and 033): a value that came
 * in with the page is rendered at once, with no Suspense boundary around it; a promise (its query
 * was slow) is an `<Await>` in a boundary with its fallback, streamed after the rest of the page.
 * A boundary costs even when nothing suspends: React may write a finished boundary apart from its
 * place (its "outlining", past ~12.8 KB of the document) and move it in with a script, a second
 * write and a DOM move for what was ready all along.
 */
export function AwaitInPlace<T>({
  resolve,
  fallback,
  errorElement,
  children,
}: {
  resolve: T | Promise<T>;
  fallback: ReactNode;
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!isPromise(resolve)) return <>{children(resolve as T)}</>;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={resolve} errorElement={errorElement}>
        {children}
      </Await>
    </Suspense>
  );
}
