/**
 * Cached category page vs nginx serving the same bytes from disk, and the uncached page,
 * measured with wrk in one run (A B A B interleaved, medians). Needs wrk and nginx
 * (apt-get install -y wrk nginx-light) and a built storefront (npm run build).
 *
 *   node --import tsx bench/page-cache-vs-nginx.ts [/platos-de-ducha/] [seconds]
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort, median, startShop, waitFor } from "./lib.ts";

const path = process.argv[2] ?? "/platos-de-ducha/";
const seconds = Number(process.argv[3] ?? 10);
const work = mkdtempSync(join(tmpdir(), "bench-nginx-"));
// nginx workers drop to an unprivileged user: they must be able to read the page.
chmodSync(work, 0o755);

function wrk(url: string): number {
  const out = execFileSync("wrk", ["-t2", "-c50", `-d${seconds}s`, "--latency", url], { encoding: "utf8" });
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m) throw new Error(`wrk output not understood:\n${out}`);
  return Number(m[1]);
}

async function main() {
  const dataDir = join(work, "data");
  const shopPort = await freePort();
  const shop = await startShop({ PORT: String(shopPort), DATA_DIR: dataDir, PAGE_CACHE: "on", LOG_LEVEL: "warn" });
  const shopUrl = `http://127.0.0.1:${shopPort}${path}`;
  try {
    // First request renders (MISS), the second must come from the cache.
    await fetch(shopUrl, { headers: { cookie: "cookie_consent=rejected" } });
    const res = await fetch(shopUrl, { headers: { "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`${shopUrl} answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const cache = (await fetch(shopUrl)).headers.get("x-cache");
    console.log(`page: ${path} (${body.length} bytes), x-cache on repeat: ${cache}`);

    const root = join(work, "www");
    const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    const nginxPort = await freePort();
    const conf = join(work, "nginx.conf");
    writeFileSync(
      conf,
      `worker_processes auto; pid ${work}/nginx.pid; error_log ${work}/error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; tcp_nopush on;
  client_body_temp_path ${work}/tmp; proxy_temp_path ${work}/tmp; fastcgi_temp_path ${work}/tmp; uwsgi_temp_path ${work}/tmp; scgi_temp_path ${work}/tmp;
  server { listen 127.0.0.1:${nginxPort}; root ${root}; index index.html; location / { try_files $uri $uri/index.html =404; } } }`,
    );
    mkdirSync(join(work, "tmp"), { recursive: true });
    const nginx = spawn("nginx", ["-c", conf, "-p", work], { stdio: "ignore" });
    await waitFor(`http://127.0.0.1:${nginxPort}${path}`);
    try {
      wrk(`http://127.0.0.1:${nginxPort}${path}`); // warm-up
      wrk(shopUrl);
      const n: number[] = [];
      const c: number[] = [];
      for (let i = 0; i < 3; i++) {
        n.push(wrk(`http://127.0.0.1:${nginxPort}${path}`));
        c.push(wrk(shopUrl));
      }
      const nginxRps = median(n);
      const cachedRps = median(c);
      console.log(`nginx static:      ${nginxRps.toFixed(0)} req/s  (runs ${n.map((x) => x.toFixed(0)).join(", ")})`);
      console.log(`shop, page cache:  ${cachedRps.toFixed(0)} req/s  (runs ${c.map((x) => x.toFixed(0)).join(", ")})`);
      console.log(`ratio cached/nginx: ${(cachedRps / nginxRps).toFixed(2)} (goal >= 0.32)`);
    } finally {
      nginx.kill("SIGQUIT");
    }
  } finally {
    await shop.stop();
  }

  // The same page rendered on every request.
  const port2 = await freePort();
  const shop2 = await startShop({ PORT: String(port2), DATA_DIR: dataDir, PAGE_CACHE: "off", LOG_LEVEL: "warn" });
  try {
    const url = `http://127.0.0.1:${port2}${path}`;
    wrk(url);
    const u = [wrk(url), wrk(url), wrk(url)];
    console.log(`shop, uncached:    ${median(u).toFixed(0)} req/s  (runs ${u.map((x) => x.toFixed(0)).join(", ")})`);
  } finally {
    await shop2.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
