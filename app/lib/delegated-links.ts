import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for plain anchors (issue 12): product cards (`a.card-link`) and the links
 * inside an element marked `data-nav` (menus) are rendered as `<a href>` rather than React Router's
 * `<Link>` (one component and its hooks less per link on every server render). One click handler
 * on the document does what `<Link>` does on a plain left click: a client-side navigation, replacing
 * the history entry when the URL is the one shown. Anything else (modifier keys, middle button,
 * `target`, `download`, another origin, a handler that prevented the default) is left to the
 * browser, and without JavaScript the anchors are ordinary links. Other plain anchors of the shop
 * (language switch, resource routes, downloads) are not marked and keep reloading the document.
 */
export function useDelegatedLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]");
      if (!(a instanceof HTMLAnchorElement)) return;
      if (!a.classList.contains("card-link") && !a.closest("[data-nav]")) return;
      if ((a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== window.location.origin) return;
      e.preventDefault();
      const to = `${a.pathname}${a.search}${a.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
