import { AsyncLocalStorage } from "node:async_hooks";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseListingState, serialiseListingState } from "../../core/catalog-filters.ts";
import { consentFromCookies, hasPersonalCookie } from "../../core/cookies.ts";
import { stripLocale } from "../../core/stores.ts";
import { Lru } from "./lru.ts";

/**
 * In-memory cache of anonymous catalog pages (home, categories, products, brands, special
 * listings). It stores the response exactly as it left compression, so a hit is a memcpy.
 * See docs/decisions/004 and 012.
 *
 * - Only GET/HEAD, only 200 HTML, only when React Router set no cookie of its own and did not
 *   mark the page private or no-store.
 * - Personal requests bypass it entirely (no lookup, no store): an Authorization header or a
 *   session/token cookie (core/cookies.ts PERSONAL_COOKIES).
 * - Key: exactly what the render used and nothing an attacker can vary freely:
 *   the encoding @fastify/compress picks for the request (the same negotiator, and the entry is
 *   stored under the Content-Encoding the answer really carried), the consent state the root
 *   loader reads (core/cookies.ts, the same parser), and the URL. Only URLs whose query is the
 *   page's own canonical listing query (page, sort, f, r_<id>, in serialiseListingState's order)
 *   are cached; any other query string renders uncached, so random query strings cannot flush
 *   the cache.
 * - Two bounded LRUs: pages without a query (a finite set: real catalog pages) and pages with
 *   one (listing states), so listing states can never push out the plain pages.
 * - The CSP nonce of a cached page is the nonce of the render that filled the cache: every hit
 *   answers that same nonce with the same CSP header, so inline scripts still match. A nonce
 *   reused across responses is weaker (an injected script could copy a nonce it read), but the
 *   cached pages are anonymous and render no user input; personal pages are never cached.
 * - Invalidation (docs/decisions/050), on every copy, by the database's notifications (never by
 *   time): clear() when anything a page shows but stock changes (a catalog change, migration
 *   0027's `page_data_changed`: prices, texts, options, categories, banners ... whoever wrote
 *   them) and when the NOTIFY connection comes back after a loss (notifications may have been
 *   missed); stockChanged() when stock changes (a sale, a restock, SQL): precisely the product
 *   pages that showed those products' or variants' stock (each entry is tagged with the stock
 *   ids its render read, tagPage), conservatively every other page (listings, home, brands).
 *   A render that began before an invalidation is answered but not stored (it may show what
 *   the change replaced).
 * - Stampede: while a page is being rendered for a key, other requests for that key wait for
 *   that render and are answered with its bytes (`x-cache: COALESCED`) instead of rendering it
 *   again: 200 simultaneous first requests for a page render it once (awaitRender). When that
 *   render ends without an entry to share (not a 200, a cookie of its own, an error), each
 *   waiting request renders for itself.
 */
export type PageCacheEntry = { headers: Record<string, string>; body: Buffer; bytes: number; tags?: ReadonlySet<string> };

/** The stock ids a render read ("p<id>", "v<id>"): collected while it runs (collectPageTags). */
const renderTags = new AsyncLocalStorage<Set<string>>();

/**
 * Notes that the page being rendered shows the stock of these products and variants (called by
 * the stock cache, the one place pages read stock from): its cache entry is dropped when one
 * of them changes. Outside a cached render it does nothing.
 */
export function tagPage(productIds: readonly number[], variantIds: readonly number[]): void {
  const tags = renderTags.getStore();
  if (!tags) return;
  for (const id of productIds) tags.add(`p${id}`);
  for (const id of variantIds) tags.add(`v${id}`);
}

/** Whether a cache key is a product page's (its path, before any query, ends in ".html"). */
function isProductKey(key: string): boolean {
  const q = key.indexOf("?");
  return (q < 0 ? key : key.slice(0, q)).endsWith(".html");
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The encodings given to @fastify/compress (server/http.ts), in its order of preference. */
export const COMPRESSION_ENCODINGS = ["br", "gzip", "deflate"] as const;
export type EncodingBucket = (typeof COMPRESSION_ENCODINGS)[number] | "identity";

const CATALOG_PREFIXES = ["/marcas", "/novedades", "/ofertas", "/rebajas", "/espacios", "/black-friday"];

/** Paths of catalog pages: "/", category paths ending in "/", product paths ending in ".html", brands, listings. */
export function isCatalogPath(pathname: string): boolean {
  const p = stripLocale(pathname);
  if (p === "/" || p.endsWith("/") || p.endsWith(".html")) return !p.startsWith("/api/") && !p.startsWith("/profile");
  return CATALOG_PREFIXES.some((x) => p === x || p.startsWith(`${x}/`));
}

/**
 * The query of a cacheable URL ("" for none), or null when the page must render uncached: a
 * query with anything but the listing's own parameters, or not in their canonical form.
 */
export function cacheableQuery(rawQuery: string): string | null {
  if (rawQuery === "") return "";
  const canonical = serialiseListingState(parseListingState(new URLSearchParams(rawQuery)));
  return canonical === rawQuery ? canonical : null;
}

/**
 * The encoding @fastify/compress will answer this request with, decided the way it decides
 * (lower-cased, "*" and "x-gzip" read as gzip, then @fastify/accept-negotiator).
 */
export function encodingBucket(acceptEncoding: string | undefined, noCompression = false): EncodingBucket {
  if (noCompression || acceptEncoding == null) return "identity";
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, "gzip");
  return negotiate<EncodingBucket>(header, [...COMPRESSION_ENCODINGS]) ?? "identity";
}

/** A request whose answer is for this visitor only: never served from or stored in the cache. */
export function isPersonalRequest(req: FastifyRequest): boolean {
  return req.headers.authorization !== undefined || hasPersonalCookie(req.headers.cookie);
}

/** Headers that belong to one response and are never replayed from the cache. */
const SKIP_HEADERS = new Set(["set-cookie", "x-request-id", "date", "content-length", "x-cache", "transfer-encoding", "connection"]);

export function createPageCache(opts: { enabled: boolean; maxBytes?: number; maxEntries?: number }) {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxEntries = opts.maxEntries ?? 8_000;
  const sizeOf = (e: PageCacheEntry) => e.bytes;
  // Plain pages get three quarters of the budget, listing states (URLs with a query) the rest.
  const plain = new Lru<PageCacheEntry>({ maxEntries: Math.ceil(maxEntries * 0.75), maxBytes: Math.floor(maxBytes * 0.75), sizeOf });
  const withQuery = new Lru<PageCacheEntry>({ maxEntries: Math.ceil(maxEntries * 0.25), maxBytes: Math.floor(maxBytes * 0.25), sizeOf });
  const segment = (key: string) => (key.includes("?") ? withQuery : plain);
  let hits = 0;
  let misses = 0;
  /** Counts invalidations: a render that saw another value than the one at its start is not stored. */
  let generation = 0;
  /** Renders in progress by key: the requests that arrive meanwhile wait for them. */
  const inflight = new Map<string, { promise: Promise<PageCacheEntry | undefined>; resolve: (e: PageCacheEntry | undefined) => void }>();

  function clearAll() {
    generation++;
    plain.clear();
    withQuery.clear();
  }

  /** The key of a request (its URL, consent state and encoding), or null when it is not cacheable. */
  function requestKey(req: FastifyRequest, encoding: EncodingBucket): string | null {
    if (!opts.enabled || (req.method !== "GET" && req.method !== "HEAD")) return null;
    if (isPersonalRequest(req)) return null;
    const q = req.url.indexOf("?");
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    if (!pathname.startsWith("/") || pathname.startsWith("//") || !isCatalogPath(pathname)) return null;
    const query = cacheableQuery(q < 0 ? "" : req.url.slice(q + 1));
    if (query === null) return null;
    const consent = consentFromCookies(req.headers.cookie) ?? "";
    return `${encoding}|${consent}|${pathname}${query ? `?${query}` : ""}`;
  }

  return {
    enabled: opts.enabled,
    /** The key a request is looked up under, or null when the page must be rendered for this request. */
    keyFor(req: FastifyRequest): string | null {
      return requestKey(req, encodingBucket(req.headers["accept-encoding"] as string | undefined, req.headers["x-no-compression"] !== undefined));
    },
    /** The key a rendered answer is stored under: the encoding it really went out with. */
    storeKeyFor(req: FastifyRequest, contentEncoding: string | undefined): string | null {
      const actual = (contentEncoding ?? "identity").toLowerCase();
      if (actual !== "identity" && !(COMPRESSION_ENCODINGS as readonly string[]).includes(actual)) return null;
      return requestKey(req, actual as EncodingBucket);
    },
    get(key: string): PageCacheEntry | undefined {
      const e = segment(key).get(key);
      if (e) hits++;
      else misses++;
      return e;
    },
    set(key: string, entry: PageCacheEntry) {
      // One page may not take more than a quarter of its segment.
      const seg = segment(key);
      if (entry.bytes > seg.maxBytes / 4) return;
      seg.set(key, entry);
    },
    /** The invalidation count now: a render records it at its start (see stale). */
    get generation() {
      return generation;
    },
    /** Whether an invalidation happened since `since` (the render may show what it replaced). */
    stale(since: number): boolean {
      return since !== generation;
    },
    clear: clearAll,
    /**
     * A notification of the stock channel (`p:<ids>`, `v:<ids>`, `*`, or RECONNECTED): drops the
     * product pages tagged with one of those ids (and any untagged one) and every other page
     * (listings, home, brands: conservative), or everything when it names no ids.
     */
    stockChanged(payload: string) {
      const kind = payload.slice(0, 2);
      const ids = payload.slice(2);
      if ((kind !== "p:" && kind !== "v:") || ids === "*" || ids === "") return clearAll();
      generation++;
      const names = ids.split(",").map((id) => `${kind[0]}${id}`);
      for (const seg of [plain, withQuery]) {
        for (const key of [...seg.keys()]) {
          const tags = isProductKey(key) ? seg.peek(key)?.tags : undefined;
          if (!tags || names.some((n) => tags.has(n))) seg.delete(key);
        }
      }
    },
    /** The render in progress for this key, if any (its entry, or undefined when it had none to share). */
    inflight(key: string): Promise<PageCacheEntry | undefined> | undefined {
      return inflight.get(key)?.promise;
    },
    /** This request renders the page of `key`: others wait for it until settle(key). */
    lead(key: string): void {
      if (inflight.has(key)) return;
      let resolve!: (e: PageCacheEntry | undefined) => void;
      const promise = new Promise<PageCacheEntry | undefined>((r) => {
        resolve = r;
      });
      inflight.set(key, { promise, resolve });
    },
    /** The render of `key` is over: hands its entry (or nothing) to the waiting requests. Idempotent. */
    settle(key: string, entry: PageCacheEntry | undefined): void {
      const f = inflight.get(key);
      if (!f) return;
      inflight.delete(key);
      f.resolve(entry);
    },
    stats() {
      return { entries: plain.size + withQuery.size, bytes: plain.bytes + withQuery.bytes, maxBytes, maxEntries, hits, misses };
    },
  };
}

type CacheState = { pageCacheKey?: string; pageCacheLead?: string; pageCacheGeneration?: number; pageCacheTags?: Set<string> };

/**
 * Runs a render collecting the stock ids it reads (tagPage), when its page may be stored: the
 * entry is tagged with them, so a stock change drops exactly the product pages that showed it.
 */
export function collectPageTags<T>(req: FastifyRequest, render: () => Promise<T>): Promise<T> {
  const state = req as CacheState;
  if (!state.pageCacheKey) return render();
  state.pageCacheTags = new Set();
  return renderTags.run(state.pageCacheTags, render);
}

/** How long a request waits for another one's render of the same page before rendering itself. */
const MAX_COALESCE_WAIT_MS = 10_000;

/**
 * After a miss: when the same page is already being rendered for another request, waits for
 * that render and answers with its bytes (returns true). Otherwise this request becomes the
 * one that renders it (the others wait for it) and false is returned: render as usual.
 */
export async function awaitRender(cache: PageCache, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const state = req as CacheState;
  const key = state.pageCacheKey;
  if (!key) return false;
  const running = cache.inflight(key);
  if (!running) {
    cache.lead(key);
    state.pageCacheLead = key;
    // However the render ends (answered, refused, failed, aborted), the waiting requests go on.
    reply.raw.once("close", () => cache.settle(key, undefined));
    return false;
  }
  const ac = new AbortController();
  const entry = await Promise.race([running, sleep(MAX_COALESCE_WAIT_MS, undefined, { signal: ac.signal }).catch(() => undefined)]);
  ac.abort();
  if (!entry || req.raw.destroyed) return false;
  reply.status(200);
  for (const [k, v] of Object.entries(entry.headers)) reply.header(k, v);
  reply.header("content-length", entry.body.length);
  reply.header("x-cache", "COALESCED");
  void reply.send(req.method === "HEAD" ? null : entry.body);
  return true;
}

/** Answers a request from the cache; returns true when it did. */
export function servePageFromCache(cache: PageCache, req: FastifyRequest, reply: FastifyReply): boolean {
  const key = cache.keyFor(req);
  if (!key) return false;
  const hit = cache.get(key);
  if (!hit) {
    (req as CacheState).pageCacheKey = key;
    (req as CacheState).pageCacheGeneration = cache.generation;
    return false;
  }
  reply.status(200);
  for (const [k, v] of Object.entries(hit.headers)) reply.header(k, v);
  reply.header("content-length", hit.body.length);
  reply.header("x-cache", "HIT");
  void reply.send(req.method === "HEAD" ? null : hit.body);
  return true;
}

/**
 * Marks a rendered response as storable (a 200 HTML page without cookies of its own) and
 * adds `x-cache: MISS`; the onSend hook then keeps its compressed bytes.
 */
export function markCacheable(cache: PageCache, req: FastifyRequest, reply: FastifyReply, res: { status: number; headers: Headers }): void {
  const state = req as CacheState;
  if (!state.pageCacheKey) return;
  const html = (res.headers.get("content-type") ?? "").startsWith("text/html");
  // A page the app itself marked private or no-store (a cart, a session) is never shared.
  const personal = /\b(private|no-store)\b/i.test(res.headers.get("cache-control") ?? "");
  if (res.status !== 200 || !html || personal || res.headers.getSetCookie().length > 0 || req.method !== "GET") {
    state.pageCacheKey = undefined;
    if (state.pageCacheLead) cache.settle(state.pageCacheLead, undefined);
    return;
  }
  reply.header("x-cache", "MISS");
}

/** Set-Cookie headers of a reply other than the language preference (which follows the URL, not the page). */
function setsOwnCookies(reply: FastifyReply): boolean {
  const raw = reply.getHeader("set-cookie");
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return list.some((c) => !String(c).startsWith("locale="));
}

/**
 * Route-level onSend hook of the SSR routes, appended after @fastify/compress's (which adds
 * its own per route, from the root's onRoute hook, and route hooks run after instance hooks):
 * the payload it keeps is the compressed bytes the client receives, so a hit is a copy.
 * Call before the routes are declared.
 */
export function installPageCache(app: FastifyInstance, cache: PageCache) {
  app.addHook("onRoute", (route) => {
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...existing, capture] as typeof route.onSend;
  });
  async function capture(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const lead = (req as CacheState).pageCacheLead;
    if (!(req as CacheState).pageCacheKey || reply.statusCode !== 200 || payload == null || setsOwnCookies(reply)) {
      if (lead) cache.settle(lead, undefined);
      return payload;
    }
    const encoding = reply.getHeader("content-encoding");
    const key = cache.storeKeyFor(req, encoding === undefined ? undefined : String(encoding));
    if (!key) return payload;
    let body: Buffer;
    if (Buffer.isBuffer(payload)) body = payload;
    else if (typeof payload === "string") body = Buffer.from(payload);
    else if (typeof (payload as Readable).pipe === "function") {
      const chunks: Buffer[] = [];
      for await (const c of payload as Readable) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
      body = Buffer.concat(chunks);
    } else return payload;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) {
      if (v === undefined || SKIP_HEADERS.has(k.toLowerCase())) continue;
      headers[k] = Array.isArray(v) ? v.join(", ") : String(v);
    }
    const state = req as CacheState;
    const entry = { headers, body, bytes: body.length + key.length * 2 + 512, tags: state.pageCacheTags };
    // Rendered across an invalidation: answered, shared with the requests waiting for it, not kept.
    if (!cache.stale(state.pageCacheGeneration ?? -1)) cache.set(key, entry);
    // The requests waiting for this render get its bytes only when they are the ones they asked for.
    if (lead) cache.settle(lead, lead === key ? entry : undefined);
    reply.header("content-length", body.length);
    return body;
  }
}
