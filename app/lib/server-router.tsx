import * as React from "react";
import {
  type EntryContext,
  ServerRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
} from "react-router";

/*
 * React Router's <ServerRouter>, with its routes made once per build instead of once per request.
 *
 * For every document React Router's ServerRouter builds the whole route tree again from the
 * build's manifest (createServerRoutes: ~130 route objects with their elements), then converts
 * it into a static router's data routes (createStaticRouter): 3.2 % of an uncached product
 * page's server time, for objects that only depend on the build (docs/decisions/038). Neither
 * function is exported.
 *
 * So the first document of a build is rendered by React Router's own ServerRouter, and the
 * router it made (its data routes and their manifest) is kept, with StreamTransfer (the component
 * that writes the loader data's stream into the document, not exported either). Later documents
 * get the same element tree ServerRouter returns, around a router that inherits the kept one and
 * has this request's state. What is copied from ServerRouter (react-router 7.18) is only how it
 * assembles that tree and prunes the loader data of routes hydrated in the browser; the shapes it
 * relies on are checked on the first document, and if one differs (another React Router version),
 * every document goes through React Router's ServerRouter as before, with a warning.
 */

type Props = {
  context: EntryContext;
  url: string | URL;
  nonce?: string;
  /** false: React Router's ServerRouter for every document (ROUTER_CACHE=off). */
  keep?: boolean;
};
type StaticRouter = React.ComponentProps<typeof StaticRouterProvider>["router"];
type StreamTransferProps = {
  context: EntryContext;
  identifier: number;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  textDecoder: TextDecoder;
  nonce?: string;
};
type Kept = { router: StaticRouter; StreamTransfer: React.ComponentType<StreamTransferProps> } | "unsupported";

/** The fields of FrameworkContext's value, of the router's state, that the copy knows (react-router 7.18). */
const FRAMEWORK_VALUE = [
  "manifest",
  "routeModules",
  "criticalCss",
  "serverHandoffString",
  "future",
  "ssr",
  "isSpaMode",
  "routeDiscovery",
  "nonce",
  "serializeError",
  "renderMeta",
].join();
const ROUTER_STATE = [
  "historyAction",
  "location",
  "matches",
  "loaderData",
  "actionData",
  "errors",
  "initialized",
  "renderFallback",
  "navigation",
  "restoreScrollPosition",
  "preventScrollReset",
  "revalidation",
  "fetchers",
  "blockers",
].join();

/** One entry per build (the assets manifest is the build's). */
const kept = new WeakMap<object, Kept>();
let status: "pending" | "kept" | "unsupported" = "pending";

/** Whether documents are rendered around a kept router yet (the tests check it is so). */
export function serverRouterStatus() {
  return status;
}

type El = React.ReactElement<Record<string, unknown>>;
const isElement = (x: unknown): x is El => React.isValidElement(x);

/**
 * The router and StreamTransfer of the tree React Router's ServerRouter returned, if it has the
 * known shape; undefined for a document without a data stream (decided on the next one).
 */
function keep(tree: El): Kept | undefined {
  const children = tree.type === React.Fragment ? tree.props.children : null;
  if (!Array.isArray(children) || children.length !== 2) return "unsupported";
  const [framework, transfer] = children as unknown[];
  if (transfer === null) return undefined;
  if (!isElement(framework) || framework.type !== FrameworkContext.Provider) return "unsupported";
  if (Object.keys(framework.props.value as object).join() !== FRAMEWORK_VALUE) return "unsupported";
  const boundary = framework.props.children;
  if (!isElement(boundary) || boundary.type !== RemixErrorBoundary) return "unsupported";
  const provider = boundary.props.children;
  if (!isElement(provider) || provider.type !== StaticRouterProvider) return "unsupported";
  const router = provider.props.router as StaticRouter;
  if (Object.keys(router.state).join() !== ROUTER_STATE) return "unsupported";
  if (!isElement(transfer) || transfer.type !== React.Suspense) return "unsupported";
  const stream = transfer.props.children;
  if (!isElement(stream) || typeof stream.type !== "function") return "unsupported";
  return { router, StreamTransfer: stream.type as React.ComponentType<StreamTransferProps> };
}

/** The kept router's routes, with this request's location, matches and data. */
function routerFor(base: StaticRouter, context: EntryContext["staticHandlerContext"]): StaticRouter {
  const manifest = base.manifest;
  const state = {
    ...base.state,
    location: context.location,
    matches: context.matches.map((match) => ({ ...match, route: manifest[match.route.id] || match.route })),
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  return Object.create(base, { state: { value: state } }) as StaticRouter;
}

export function ShopServerRouter({ context, url, nonce, keep: keepRoutes = true }: Props): React.ReactElement {
  if (!keepRoutes) return ServerRouter({ context, url, nonce });
  let entry = kept.get(context.manifest);
  if (entry === undefined || entry === "unsupported") {
    const tree = ServerRouter({ context, url, nonce }) as El;
    if (entry === undefined) {
      entry = keep(tree);
      if (entry) {
        kept.set(context.manifest, entry);
        status = entry === "unsupported" ? entry : "kept";
      }
      if (entry === "unsupported") console.warn("ShopServerRouter: React Router's ServerRouter has another shape; its own is used (app/lib/server-router.tsx)");
    }
    return tree;
  }
  const { routeModules } = context;
  // As ServerRouter: a route whose data the browser loads itself during hydration gets none from the server.
  context.staticHandlerContext.loaderData = { ...context.staticHandlerContext.loaderData };
  for (const match of context.staticHandlerContext.matches) {
    const routeId = match.route.id;
    const route = routeModules[routeId];
    const manifestRoute = context.manifest.routes[routeId];
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, route.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete context.staticHandlerContext.loaderData[routeId];
    }
  }
  const router = routerFor(entry.router, context.staticHandlerContext);
  const { StreamTransfer } = entry;
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest: context.manifest,
          routeModules,
          criticalCss: context.criticalCss,
          serverHandoffString: context.serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={context.staticHandlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream ? (
        <React.Suspense>
          <StreamTransfer context={context} identifier={0} reader={context.serverHandoffStream.getReader()} textDecoder={new TextDecoder()} nonce={nonce} />
        </React.Suspense>
      ) : null}
    </>
  );
}
