import { describe, expect, it } from "vitest";
import { contextFor } from "../../lib/request-context.ts";
import type { Store } from "../stores/stores.service.ts";
import { cachedSource, type ProductConfig } from "./cart.configure.ts";
import { cartCookie, clearCartCookie, formatToken, hashSecret, newSecret, parseToken, secretMatches, tokenFromHeaders } from "./cart.tokens.ts";

describe("cart tokens", () => {
  it("are '<id>.<secret>' with 32 random bytes, and only a hash of the secret is kept", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(secret);
    const token = formatToken(42, secret);
    expect(parseToken(token)).toEqual({ id: 42, secret });
    const hash = hashSecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(secretMatches(secret, hash)).toBe(true);
    expect(secretMatches(newSecret(), hash)).toBe(false);
    expect(secretMatches(secret, null)).toBe(false);
  });

  it("refuses anything that is not a token", () => {
    for (const bad of [null, "", "42", "42.", ".abc", `x.${newSecret()}`, `0.${newSecret()}`, `42.${newSecret()}x`, `42.${"a".repeat(42)}!`]) {
      expect(parseToken(bad)).toBeNull();
    }
  });

  it("is read from X-Cart-Token first, else from the storefront's cookie", () => {
    const a = formatToken(1, newSecret());
    const b = formatToken(2, newSecret());
    const headers = (h: Record<string, string>) => (n: string) => h[n];
    expect(tokenFromHeaders(headers({ "x-cart-token": a, cookie: `bd_cart=${encodeURIComponent(b)}` }))).toBe(a);
    expect(tokenFromHeaders(headers({ cookie: `other=1; bd_cart=${encodeURIComponent(b)}` }))).toBe(b);
    expect(tokenFromHeaders(headers({ "x-cart-token": "nonsense" }))).toBeNull();
    expect(tokenFromHeaders(headers({}))).toBeNull();
  });

  it("lives in an HttpOnly, SameSite=Lax cookie for 30 days, Secure on https", () => {
    const t = formatToken(7, newSecret());
    expect(cartCookie({ publicUrl: "http://localhost:3000" }, t)).toBe(`bd_cart=${t}; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly`);
    expect(cartCookie({ publicUrl: "https://tienda.example.es" }, t)).toMatch(/; HttpOnly; Secure$/);
    expect(clearCartCookie({ publicUrl: "https://tienda.example.es" })).toBe("bd_cart=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly; Secure");
  });
});

describe("the cart's product cache", () => {
  const store = { id: 1, language: "es", vatRateBp: 2100, features: { installationService: true } } as unknown as Store;
  const ctx = contextFor(store);
  const fake = (slug: string) => ({ product: { slug }, cfg: {} }) as unknown as ProductConfig;

  it("shares one read between concurrent requests and keeps it until the catalog changes", async () => {
    let reads = 0;
    const source = cachedSource(async (_c, ref) => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return fake(String(ref));
    });
    const [a, b] = await Promise.all([source(ctx, "plato"), source(ctx, "plato")]);
    expect(a).toBe(b);
    await source(ctx, "plato");
    expect(reads).toBe(1);
    source.clear();
    await source(ctx, "plato");
    expect(reads).toBe(2);
  });

  it("forgets a read that was under way when the catalog changed", async () => {
    let reads = 0;
    const source = cachedSource(async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return fake("x");
    });
    const pending = source(ctx, "x");
    source.clear();
    await pending;
    await source(ctx, "x");
    expect(reads).toBe(2);
  });

  it("is bounded: the least recently used product goes first", async () => {
    const seen: string[] = [];
    const source = cachedSource(async (_c, ref) => {
      seen.push(String(ref));
      return fake(String(ref));
    }, 2);
    await source(ctx, "a");
    await source(ctx, "b");
    await source(ctx, "a"); // a is now the most recent
    await source(ctx, "c"); // drops b
    await source(ctx, "a");
    await source(ctx, "b");
    expect(seen).toEqual(["a", "b", "c", "b"]);
  });

  it("does not keep a failed read", async () => {
    let reads = 0;
    const source = cachedSource(async () => {
      reads++;
      if (reads === 1) throw new Error("database gone");
      return fake("ok");
    });
    await expect(source(ctx, "p")).rejects.toThrow("database gone");
    expect((await source(ctx, "p"))?.product.slug).toBe("ok");
  });
});
