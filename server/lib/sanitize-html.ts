import sanitize from "sanitize-html";

/**
 * Rich text that comes from the database (category and home SEO texts, brand descriptions) is
 * rendered as HTML (dangerouslySetInnerHTML in catalog-path.tsx, brand.tsx, home.tsx). It is
 * cleaned once, when it is written (the seed today, staff editing later), with a real HTML
 * parser (sanitize-html, htmlparser2): text formatting, lists, headings, tables and links only.
 *
 * - No script, style, iframe, object, form, SVG or MathML, and no event handler attribute.
 * - Links: http(s), mailto, tel or relative only (no javascript:, data:, vbscript:); a link that
 *   leaves the shop gets rel="noopener noreferrer nofollow".
 * - Images: relative or https sources only, with their alt text.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "mark",
    "sub",
    "sup",
    "span",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    "*": ["lang"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Their content is code, not text: dropped with the tag.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https?:/i.test(href);
      const out: sanitize.Attributes = { ...attribs };
      if (external) out.rel = "noopener noreferrer nofollow";
      else delete out.rel;
      if (out.target && out.target !== "_blank") delete out.target;
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS);
}
