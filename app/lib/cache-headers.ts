import type { HeadersFunction } from "react-router";

/**
 * `headers` of a route whose loader or action may mark the response personal
 * (`Cache-Control: private, no-store`, see session.server.ts): React Router only copies a
 * route's Set-Cookie by itself, so the cache rule is passed on here, from this route or its parent.
 */
export const passCacheControl: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders, errorHeaders }) => {
  const h = new Headers();
  const cc =
    actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? errorHeaders?.get("Cache-Control") ?? parentHeaders.get("Cache-Control");
  if (cc) h.set("Cache-Control", cc);
  return h;
};
