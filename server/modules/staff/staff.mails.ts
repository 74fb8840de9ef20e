import type { Language } from "../../../core/stores.ts";
import { escapeHtml } from "../mail/mail.templates.ts";
import type { MailMessage } from "../mail/mail.service.ts";

const TEXTS = {
  invitation: {
    es: {
      subject: "Te han invitado al panel de BañoDirecto",
      body: "Hola {name}: {inviter} te ha dado acceso al panel de gestión de la tienda. Elige tu contraseña con este enlace (caduca en 7 días):",
      action: "Elegir contraseña",
    },
    fr: {
      subject: "Vous êtes invité sur l'administration BañoDirecto",
      body: "Bonjour {name}, {inviter} vous a donné accès à l'administration de la boutique. Choisissez votre mot de passe avec ce lien (valable 7 jours) :",
      action: "Choisir mon mot de passe",
    },
  },
} as const;

/** The staff application's mails (invitation). Plain and HTML, in the member's language. */
export function staffMail(kind: keyof typeof TEXTS, lang: Language, vars: { name: string; link: string; inviter: string }, to: string): MailMessage {
  const t = TEXTS[kind][lang];
  const fill = (s: string) => s.replace("{name}", vars.name).replace("{inviter}", vars.inviter);
  const fillHtml = (s: string) => s.replace("{name}", escapeHtml(vars.name)).replace("{inviter}", escapeHtml(vars.inviter));
  return {
    to,
    subject: t.subject,
    text: `${fill(t.body)}\n\n${vars.link}\n`,
    html: `<p>${fillHtml(t.body)}</p><p><a href="${escapeHtml(vars.link)}">${escapeHtml(t.action)}</a></p><p style="color:#64748b;font-size:12px">${escapeHtml(vars.link)}</p>`,
  };
}
