import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateParts } from "./lib/hydrate-later";
import { viewsLoaded } from "./lib/lazy-view";

/**
 * HydratedRouter called as a plain function, outside any render; what it threw. The first call
 * starts the decoding of the server's loader data and throws its promise before any hook: React
 * keeps the server's markup while a hydrating root suspends, Preact, which the browser runs
 * (vite.config.ts), would render the page again next to it, so the state is decoded first. The
 * second call makes the router (React Router's own state, history and routes, kept by its
 * module) and then fails at its first hook, used outside a render: the hydration's first render
 * finds the router made, and the making is a task of its own (~15 ms on a desktop).
 */
function callRouterOutsideRender(): unknown {
  try {
    (HydratedRouter as unknown as (props: object) => unknown)({});
  } catch (thrown) {
    return thrown;
  }
}

async function stateDecoded() {
  const thrown = callRouterOutsideRender();
  if (thrown instanceof Promise) await thrown;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

type Tracked = Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown };

/**
 * Data a loader deferred (a promise) has always settled by the time the document is parsed (the
 * server ends the document with it). React Router's <Await> reads a promise it has tracked
 * (`_tracked`, `_data`, `_error`) at once and suspends on any other: React would keep the server's
 * markup while it waits, Preact renders the boundary again. So each one is marked as settled, as
 * <Await> itself would, before hydrating.
 */
async function deferredSettled() {
  const state = (window as { __reactRouterContext?: { state?: { loaderData?: Record<string, unknown> } } }).__reactRouterContext?.state;
  const values = Object.values(state?.loaderData ?? {}).flatMap((d) => (d && typeof d === "object" ? Object.values(d) : []));
  await Promise.all(
    values
      .filter((v): v is Tracked => v instanceof Promise && !(v as Tracked)._tracked)
      .map((p) =>
        p.then(
          (data) => Object.defineProperties(p, { _tracked: { get: () => true }, _data: { get: () => data } }),
          (error) => Object.defineProperties(p, { _tracked: { get: () => true }, _error: { get: () => error } }),
        ),
      ),
  );
}

/**
 * React reveals a boundary the server streamed after the page (`<template id="B:n">`, then its
 * content and a script that moves it in place) up to a few frames late, to batch reveals. React's
 * hydration takes over a boundary still waiting; Preact's would render it again. So hydration
 * waits until none is left (at most 2 s: past that a boundary would be hydrated as it is).
 */
function boundariesRevealed(): Promise<void> {
  const pending = () => document.querySelector('template[id^="B:"]') !== null;
  const until = performance.now() + 2000;
  return new Promise((resolve) => {
    const check = () => (!pending() || performance.now() > until ? resolve() : setTimeout(check, 10));
    check();
  });
}

async function hydrate() {
  await Promise.all([stateDecoded(), viewsLoaded(), boundariesRevealed()]);
  await deferredSettled();
  // The decoding, the router and the first render, each in a task of its own.
  await nextTask();
  callRouterOutsideRender(); // makes the router (above)
  await nextTask();
  // The events frame the hydration (its first task and the parts hydrated later, app/lib/
  // hydrate-later.tsx), for the browser tests (e2e/shell.spec.ts).
  window.dispatchEvent(new Event("shop:hydrating"));
  startTransition(() => {
    hydrateRoot(
      document.getElementById("app") as HTMLElement,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  await hydrateParts();
  // For the browser tests: every part of the page has its handlers (e2e/support/shop-page.ts).
  (window as { __shopHydrated?: boolean }).__shopHydrated = true;
  window.dispatchEvent(new Event("shop:hydrated"));
}

// The page's messages are the last element of the document (app/entry.server.tsx): hydrate
// once the parser has reached them, so the first render in the browser reads the same texts.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrate, { once: true });
else hydrate();
