import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the
 * process with a message naming every wrong variable.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a whole number between 1 and 65535" })
    .int("must be a whole number between 1 and 65535")
    .min(1, "must be a whole number between 1 and 65535")
    .max(65535, "must be a whole number between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url("must be an absolute URL such as https://shop.example.com").optional(),
  SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  SEED_ON_START: z.enum(["on", "off"]).default("on"),
  /** Where the storefront build is read from (tests and parallel work use their own). */
  BUILD_DIR: z.string().min(1).default("./build"),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  secret: string;
  logLevel: string;
  pageCache: boolean;
  seedOnStart: boolean;
  buildDir: string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as "not set", as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? "environment");
      const given = cleaned[name];
      return `${name}${given === undefined ? "" : `=${JSON.stringify(given)}`}: ${i.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === "production" && e.DATABASE_URL && !e.SECRET) {
    // Several copies behind a load balancer must share one signing key.
    throw new ConfigError(["SECRET: required when NODE_ENV=production and DATABASE_URL is set"]);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    secret: e.SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    pageCache: e.PAGE_CACHE === "on",
    seedOnStart: e.SEED_ON_START === "on",
    buildDir: resolve(e.BUILD_DIR),
  };
}

/** A signing key generated on first start and kept in DATA_DIR so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
