import type { FastifyRequest } from "fastify";
import type { Language } from "../../core/stores.ts";

/** The language of an API request: ?language=, then the /fr prefix of the page, then Accept-Language. */
export function requestLanguage(req: FastifyRequest): Language {
  const q = (req.query as Record<string, unknown> | undefined)?.language;
  if (q === "fr" || q === "es") return q;
  if (req.url.startsWith("/fr/") || req.url === "/fr") return "fr";
  const accept = String(req.headers["accept-language"] ?? "").toLowerCase();
  return accept.startsWith("fr") ? "fr" : "es";
}
