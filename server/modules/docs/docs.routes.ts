import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute, openApiDocument } from "../../lib/api-route.ts";

const OpenApiDocument = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .loose();

/** GET /api/docs and /api/docs/openapi.json: the OpenAPI 3.1 description, built from the routes' Zod schemas. */
export async function docsRoutes(app: FastifyInstance) {
  const send = async () => openApiDocument({ title: "BañoDirecto shop API", version: "1.0.0" });
  for (const url of ["/docs", "/docs/openapi.json"]) {
    apiRoute(app, { method: "GET", url, tag: "docs", summary: "This API's OpenAPI 3.1 description", response: OpenApiDocument }, send);
  }
}
