import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/**
 * A route whose Zod schemas both validate the request and describe it in the OpenAPI
 * document (GET /api/docs): the description cannot drift from what the server accepts.
 */
export type ApiRouteDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  method: "GET" | "POST";
  /** Path under /api, Fastify syntax (":slug"). */
  url: string;
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Query parameters with dynamic names (e.g. range_<filterId>), documented only. */
  extraQuery?: { name: string; description: string; schema: Record<string, unknown> }[];
  /** Statuses besides 200 and 400 this route answers (404 for an unknown slug). */
  notFound?: boolean;
};

type AnyDef = ApiRouteDef<z.ZodType, z.ZodType, z.ZodType>;
const registry = new Map<string, AnyDef>();

export type Parsed<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

/** Registers a Fastify route that parses params, query and body with its Zod schemas (ZodError -> 400). */
export function apiRoute<P extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
  app: FastifyInstance,
  def: ApiRouteDef<P, Q, B>,
  handler: (input: Parsed<P, Q, B>, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  registry.set(`${def.method} ${def.url}`, def as unknown as AnyDef);
  app.route({
    method: def.method,
    url: def.url,
    handler: async (req, reply) => {
      const input = {
        params: def.params ? def.params.parse(req.params) : undefined,
        query: def.query ? def.query.parse(req.query ?? {}) : undefined,
        body: def.body ? def.body.parse(req.body ?? {}) : undefined,
      } as Parsed<P, Q, B>;
      return handler(input, req, reply);
    },
  });
}

function jsonSchema(schema: z.ZodType): Record<string, any> {
  const s = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, any>;
  delete s.$schema;
  return s;
}

function parameters(schema: z.ZodType | undefined, where: "query" | "path") {
  if (!schema) return [];
  const s = jsonSchema(schema);
  const required = new Set<string>(s.required ?? []);
  return Object.entries((s.properties ?? {}) as Record<string, any>).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return {
      name,
      in: where,
      required: where === "path" || (required.has(name) && rest.default === undefined),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const errorSchema = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" }, details: {} },
      required: ["code", "message"],
    },
  },
  required: ["error"],
};

/** The OpenAPI 3.1 document of every route registered with apiRoute(). */
export function openApiDocument(info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const defs = [...registry.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const def of defs) {
    const path = `/api${def.url.replace(/:(\w+)/g, "{$1}")}`;
    const op: Record<string, unknown> = {
      tags: [def.tag],
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      operationId: `${def.method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      parameters: [
        ...parameters(def.params, "path"),
        ...parameters(def.query, "query"),
        ...(def.extraQuery ?? []).map((x) => ({ name: x.name, in: "query", required: false, description: x.description, schema: x.schema })),
      ],
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } },
        "400": { description: "Invalid parameter (message in the request's language)", content: { "application/json": { schema: errorSchema } } },
        ...(def.notFound ? { "404": { description: "Not found in this store and language", content: { "application/json": { schema: errorSchema } } } } : {}),
      },
    };
    if (def.body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(def.body) } } };
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: { ...info, description: "REST API of the shop (spec section 7). Catalog calls take `store` (ESDB, FRDB or a store id) and `language` (es, fr)." },
    servers: [{ url: "/" }],
    paths,
  };
}
