import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killableShops } from "./test/killable-shop.ts";
import { freePort, ROOT } from "./test/spawn-shop.ts";

/**
 * The README's nginx example (deploy/nginx.conf) as an operator would use it: nginx on a loopback
 * port in front of two copies of the shop on one PostgreSQL database. Needs nginx (Debian:
 * `apt-get install -y nginx`) and TEST_DATABASE_URL; without them it says so and does not run.
 */
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const PG = process.env.TEST_DATABASE_URL;
if (!NGINX || !PG) console.warn(`nginx example test not run: ${!NGINX ? "no nginx (apt-get install -y nginx)" : "no TEST_DATABASE_URL"}`);

describe.runIf(NGINX && PG)("deploy/nginx.conf in front of two copies [postgres]", () => {
  const shops = killableShops("postgres", "nginx");
  let nginx: ChildProcess | undefined;
  let dir = "";
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((ok) => nginx?.once("exit", ok));
      nginx.kill("SIGQUIT");
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("passes pages, API calls and /readyz to the copies, and goes on when one copy stops", async () => {
    await shops.prepare();
    const a = await shops.start();
    const b = await shops.start();
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), "shop-nginx-"));
    for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, d));

    // The example with this machine's addresses: the two copies, a loopback port.
    const example = readFileSync(join(ROOT, "deploy", "nginx.conf"), "utf8");
    const site = example
      .replace(/server 10\.0\.0\.11:3000/, `server 127.0.0.1:${a.port}`)
      .replace(/server 10\.0\.0\.12:3000/, `server 127.0.0.1:${b.port}`)
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
    expect(site).toContain(`127.0.0.1:${a.port}`);
    expect(site).toContain(`127.0.0.1:${b.port}`);
    expect(site).toContain(`listen 127.0.0.1:${port};`);
    writeFileSync(join(dir, "shop.conf"), site);
    // What /etc/nginx/nginx.conf gives it, with every path in the test's folder.
    writeFileSync(
      join(dir, "nginx.conf"),
      `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/shop.conf;
}
`,
    );
    let out = "";
    nginx = spawn(NGINX!, ["-p", dir, "-e", join(dir, "error.log"), "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stdout?.on("data", (d) => {
      out += d;
    });
    nginx.stderr?.on("data", (d) => {
      out += d;
    });
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      const ok = await fetch(`${base}/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      if (nginx.exitCode !== null || Date.now() - started > 20_000) {
        throw new Error(`nginx did not answer: ${out}\n${existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "up" });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<\/html>/);
    const added = await fetch(`${base}/api/cart/v1/cart-rows/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ product: "no-such-product", selection: { quantity: 1, options: {}, ranges: {}, texts: {}, complements: {} } }),
    });
    // The shop's own answer (a JSON 4xx naming the product), through the proxy.
    expect(added.status).toBeGreaterThanOrEqual(400);
    expect(added.status).toBeLessThan(500);
    expect((await added.json()).error.message).toBeTruthy();

    // One copy stops (SIGTERM, as a deploy would): every request still gets a page.
    expect(await a.stop("SIGTERM")).toBe(0);
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${base}/marcas`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
