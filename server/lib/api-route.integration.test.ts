import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../test/test-db.ts";
import { createTestShop, type TestShop } from "../test/test-shop.ts";

/**
 * A route's shape, "GET /api/x/:/y/": parameter names left out, as Fastify's route table
 * prints routes that share a segment with both names (":category|:slug").
 */
const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:[\w|:]+/g, ":")}`;

/** Every route Fastify registered under /api, from its own route table (not from apiRoute's list). */
function registeredApiRoutes(shop: TestShop): string[] {
  const out = new Set<string>();
  for (const line of shop.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /\s(\/api\/\S*) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    for (const method of m[2].split(", ")) if (method !== "HEAD") out.add(shape(method, m[1]));
  }
  return [...out].sort();
}

/** Registered /api routes that the OpenAPI document lacks; also checks each documented answer has a schema. */
async function undocumented(shop: TestShop): Promise<string[]> {
  const doc = (await shop.app.inject({ url: "/api/docs/openapi.json" })).json();
  const documented = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(ops)) {
      documented.add(shape(method, path.replace(/\{(\w+)\}/g, ":$1")));
      // A documented route says what it answers: apiRoute() writes a bare {type: "object"} when
      // the route gives no `response` schema.
      const ok = op.responses["200"] ?? op.responses["201"];
      const schema = ok?.content?.["application/json"]?.schema;
      if (ok) expect(schema && JSON.stringify(schema) !== '{"type":"object"}', `${method} ${path} has no answer schema`).toBe(true);
    }
  }
  const routes = registeredApiRoutes(shop);
  expect(routes.length).toBeGreaterThan(40);
  // The unknown-path catch-all answers a JSON 404; it is not an operation.
  return routes.filter((r) => !r.endsWith(" /api/*") && !documented.has(r));
}

describeEachDb("one way to write an API route", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { seed: false });
  });
  afterAll(() => shop?.close());

  it("documents every /api route Fastify serves in /api/docs, with its answer's schema", async () => {
    expect(await undocumented(shop)).toEqual([]);
  });

  it("resolves every schema reference of the document (recursive shapes such as menus)", async () => {
    const doc = (await shop.app.inject({ url: "/api/docs" })).json();
    const refs = [...JSON.stringify(doc.paths).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs).toContain("MenuItem");
    for (const name of refs) expect(doc.components.schemas[name], name).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain("#/$defs/");
  });

  it("notices a route written without apiRoute()", async () => {
    const plain = async (app: FastifyInstance) => {
      app.get("/test/v1/plain/:id/", async () => ({ ok: true }));
    };
    const other = await createTestShop(kind, { seed: false, apiPlugins: [plain] });
    try {
      expect(await undocumented(other)).toEqual(["GET /api/test/v1/plain/:/"]);
    } finally {
      await other.close();
    }
  });
});
