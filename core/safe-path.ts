/**
 * The one check for every redirect whose target comes from the request (a form's redirectTo, a
 * login's ?next=, the URL of a request being cleaned of tracking parameters).
 *
 * A browser does not read a Location header as text: it resolves it as a WHATWG URL, which
 * drops tabs and newlines anywhere, strips leading spaces and control characters, reads "\" as
 * "/", and resolves "." and ".." segments. So "/\evil.example", "/\t/evil.example" and
 * "/.//evil.example" all leave the site although they start with one "/". Instead of guessing
 * with string tests, the input is resolved exactly as the browser will resolve it, against a
 * placeholder origin; only a result on that origin whose path cannot be read as
 * "//host" is returned, re-serialised (percent-encoded, so CR/LF and non-Latin-1 characters can
 * never break a header). Browser-safe: no node imports.
 */

const BASE = "http://return-path.invalid";
const MAX_LENGTH = 2048;

export function safeReturnPath(input: unknown, fallback = "/"): string {
  if (typeof input !== "string" || input.length === 0 || input.length > MAX_LENGTH) return fallback;
  // A return *path*: after the characters a browser ignores at the start, it must begin with a slash
  // (an absolute URL, even to this very shop, or a relative path is not what any form sends).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip C0 controls, and so must the check
  if (!/^[\u0000-\u0020]*[/\\]/.test(input)) return fallback;
  const resolved = resolve(input);
  if (!resolved) return fallback;
  const out = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "//evil.example" as a path ("/.//evil.example" resolved) is a host to the next reader.
  if (!out.startsWith("/") || out.startsWith("//")) return fallback;
  // What we answer must mean the same thing when the browser resolves it again.
  const again = resolve(out);
  if (!again || again.href !== resolved.href) return fallback;
  return out;
}

function resolve(value: string): URL | null {
  try {
    const url = new URL(value, `${BASE}/`);
    return url.origin === BASE ? url : null;
  } catch {
    return null;
  }
}
