import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ServerBuild, createRequestHandler } from "react-router";
import { cookieValue } from "../core/cookies.ts";
import { languageFromPath } from "../core/stores.ts";
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from "./db/errors.ts";
import { localeCookie as localeSetCookie } from "./lib/cookies.ts";
import { checkFormFields, formTextFields } from "./lib/edge-form.ts";
import { sendRefusal } from "./lib/error-handler.ts";
import { originGuard } from "./lib/origin-check.ts";
import { awaitRender, collectPageTags, installPageCache, markCacheable, servePageFromCache } from "./lib/page-cache.ts";
import { createRenderGate } from "./lib/render-gate.ts";
import type { Services } from "./modules/index.ts";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** An order page's request form with its photos: 5 photos of 5 MB and the form around them. */
const ORDER_FORM_BODY_LIMIT = 26 * 1024 * 1024;

/** What every loader and action receives as `context` (see app/context.ts for the type the routes use). */
export type LoadContextInput = {
  services: Services;
  nonce: string;
  requestId: string;
  /** The client's address (through trusted proxies only, see TRUST_PROXY) for per-IP throttling. */
  clientIp: string;
  /**
   * Where app/entry.server.tsx leaves a document's Node stream, keyed by its Response: the server
   * sends that stream as it is instead of reading the Response's web stream (the same bytes).
   */
  nodeBodies?: WeakMap<Response, Readable>;
};

/**
 * React Router SSR inside Fastify: an encapsulated plugin turning the Node request into a Fetch
 * Request and streaming the Response back through reply.send (so @fastify/compress still applies).
 *
 * Bodies (form posts) are read by Fastify as raw bytes (HTML form types only), under the same limit
 * as the API: a declared Content-Length over it or a chunked body growing past it is refused with
 * 413 before any action runs (React Router's request.formData() would buffer any size).
 * State-changing requests from another site are refused with 403 before the body is read
 * (server/lib/origin-check.ts).
 */
export async function ssrPlugin(app: FastifyInstance, opts: { build: ServerBuild; services: Services; mode: string }) {
  // One route table per store (see storeRoutes): a request is matched against its store's paths only.
  // And one for a catalog address in each (see catalogRoutes): the route it can only be.
  const build = noticingDatabaseErrors(opts.build);
  const tables = { es: storeRoutes(build, "es"), fr: storeRoutes(build, "fr") };
  const first = { es: firstSegments(tables.es, "es"), fr: firstSegments(tables.fr, "fr") };
  const handlers = {
    es: createRequestHandler(tables.es, opts.mode),
    fr: createRequestHandler(tables.fr, opts.mode),
    esCatalog: createRequestHandler(catalogRoutes(tables.es), opts.mode),
    frCatalog: createRequestHandler(catalogRoutes(tables.fr), opts.mode),
  };
  const config = opts.services.config;
  app.removeAllContentTypeParsers();
  // Storefront actions take HTML forms only: any other body (JSON, XML, none named) is a 415 here,
  // never a TypeError from request.formData() in an action.
  // The limit is the route's: the server's (1 MB) everywhere but the order pages' forms, which
  // carry a return's or an incident's photos (5 of 5 MB at most, checked again by the action).
  app.addContentTypeParser(FORM_TYPES, { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  // The edge's checks of every form field (server/lib/edge-form.ts), before any action runs.
  app.addHook("preHandler", async (req, reply) => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) return;
    const fields = await formTextFields(String(req.headers["content-type"] ?? ""), req.body);
    if (fields === null) return sendRefusal(req, reply, 400, "request.bad_form");
    const problem = checkFormFields(fields);
    if (problem) return sendRefusal(req, reply, 400, problem.code, { field: problem.field });
  });
  app.addHook("onRequest", originGuard(config.publicUrl));
  const cache = opts.services.pageCache;
  if (cache.enabled) installPageCache(app, cache);
  const localeCookie = (req: FastifyRequest) => localeCookieFor(req, config);
  // Renders one after the other, `renderConcurrency` at a time (decision 037); page-cache hits
  // and requests sharing another's render do not wait for a turn.
  const gate = createRenderGate(config.renderConcurrency);
  const nodeBodies = new WeakMap<Response, Readable>();

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url === "/api" || req.url.startsWith("/api/")) {
      return reply.status(404).send({ error: { code: "api.not_found", message: "La ruta de la API no existe" } });
    }
    if (cache.enabled) {
      // Only HTML documents are cached, so a hit is a page view: it records the language too.
      const locale = localeCookie(req);
      if (locale) reply.header("set-cookie", locale);
      if (servePageFromCache(cache, req, reply)) return reply;
      // The same page being rendered for another request right now: share that render.
      if (await awaitRender(cache, req, reply)) return reply;
      reply.removeHeader("set-cookie");
    }
    const nonce = randomBytes(16).toString("base64");
    reply.header("content-security-policy", csp(nonce));
    const request = toFetchRequest(req);
    // A visitor whose connection closes while waiting leaves the line: nothing to render for
    // no one (before the answer starts, a closed response means a closed connection).
    const left = new AbortController();
    const onClose = () => left.abort();
    reply.raw.once("close", onClose);
    let leave: () => void;
    try {
      leave = await gate.enter(left.signal);
    } catch {
      reply.hijack();
      return reply;
    } finally {
      reply.raw.off("close", onClose);
    }
    let response: Response;
    const context: LoadContextInput = { services: opts.services, nonce, requestId: String(req.id), clientIp: req.ip, nodeBodies };
    try {
      // A page that may be cached is tagged with the stock it shows (decision 050).
      response = await collectPageTags(req, () => handlers[requestHandlerKey(req.url, first)](request, context as never));
    } catch (err) {
      leave();
      throw err;
    }
    markCacheable(cache, req, reply, response);
    if (response.status === 500 && lostDatabase.has(context)) {
      // The shop's error page, rendered for a loader or action that lost the database: a 503
      // with Retry-After (a balancer or a browser may try again), never a 500 (docs/decisions/049).
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
      return sendFetchResponse(reply, response, nodeBodies.get(response), req, localeCookie, leave, 503);
    }
    return sendFetchResponse(reply, response, nodeBodies.get(response), req, localeCookie, leave);
  };
  app.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/*", handler });
  app.route({ method: ["GET", "HEAD", "POST"], url: "/", handler });
  for (const url of ["/order/:id", "/fr/order/:id", "/profile/:user/order/:id", "/fr/profile/:user/order/:id"]) {
    app.route({ method: ["GET", "HEAD", "POST"], url, handler, bodyLimit: ORDER_FORM_BODY_LIMIT });
  }
}

/** Load contexts of the renders in which a loader or an action lost the database. */
const lostDatabase = new WeakSet<object>();

/**
 * The build with React Router's error report (the entry's handleError, else its default: the
 * error on stderr) also noting, by the request's load context, an error of the database being
 * unavailable: that render's 500 is then answered as a 503.
 */
function noticingDatabaseErrors(build: ServerBuild): ServerBuild {
  const entry = build.entry.module;
  const report = entry.handleError;
  const handleError: typeof entry.handleError = (error, args) => {
    if (args.context && isDatabaseUnavailable(error)) lostDatabase.add(args.context as object);
    if (report) report(error, args);
    else if (!args.request.signal.aborted) console.error(error);
  };
  return { ...build, entry: { ...build.entry, module: { ...entry, handleError } } };
}

/**
 * The server's route table for one store's paths. app/routes.ts declares each page once with an
 * optional `fr?` prefix, which React Router turns into two paths (with and without it), and it
 * tries every path in order for every request, twice (a product or category page, matched by
 * the last route, tried ~110 paths and allocated for each: a tenth of the page's allocations).
 * Here the Spanish table has the paths without the prefix and the French one the paths with
 * it, so each tries half. Only the server's matching changes: the ids, the route modules and
 * the manifest the browser gets (with `fr?`, for its own navigations) are the same.
 */
export function storeRoutes(build: ServerBuild, lang: "es" | "fr"): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const path = route.path;
    // Every route stays (React Router renders the page with the modules of this table): the
    // resource routes declared for one store only ("newsletter", "fr/newsletter") keep their path.
    if (path === "fr?" || path?.startsWith("fr?/")) routes[id] = { ...route, path: lang === "fr" ? `fr${path.slice(3)}` : path.slice(4) };
    else routes[id] = route;
  }
  return { ...build, routes };
}

/** The catch-all route of the catalog's paths (app/routes.ts): a category's or a product's page. */
const CATALOG_PATH_ROUTE = "routes/pages/catalog-path";

/**
 * The table of a catalog address: the catalog's catch-all route and its parents only. React
 * Router tries every route of its table for each request, twice, and a category's or a product's
 * address, matched by the last route, tried them all (~55 routes of ~3 levels each: 4 % of a
 * product page's server time). Every other route stays in the table with a parent that is not
 * there: out of the matching, still among the route modules React Router renders with.
 */
export function catalogRoutes(table: ServerBuild): ServerBuild {
  const keep = new Set<string>();
  for (let id: string | undefined = CATALOG_PATH_ROUTE; id; id = table.routes[id]?.parentId) {
    if (!table.routes[id]) throw new Error(`catalogRoutes: no route ${id} in the build`);
    keep.add(id);
  }
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(table.routes)) {
    if (route) routes[id] = keep.has(id) ? route : { ...route, parentId: "(not matched on a catalog address)" };
  }
  return { ...table, routes };
}

/**
 * The first path segments of a store's routes other than the catalog's catch-all (a French
 * table's after its "fr"), as the expression React Router's matching would test them with (case
 * insensitive); null when a route's first segment is a parameter, a splat or optional, since it
 * could then be anything. A path whose first segment is none of these can only be the catch-all's.
 */
export function firstSegments(table: ServerBuild, lang: "es" | "fr"): RegExp | null {
  const names = new Set<string>();
  for (const [id, route] of Object.entries(table.routes)) {
    if (!route || id === CATALOG_PATH_ROUTE) continue;
    const segments: string[] = [];
    for (let r: typeof route | undefined = route; r; r = r.parentId ? table.routes[r.parentId] : undefined) {
      if (r.path) segments.unshift(...r.path.split("/").filter(Boolean));
    }
    if (lang === "fr" && segments[0] === "fr") segments.shift();
    const first = segments[0];
    if (first === undefined) continue; // the store's home, its layouts: "/" only
    if (/^[:*]|\?$/.test(first)) return null;
    names.add(first.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  }
  return new RegExp(`^(?:${[...names].join("|")})$`, "i");
}

/**
 * The handler of a request's path (as Fastify has it, with its query): its store's, or its store's
 * catalog table's when its first segment (decoded, as React Router matches it) is no other route's.
 * A data request is its page's: /x/_.data is /x/, /_.data and /fr.data the homes.
 */
export function requestHandlerKey(url: string, first: { es: RegExp | null; fr: RegExp | null }): "es" | "fr" | "esCatalog" | "frCatalog" {
  const q = url.indexOf("?");
  let path = q < 0 ? url : url.slice(0, q);
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_" || path === "/_root" || path.endsWith("/_")) path = path.slice(0, path.lastIndexOf("/") + 1);
  }
  const lang = languageFromPath(path);
  const segments = path.split("/").filter(Boolean);
  if (lang === "fr" && segments[0]?.toLowerCase() === "fr") segments.shift();
  const others = first[lang];
  if (!others || segments.length === 0) return lang;
  let segment: string;
  try {
    segment = decodeURIComponent(segments[0]);
  } catch {
    return lang;
  }
  return others.test(segment) ? lang : `${lang}Catalog`;
}

/** Same-origin only; inline scripts only with this response's nonce (React Router's hydration data). */
export function csp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The language preference is a functional cookie (no consent needed); 365 days per the spec. */
function localeCookieFor(req: FastifyRequest, config: { publicUrl: string }): string | null {
  const lang = languageFromPath(req.url.split("?")[0]);
  if (cookieValue(req.headers.cookie, "locale") === lang) return null;
  return localeSetCookie(config, lang);
}

function toFetchRequest(req: FastifyRequest): Request {
  const proto = (req.headers["x-forwarded-proto"] as string | undefined)?.split(",")[0] ?? req.protocol;
  // Concatenated, not resolved: "//evil.example/x" (or an absolute-form request line) stays a path
  // of this host instead of becoming another host in request.url.
  const host = /^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i.test(req.headers.host ?? "") ? req.headers.host : "localhost";
  const url = new URL(`${proto.trim() === "https" ? "https" : "http"}://${host}${req.url.startsWith("/") ? "" : "/"}${req.url}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, v);
  }
  const controller = new AbortController();
  req.raw.once("close", () => {
    if (!req.raw.complete) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD" && Buffer.isBuffer(req.body) && req.body.length > 0) {
    init.body = new Uint8Array(req.body);
  }
  return new Request(url, init);
}

async function sendFetchResponse(
  reply: FastifyReply,
  res: Response,
  nodeBody: Readable | undefined,
  req: FastifyRequest,
  localeCookie: (req: FastifyRequest) => string | null,
  leave: () => void,
  status = res.status,
) {
  reply.status(status);
  for (const [k, v] of res.headers) {
    if (k === "set-cookie") continue;
    reply.header(k, v);
  }
  const cookies = res.headers.getSetCookie();
  // The language preference follows the documents the visitor opens; never data or
  // /__manifest requests (route discovery has no /fr prefix and would reset it to es; the
  // shop's pages carry the whole route manifest since decision 032, but a page opened before a
  // deploy may still ask, and gets a 404 page).
  const html = (res.headers.get("content-type") ?? "").startsWith("text/html") && !req.url.startsWith("/__manifest");
  const locale = html ? localeCookie(req) : null;
  if (locale) cookies.push(locale);
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!res.body || req.method === "HEAD") {
    leave();
    return reply.send(null);
  }
  const body = nodeBody ?? Readable.fromWeb(res.body as never);
  body.once("close", leave);
  return reply.send(body);
}
