import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { stripLocale } from "../../core/stores.ts";

/**
 * In-memory cache of anonymous catalog pages (home, categories, products, brands, special
 * listings). It stores the response exactly as it left compression, so a hit is a memcpy.
 *
 * - Only GET/HEAD, only 200 HTML, only when React Router set no cookie of its own, and only
 *   when the request carries no `session` cookie (a logged-in page is personal).
 * - Key: the full URL (with query) + the Accept-Encoding bucket (br | gzip | deflate | identity)
 *   + the `cookie_consent` value (the cookie banner depends on it).
 * - The CSP nonce of a cached page is the nonce of the render that filled the cache: every hit
 *   answers that same nonce with the same CSP header, so inline scripts still match. A nonce
 *   reused across responses is weaker (an injected script could copy a nonce it read), but the
 *   cached pages are anonymous and render no user input; logged-in pages are never cached.
 * - Invalidation: clear() on every copy when the catalog changes (catalogChanged + NOTIFY).
 */
export type PageCacheEntry = { headers: Record<string, string>; body: Buffer; bytes: number };

export type PageCache = ReturnType<typeof createPageCache>;

const CATALOG_PREFIXES = ["/marcas", "/novedades", "/ofertas", "/rebajas", "/espacios", "/black-friday"];

/** Paths of catalog pages: "/", category paths ending in "/", product paths ending in ".html", brands, listings. */
export function isCatalogPath(pathname: string): boolean {
  const p = stripLocale(pathname);
  if (p === "/" || p.endsWith("/") || p.endsWith(".html")) return !p.startsWith("/api/") && !p.startsWith("/profile");
  return CATALOG_PREFIXES.some((x) => p === x || p.startsWith(`${x}/`));
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

export function encodingBucket(acceptEncoding: string | undefined): "br" | "gzip" | "deflate" | "identity" {
  const ae = (acceptEncoding ?? "").toLowerCase();
  const accepts = (enc: string) => new RegExp(`(^|,)\\s*${enc}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`).test(ae);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  if (accepts("deflate")) return "deflate";
  return "identity";
}

/** Headers that belong to one response and are never replayed from the cache. */
const SKIP_HEADERS = new Set(["set-cookie", "x-request-id", "date", "content-length", "x-cache", "transfer-encoding", "connection"]);

export function createPageCache(opts: { enabled: boolean; maxBytes?: number }) {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, PageCacheEntry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function evict() {
    for (const [k, e] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(k);
      bytes -= e.bytes;
    }
  }

  return {
    enabled: opts.enabled,
    /** The cache key of a request, or null when the page must be rendered for this request. */
    keyFor(req: FastifyRequest): string | null {
      if (!opts.enabled || (req.method !== "GET" && req.method !== "HEAD")) return null;
      const cookies = req.headers.cookie;
      if (cookieValue(cookies, "session") !== undefined) return null;
      const pathname = req.url.split("?")[0];
      if (!isCatalogPath(pathname)) return null;
      const consent = cookieValue(cookies, "cookie_consent") ?? "";
      return `${encodingBucket(req.headers["accept-encoding"] as string | undefined)}|${consent}|${req.url}`;
    },
    get(key: string): PageCacheEntry | undefined {
      const e = entries.get(key);
      if (!e) {
        misses++;
        return undefined;
      }
      hits++;
      entries.delete(key);
      entries.set(key, e);
      return e;
    },
    set(key: string, entry: PageCacheEntry) {
      if (entry.bytes > maxBytes / 4) return;
      const old = entries.get(key);
      if (old) {
        bytes -= old.bytes;
        entries.delete(key);
      }
      entries.set(key, entry);
      bytes += entry.bytes;
      evict();
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats() {
      return { entries: entries.size, bytes, maxBytes, hits, misses };
    },
  };
}

type CacheState = { pageCacheKey?: string };

/** Answers a request from the cache; returns true when it did. */
export function servePageFromCache(cache: PageCache, req: FastifyRequest, reply: FastifyReply): boolean {
  const key = cache.keyFor(req);
  if (!key) return false;
  const hit = cache.get(key);
  if (!hit) {
    (req as CacheState).pageCacheKey = key;
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
export function markCacheable(req: FastifyRequest, reply: FastifyReply, res: { status: number; headers: Headers }): void {
  const state = req as CacheState;
  if (!state.pageCacheKey) return;
  const html = (res.headers.get("content-type") ?? "").startsWith("text/html");
  if (res.status !== 200 || !html || res.headers.getSetCookie().length > 0 || req.method !== "GET") {
    state.pageCacheKey = undefined;
    return;
  }
  reply.header("x-cache", "MISS");
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
    const key = (req as CacheState).pageCacheKey;
    if (!key || reply.statusCode !== 200 || payload == null) return payload;
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
    cache.set(key, { headers, body, bytes: body.length + key.length * 2 + 512 });
    reply.header("content-length", body.length);
    return body;
  }
}
