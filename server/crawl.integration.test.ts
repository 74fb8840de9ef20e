import { afterAll, beforeAll, expect, it } from "vitest";
import { decode } from "./test/html.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/**
 * Every link works: a crawler's walk over the server-rendered storefront of both stores.
 * Breadth first from the two homes through every same-origin `a[href]`, `link[rel=canonical]` and
 * `link[rel=alternate]` (what a shopper can click and what a search engine follows), then every URL
 * of /sitemap.xml. Images (/media/<key>/<width>.<format>) are left out: the media tests cover the
 * pipeline, and resizing thousands of variants would be the whole run; the PDF sheets are HEADed.
 *
 * Runs on both databases: about 570 pages and 550 PDF HEADs, measured at 25 s on PostgreSQL and
 * 32-45 s on PGlite on 2 busy cores (load average 7); most of it is rendering on the Node thread.
 * The time limit leaves room for a loaded CI machine: the budget is under 60 s per database.
 */
const ORIGIN = "https://shop.test";
const MAX_PAGES = 1_000;
const CONCURRENCY = 4;

type Visit = { url: string; status: number; from: string; location?: string };

/** Same-origin path + query of an href, or undefined for other origins, schemes and fragments. */
function sameOrigin(href: string, base: string): string | undefined {
  if (!href || href.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(href)) return undefined;
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return `invalid:${href}`;
  }
  if (u.origin !== ORIGIN) return undefined;
  return u.pathname + u.search;
}

/** The links a crawler follows on one page. */
function linksOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) out.push(decode(m[1]));
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\srel="([^"]*)"/.exec(m[0])?.[1];
    const href = /\shref="([^"]*)"/.exec(m[0])?.[1];
    if (href && (rel === "canonical" || rel === "alternate")) out.push(decode(href));
  }
  return out;
}

/** Attributes of every tag of one name (values decoded). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) =>
    Object.fromEntries([...m[0].matchAll(/\s([\w:-]+)="([^"]*)"/g)].map((a) => [a[1].toLowerCase(), decode(a[2])])),
  );
}

let switchChecked = 0;

/**
 * The language switch (in the default layout; the login and checkout layouts have none) must lead where the page's own hreflang link for that language points, or to
 * the other store's home when the page has no such link (a Spanish-only page).
 */
function switchProblems(url: string, html: string): string[] {
  const other = url === "/fr" || url.startsWith("/fr/") || url.startsWith("/fr?") ? "es" : "fr";
  const hreflang = tags(html, "link").find((l) => l.rel === "alternate" && l.hreflang === (other === "es" ? "es-ES" : "fr-FR"))?.href;
  const expected = hreflang ? hreflang.slice(ORIGIN.length) : other === "fr" ? "/fr" : "/";
  const switches = tags(html, "a").filter((a) => a.hreflang === other);
  if (switches.length) switchChecked++;
  return switches.filter((a) => a.href !== expected).map((a) => `${url}: switch to ${a.href}, hreflang says ${expected}`);
}

const isImage = (path: string) => /^\/media\/(?!files\/)/.test(path);
const isFile = (path: string) => path.startsWith("/media/files/");

describeEachDb("crawl: every link of the storefront works", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, env: { PUBLIC_URL: ORIGIN } });
  });
  afterAll(() => shop?.close());

  const visits = new Map<string, Visit>();

  it("follows every link from / and /fr: no 4xx, no 5xx, no /fr/fr", { timeout: 120_000 }, async () => {
    const started = Date.now();
    switchChecked = 0;
    const queue: { url: string; from: string }[] = [
      { url: "/", from: "(start)" },
      { url: "/fr", from: "(start)" },
    ];
    const seen = new Set(queue.map((q) => q.url));
    const files = new Map<string, string>();
    const doublePrefix: string[] = [];
    const switches: string[] = [];
    let pages = 0;

    const enqueue = (raw: string, from: string) => {
      const url = sameOrigin(raw, ORIGIN + from);
      if (!url) return;
      if (/^\/fr\/fr(\/|$|\?)/.test(url)) doublePrefix.push(`${url} (on ${from})`);
      if (isImage(url)) return;
      if (isFile(url)) {
        if (!files.has(url)) files.set(url, from);
        return;
      }
      if (seen.has(url) || seen.size >= MAX_PAGES) return;
      seen.add(url);
      queue.push({ url, from });
    };

    const visit = async ({ url, from }: { url: string; from: string }) => {
      const res = await shop.app.inject({ url, headers: { accept: "text/html" } });
      pages++;
      visits.set(url, { url, status: res.statusCode, from, location: res.headers.location as string | undefined });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) enqueue(String(res.headers.location), url);
      if (res.statusCode === 200 && String(res.headers["content-type"]).startsWith("text/html")) {
        for (const href of linksOf(res.body)) enqueue(href, url);
        switches.push(...switchProblems(url, res.body));
      }
    };

    // Breadth first, a few requests in flight (the shop renders on one thread either way).
    while (queue.length) {
      const batch = queue.splice(0, CONCURRENCY * 4);
      for (let i = 0; i < batch.length; i += CONCURRENCY) await Promise.all(batch.slice(i, i + CONCURRENCY).map(visit));
    }

    const crawled = Date.now();
    const fileFailures: string[] = [];
    for (const [url, from] of files) {
      const res = await shop.app.inject({ method: "HEAD", url });
      if (res.statusCode !== 200 || res.headers["content-type"] !== "application/pdf") {
        fileFailures.push(`${url} -> ${res.statusCode} ${res.headers["content-type"]} (linked from ${from})`);
      }
    }

    const broken = [...visits.values()].filter((v) => v.status >= 400).map((v) => `${v.url} -> ${v.status} (linked from ${v.from})`);
    const secs = (from: number, to = Date.now()) => ((to - from) / 1000).toFixed(1);
    console.info(`[crawl ${kind}] ${pages} pages in ${secs(started, crawled)} s, ${files.size} PDFs in ${secs(crawled)} s`);
    expect(broken).toEqual([]);
    expect(doublePrefix).toEqual([]);
    expect(fileFailures).toEqual([]);
    expect(switches).toEqual([]);
    expect(switchChecked).toBeGreaterThan(300);
    // Both stores were walked, well beyond their homes (categories, products, brands, content).
    expect(pages).toBeGreaterThan(300);
    expect([...visits.keys()].filter((u) => u.startsWith("/fr/")).length).toBeGreaterThan(100);
    expect(files.size).toBeGreaterThan(0);
  });

  it("lists in /sitemap.xml only URLs that answer 200 directly (no redirect)", async () => {
    const res = await shop.app.inject({ url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]));
    const alternates = [...res.body.matchAll(/<xhtml:link\b[^>]*\shref="([^"]+)"/g)].map((m) => decode(m[1]));
    expect(locs.length).toBeGreaterThan(300);
    const failures: string[] = [];
    const urls = [...new Set([...locs, ...alternates])];
    const check = async (loc: string) => {
      const url = sameOrigin(loc, ORIGIN);
      if (!url) return void failures.push(`${loc}: not on ${ORIGIN}`);
      const known = visits.get(url)?.status;
      const status = known ?? (await shop.app.inject({ url })).statusCode;
      if (status !== 200) failures.push(`${url} -> ${status}`);
    };
    for (let i = 0; i < urls.length; i += CONCURRENCY) await Promise.all(urls.slice(i, i + CONCURRENCY).map(check));
    expect(failures).toEqual([]);
  });

  it("serves the Ofertas category at its address with a slash, and sends /novedades/ to the listing", async () => {
    const category = await shop.app.inject({ url: "/ofertas/" });
    expect(category.statusCode).toBe(200);
    expect(tags(category.body, "link").find((l) => l.rel === "canonical")?.href).toBe(`${ORIGIN}/ofertas/`);
    expect(tags(category.body, "a").find((a) => a.hreflang === "fr")?.href).toBe("/fr/promotions/");
    for (const [from, to] of [
      ["/novedades/", "/novedades"],
      ["/fr/novedades/", "/fr/novedades"],
      ["/rebajas/?page=2", "/rebajas?page=2"],
    ]) {
      const res = await shop.app.inject({ url: from });
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it("switches a Spanish-only page to the French home, and the 404 page to the other store's home", async () => {
    const blog = await shop.app.inject({ url: "/inspiracion" });
    expect(tags(blog.body, "a").find((a) => a.hreflang === "fr")?.href).toBe("/fr");
    for (const [url, home] of [
      ["/no-existe.html", "/fr"],
      ["/fr/nulle-part/", "/"],
    ]) {
      const res = await shop.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      const other = url.startsWith("/fr") ? "es" : "fr";
      expect(tags(res.body, "a").find((a) => a.hreflang === other)?.href, url).toBe(home);
    }
  });
});
