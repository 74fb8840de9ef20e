import { describe, expect, it } from "vitest";
import { loadConfig, unsafeProductionSettings } from "./config.ts";

/** The environment a shop starts with (a fixed SECRET: no key file is written). */
const settings = (env: Record<string, string>) =>
  unsafeProductionSettings(loadConfig({ NODE_ENV: "production", SECRET: "x".repeat(40), DATA_DIR: "/tmp/shop-config-warnings", ...env }));

/** Issue 36, "defaults": the start-up warnings main.ts logs in production (README, "Production settings"). */
describe("unsafe production settings", () => {
  it("warns about the defaults: every interface while loopback is trusted for X-Forwarded-For, and an http PUBLIC_URL", () => {
    const w = settings({});
    expect(w).toHaveLength(2);
    expect(w[0]).toMatch(/^HOST=0\.0\.0\.0 is reachable from other machines while TRUST_PROXY trusts loopback/);
    expect(w[0]).toContain("HOST=127.0.0.1");
    expect(w[1]).toMatch(/^PUBLIC_URL=http:\/\/localhost:3000 is not https/);
  });

  it("says nothing for a shop behind a proxy on the same machine, or one naming its proxy", () => {
    expect(settings({ HOST: "127.0.0.1", PUBLIC_URL: "https://tienda.example.es" })).toEqual([]);
    expect(settings({ HOST: "::1", PUBLIC_URL: "https://tienda.example.es" })).toEqual([]);
    expect(settings({ HOST: "0.0.0.0", TRUST_PROXY: "10.0.0.5", PUBLIC_URL: "https://tienda.example.es" })).toEqual([]);
  });

  it("warns when every interface listens with no proxy trusted, and when the trusted list trusts everyone", () => {
    const none = settings({ TRUST_PROXY: "none", PUBLIC_URL: "https://tienda.example.es" });
    expect(none).toEqual([expect.stringMatching(/^HOST=0\.0\.0\.0 listens on every interface with TRUST_PROXY=none/)]);
    const all = settings({ HOST: "10.0.0.2", TRUST_PROXY: "0.0.0.0/0", PUBLIC_URL: "https://tienda.example.es" });
    expect(all).toEqual([expect.stringMatching(/^TRUST_PROXY=0\.0\.0\.0\/0 trusts every address/)]);
    const mixed = settings({ HOST: "192.168.1.10", TRUST_PROXY: "127.0.0.1,10.0.0.5", PUBLIC_URL: "https://tienda.example.es" });
    expect(mixed).toEqual([expect.stringMatching(/^HOST=192\.168\.1\.10 is reachable from other machines while TRUST_PROXY trusts loopback/)]);
  });
});
