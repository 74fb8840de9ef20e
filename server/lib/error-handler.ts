import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { hasKey, type Params, t } from "../../core/i18n/index.ts";
import { type Language, languageFromPath, localePath } from "../../core/stores.ts";
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from "../db/errors.ts";
import { AppError } from "./errors.ts";
import { requestLanguage } from "./request-language.ts";

export type ApiError = { error: { code: string; message: string; details?: unknown } };

/**
 * The message of an error code in the request's language: errors.<code> when the catalogue has
 * it (a test checks that every code thrown in server/ has es and fr text), else the generic
 * message of the status, so an unknown code on a 404 never reads "invalid data".
 */
export function errorMessage(lang: Language, code: string, status: number, params?: Params): string {
  if (hasKey(lang, `errors.${code}`)) return t(lang, `errors.${code}`, params);
  return t(lang, genericKey(status));
}

/** The generic message of an HTTP status. */
export function genericKey(status: number): string {
  if (status >= 500) return "errors.internal";
  switch (status) {
    case 401:
      return "errors.unauthorized";
    case 403:
      return "errors.forbidden";
    case 404:
      return "errors.not_found";
    case 405:
      return "errors.method_not_allowed";
    case 408:
      return "errors.request.timeout";
    case 409:
      return "errors.conflict";
    case 413:
      return "errors.request.too_large";
    case 415:
      return "errors.request.unsupported_media_type";
    case 429:
      return "errors.rate_limited";
    default:
      return "errors.validation";
  }
}

/** Fastify's own 4xx (body parsing, limits) with a message of the catalogue instead of English. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "request.too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "request.unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "request.bad_body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "request.bad_body",
  FST_ERR_CTP_INVALID_JSON_BODY: "request.bad_body",
  FST_ERR_CTP_INVALID_TYPE: "request.unsupported_media_type",
};

/** A document request of the storefront (a form posted without JavaScript): it gets a page, not JSON. */
function wantsPage(req: FastifyRequest): boolean {
  const path = req.url.split("?")[0];
  if (path === "/api" || path.startsWith("/api/")) return false;
  const accept = String(req.headers.accept ?? "");
  return accept.includes("text/html") || req.headers["sec-fetch-dest"] === "document";
}

function languageOf(req: FastifyRequest): Language {
  const path = req.url.split("?")[0];
  return path.startsWith("/api/") ? requestLanguage(req) : languageFromPath(path);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A refused request (403 cross-site, 413 too large, 415 not a form...): a short page in the
 * store's language with a way back for a document request, {error:{code,message}} otherwise.
 */
export function sendRefusal(req: FastifyRequest, reply: FastifyReply, status: number, code: string, params?: Params): FastifyReply {
  const lang = languageOf(req);
  const message = errorMessage(lang, code, status, params);
  reply.status(status).header("cache-control", "no-store");
  if (!wantsPage(req)) return reply.send({ error: { code, message, ...(params ? { details: params } : {}) } } satisfies ApiError);
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(t(lang, "errors.code", { status }))}</title></head><body><main><h1>${escapeHtml(message)}</h1>` +
    `<p><a href="${localePath(lang, "/")}">${escapeHtml(t(lang, "errors.back_to_shop"))}</a></p></main></body></html>`;
  return reply.type("text/html; charset=utf-8").send(html);
}

/**
 * The answer of a request that lost the database: 503, Retry-After, the message in the
 * request's language ({error:{code:"database.unavailable"}} or, for a document, a short page).
 */
export function sendDatabaseUnavailable(req: FastifyRequest, reply: FastifyReply, err?: unknown): FastifyReply {
  req.log.warn({ err }, "database unavailable: answered 503");
  reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
  return sendRefusal(req, reply, 503, "database.unavailable");
}

/** Plain string/number details become message parameters ({max}, {widths}...). */
function paramsOf(details: unknown): Params | undefined {
  if (!details || typeof details !== "object" || Array.isArray(details)) return undefined;
  const out: Params = {};
  for (const [k, v] of Object.entries(details)) if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}

function firstFieldError(details: unknown): string | undefined {
  const fields = (details as { fieldErrors?: unknown } | null | undefined)?.fieldErrors;
  if (!fields || typeof fields !== "object") return undefined;
  const first = Object.values(fields)[0];
  return typeof first === "string" ? first : undefined;
}

/**
 * One answer shape for every API error: {error: {code, message}}, the message in the
 * request's language, never a stack trace. 5xx details go to the log only.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    const lang = requestLanguage(req);
    // The database restarting or out of reach (docs/decisions/049): 503 with Retry-After, never a 500.
    if (!(err instanceof AppError && err.status < 500) && isDatabaseUnavailable(err)) return sendDatabaseUnavailable(req, reply, err);

    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, "application error");
      // A form's validation error answers its first field's message (already in the request's language).
      const message = firstFieldError(err.details) ?? errorMessage(lang, err.code, err.status, paramsOf(err.details));
      const body: ApiError = { error: { code: err.code, message } };
      if (err.details !== undefined) body.error.details = err.details;
      return reply.status(err.status).send(body);
    }
    if (err instanceof ZodError) {
      const details = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      const first = details[0];
      return reply.status(400).send({
        error: {
          code: "validation",
          message: first ? `${t(lang, "errors.validation")}: ${first.path || "body"}: ${first.message}` : t(lang, "errors.validation"),
          details,
        },
      });
    }
    const fe = err as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, body too large, unsupported media type...
      const code = (fe.code && FASTIFY_CODES[fe.code]) ?? fe.code?.toLowerCase() ?? "bad_request";
      return sendRefusal(req, reply, fe.statusCode, code);
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ error: { code: "internal", message: t(lang, "errors.internal") } });
  });
}
