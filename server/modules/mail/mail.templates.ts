import type { Language } from "../../../core/stores.ts";
import es from "./mail.texts.es.json";
import fr from "./mail.texts.fr.json";

/** The shop's mails: text and HTML, in the customer's language (server-only texts: not sent to browsers). */
export type MailKind = "activation" | "reset" | "claim" | "password_changed" | "account_deleted";

export type MailVars = {
  /** The store's name, e.g. "BañoDirecto España". */
  shop: string;
  /** The customer's first name. */
  name: string;
  /** The action link (activation, reset), or the shop's home. */
  link: string;
  /** The store's home page (footer). */
  home: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

const TEXTS: Record<Language, Record<string, string>> = { es, fr: { ...es, ...fr } };

function tr(lang: Language, key: string, vars: Partial<MailVars> = {}): string {
  const s = TEXTS[lang][key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k as keyof MailVars]) : m));
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Each mail: the paragraphs before the button, the button's text, the paragraphs after it. */
const LAYOUT: Record<MailKind, { before: string[]; button: string; after: string[] }> = {
  activation: { before: ["mail.activation.intro"], button: "mail.activation.button", after: ["mail.activation.expiry"] },
  reset: { before: ["mail.reset.intro"], button: "mail.reset.button", after: ["mail.reset.expiry"] },
  claim: { before: ["mail.claim.intro"], button: "mail.claim.button", after: ["mail.claim.expiry"] },
  password_changed: { before: ["mail.password_changed.intro", "mail.password_changed.warning"], button: "mail.password_changed.button", after: [] },
  account_deleted: { before: ["mail.account_deleted.intro", "mail.account_deleted.outro"], button: "", after: [] },
};

export function renderMail(kind: MailKind, lang: Language, vars: MailVars): RenderedMail {
  const l = LAYOUT[kind];
  const subject = tr(lang, `mail.${kind}.subject`, vars);
  const greeting = tr(lang, "mail.greeting", vars);
  const before = l.before.map((k) => tr(lang, k, vars));
  const after = l.after.map((k) => tr(lang, k, vars));
  const footer = tr(lang, "mail.footer", vars);
  const button = l.button ? tr(lang, l.button, vars) : "";

  const text = [greeting, "", ...before, "", vars.link, "", ...(after.length ? [...after, ""] : []), "--", footer, vars.home, ""].join("\n");

  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${escapeHtml(s)}</p>`;
  const link = escapeHtml(vars.link);
  const action = button
    ? `<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#0b4f6c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(button)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all"><a href="${link}" style="color:#0b4f6c">${link}</a></p>`
    : `<p style="margin:0 0 16px"><a href="${link}" style="color:#0b4f6c">${link}</a></p>`;
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b4f6c">${escapeHtml(vars.shop)}</p>` +
    p(greeting) +
    before.map(p).join("") +
    action +
    after.map(p).join("") +
    `<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">` +
    `<p style="margin:0;font-size:12px;line-height:18px;color:#52606d">${escapeHtml(footer)} <a href="${escapeHtml(vars.home)}" style="color:#0b4f6c">${escapeHtml(vars.home)}</a></p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
