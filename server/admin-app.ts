import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * The staff application at /admin (issue 38): a single-page app in real React with a build of
 * its own (BUILD_DIR/admin, made by `npm run build` with admin/vite.config.ts). It shares
 * nothing with the storefront's render machinery: its hashed files under /admin/assets/, and
 * index.html for every other /admin path (the app routes in the browser). Its CSP allows
 * scripts and styles of this origin only, and no framing.
 */
export async function adminApp(app: FastifyInstance, opts: { dir?: string }) {
  const dir = opts.dir;
  const index = dir && existsSync(join(dir, "index.html")) ? readFileSync(join(dir, "index.html"), "utf8") : null;
  const CSP =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
  if (dir && index) {
    await app.register(fastifyStatic, {
      root: join(dir, "assets"),
      prefix: "/admin/assets/",
      decorateReply: false,
      wildcard: true,
      index: false,
      setHeaders: (res) => {
        res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  const page = async (_req: unknown, reply: import("fastify").FastifyReply) => {
    if (!index)
      return reply
        .status(503)
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("The staff application is not built: run npm run build.");
    return reply
      .header("content-security-policy", CSP)
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex, nofollow")
      .type("text/html; charset=utf-8")
      .send(index);
  };
  app.get("/admin", page);
  app.get("/admin/", page);
  app.get("/admin/*", async (req, reply) => {
    // A missing hashed file is a 404, not the app's page (a stale tab after a deploy reloads).
    if (req.url.startsWith("/admin/assets/")) return reply.status(404).send({ error: { code: "not_found", message: "Not found" } });
    return page(req, reply);
  });
}
