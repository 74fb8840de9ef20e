/** Small readers of server-rendered HTML for SSR tests (what a crawler or a shopper sees first). */

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
