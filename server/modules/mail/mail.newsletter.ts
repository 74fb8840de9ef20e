import { formatDate } from "../../../core/dates.ts";
import { formatPrice } from "../../../core/money.ts";
import { LOCALE_BY_LANGUAGE, type Language } from "../../../core/stores.ts";
import es from "./mail.newsletter.es.json";
import fr from "./mail.newsletter.fr.json";
import { escapeHtml, type RenderedMail } from "./mail.templates.ts";

/** The newsletter welcome: the personal first-purchase coupon the footer and popup forms promise. */
export type NewsletterWelcomeVars = {
  /** The store's name, e.g. "BañoDirecto España". */
  shop: string;
  /** The subscriber's first name. */
  name: string;
  /** The subscriber's email: the coupon works with this one only. */
  email: string;
  code: string;
  /** Cents off. */
  amount: number;
  validTo: Date;
  /** The store's home page. */
  home: string;
  /** The one-click unsubscribe page of this subscription (also in List-Unsubscribe). */
  unsubscribe: string;
};

/** "5 €" for whole euros (as the forms promise it), "4,50 €" otherwise. */
function euros(cents: number, lang: Language): string {
  if (cents % 100 !== 0) return formatPrice(cents, LOCALE_BY_LANGUAGE[lang]);
  return new Intl.NumberFormat(LOCALE_BY_LANGUAGE[lang], { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(cents / 100);
}

const TEXTS: Record<Language, Record<string, string>> = { es, fr: { ...es, ...fr } };

/**
 * Newsletter mails carry their own footer (why you get it, the unsubscribe link) instead of the
 * accounts mails' one ("you have an account"), so they have this renderer of their own, in the
 * same frame as mail.templates.ts.
 */
export function renderNewsletterWelcome(lang: Language, vars: NewsletterWelcomeVars): RenderedMail {
  const values: Record<string, string> = {
    shop: vars.shop,
    name: vars.name,
    email: vars.email,
    amount: euros(vars.amount, lang),
    date: formatDate(lang, vars.validTo),
  };
  const tr = (key: string) => (TEXTS[lang][key] ?? key).replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
  const subject = tr("welcome.subject");

  const text = [
    tr("welcome.greeting"),
    "",
    tr("welcome.intro"),
    "",
    `    ${vars.code}`,
    "",
    tr("welcome.how"),
    "",
    `${tr("welcome.button")}: ${vars.home}`,
    "",
    "--",
    tr("welcome.why"),
    tr("welcome.unsubscribe_text"),
    vars.unsubscribe,
    "",
  ].join("\n");

  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${escapeHtml(s)}</p>`;
  const home = escapeHtml(vars.home);
  const unsubscribe = escapeHtml(vars.unsubscribe);
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b4f6c">${escapeHtml(vars.shop)}</p>` +
    p(tr("welcome.greeting")) +
    p(tr("welcome.intro")) +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border:2px dashed #0b4f6c;border-radius:8px"><tr><td style="padding:16px 24px;text-align:center">` +
    `<p style="margin:0 0 4px;font-size:13px;color:#52606d">${escapeHtml(tr("welcome.code_label"))} · ${escapeHtml(values.amount)}</p>` +
    `<p style="margin:0;font-size:26px;font-weight:bold;letter-spacing:2px;color:#0b4f6c;font-family:'Courier New',monospace">${escapeHtml(vars.code)}</p>` +
    `</td></tr></table>` +
    p(tr("welcome.how")) +
    `<p style="margin:24px 0"><a href="${home}" style="display:inline-block;background:#0b4f6c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(tr("welcome.button"))}</a></p>` +
    `<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">` +
    `<p style="margin:0 0 8px;font-size:12px;line-height:18px;color:#52606d">${escapeHtml(tr("welcome.why"))} ${escapeHtml(tr("welcome.unsubscribe_text"))}</p>` +
    `<p style="margin:0;font-size:12px;line-height:18px"><a href="${unsubscribe}" style="color:#0b4f6c">${escapeHtml(tr("welcome.unsubscribe"))}</a></p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** The double opt-in mail (docs/decisions/047): one link that confirms the address. */
export type NewsletterConfirmVars = {
  shop: string;
  name: string;
  /** The confirmation page of this subscription (signed). */
  link: string;
  home: string;
  /** How many days the link works. */
  days: number;
};

export function renderNewsletterConfirm(lang: Language, vars: NewsletterConfirmVars): RenderedMail {
  const values: Record<string, string> = { shop: vars.shop, name: vars.name, days: String(vars.days), amount: euros(500, lang) };
  const tr = (key: string) => (TEXTS[lang][key] ?? key).replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
  const subject = tr("confirm.subject");
  const text = [tr("welcome.greeting"), "", tr("confirm.intro"), "", vars.link, "", tr("confirm.expiry"), "", "--", tr("confirm.why"), vars.home, ""].join(
    "\n",
  );
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${escapeHtml(s)}</p>`;
  const link = escapeHtml(vars.link);
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b4f6c">${escapeHtml(vars.shop)}</p>` +
    p(tr("welcome.greeting")) +
    p(tr("confirm.intro")) +
    `<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#0b4f6c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(tr("confirm.button"))}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all"><a href="${link}" style="color:#0b4f6c">${link}</a></p>` +
    p(tr("confirm.expiry")) +
    `<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">` +
    `<p style="margin:0;font-size:12px;line-height:18px;color:#52606d">${escapeHtml(tr("confirm.why"))} <a href="${escapeHtml(vars.home)}" style="color:#0b4f6c">${escapeHtml(vars.home)}</a></p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
