import { options } from "preact";
import { Component, type ReactNode, Suspense } from "react";

/*
 * The first hydration in parts (issue 12, decision 032). The browser runs Preact (vite.config.ts),
 * which hydrates a tree in one uninterrupted task: about 400 ms of main thread for a category page
 * on Lighthouse's slowed-down phone, all of it Total Blocking Time. A part of the page wrapped in
 * <HydrateLater> is hydrated in a task of its own instead: during the first hydration it suspends
 * once, Preact keeps its server markup in place (as it does for any component that suspends while
 * hydrating) and goes on with the rest; the parts are then hydrated one per task, in the order the
 * document has them. Between two tasks the browser paints, handles input and runs other scripts.
 *
 * The child must be one element that renders one DOM element (a <section>, a <li>, a component
 * whose root is always one element): what Preact keeps for a suspended part is the first node at
 * its place. On the server, and after the first hydration, HydrateLater is its child.
 */

const IN_BROWSER = typeof document !== "undefined";

let hydrating = IN_BROWSER;
const waiting: Array<() => void> = [];
/** Set by the shopper's first touch, key or focus: what is left is hydrated at once. */
let urgent = false;
let done: () => void = () => {};
const finished = IN_BROWSER ? new Promise<void>((resolve) => (done = resolve)) : Promise.resolve();

/** True while the document's first hydration is going on (its parts included). */
export const isHydrating = () => hydrating;

/** How Preact schedules a render's effects (after the next paint), while no part is urgent. */
const effectsAfterPaint = options.requestAnimationFrame;

// One part per task: a message to a channel of our own is the shortest way to the next task
// (setTimeout is clamped to 4 ms after a few nested calls).
let channel: MessageChannel | undefined;
function nextTask() {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = step;
  }
  channel.port2.postMessage(null);
}

function step() {
  const next = waiting.shift();
  if (next) {
    // Resolving a part's promise renders it in this task's microtasks (Preact's render queue);
    // parts inside it join the end of the queue.
    next();
    nextTask();
  } else {
    hydrating = false;
    if (urgent) {
      urgent = false;
      options.requestAnimationFrame = effectsAfterPaint;
    }
    done();
  }
}

/**
 * The shopper touched, pressed a key or moved the focus before every part had its handlers: the
 * rest is hydrated now, in this task, and its effects run right after, so the click or key that
 * follows finds the handlers and the state ready (a click comes after its pointerdown; Preact does
 * not replay events as React does).
 */
function hydrateRest() {
  if (!hydrating || urgent) return;
  urgent = true;
  // Preact runs the effects of a render after the next paint; the parts' mount effects (a menu
  // that closes when the address changes, say) must have run before the click that follows.
  options.requestAnimationFrame = queueMicrotask;
  while (waiting.length) waiting.shift()?.();
}

/**
 * Called by app/entry.client.tsx right after it has started the hydration: the parts that
 * suspended are then taken one per task. Resolves once none is left (every part committed).
 */
export function hydrateParts(): Promise<void> {
  for (const type of ["pointerdown", "keydown", "focusin"]) addEventListener(type, hydrateRest, { capture: true, once: true });
  nextTask();
  return finished;
}

class Gate extends Component<{ children: ReactNode }> {
  private waited = !hydrating;
  override render() {
    if (!this.waited && !urgent) {
      this.waited = true;
      throw new Promise<void>((resolve) => waiting.push(resolve));
    }
    return this.props.children;
  }
}

export function HydrateLater({ children }: { children: ReactNode }) {
  if (!IN_BROWSER) return children;
  // Always the same two components around the child, hydrating or not: a change of shape would
  // mount the child again.
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
