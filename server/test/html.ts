import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** Small readers of server-rendered HTML for SSR tests (what a crawler or a shopper sees first), and a browser's cookie jar. */

export function decode(s: string): string {
  return s
    .replace(/<!--.*?-->/gs, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

const stripTags = (s: string) =>
  decode(s.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

export function title(html: string): string | undefined {
  const m = /<title>(.*?)<\/title>/s.exec(html);
  return m ? stripTags(m[1]) : undefined;
}

export function h1s(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/gs)].map((m) => stripTags(m[1]));
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) out[m[1].toLowerCase()] = decode(m[2]);
  return out;
}

export function metaContent(html: string, name: string): string | undefined {
  for (const m of html.matchAll(/<meta\b[^>]*>/g)) {
    const a = attrs(m[0]);
    if (a.name === name || a.property === name) return a.content;
  }
  return undefined;
}

export function linkTags(html: string, rel: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b[^>]*>/g)].map((m) => attrs(m[0])).filter((a) => a.rel === rel);
}

/** The anchors of the page: visible text and href. */
export function anchors(html: string): { text: string; href: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)].map((m) => ({ text: stripTags(m[2]), href: attrs(m[1]).href ?? "" }));
}

export function htmlLang(html: string): string | undefined {
  return /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1];
}

/** A browser's cookies for one site, name → value. */
export type CookieJar = Record<string, string>;

/** The Set-Cookie headers of a response. */
export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const v = res.headers["set-cookie"];
  return v === undefined ? [] : ([v].flat() as string[]);
}

/** The browser's cookie jar after a response: set, replaced, or removed (Max-Age=0). */
export function storeCookies(jar: CookieJar, res: { headers: Record<string, unknown> }): CookieJar {
  for (const c of setCookies(res)) {
    const [pair, ...attrs] = c.split(";");
    const i = pair.indexOf("=");
    const name = pair.slice(0, i).trim();
    if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) delete jar[name];
    else jar[name] = pair.slice(i + 1);
  }
  return jar;
}

/** The Cookie header a browser sends with this jar. */
export const cookieHeader = (jar: CookieJar) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

/** The page as the browser reads it (the shop compresses what it sends). */
export function pageOf(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const enc = res.headers["content-encoding"];
  if (enc === "br") return brotliDecompressSync(res.rawPayload).toString("utf8");
  if (enc === "gzip") return gunzipSync(res.rawPayload).toString("utf8");
  return res.rawPayload.toString("utf8");
}

/** The page's visible text (scripts and tags out, entities decoded, no-break spaces plain, spaces collapsed). */
export const visibleText = (page: string) =>
  decode(page.replace(/<script\b[^>]*>.*?<\/script>/gs, "").replace(/<[^>]+>/g, " "))
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
