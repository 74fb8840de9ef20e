import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dirs: string[] = [];
function dataDir() {
  const d = mkdtempSync(join(tmpdir(), "shop-config-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The message a shopkeeper reads when start-up is refused. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("configuration", () => {
  it("has working defaults: port 3000, ./data, info logs, a localhost public URL", () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.databasePoolSize).toBe(10);
    expect(c.logLevel).toBe("info");
    expect(c.nodeEnv).toBe("development");
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.pageCache).toBe(true);
    expect(c.seedOnStart).toBe(true);
    expect(c.dataDir).toBe(dir);
    expect(c.buildDir).toBe(resolve("build"));
    expect(loadConfig({ SECRET: "s".repeat(32) }).dataDir).toBe(resolve("data"));
  });

  it("reads every variable it documents", () => {
    const c = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://shop@db:5432/shop",
      DATABASE_POOL_SIZE: "4",
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://shop.example.com/",
      SECRET: "x".repeat(40),
      LOG_LEVEL: "warn",
      PAGE_CACHE: "off",
      RENDER_CONCURRENCY: "3",
      ROUTER_CACHE: "off",
      SEED_ON_START: "off",
      BUILD_DIR: "/srv/build",
    });
    expect(c).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://shop@db:5432/shop",
      databasePoolSize: 4,
      publicUrl: "https://shop.example.com",
      secret: "x".repeat(40),
      logLevel: "warn",
      pageCache: false,
      renderConcurrency: 3,
      routerCache: false,
      seedOnStart: false,
      buildDir: "/srv/build",
    });
  });

  it("trusts only proxies on this host by default, never any client's X-Forwarded-For", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toEqual(["127.0.0.1", "::1"]);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "none" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.0/8, 192.168.1.5" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.5"]);
    expect(refusal({ DATA_DIR: dir, TRUST_PROXY: "any" })).toMatch(/TRUST_PROXY="any": must be "none", "loopback"/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATA_DIR: dataDir(), DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it("refuses PORT=abc with a message naming PORT and the value", () => {
    const msg = refusal({ PORT: "abc", DATA_DIR: dataDir() });
    expect(msg).toMatch(/PORT="abc"/);
    expect(msg).toMatch(/whole number between 1 and 65535/);
  });

  it("refuses ports out of range", () => {
    expect(refusal({ PORT: "70000", DATA_DIR: dataDir() })).toMatch(/PORT="70000"/);
    expect(refusal({ PORT: "0", DATA_DIR: dataDir() })).toMatch(/PORT="0"/);
    expect(refusal({ PORT: "80.5", DATA_DIR: dataDir() })).toMatch(/PORT="80.5"/);
  });

  it("refuses a pool size that is not a whole number from 1 to 100", () => {
    for (const v of ["0", "101", "2.5", "many"])
      expect(refusal({ DATABASE_POOL_SIZE: v, DATA_DIR: dataDir() })).toMatch(new RegExp(`DATABASE_POOL_SIZE="${v}"`));
  });

  it("renders two storefront requests at a time by default, and refuses a count that is not a whole number from 1 to 64", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).renderConcurrency).toBe(2);
    for (const v of ["0", "65", "1.5", "all"])
      expect(refusal({ RENDER_CONCURRENCY: v, DATA_DIR: dataDir() })).toMatch(new RegExp(`RENDER_CONCURRENCY="${v}": must be a whole number between 1 and 64`));
  });

  it("keeps the documents' route tree by default, and refuses ROUTER_CACHE other than on or off", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).routerCache).toBe(true);
    expect(refusal({ ROUTER_CACHE: "yes", DATA_DIR: dataDir() })).toMatch(/ROUTER_CACHE="yes"/);
  });

  it("refuses a DATABASE_URL that is not a PostgreSQL URL", () => {
    const msg = refusal({ DATABASE_URL: "mysql://root@localhost/shop", DATA_DIR: dataDir() });
    expect(msg).toMatch(/DATABASE_URL="mysql:\/\/root@localhost\/shop"/);
    expect(msg).toMatch(/postgres:\/\//);
  });

  it("lists every wrong variable at once", () => {
    const msg = refusal({ PORT: "abc", LOG_LEVEL: "loud", PUBLIC_URL: "shop", DATA_DIR: dataDir() });
    expect(msg).toMatch(/PORT=/);
    expect(msg).toMatch(/LOG_LEVEL="loud"/);
    expect(msg).toMatch(/PUBLIC_URL="shop"/);
  });

  it("requires SECRET in production on PostgreSQL, where copies must share it", () => {
    const msg = refusal({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", DATA_DIR: dataDir() });
    expect(msg).toMatch(/SECRET: required when NODE_ENV=production and DATABASE_URL is set/);
    expect(refusal({ SECRET: "short", DATA_DIR: dataDir() })).toMatch(/SECRET.*at least 32 characters/);
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", SECRET: "k".repeat(32) }).secret).toBe("k".repeat(32));
  });

  it("generates the SECRET once and keeps it in DATA_DIR (private to the owner)", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, "secret.key");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
    // Another data dir is another shop: another key.
    expect(loadConfig({ DATA_DIR: dataDir() }).secret).not.toBe(first);
  });

  it("does not write a key file when SECRET is given", () => {
    const dir = join(dataDir(), "fresh");
    loadConfig({ DATA_DIR: dir, SECRET: "z".repeat(32) });
    expect(existsSync(join(dir, "secret.key"))).toBe(false);
  });
});

describe("mail configuration", () => {
  it("writes mails to the outbox unless SMTP_URL is set, from a no-reply address of the shop", () => {
    const c = loadConfig({ DATA_DIR: dataDir(), SECRET: "m".repeat(32) });
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailFrom).toBe("BañoDirecto <no-reply@banodirecto.example>");
    const prod = loadConfig({ DATA_DIR: dataDir(), SECRET: "m".repeat(32), PUBLIC_URL: "https://www.banodirecto.es" });
    expect(prod.mailFrom).toBe("BañoDirecto <no-reply@www.banodirecto.es>");
  });

  it("takes SMTP_URL and MAIL_FROM as given", () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      SECRET: "m".repeat(32),
      SMTP_URL: "smtps://shop:pw@mail.example.com:465",
      MAIL_FROM: "Tienda <hola@example.com>",
    });
    expect(c.smtpUrl).toBe("smtps://shop:pw@mail.example.com:465");
    expect(c.mailFrom).toBe("Tienda <hola@example.com>");
    expect(loadConfig({ DATA_DIR: dataDir(), SECRET: "m".repeat(32), MAIL_FROM: "hola@example.com" }).mailFrom).toBe("hola@example.com");
  });

  it("refuses an SMTP_URL that is not smtp(s) without printing it (it holds a password)", () => {
    const msg = refusal({ DATA_DIR: dataDir(), SMTP_URL: "http://user:hunter2@mail.example.com" });
    expect(msg).toMatch(/SMTP_URL \(value hidden\): must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(msg).not.toContain("hunter2");
  });

  it("refuses a MAIL_FROM that is not an address", () => {
    expect(refusal({ DATA_DIR: dataDir(), MAIL_FROM: "no-reply" })).toMatch(/MAIL_FROM="no-reply": must be an email address/);
    expect(refusal({ DATA_DIR: dataDir(), MAIL_FROM: "Shop <no-reply>" })).toMatch(/MAIL_FROM=/);
  });

  it("never prints a refused SECRET", () => {
    const msg = refusal({ DATA_DIR: dataDir(), SECRET: "tooshort-but-secret" });
    expect(msg).toMatch(/SECRET \(value hidden\): must be at least 32 characters/);
    expect(msg).not.toContain("tooshort-but-secret");
  });
});

describe("cart configuration", () => {
  it("abandons carts after 72 hours and charges PayPal 2 % unless told otherwise", () => {
    const c = loadConfig({ DATA_DIR: dataDir(), SECRET: "c".repeat(32) });
    expect(c.cartAbandonHours).toBe(72);
    expect(c.paypalCommissionRate).toBe(0.02);
    const set = loadConfig({ DATA_DIR: dataDir(), SECRET: "c".repeat(32), CART_ABANDON_HOURS: "24", PAYPAL_COMMISSION_RATE: "0.035" });
    expect(set.cartAbandonHours).toBe(24);
    expect(set.paypalCommissionRate).toBe(0.035);
  });

  it("refuses an abandonment time that is not a whole number of hours, and a rate above 20 %", () => {
    expect(refusal({ DATA_DIR: dataDir(), CART_ABANDON_HOURS: "soon" })).toMatch(/CART_ABANDON_HOURS="soon": must be a number of hours/);
    expect(refusal({ DATA_DIR: dataDir(), CART_ABANDON_HOURS: "0" })).toMatch(/CART_ABANDON_HOURS="0": must be a whole number of hours/);
    expect(refusal({ DATA_DIR: dataDir(), CART_ABANDON_HOURS: "1.5" })).toMatch(/CART_ABANDON_HOURS/);
    expect(refusal({ DATA_DIR: dataDir(), PAYPAL_COMMISSION_RATE: "2" })).toMatch(/PAYPAL_COMMISSION_RATE="2": must be a rate between 0 and 0.2/);
  });
});
