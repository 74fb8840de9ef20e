import { createHash, randomBytes } from "node:crypto";
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
  /** Connections each process keeps to PostgreSQL (more than twice the database's cores rarely helps). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "must be a whole number between 1 and 100" })
    .int("must be a whole number between 1 and 100")
    .min(1, "must be a whole number between 1 and 100")
    .max(100, "must be a whole number between 1 and 100")
    .default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where media originals, generated PDFs and request photos live (docs/decisions/052); unset: postgres with DATABASE_URL, else disk. */
  STORAGE: z.enum(["disk", "postgres"], { error: 'must be "disk" or "postgres"' }).optional(),
  PUBLIC_URL: z.url("must be an absolute URL such as https://shop.example.com").optional(),
  SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** Storefront requests rendered at a time by one process; the others wait their turn (decision 037). */
  RENDER_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number between 1 and 64" })
    .int("must be a whole number between 1 and 64")
    .min(1, "must be a whole number between 1 and 64")
    .max(64, "must be a whole number between 1 and 64")
    .default(2),
  /** React Router's route tree made once per build for the documents (app/lib/server-router.tsx, decision 038); off: once per document, as React Router does. */
  ROUTER_CACHE: z.enum(["on", "off"]).default("on"),
  SEED_ON_START: z.enum(["on", "off"]).default("on"),
  /** Where the storefront build is read from (tests and parallel work use their own). */
  BUILD_DIR: z.string().min(1).default("./build"),
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host: "loopback" (a proxy on the same host,
   * the default), "none", or a comma-separated list of addresses/CIDRs. Never "any": a client
   * could then fake its address and slip past the per-IP login throttling.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(none|loopback|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, 'must be "none", "loopback" or a comma-separated list of addresses/CIDRs')
    .default("loopback"),
  /** Hours without activity after which a cart becomes abandoned (status 150). */
  CART_ABANDON_HOURS: z.coerce
    .number({ error: "must be a number of hours between 1 and 8760" })
    .int("must be a whole number of hours between 1 and 8760")
    .min(1, "must be a whole number of hours between 1 and 8760")
    .max(8760, "must be a whole number of hours between 1 and 8760")
    .default(72),
  /** PayPal commission rate applied to the total when PayPal is chosen (spec 9's 0.02). */
  PAYPAL_COMMISSION_RATE: z.coerce
    .number({ error: "must be a rate between 0 and 0.2 such as 0.02" })
    .min(0, "must be a rate between 0 and 0.2 such as 0.02")
    .max(0.2, "must be a rate between 0 and 0.2 such as 0.02")
    .default(0.02),
  /** Outgoing mail server (smtp:// or smtps://, credentials in the URL); unset: mails go to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465")
    .optional(),
  /** Sender of the shop's mails: an address, or a name and an address ("Shop <no-reply@example.com>"). */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}>|[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,})$/, 'must be an email address or "Name <address>"')
    .optional(),
  /**
   * Payment providers (docs/decisions/017): the card provider (card, Bizum, Klarna, Scalapay,
   * Google Pay, Apple Pay; Adyen-shaped) and the wallet provider (PayPal-shaped). Only the
   * embedded sandbox is built in; a real adapter registers another name.
   */
  PAYMENT_CARD_PROVIDER: z.enum(["sandbox"], { error: 'must be "sandbox" (the only provider adapter built in)' }).default("sandbox"),
  PAYMENT_WALLET_PROVIDER: z.enum(["sandbox"], { error: 'must be "sandbox" (the only provider adapter built in)' }).default("sandbox"),
  /** Webhook HMAC key, hex (Adyen's format); unset: derived from SECRET. */
  PAYMENT_HMAC_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{2}){16,64}$/, "must be a hex key of 32 to 128 characters")
    .optional(),
  /** Where the sandbox provider sends its webhooks; unset: to this process, through its own HTTP stack. */
  SANDBOX_WEBHOOK_URL: z.url("must be an absolute URL").optional(),
  /** The bank account shown for transfer payments. */
  TRANSFER_HOLDER: z.string().trim().min(2).max(120).default("BañoDirecto Reformas S.L."),
  TRANSFER_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/, "must be an IBAN such as ES9121000418450200051332"))
    .default("ES9121000418450200051332"),
  TRANSFER_BIC: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be a BIC such as CAIXESBBXXX")
    .default("CAIXESBBXXX"),
  TRANSFER_BANK: z.string().trim().min(2).max(120).default("CaixaBank"),
  /**
   * On SIGTERM, milliseconds /readyz answers 503 while the copy still serves, so the balancer
   * stops sending before the listener closes (docs/decisions/049). Default 5000 in production, 0 otherwise.
   */
  SHUTDOWN_READY_GRACE_MS: z.coerce
    .number({ error: "must be a whole number of milliseconds between 0 and 60000" })
    .int("must be a whole number of milliseconds between 0 and 60000")
    .min(0, "must be a whole number of milliseconds between 0 and 60000")
    .max(60_000, "must be a whole number of milliseconds between 0 and 60000")
    .optional(),
});

/** Variables whose value may hold a password or key. */
const HIDDEN = new Set(["SECRET", "SMTP_URL", "PAYMENT_HMAC_KEY"]);

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  /** Files' storage (server/lib/storage.ts): "disk" under DATA_DIR, or "postgres" (shared by every copy). */
  storage: "disk" | "postgres";
  publicUrl: string;
  secret: string;
  logLevel: string;
  pageCache: boolean;
  /** Storefront requests rendered at a time (server/lib/render-gate.ts). */
  renderConcurrency: number;
  /** The documents' route tree kept per build (app/lib/server-router.tsx). */
  routerCache: boolean;
  seedOnStart: boolean;
  buildDir: string;
  /** Proxies trusted for X-Forwarded-* (Fastify's trustProxy value): false, or addresses/CIDRs. */
  trustProxy: false | string[];
  /** Carts idle this long become abandoned (status 150). */
  cartAbandonHours: number;
  /** On SIGTERM, how long the copy reports not-ready before it stops accepting connections. */
  shutdownReadyGraceMs: number;
  paypalCommissionRate: number;
  /** SMTP server URL; undefined: the embedded outbox (DATA_DIR/outbox/*.eml). */
  smtpUrl: string | undefined;
  mailFrom: string;
  payments: {
    cardProvider: "sandbox";
    walletProvider: "sandbox";
    /** Hex HMAC key of the webhooks. */
    hmacKey: string;
    sandboxWebhookUrl: string | undefined;
    transfer: { holder: string; iban: string; bic: string; bank: string };
  };
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
      // A refused secret is not echoed: the message ends up in logs.
      const shown = given === undefined ? "" : HIDDEN.has(name) ? " (value hidden)" : `=${JSON.stringify(given)}`;
      return `${name}${shown}: ${i.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === "production" && e.DATABASE_URL && !e.SECRET) {
    // Several copies behind a load balancer must share one signing key.
    throw new ConfigError(["SECRET: required when NODE_ENV=production and DATABASE_URL is set"]);
  }
  const secret = e.SECRET ?? persistedSecret(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    storage: e.STORAGE ?? (e.DATABASE_URL ? "postgres" : "disk"),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    secret,
    logLevel: e.LOG_LEVEL,
    pageCache: e.PAGE_CACHE === "on",
    renderConcurrency: e.RENDER_CONCURRENCY,
    routerCache: e.ROUTER_CACHE === "on",
    seedOnStart: e.SEED_ON_START === "on",
    buildDir: resolve(e.BUILD_DIR),
    trustProxy: e.TRUST_PROXY === "none" ? false : e.TRUST_PROXY === "loopback" ? ["127.0.0.1", "::1"] : e.TRUST_PROXY.split(",").map((x) => x.trim()),
    cartAbandonHours: e.CART_ABANDON_HOURS,
    shutdownReadyGraceMs: e.SHUTDOWN_READY_GRACE_MS ?? (e.NODE_ENV === "production" ? 5000 : 0),
    paypalCommissionRate: e.PAYPAL_COMMISSION_RATE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `BañoDirecto <no-reply@${mailDomain(e.PUBLIC_URL)}>`,
    payments: {
      cardProvider: e.PAYMENT_CARD_PROVIDER,
      walletProvider: e.PAYMENT_WALLET_PROVIDER,
      hmacKey: (e.PAYMENT_HMAC_KEY ?? createHash("sha256").update(`payments-webhook-hmac:${secret}`).digest("hex")).toLowerCase(),
      sandboxWebhookUrl: e.SANDBOX_WEBHOOK_URL,
      transfer: { holder: e.TRANSFER_HOLDER, iban: e.TRANSFER_IBAN, bic: e.TRANSFER_BIC, bank: e.TRANSFER_BANK },
    },
  };
}

const isLoopback = (a: string) => /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)(\/\d+)?$/i.test(a.trim());

/**
 * Settings that look unsafe for a shop in production (README, "Production settings"): main.ts
 * logs each as a warning at start when NODE_ENV=production. Empty when they look right.
 * - Listening on every interface (HOST=0.0.0.0, the default) while loopback is trusted for
 *   X-Forwarded-For (TRUST_PROXY=loopback, the default): clients can go around the proxy, and any
 *   process on the machine may claim any client address to the per-address throttling.
 * - Listening on every interface with no proxy trusted: plain HTTP straight to clients, or every
 *   client seen with the proxy's address (one throttle counter for the whole world).
 * - A trusted proxy list that trusts everyone (0.0.0.0/0, ::/0): every client can fake its address.
 * - A PUBLIC_URL that is not https: links in mails and canonical URLs say http.
 */
export function unsafeProductionSettings(config: Pick<Config, "host" | "trustProxy" | "publicUrl">): string[] {
  const warnings: string[] = [];
  const hostIsLocal = isLoopback(config.host);
  const trusted = config.trustProxy === false ? [] : config.trustProxy;
  const trustsLoopback = trusted.some(isLoopback);
  if (!hostIsLocal && trustsLoopback) {
    warnings.push(
      `HOST=${config.host} is reachable from other machines while TRUST_PROXY trusts loopback: clients can bypass the proxy, and any process on this machine can claim any client address in X-Forwarded-For. Behind a proxy on this machine set HOST=127.0.0.1; behind one on another machine set TRUST_PROXY to its address.`,
    );
  }
  if (!hostIsLocal && config.trustProxy === false) {
    warnings.push(
      `HOST=${config.host} listens on every interface with TRUST_PROXY=none: the shop serves plain HTTP to whoever reaches it, and behind a proxy every client would have the proxy's address. Put it behind a TLS proxy (HOST=127.0.0.1 with the proxy on this machine, or TRUST_PROXY=<the proxy's address>).`,
    );
  }
  if (trusted.some((a) => /^(0\.0\.0\.0\/0|::\/0|0\.0\.0\.0|::)$/.test(a.trim()))) {
    warnings.push(`TRUST_PROXY=${trusted.join(",")} trusts every address: any client can fake its address in X-Forwarded-For. Name the proxy's address.`);
  }
  if (!config.publicUrl.startsWith("https://")) {
    warnings.push(`PUBLIC_URL=${config.publicUrl} is not https: links in mails and canonical addresses would say http. Set the shop's https address.`);
  }
  return warnings;
}

/** The sender's domain when MAIL_FROM is unset: PUBLIC_URL's host ("localhost" is no mail domain). */
function mailDomain(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : "";
  return host.includes(".") && !/^[\d.]+$/.test(host) ? host : "banodirecto.example";
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
