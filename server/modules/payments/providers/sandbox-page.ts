import { formatPrice } from "../../../../core/money.ts";
import { SANDBOX_3DS_CODE, SANDBOX_CARDS, type SandboxRow } from "./sandbox.ts";

/**
 * The sandbox provider's hosted payment page, in the shopper's language: a card form (with the
 * 3-D Secure challenge), or the approve/fail screen of a wallet or an instalment plan. Plain
 * HTML with a nonce-less inline stylesheet (its own CSP), no script: it works without JavaScript
 * and with a keyboard, as a provider's page must.
 */
type Lang = "es" | "fr";

const T = {
  es: {
    title: "Pasarela de pago de pruebas",
    sandbox: "Entorno de pruebas: no se cobra nada.",
    pay: "Pagar",
    amount: "Importe",
    merchant: "Comercio",
    order: "Pedido",
    cardNumber: "Número de tarjeta",
    expiry: "Caducidad (MM/AA)",
    cvc: "Código de seguridad (CVC)",
    holder: "Titular de la tarjeta",
    cards: `Tarjetas de prueba: ${group(SANDBOX_CARDS.authorised)} se autoriza, ${group(SANDBOX_CARDS.refused)} se rechaza, ${group(SANDBOX_CARDS.challenge)} pide el código de verificación ${SANDBOX_3DS_CODE}. Cualquier fecha futura y CVC de 3 cifras.`,
    challengeTitle: "Verificación de tu banco (3-D Secure)",
    challengeText: "Tu banco te ha enviado un código para confirmar este pago.",
    challengeHint: `Código de prueba: ${SANDBOX_3DS_CODE}`,
    code: "Código de verificación",
    confirm: "Confirmar",
    wrongCode: "El código no es correcto. Inténtalo de nuevo.",
    approve: "Aprobar el pago",
    fail: "Rechazar el pago",
    cancel: "Cancelar y volver a la tienda",
    expired: "Esta sesión de pago ha caducado.",
    back: "Volver a la tienda",
    done: "Este pago ya está cerrado.",
    errors: {
      number: "El número de tarjeta no es válido.",
      expiry: "La fecha de caducidad no es válida.",
      cvc: "El código de seguridad debe tener 3 o 4 cifras.",
      holder: "Escribe el nombre del titular.",
      phone: "Introduce un número de teléfono correcto",
    },
    bizumPhone: "Teléfono asociado a Bizum",
    bizumText: "Recibirás una notificación en la app de tu banco para aceptar el pago.",
    instalments: (n: number, each: string, days: string) => `${n} plazos de ${each} ${days}, sin intereses.`,
    every30: "cada 30 días",
    monthly: "al mes",
    walletText: "Confirma el pago con tu cuenta.",
    methods: {
      card: "Tarjeta de crédito o débito",
      bizum: "Bizum",
      klarna_account: "Klarna: paga en 3 plazos",
      paypal: "PayPal",
      scalapay_3x: "Scalapay: paga en 3 plazos",
      googlePay: "Google Pay",
      applePay: "Apple Pay",
      transfer: "Transferencia",
    } as Record<string, string>,
  },
  fr: {
    title: "Passerelle de paiement de test",
    sandbox: "Environnement de test : aucun débit.",
    pay: "Payer",
    amount: "Montant",
    merchant: "Marchand",
    order: "Commande",
    cardNumber: "Numéro de carte",
    expiry: "Expiration (MM/AA)",
    cvc: "Cryptogramme (CVC)",
    holder: "Titulaire de la carte",
    cards: `Cartes de test : ${group(SANDBOX_CARDS.authorised)} est acceptée, ${group(SANDBOX_CARDS.refused)} est refusée, ${group(SANDBOX_CARDS.challenge)} demande le code de vérification ${SANDBOX_3DS_CODE}. Toute date future et un CVC à 3 chiffres.`,
    challengeTitle: "Vérification de votre banque (3-D Secure)",
    challengeText: "Votre banque vous a envoyé un code pour confirmer ce paiement.",
    challengeHint: `Code de test : ${SANDBOX_3DS_CODE}`,
    code: "Code de vérification",
    confirm: "Confirmer",
    wrongCode: "Le code n'est pas correct. Réessayez.",
    approve: "Approuver le paiement",
    fail: "Refuser le paiement",
    cancel: "Annuler et revenir à la boutique",
    expired: "Cette session de paiement a expiré.",
    back: "Revenir à la boutique",
    done: "Ce paiement est déjà clos.",
    errors: {
      number: "Le numéro de carte n'est pas valide.",
      expiry: "La date d'expiration n'est pas valide.",
      cvc: "Le cryptogramme doit comporter 3 ou 4 chiffres.",
      holder: "Indiquez le nom du titulaire.",
      phone: "Saisissez un numéro de téléphone correct",
    },
    bizumPhone: "Téléphone associé à Bizum",
    bizumText: "Vous recevrez une notification dans l'application de votre banque pour accepter le paiement.",
    instalments: (n: number, each: string, days: string) => `${n} versements de ${each} ${days}, sans frais.`,
    every30: "tous les 30 jours",
    monthly: "par mois",
    walletText: "Confirmez le paiement avec votre compte.",
    methods: {
      card: "Carte bancaire",
      bizum: "Bizum",
      klarna_account: "Klarna : payez en 3 fois",
      paypal: "PayPal",
      scalapay_3x: "Scalapay : payez en 3 fois",
      googlePay: "Google Pay",
      applePay: "Apple Pay",
      transfer: "Virement",
    } as Record<string, string>,
  },
};

function group(n: string): string {
  return n.replace(/(.{4})/g, "$1 ").trim();
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export type CardErrors = Partial<Record<"number" | "expiry" | "cvc" | "holder" | "phone", true>>;
export type CardValues = { number?: string; expiry?: string; holder?: string; phone?: string };

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #d1d5db;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.35rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1rem 0 .5rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:.1rem .6rem;font-size:.85rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}dt{color:#4b5563}dd{margin:0;font-weight:600;text-align:right}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #6b7280;border-radius:.5rem}
input:focus-visible,button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
input[aria-invalid=true]{border-color:#b91c1c}
.err{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button{font:inherit;font-weight:700;border-radius:.5rem;padding:.75rem 1rem;width:100%;margin-top:1rem;cursor:pointer;border:2px solid transparent}
.primary{background:#1d4ed8;color:#fff}.secondary{background:#fff;color:#1f2937;border-color:#6b7280}
.link{background:none;border:none;color:#1d4ed8;text-decoration:underline;font-weight:600;width:auto;padding:.5rem 0}
.hint{background:#eff6ff;border-radius:.5rem;padding:.75rem;font-size:.9rem;color:#1e3a8a}
.alert{background:#fef2f2;color:#991b1b;border-radius:.5rem;padding:.75rem;margin-top:1rem}
`;

function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function summary(lang: Lang, row: SandboxRow): string {
  const t = T[lang];
  const price = formatPrice(row.amount, lang === "fr" ? "fr-FR" : "es-ES");
  return `<p><span class="badge">${esc(t.sandbox)}</span></p>
<dl><dt>${esc(t.merchant)}</dt><dd>${esc(row.description ?? "")}</dd><dt>${esc(t.amount)}</dt><dd data-testid="sandbox-amount">${esc(price)}</dd></dl>`;
}

const cancelForm = (lang: Lang, id: string) =>
  `<form method="post" action="/sandbox-pay/${esc(id)}"><input type="hidden" name="action" value="cancel"><button class="link" type="submit">${esc(T[lang].cancel)}</button></form>`;

function field(name: string, label: string, opts: { value?: string; error?: string; autocomplete: string; inputmode?: string; describedBy?: string }) {
  const errId = `${name}-error`;
  const described = [opts.error ? errId : "", opts.describedBy ?? ""].filter(Boolean).join(" ");
  return `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" autocomplete="${opts.autocomplete}"${opts.inputmode ? ` inputmode="${opts.inputmode}"` : ""} value="${esc(opts.value ?? "")}"${opts.error ? ' aria-invalid="true"' : ""}${described ? ` aria-describedby="${described}"` : ""} required>${opts.error ? `<p class="err" id="${errId}">${esc(opts.error)}</p>` : ""}`;
}

export function renderPayPage(row: SandboxRow, state: { errors?: CardErrors; values?: CardValues; wrongCode?: boolean } = {}): string {
  const lang: Lang = row.language === "fr" ? "fr" : "es";
  const t = T[lang];
  const methodName = t.methods[row.method] ?? row.method;
  const action = `/sandbox-pay/${esc(row.id)}`;
  const e = state.errors ?? {};
  const v = state.values ?? {};
  let body: string;
  if (row.status === "challenge") {
    body = `<h1>${esc(t.challengeTitle)}</h1>${summary(lang, row)}
<p>${esc(t.challengeText)}</p><p class="hint" id="code-hint">${esc(t.challengeHint)}</p>
${state.wrongCode ? `<p class="alert" role="alert">${esc(t.wrongCode)}</p>` : ""}
<form method="post" action="${action}"><input type="hidden" name="action" value="challenge">
${field("code", t.code, { autocomplete: "one-time-code", inputmode: "numeric", describedBy: "code-hint", ...(state.wrongCode ? { error: t.wrongCode } : {}) })}
<button class="primary" type="submit">${esc(t.confirm)}</button></form>${cancelForm(lang, row.id)}`;
  } else if (row.method === "card") {
    const price = formatPrice(row.amount, lang === "fr" ? "fr-FR" : "es-ES");
    body = `<h1>${esc(methodName)}</h1>${summary(lang, row)}
<p class="hint" id="test-cards">${esc(t.cards)}</p>
<form method="post" action="${action}" novalidate><input type="hidden" name="action" value="card">
${field("number", t.cardNumber, { value: v.number, autocomplete: "cc-number", inputmode: "numeric", describedBy: "test-cards", ...(e.number ? { error: t.errors.number } : {}) })}
<div class="row"><div>${field("expiry", t.expiry, { value: v.expiry, autocomplete: "cc-exp", inputmode: "numeric", ...(e.expiry ? { error: t.errors.expiry } : {}) })}</div>
<div>${field("cvc", t.cvc, { autocomplete: "cc-csc", inputmode: "numeric", ...(e.cvc ? { error: t.errors.cvc } : {}) })}</div></div>
${field("holder", t.holder, { value: v.holder, autocomplete: "cc-name", ...(e.holder ? { error: t.errors.holder } : {}) })}
<button class="primary" type="submit">${esc(`${t.pay} ${price}`)}</button></form>${cancelForm(lang, row.id)}`;
  } else {
    const locale = lang === "fr" ? "fr-FR" : "es-ES";
    let extra = `<p>${esc(t.walletText)}</p>`;
    if (row.method === "bizum") {
      extra = `<p id="bizum-text">${esc(t.bizumText)}</p>${field("phone", t.bizumPhone, { value: v.phone, autocomplete: "tel", inputmode: "tel", describedBy: "bizum-text", ...(e.phone ? { error: t.errors.phone } : {}) })}`;
    } else if (row.method === "klarna_account" || row.method === "scalapay_3x") {
      const first = Math.ceil(row.amount / 3);
      extra = `<p data-testid="sandbox-instalments">${esc(t.instalments(3, formatPrice(first, locale), row.method === "klarna_account" ? t.every30 : t.monthly))}</p>`;
    }
    body = `<h1>${esc(methodName)}</h1>${summary(lang, row)}
<form method="post" action="${action}"><input type="hidden" name="action" value="approve">${extra}
<button class="primary" type="submit">${esc(t.approve)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="fail"><button class="secondary" type="submit">${esc(t.fail)}</button></form>
${cancelForm(lang, row.id)}`;
  }
  return layout(lang, `${methodName} · ${t.title}`, `<div class="card">${body}</div>`);
}

/** A session that can no longer be paid (expired, or already closed): a way back to the shop. */
export function renderClosedPage(row: SandboxRow, returnUrl: string, reason: "expired" | "done"): string {
  const lang: Lang = row.language === "fr" ? "fr" : "es";
  const t = T[lang];
  return layout(
    lang,
    t.title,
    `<div class="card"><h1>${esc(reason === "expired" ? t.expired : t.done)}</h1>${summary(lang, row)}<p><a href="${esc(returnUrl)}">${esc(t.back)}</a></p></div>`,
  );
}

/** Checks a card form as a provider would (Luhn, a future expiry, a CVC, a name). */
export function checkCard(values: Record<string, string>, luhnValid: (d: string) => boolean, now = new Date()): { errors: CardErrors; number: string } {
  const errors: CardErrors = {};
  const number = String(values.number ?? "").replace(/[\s-]/g, "");
  if (!luhnValid(number)) errors.number = true;
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(String(values.expiry ?? ""));
  if (!m) errors.expiry = true;
  else {
    const month = Number(m[1]);
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const endOfMonth = new Date(Date.UTC(year, month, 1));
    if (month < 1 || month > 12 || endOfMonth <= now || year > now.getUTCFullYear() + 20) errors.expiry = true;
  }
  if (!/^\d{3,4}$/.test(String(values.cvc ?? "").trim())) errors.cvc = true;
  const holder = String(values.holder ?? "").trim();
  if (holder.length < 2 || holder.length > 100) errors.holder = true;
  return { errors, number };
}
