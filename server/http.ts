import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import { t } from "../core/i18n/index.ts";
import type { Authenticator, StaffGate } from "./lib/api-route.ts";
import { installErrorHandler } from "./lib/error-handler.ts";
import { createLifecycle, installHealthRoutes, type Lifecycle } from "./lib/health.ts";
import { DEFAULT_TIMEOUTS, type HttpTimeouts } from "./lib/http-timeouts.ts";
import { originGuard } from "./lib/origin-check.ts";
import { COMPRESSION_ENCODINGS } from "./lib/page-cache.ts";
import { requestLanguage } from "./lib/request-language.ts";
import { stripTrackingParams } from "./lib/tracking.ts";
import type { Services } from "./modules/index.ts";
import { ssrPlugin } from "./ssr.ts";
import { adminApp } from "./admin-app.ts";

/**
 * Brotli as @fastify/compress sets it (text mode, quality 4), with a 256 KB window instead of
 * brotli's default 4 MB (docs/decisions/041). A streamed answer makes the encoder allocate its
 * whole window: 4 MB per document in flight, which glibc's malloc then kept in its arena for the
 * thread pool's next (measured: 26 MB free but resident in that arena after 20,000 requests). No
 * page comes near 256 KB (category 78 KB), and the same 78 KB page compresses to the same
 * 14,173 bytes with either window.
 */
const BROTLI_OPTIONS = {
  params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 },
};
export type HttpOptions = {
  services: Services;
  /** The React Router server build; omitted in API-only tests. */
  build?: ServerBuild;
  clientDir?: string;
  logger?: boolean | object;
  /** Extra Fastify plugins with /api routes, registered under the /api prefix. */
  apiPlugins?: ((app: FastifyInstance) => Promise<void>)[];
  /** Plugins with routes outside /api (media, sitemap...), registered before the SSR catch-all. */
  rootPlugins?: ((app: FastifyInstance) => Promise<void>)[];
  /** Who is calling (the accounts module verifies the access token); anonymous when absent. */
  authenticate?: Authenticator;
  /** Staff sessions and the audit log; without it every staff route answers 401. */
  staffGate?: StaffGate;
  /** The staff application's build (BUILD_DIR/admin), served at /admin. */
  adminDir?: string;
  /** Socket timeouts (tests shorten them); see DEFAULT_TIMEOUTS. */
  timeouts?: Partial<HttpTimeouts>;
  /** Readiness and the drain on shutdown (server/lib/health.ts); a fresh one when absent. */
  lifecycle?: Lifecycle;
};

export async function buildHttp(opts: HttpOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    trustProxy: services.config.trustProxy,
    bodyLimit: 1_000_000,
    // The drain (server/lib/health.ts) closes connections with its answers: a request that still
    // arrives on one after the listener closed is answered, not refused with a 503.
    return503OnClosing: false,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  });
  installErrorHandler(app);
  app.decorate("authenticate", opts.authenticate ?? (async () => null));
  app.decorate("validateResponses", services.config.nodeEnv !== "production");
  app.decorate(
    "staffGate",
    opts.staffGate ?? {
      authenticate: async () => null,
      audit: async () => {
        throw new Error("no staff gate");
      },
    },
  );

  // Every answer names its request id, so a shopper's report can be found in the logs.
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", String(req.id));
    if (req.method === "GET" || req.method === "HEAD") {
      const clean = stripTrackingParams(req.url);
      if (clean !== null) return reply.redirect(clean, 301);
    }
  });
  app.addHook("onSend", async (req, reply, payload) => {
    // Over https (directly, or through a trusted proxy's X-Forwarded-Proto: req.protocol follows
    // TRUST_PROXY), browsers are told to come back over https only, for a year (docs/decisions/045).
    if (req.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", "default-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
    }
    return payload;
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: [...COMPRESSION_ENCODINGS], brotliOptions: BROTLI_OPTIONS });

  // /healthz (liveness), /readyz (readiness) and the drain's Connection: close (docs/decisions/049).
  installHealthRoutes(app, services.database, opts.lifecycle ?? createLifecycle());

  await app.register(
    async (api) => {
      // A browser call that authenticates with cookies can be forged by another site: same check as form posts.
      api.addHook("onRequest", originGuard(services.config.publicUrl, { onlyWithCookies: true }));
      for (const plugin of opts.apiPlugins ?? []) await api.register(plugin);
      const notFound = (req: FastifyRequest, reply: FastifyReply) =>
        reply.status(404).send({ error: { code: "api.not_found", message: t(requestLanguage(req), "errors.api.not_found") } });
      api.setNotFoundHandler(notFound);
      // The storefront's catch-all would otherwise take unknown /api paths: this one is more specific.
      api.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/*", handler: notFound });
    },
    { prefix: "/api" },
  );

  for (const plugin of opts.rootPlugins ?? []) await app.register(plugin);
  await app.register(adminApp, { dir: opts.adminDir });

  if (opts.clientDir && existsSync(opts.clientDir)) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/: cache it for a year.
        if (path.includes(`${join("/", "assets", "/")}`)) res.header("cache-control", "public, max-age=31536000, immutable");
        else res.header("cache-control", "public, max-age=3600");
      },
    });
  }

  if (opts.build) {
    await app.register(ssrPlugin, { build: opts.build, services, mode: services.config.nodeEnv });
  }
  return app;
}
