import type { Language } from "../../../core/stores.ts";

/** Server-only mail texts (never sent to browsers with the page dictionaries). */
const TEXTS: Record<Language, Record<string, string>> = {
  es: {
    subject: "Hemos recibido tu solicitud de presupuesto de instalación ({reference})",
    hello: "Hola, {name}:",
    intro: "Hemos recibido tu solicitud de presupuesto para instalar en {city}{product}. En {city} el servicio de instalación se presupuesta caso a caso.",
    next: "Un técnico te llamará o te escribirá en un plazo de 2 días laborables para valorar la obra y darte un precio cerrado. No tienes que pagar nada hasta aceptarlo.",
    reference: "Referencia de tu solicitud: {reference}",
    bye: "Gracias por confiar en {shop}.",
    product: " el producto «{product}»",
  },
  fr: {
    subject: "Nous avons bien reçu votre demande de devis d'installation ({reference})",
    hello: "Bonjour {name},",
    intro: "Nous avons bien reçu votre demande de devis pour une installation à {city}{product}.",
    next: "Un technicien vous contactera sous 2 jours ouvrés pour évaluer le chantier et vous proposer un prix ferme. Vous ne payez rien avant de l'accepter.",
    reference: "Référence de votre demande : {reference}",
    bye: "Merci de votre confiance, {shop}.",
    product: " du produit « {product} »",
  },
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** Paragraphs as a text mail and an HTML mail (every value escaped: names and messages are user input). */
export function paragraphsMail(subject: string, paragraphs: string[], link?: { href: string; label: string }) {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join("\n\n");
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;line-height:1.5">` +
    paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("") +
    (link ? `<p><a href="${escapeHtml(link.href)}" style="color:#0b5c7a">${escapeHtml(link.label)}</a></p>` : "") +
    `</body></html>`;
  return { subject, text, html };
}

/** The confirmation of a quotation request for a quote-only city. */
export function quoteMail(lang: Language, v: { shop: string; name: string; city: string; product: string | null; reference: string; home: string }) {
  const tx = TEXTS[lang];
  const vars = { ...v, product: v.product ? fill(tx.product, { product: v.product }) : "" };
  return paragraphsMail(fill(tx.subject, vars), [fill(tx.hello, vars), fill(tx.intro, vars), tx.next, fill(tx.reference, vars), fill(tx.bye, vars)], {
    href: v.home,
    label: v.shop,
  });
}

/** The store's copy of a request: its lines as they are, escaped. */
export function staffCopy(lines: string[]) {
  const kept = lines.filter((l) => l.trim());
  return { text: kept.join("\n"), html: `<pre>${escapeHtml(kept.join("\n"))}</pre>` };
}
