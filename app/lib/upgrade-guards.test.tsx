import { PassThrough } from "node:stream";
import { Suspense, use } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import * as ReactRouter from "react-router";
import { Await } from "react-router";
import { describe, expect, it } from "vitest";

/*
 * What the browser side takes from React and React Router beyond their documented API, checked
 * where a unit test can (UPGRADING.md lists every such place and its guard; the rest is checked by
 * e2e/shell.spec.ts in a browser).
 */

type Tracked = Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown };

/** How app/entry.client.tsx's deferredSettled() marks a settled promise before hydrating. */
function markSettled(p: Tracked, outcome: { data: unknown } | { error: unknown }) {
  Object.defineProperty(p, "_tracked", { get: () => true });
  if ("data" in outcome) Object.defineProperty(p, "_data", { get: () => outcome.data });
  else Object.defineProperty(p, "_error", { get: () => outcome.error });
  return p;
}

/** A part that suspends until its text arrives. */
const Late = ({ text }: { text: Promise<string> }) => <p>{use(text)}</p>;

describe("React and React Router internals the storefront relies on (UPGRADING.md)", () => {
  it("React Router still exports the UNSAFE_ parts app/root.tsx and app/lib/server-router.tsx import", () => {
    const api = ReactRouter as unknown as Record<string, unknown>;
    for (const name of ["UNSAFE_FrameworkContext", "UNSAFE_RemixErrorBoundary", "UNSAFE_shouldHydrateRouteLoader", "UNSAFE_useScrollRestoration"]) {
      expect(api[name], name).toBeDefined();
    }
  });

  it("<Await> renders a promise marked settled (_tracked, _data / _error) at once, as app/entry.client.tsx marks them", () => {
    const page = (resolve: Promise<unknown>) =>
      renderToString(
        <Suspense fallback={<i>waiting</i>}>
          <Await resolve={resolve} errorElement={<u>failed</u>}>
            {(v) => <b>{String(v)}</b>}
          </Await>
        </Suspense>,
      );
    const ok = markSettled(Promise.resolve("listo"), { data: "listo" });
    expect(page(ok)).toBe("<!--$--><b>listo</b><!--/$-->");
    const failed = markSettled(
      Promise.reject(new Error("x")).catch(() => {}),
      { error: new Error("x") },
    );
    expect(page(failed)).toBe("<!--$--><u>failed</u><!--/$-->");
    // Unmarked, the same settled promise suspends: Preact, which hydrates in the browser, would render it again.
    expect(page(Promise.resolve("listo"))).toContain("waiting");
  });

  it('react-dom streams a boundary finished after the shell behind <template id="B:n">, which app/entry.client.tsx waits out', async () => {
    let done: (v: string) => void = () => {};
    const late = new Promise<string>((r) => (done = r));
    const html = await new Promise<string>((resolve, reject) => {
      const out = new PassThrough();
      let text = "";
      out.on("data", (c) => (text += c));
      out.on("end", () => resolve(text));
      const { pipe } = renderToPipeableStream(
        <div>
          <Suspense fallback={<i>waiting</i>}>
            <Late text={late} />
          </Suspense>
        </div>,
        {
          onShellReady() {
            pipe(out);
            setImmediate(() => done("listo"));
          },
          onShellError: reject,
        },
      );
    });
    expect(html).toMatch(/<template id="B:0"><\/template>/);
    expect(html).toContain("<p>listo</p>");
  });
});
