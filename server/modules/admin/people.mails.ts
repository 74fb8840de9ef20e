import type { Language } from "../../../core/stores.ts";
import { paragraphsMail } from "../installations/installations.mails.ts";

/** Server-only mail texts of the back office's customer work. */
const TEXTS: Record<Language, Record<string, string>> = {
  es: {
    subject: "Tu cuenta profesional en {shop}: necesitamos los datos de tu empresa",
    hello: "Hola, {name}:",
    intro: "Al registrarte indicaste que eres profesional de la construcción, y ya ves los precios profesionales en la tienda.",
    ask: "Para mantener tu cuenta profesional necesitamos la razón social de tu empresa y su CIF. Responde a este correo con esos datos o añádelos a tu dirección de facturación en tu perfil.",
    note: "Nota de nuestro equipo: {note}",
    bye: "Gracias, el equipo de {shop}.",
    link: "Ir a mi perfil",
  },
  fr: {
    subject: "Votre compte professionnel {shop} : les données de votre entreprise",
    hello: "Bonjour {name},",
    intro: "Lors de votre inscription, vous avez indiqué être un professionnel du bâtiment, et vous voyez déjà les prix professionnels.",
    ask: "Pour conserver votre compte professionnel, nous avons besoin de la raison sociale de votre entreprise et de son numéro d'identification fiscale. Répondez à ce message avec ces informations ou ajoutez-les à votre adresse de facturation dans votre profil.",
    note: "Note de notre équipe : {note}",
    bye: "Merci, l'équipe {shop}.",
    link: "Aller à mon profil",
  },
};

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** Staff ask a self-declared professional for their company name and CIF (spec 6). */
export function cifRequestMail(lang: Language, v: { shop: string; name: string; note: string; link: string }) {
  const tx = TEXTS[lang];
  const paragraphs = [fill(tx.hello, v), fill(tx.intro, v), tx.ask, ...(v.note ? [fill(tx.note, v)] : []), fill(tx.bye, v)];
  return paragraphsMail(fill(tx.subject, v), paragraphs, { href: v.link, label: tx.link });
}
