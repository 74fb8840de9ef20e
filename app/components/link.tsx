import { createElement } from "react";
// biome-ignore lint/style/noRestrictedImports: the one module that wraps React Router's Link
import { type LinkProps, Link as RouterLink } from "react-router";

/*
 * React Router's <Link>, written by the server without its hooks where the result is known.
 *
 * On the server a Link writes one <a>: its href, its other props and `data-discover`. To get the
 * href it resolves its `to` against the route matches (useResolvedPath, twice: for the href and
 * for the click handler, each with its matches serialised as a memo key), reads the framework's
 * context for prefetching and makes the click handler, none of which the document keeps: ~12 µs
 * a link, 2.2 % of a category page's thread for its 14 links (decision 039). An absolute path
 * with nothing to resolve (no `.` or `..` segment, no doubled or back slash, no bare `?` or `#`)
 * is its own href (React Router's static navigator writes the resolved path back as it was), so
 * the server writes the <a> React Router would, attribute for attribute (link.test.tsx compares
 * both). Anything else (a relative path, an object, prefetching, a mask) goes to React Router's
 * Link. In the browser it is React Router's Link: navigation, prefetching and focus as before.
 */

/** A path React Router would resolve to itself: absolute, no dot segment, no doubled or back slash, no bare ? or #. */
function ownHref(to: LinkProps["to"]): to is string {
  if (typeof to !== "string" || to[0] !== "/") return false;
  const end = to.search(/[?#]/);
  const pathname = end < 0 ? to : to.slice(0, end);
  return !/\/\/|\\|(^|\/)\.\.?(\/|$)/.test(pathname) && !/\?(#|$)|#$/.test(to);
}

function ServerLink(props: LinkProps) {
  const {
    onClick: _onClick,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    mask,
    state: _state,
    target,
    to,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  if (!ownHref(to) || prefetch !== "none" || mask !== undefined || relative !== undefined) return createElement(RouterLink, props);
  // React Router's order: the other props, href, target, data-discover.
  return createElement("a", { ...rest, href: to, target, "data-discover": discover === "render" ? "true" : undefined });
}

export const Link: typeof RouterLink = typeof document === "undefined" ? (ServerLink as typeof RouterLink) : RouterLink;
