import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize-html.ts";

describe("sanitizeRichText", () => {
  it("keeps the formatting of an SEO text", () => {
    const html =
      "<h2>Platos de ducha</h2><p>Elige <strong>resina</strong> o <em>acrílico</em>.</p><ul><li>Antideslizante</li></ul>" +
      '<p><a href="/platos-de-ducha/">Ver todos</a> · <a href="mailto:hola@example.es">Escríbenos</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("removes scripts with their content, and event handlers", () => {
    const out = sanitizeRichText('<p onclick="steal()">Hola<script>alert(document.cookie)</script></p><img src="/x.png" onerror="alert(1)" alt="x">');
    expect(out).toBe('<p>Hola</p><img src="/x.png" alt="x" />');
    expect(out).not.toMatch(/script|alert|onerror|onclick/i);
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
  ])("drops a dangerous link target: %s", (html) => {
    const out = sanitizeRichText(html);
    expect(out).not.toMatch(/javascript|data:|vbscript|alert|msgbox/i);
    expect(out).toContain(">x</a>");
  });

  it("drops frames, styles, forms, SVG and inline styles", () => {
    const out = sanitizeRichText(
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><form action="/x"><input name="a"></form>' +
        '<svg><script>alert(1)</script></svg><p style="background:url(javascript:alert(1))">ok</p><math><mi>x</mi></math>',
    );
    expect(out).toBe("<p>ok</p>");
  });

  it("marks links that leave the shop and keeps internal ones as they are", () => {
    expect(sanitizeRichText('<a href="https://fabricante.example/ficha" rel="opener">Ficha</a>')).toBe(
      '<a href="https://fabricante.example/ficha" rel="noopener noreferrer nofollow">Ficha</a>',
    );
    expect(sanitizeRichText('<a href="//evil.example/x">x</a>')).toBe("<a>x</a>");
  });

  it("escapes text that only looks like markup once parsed", () => {
    const out = sanitizeRichText('<p>5 < 6 & "comillas"</p><<script>script>alert(1)<</script>/script>');
    expect(out).not.toMatch(/<script/i);
    expect(out.startsWith('<p>5 &lt; 6 &amp; "comillas"</p>')).toBe(true);
  });
});
