// Shared helpers of the benchmark scripts: start the shop as one child process, wait for
// it, free ports, medians.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 200 (or the time runs out). Returns the milliseconds it took. */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.status === 200) return Date.now() - t0;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export type ShopProcess = { child: ChildProcess; port: number; startMs: number; stop(): Promise<void> };

/** Starts `node --import tsx server/main.ts` (one process, so stopping it by PID stops it). */
export async function startShop(env: Record<string, string>): Promise<ShopProcess> {
  const port = Number(env.PORT);
  const t0 = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", SEED_ON_START: "on", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000);
  return {
    child,
    port,
    startMs: Date.now() - t0,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
