import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { can, type Permission, STAFF_ROLES } from "../../core/staff-permissions.ts";
import { type AuditEntry, takeAudited } from "../modules/staff/staff.audit.ts";
import type { StaffUser } from "../modules/staff/staff.service.ts";
import { AppError } from "./errors.ts";
import { checkBodyShape, checkParsedNumbers, checkRawInput, INT4_MAX, INT4_MIN } from "./edge-input.ts";
import type { AuthUser } from "./request-context.ts";

/**
 * The one way to write an /api route (docs/decisions/011): its Zod schemas validate the
 * request, describe it in the OpenAPI document (GET /api/docs) and, outside production, check
 * the answer, so the description cannot drift from what the server accepts and returns.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiRouteDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = {
  method: HttpMethod;
  /** Path under /api, Fastify syntax (":slug"). */
  url: string;
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer's shape (documented; validated outside production). */
  response?: R;
  /** Success status: 200 by default, 201 for a creation, 204 for a deletion without body. */
  status?: 200 | 201 | 202 | 204;
  /**
   * Which customers may call: "user" needs a valid access token (401 otherwise), "optional"
   * reads the user when a token is given. Default: anyone. Staff routes use `permission`.
   */
  auth?: "user" | "optional";
  /**
   * With `auth` too, the route also takes a customer's token (the handler gets `user`, no
   * `staff`); a caller with a staff session needs this permission.
   *
   * A staff route (the back office, /api/admin/v1): the caller needs a staff session that has
   * passed its second factor, and a role with this permission (401 / 403 otherwise). Every
   * successful write of such a route leaves at least one audit entry (see `audit` below).
   */
  permission?: Permission;
  /** Staff auth routes that work before the second factor ("pending": login waiting for TOTP or enrolment). */
  staffSession?: "pending";
  /** Query parameters with dynamic names (e.g. range_<filterId>), documented only. */
  extraQuery?: { name: string; description: string; schema: Record<string, unknown> }[];
  /** Error statuses besides 400 (and 401/403 implied by `auth`) this route answers. */
  errors?: (404 | 409 | 410 | 413 | 422 | 429 | 503)[];
  /** @deprecated use errors: [404] */
  notFound?: boolean;
};

type AnyDef = ApiRouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
const registry = new Map<string, AnyDef>();

export type Parsed<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /** The caller when the route has `auth` and a valid token was given, else null. */
  user: AuthUser | null;
  /** The staff member of a `permission` (or `staffSession`) route; null elsewhere. */
  staff: StaffUser | null;
  /**
   * Records a staff write in the append-only audit log, in the given transaction (the write's
   * own, so both land or neither). A staff write route that records nothing gets one generic
   * entry (route, params, body) after it succeeds, so no route can forget.
   */
  audit: (entry: AuditEntry, tx?: unknown) => Promise<void>;
};

/** The staff side of the request: set by createShop from the staff module. */
export type StaffGate = {
  authenticate(req: FastifyRequest): Promise<StaffUser | null>;
  audit(req: FastifyRequest, staff: StaffUser, entry: AuditEntry, tx?: unknown): Promise<void>;
};

/** Resolves the caller from the request (Authorization: Bearer, or the storefront's cookie). */
export type Authenticator = (req: FastifyRequest) => Promise<AuthUser | null>;

declare module "fastify" {
  interface FastifyReply {
    /** Set when a handler chose its success status itself (see apiRoute). */
    hasExplicitStatus?: boolean;
  }
  interface FastifyInstance {
    /** Set by http.ts from the accounts module; answers null for an anonymous request. */
    authenticate: Authenticator;
    /** Outside production, every apiRoute answer is checked against its response schema. */
    validateResponses: boolean;
    /** Staff sessions and the audit log (the staff module); absent in tests of other modules. */
    staffGate: StaffGate;
  }
}

/** Registers a Fastify route that parses params, query and body with its Zod schemas (ZodError -> 400). */
export function apiRoute<P extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever, R extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  def: ApiRouteDef<P, Q, B, R>,
  handler: (input: Parsed<P, Q, B>, req: FastifyRequest, reply: FastifyReply) => Promise<z.input<R> | undefined | unknown>,
): void {
  registry.set(`${def.method} ${app.prefix}${def.url}`, { ...(def as unknown as AnyDef), url: `${app.prefix}${def.url}` });
  app.route({
    method: def.method,
    url: def.url,
    handler: async (req, reply) => {
      reply.hasExplicitStatus = false;
      let user: AuthUser | null = null;
      const takesStaff = Boolean(def.permission || def.staffSession);
      // A personal answer (a customer's or staff's route) or the answer to a write (tokens, a new
      // address) is kept by no cache (docs/decisions/045); a handler may still set its own.
      if ((def.auth || takesStaff || def.method !== "GET") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      const staff: StaffUser | null = takesStaff ? await req.server.staffGate.authenticate(req) : null;
      // `auth` and `permission` together: a spec call a customer makes for themselves and staff
      // make with the permission (PUT clients/{id}/toggle_type/). A staff session decides first;
      // without one, the customer rules apply.
      if (def.auth && !staff) {
        user = await req.server.authenticate(req);
        if (!user && def.auth !== "optional") throw new AppError("auth.not_authenticated", 401);
      } else if (takesStaff) {
        if (!staff) throw new AppError("staff.not_authenticated", 401);
        if (def.permission) {
          if (staff.state === "mfa") throw new AppError("staff.second_factor_required", 401);
          if (staff.state === "enrol") throw new AppError("staff.totp_enrolment_required", 403);
          if (!can(staff.role, def.permission)) throw new AppError("auth.forbidden", 403);
        }
      }
      const audit = async (entry: AuditEntry, tx?: unknown) => {
        if (!staff) throw new Error(`audit() outside a staff route: ${def.method} ${def.url}`);
        await req.server.staffGate.audit(req, staff, entry, tx);
      };
      // The edge's own checks (docs/decisions/045): no control characters, nothing deeper than a
      // real body, a body that is an object, and every number within int4 once parsed.
      checkRawInput(req.params, "params");
      checkRawInput(req.query, "query");
      if (def.body) {
        checkBodyShape(req.body);
        checkRawInput(req.body, "body");
      }
      const input = {
        params: def.params ? def.params.parse(req.params) : undefined,
        query: def.query ? def.query.parse(req.query ?? {}) : undefined,
        body: def.body ? def.body.parse(req.body ?? {}) : undefined,
        user,
        staff,
        audit,
      } as Parsed<P, Q, B>;
      checkParsedNumbers(input.params, "params");
      checkParsedNumbers(input.query, "query");
      checkParsedNumbers(input.body, "body");
      const result = await handler(input, req, reply);
      // A staff write that succeeded without an entry of its own (through audit() or a service's
      // writeAudit with this request's id) still leaves one.
      const audited = staff ? takeAudited(String(req.id)) : false;
      if (def.permission && def.method !== "GET" && !audited && staff && reply.statusCode < 300) {
        await req.server.staffGate.audit(req, staff, {
          action: `${def.method} ${app.prefix}${def.url}`,
          entityType: "route",
          entityId: JSON.stringify(req.params ?? {}),
          after: req.body ?? null,
        });
      }
      if (reply.sent) return reply;
      if (def.status === 204) return reply.status(204).send();
      // A handler may answer another success status itself (an idempotent repeat: 200 instead of 201).
      if (def.status && !reply.hasExplicitStatus) reply.status(def.status);
      if (def.response && req.server.validateResponses && reply.statusCode < 300) {
        const check = def.response.safeParse(result);
        if (!check.success) {
          req.log.error({ issues: check.error.issues.slice(0, 5), route: `${def.method} ${def.url}` }, "answer does not match its documented schema");
          throw new AppError("internal", 500, "response schema mismatch");
        }
      }
      return result;
    },
  });
}

function rolesWith(p: Permission): string {
  return STAFF_ROLES.filter((r) => can(r, p)).join(", ");
}

/** The permission of each staff route ("POST /api/admin/v1/..." -> permission): the permission matrix test walks it. */
export function staffRoutes(): { method: HttpMethod; url: string; permission: Permission; customerToo: boolean }[] {
  return [...registry.values()]
    .filter((d) => d.permission)
    .map((d) => ({ method: d.method, url: d.url, permission: d.permission!, customerToo: Boolean(d.auth) }));
}

/** Every route documented so far ("GET /api/catalog/v1/..."): the OpenAPI test compares it with Fastify's table. */
export function documentedRoutes(): string[] {
  return [...registry.values()].map((d) => `${d.method} ${d.url}`);
}

/** Shared and recursive schemas (a menu's children...) of the document, under components.schemas. */
type Components = { schemas: Record<string, unknown>; next: number };

/**
 * A route's schema as JSON Schema. Zod puts recursive parts under a local `$defs`, which means
 * nothing inside an OpenAPI path: they move to components.schemas (under a name of their own)
 * and their references follow.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Components): Record<string, any> {
  const s = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, any>;
  delete s.$schema;
  if (io === "input") boundNumbers(s);
  const defs = s.$defs as Record<string, unknown> | undefined;
  if (!defs) return s;
  delete s.$defs;
  const names = new Map(Object.keys(defs).map((k) => [k, k.startsWith("__") ? `Schema${components.next++}` : k]));
  const relink = (v: unknown) =>
    JSON.parse(JSON.stringify(v).replace(/"#\/\$defs\/([^"]+)"/g, (_m, k: string) => JSON.stringify(`#/components/schemas/${names.get(k) ?? k}`)));
  for (const [k, def] of Object.entries(defs)) components.schemas[names.get(k)!] = relink(def);
  return relink(s);
}

/** What the edge accepts (server/lib/edge-input.ts): every number of a request within int4, documented as such. */
function boundNumbers(node: unknown): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const v of node) boundNumbers(v);
    return;
  }
  const n = node as Record<string, any>;
  const types = [n.type].flat();
  if (types.includes("integer") || types.includes("number")) {
    n.maximum = Math.min(typeof n.maximum === "number" ? n.maximum : INT4_MAX, INT4_MAX);
    n.minimum = Math.max(typeof n.minimum === "number" ? n.minimum : INT4_MIN, INT4_MIN);
  }
  for (const v of Object.values(n)) boundNumbers(v);
}

function parameters(schema: z.ZodType | undefined, where: "query" | "path", components: Components) {
  if (!schema) return [];
  const s = jsonSchema(schema, "input", components);
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

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid parameter (message in the request's language)",
  401: "No valid access token",
  403: "Not allowed for this user",
  404: "Not found (or not this user's)",
  409: "Conflicts with the current state",
  410: "Gone (expired)",
  413: "Body too large",
  422: "Refused by a business rule",
  429: "Too many attempts: try again later",
  503: "A service the call needs (e.g. the payment provider) is unavailable: try again later",
};

/** The OpenAPI 3.1 document of every route registered with apiRoute(). */
export function openApiDocument(info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = { schemas: {}, next: 1 };
  const defs = [...registry.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const def of defs) {
    const path = def.url.replace(/:(\w+)\??/g, "{$1}");
    const errorStatuses = new Set<number>([400, ...(def.errors ?? []), ...(def.notFound ? [404] : [])]);
    if (def.auth === "user") errorStatuses.add(401);
    if (def.permission || def.staffSession) errorStatuses.add(401);
    if (def.permission) errorStatuses.add(403);
    const ok = String(def.status ?? 200);
    const op: Record<string, unknown> = {
      tags: [def.tag],
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      operationId: `${def.method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      parameters: [
        ...parameters(def.params, "path", components),
        ...parameters(def.query, "query", components),
        ...(def.extraQuery ?? []).map((x) => ({ name: x.name, in: "query", required: false, description: x.description, schema: x.schema })),
      ],
      ...(def.auth ? { security: def.auth === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }] } : {}),
      ...(def.permission || def.staffSession
        ? { security: [...(def.auth && def.permission ? [{ bearer: [] }] : []), { staffCookie: [] }, { staffBearer: [] }] }
        : {}),
      ...(def.permission
        ? {
            "x-permission": def.permission,
            description: `${def.description ? `${def.description}\n\n` : ""}Permission: \`${def.permission}\` (roles: ${rolesWith(def.permission)}).`,
          }
        : {}),
      responses: {
        [ok]:
          ok === "204"
            ? { description: "Done, no content" }
            : {
                description: "OK",
                content: { "application/json": { schema: def.response ? jsonSchema(def.response, "output", components) : { type: "object" } } },
              },
        ...Object.fromEntries(
          [...errorStatuses]
            .sort()
            .map((s) => [String(s), { description: ERROR_TEXT[s] ?? "Error", content: { "application/json": { schema: errorSchema } } }]),
        ),
      },
    };
    if (def.body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(def.body, "input", components) } } };
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: {
      ...info,
      description:
        "REST API of the shop (spec section 7). Catalog calls take `store` (ESDB, FRDB or a store id) and `language` (es, fr). " +
        "User calls take `Authorization: Bearer <access token>` from POST /api/auth-users/token/.",
    },
    servers: [{ url: "/" }],
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        staffCookie: { type: "apiKey", in: "cookie", name: "bd_staff", description: "Staff session of the back office (POST /api/admin/v1/auth/login/)" },
        staffBearer: { type: "http", scheme: "bearer", bearerFormat: "bds_… staff session token" },
      },
    },
    paths,
  };
}
