import type { Language } from "../../../core/stores.ts";
import { paragraphsMail } from "../installations/installations.mails.ts";

const TEXTS: Record<Language, Record<string, string>> = {
  es: {
    subject: "Presupuesto de instalación ({reference})",
    hello: "Hola, {name}:",
    intro: "Hemos estudiado tu solicitud de instalación en {city}.",
    price: "Precio de la instalación: {price} (IVA incluido).",
    next: "Si te parece bien, responde a este correo y te enviaremos el presupuesto para que puedas pagarlo en la tienda.",
    bye: "Un saludo, el equipo de {shop}.",
  },
  fr: {
    subject: "Devis d'installation ({reference})",
    hello: "Bonjour {name},",
    intro: "Nous avons étudié votre demande d'installation à {city}.",
    price: "Prix de l'installation : {price} (TVA incluse).",
    next: "Si cela vous convient, répondez à ce message et nous vous enverrons le devis à régler sur la boutique.",
    bye: "Bien cordialement, l'équipe {shop}.",
  },
};

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** The price staff quote for an installation in a quote-only city, with their message. */
export function quoteReplyMail(
  lang: Language,
  v: { shop: string; name: string; city: string; price: string; message: string; reference: string; home: string },
) {
  const tx = TEXTS[lang];
  const paragraphs = [fill(tx.hello, v), fill(tx.intro, v), fill(tx.price, v), ...(v.message ? [v.message] : []), tx.next, fill(tx.bye, v)];
  return paragraphsMail(fill(tx.subject, v), paragraphs, { href: v.home, label: v.shop });
}
