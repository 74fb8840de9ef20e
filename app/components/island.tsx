import { codeLoader } from "~/lib/code-loader";
import { isHydrating } from "~/lib/hydrate-later";
import { type ComponentType, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";

/*
 * Parts of a page whose code the browser fetches only when it needs them (issue 12): the product
 * page's reviews and questions, the footer of every page. The document still carries their server
 * markup (crawlers and browsers without JavaScript see the same page), and the browser keeps that
 * markup as it is until the part comes near the viewport, then loads its code and renders it (the
 * same markup, now interactive). See docs/decisions/022 and 029.
 */

const isServer = typeof document === "undefined";

export type Part<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A component whose code is fetched when first needed (or earlier with `preload()`). It never
 * suspends: until its code is there it renders `fallback` (nothing by default). The server
 * loads every part before rendering a page that shows it (the product page's loader awaits
 * parts.ts preloadParts, the root loader the footer's), so the document always has the real
 * markup, with no Suspense boundary that React could stream apart from the page.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): Part<P> {
  const { preload, loaded } = codeLoader(load);
  // biome-ignore lint/correctness/noComponentHookFactories: lazyPart runs once per part, at module level (parts.ts)
  function LazyPart(props: P) {
    const [C, setC] = useState<ComponentType<P> | undefined>(loaded);
    useEffect(() => {
      if (C) return;
      let live = true;
      preload().then(
        (c) => live && setC(() => c),
        () => {},
      );
      return () => {
        live = false;
      };
    }, [C]);
    return C ? <C {...props} /> : fallback;
  }
  return Object.assign(LazyPart, { preload });
}

/**
 * A part of the page rendered by the server and, in the browser, kept as the server's markup
 * (not hydrated: React does not look inside an element given as inner HTML) until it comes
 * within `margin` of the viewport; then its code is fetched and it renders for real. Rendered
 * after hydration (a client-side navigation), the part loads its code at once and shows
 * nothing until then. `id` names the wrapper element in the document.
 */
export function Island<P extends object>({ id, part: Part, props, margin = "800px" }: { id: string; part: Part<P>; props: P; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The server's markup of this part, read from the document before React touches it.
  const [html] = useState(() => (isHydrating() ? (document.getElementById(id)?.innerHTML ?? null) : null));
  const [live, setLive] = useState(isServer || html === null);
  // What the shopper typed into the server's markup (a form field) before the code arrived.
  const typed = useRef<Typed | null>(null);
  // A form of the server's markup sent before the code arrived: sent again by the live part.
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (live) return;
    const el = ref.current;
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      Part.preload().then(
        () => {
          typed.current = el ? readFields(el) : null;
          setLive(true);
        },
        () => setLive(true),
      );
    };
    if (!el || typeof IntersectionObserver === "undefined") {
      go();
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: `${margin} 0px` });
    io.observe(el);
    // Keyboard users may tab into the part (links, form fields) before scrolling to it.
    el.addEventListener("focusin", go, { once: true });
    el.addEventListener("pointerdown", go, { once: true });
    // The server's markup is a plain form: sent now, it would post the whole page and the answer
    // would not show in place. Keep the submission and hand it over to the part's own form.
    const onSubmit = (e: SubmitEvent) => {
      if (!el || !(e.target instanceof HTMLFormElement)) return;
      e.preventDefault();
      sent.current = [...el.querySelectorAll("form")].indexOf(e.target);
      go();
    };
    el.addEventListener("submit", onSubmit, true);
    // Otherwise once the page has loaded and the browser is idle: the part is ready before most
    // shoppers reach it, and its code is not part of what the page needs to start.
    const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(go, { timeout: 4000 }) : setTimeout(go, 2000));
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
    return () => {
      window.removeEventListener("load", idle);
      io.disconnect();
      el.removeEventListener("focusin", go);
      el.removeEventListener("pointerdown", go);
      el.removeEventListener("submit", onSubmit, true);
    };
  }, [live, Part, margin]);
  useLayoutEffect(() => {
    if (live && typed.current && ref.current) writeFields(ref.current, typed.current);
    typed.current = null;
  }, [live]);
  useEffect(() => {
    const at = sent.current;
    sent.current = null;
    if (!live || at === null || at < 0) return;
    // Sent through the part's own handler (a fetcher), as if the shopper had just pressed it.
    // (Without its button: the islands' forms have one submit button each, with no value.)
    ref.current?.querySelectorAll("form")[at]?.requestSubmit();
  }, [live]);
  if (!live && html !== null) {
    // The server's own markup of this part, read back from the document.
    return <div id={id} ref={ref} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
  }
  return (
    <div id={id} ref={ref}>
      <Part {...props} />
    </div>
  );
}

type Typed = { values: Map<string, string | boolean>; focused: string | null };
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const fieldKey = (f: Field) => (f instanceof HTMLInputElement && (f.type === "radio" || f.type === "checkbox") ? `${f.name}=${f.value}` : f.name);

/** The values of the named fields inside a part's server markup, and which one has the focus. */
function readFields(root: HTMLElement): Typed {
  const values = new Map<string, string | boolean>();
  for (const f of root.querySelectorAll<Field>("input[name], textarea[name], select[name]")) {
    if (f instanceof HTMLInputElement && f.type === "hidden") continue;
    values.set(fieldKey(f), f instanceof HTMLInputElement && (f.type === "radio" || f.type === "checkbox") ? f.checked : f.value);
  }
  const active = document.activeElement;
  const focused = active && root.contains(active) && "name" in active ? fieldKey(active as Field) : null;
  return { values, focused };
}

/** Puts them back into the part's own markup once it renders (the same fields, by name). */
function writeFields(root: HTMLElement, typed: Typed) {
  for (const f of root.querySelectorAll<Field>("input[name], textarea[name], select[name]")) {
    const v = typed.values.get(fieldKey(f));
    if (v === undefined) continue;
    if (typeof v === "boolean") (f as HTMLInputElement).checked = v;
    else if (f.value !== v) f.value = v;
    if (typed.focused === fieldKey(f)) f.focus();
  }
}
