import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { hasKey, t } from "../../core/i18n/index.ts";
import { AppError } from "./errors.ts";
import { requestLanguage } from "./request-language.ts";

export type ApiError = { error: { code: string; message: string; details?: unknown } };

/**
 * One answer shape for every API error: {error: {code, message}}, the message in the
 * request's language, never a stack trace. 5xx details go to the log only.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    const lang = requestLanguage(req);
    const msg = (code: string, fallback?: string) =>
      hasKey(lang, `errors.${code}`) ? t(lang, `errors.${code}`) : (fallback ?? t(lang, "errors.validation"));

    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, "application error");
      const body: ApiError = {
        error: { code: err.code, message: msg(err.code, err.message !== err.code ? err.message : undefined) },
      };
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
      return reply.status(fe.statusCode).send({
        error: { code: fe.code?.toLowerCase() ?? "bad_request", message: fe.message },
      });
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ error: { code: "internal", message: t(lang, "errors.internal") } });
  });
}
