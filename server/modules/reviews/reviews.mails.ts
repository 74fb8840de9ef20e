import type { Language } from "../../../core/stores.ts";
import { paragraphsMail } from "../installations/installations.mails.ts";

/** Server-only mail texts (never sent to browsers with the page dictionaries). */
const TEXTS: Record<Language, Record<string, string>> = {
  es: {
    subject: "Respuesta a tu pregunta sobre {product}",
    hello: "Hola, {name}:",
    intro: "Nuestro equipo ha respondido a la pregunta que nos hiciste sobre «{product}».",
    question: "Tu pregunta:\n{question}",
    answer: "Nuestra respuesta:\n{answer}",
    outro: "La respuesta ya se ve en la ficha del producto, para que ayude también a otros clientes. Si tienes más dudas, responde a este correo o llámanos.",
    link: "Ver el producto",
    bye: "Un saludo, el equipo de {shop}.",
  },
  fr: {
    subject: "Réponse à votre question sur {product}",
    hello: "Bonjour {name},",
    intro: "Notre équipe a répondu à la question que vous nous avez posée sur « {product} ».",
    question: "Votre question :\n{question}",
    answer: "Notre réponse :\n{answer}",
    outro: "La réponse est désormais visible sur la fiche du produit pour aider d'autres clients. Pour toute autre question, répondez à ce message.",
    link: "Voir le produit",
    bye: "Bien cordialement, l'équipe {shop}.",
  },
};

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** The answer to a shopper's question, mailed to them (their texts are escaped in the HTML part). */
export function answerMail(lang: Language, v: { shop: string; name: string; product: string; question: string; answer: string; link: string }) {
  const tx = TEXTS[lang];
  return paragraphsMail(fill(tx.subject, v), [fill(tx.hello, v), fill(tx.intro, v), fill(tx.question, v), fill(tx.answer, v), tx.outro, fill(tx.bye, v)], {
    href: v.link,
    label: tx.link,
  });
}
