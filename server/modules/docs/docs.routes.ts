import type { FastifyInstance } from "fastify";
import { openApiDocument } from "../../lib/api-route.ts";

/** GET /api/docs and /api/docs/openapi.json: the OpenAPI 3.1 description, built from the routes' Zod schemas. */
export async function docsRoutes(app: FastifyInstance) {
  const send = async () => openApiDocument({ title: "BañoDirecto shop API", version: "1.0.0" });
  app.get("/docs", send);
  app.get("/docs/openapi.json", send);
}
