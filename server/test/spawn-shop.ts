import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

/** Test-free helpers to run the real shop process (process tests, browser tests, benchmarks). */

export const ROOT = resolve(import.meta.dirname, "..", "..");

function portFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const srv = createServer();
    srv.once("error", () => ok(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => ok(true)));
  });
}

/**
 * A free TCP port in [from, to] (starting at a random offset so parallel runs rarely meet),
 * or one the system picks when the range is full.
 */
export async function freePort(from = Number(process.env.TEST_PORT_FROM ?? 3206), to = Number(process.env.TEST_PORT_TO ?? 3299)): Promise<number> {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((start + i) % span);
    if (await portFree(port)) return port;
  }
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => ok(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

export type ShopProcess = {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
};

/** Starts `node --import tsx server/main.ts` as one process (so its pid is the shop's); `nodeArgs` go before it (e.g. --cpu-prof). */
export function spawnShop(env: Record<string, string>, nodeArgs: string[] = []): ShopProcess {
  return startShopProcess([...nodeArgs, "--import", "tsx", "server/main.ts"], env);
}

/**
 * Starts node with `args` (a shop's entry point) in the project, with a plain environment plus
 * `env`, and keeps what it prints: the handle every way of starting a shop process shares.
 */
export function startShopProcess(args: string[], env: Record<string, string>): ShopProcess {
  const port = Number(env.PORT ?? 3000);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // No readiness grace on SIGTERM unless a test asks for one (production's default is 5 s).
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", LOG_LEVEL: "info", SHUTDOWN_READY_GRACE_MS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | string>((ok) => child.once("exit", (code, signal) => ok(code ?? signal ?? -1)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls url until it answers 200; fails early when the process exits. Returns the ms waited. */
export async function waitFor200(shop: ShopProcess, path = "/healthz", timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  let done = false;
  const exited = shop.exited.then((code) => {
    if (!done) throw new Error(`the shop exited (${code}) before answering:\n${shop.output()}`);
  });
  try {
    while (Date.now() - started < timeoutMs) {
      const ok = await Promise.race([
        fetch(shop.url + path)
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status === 200;
          })
          .catch(() => false),
        exited.then(() => false),
      ]);
      if (ok) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no 200 from ${shop.url + path} within ${timeoutMs} ms:\n${shop.output()}`);
  } finally {
    done = true;
  }
}
