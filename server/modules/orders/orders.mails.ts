import { formatPrice } from "../../../core/money.ts";
import { LOCALE_BY_LANGUAGE } from "../../../core/stores.ts";
import { escapeHtml } from "../mail/mail.templates.ts";
import type { OrderDto } from "./orders.types.ts";

export type OrderMailKind = "confirmation" | "transfer" | "paid" | "shipped";
export type OrderMailVars = {
  shop: string;
  home: string;
  order: OrderDto;
  orderUrl: string;
  transfer?: { holder: string; iban: string; bic: string; bank: string; reference: string; amount: number };
  tracking?: { agency: string; number: string };
};

/**
 * The order mails' texts (server-only: they never travel to a browser). `{name}`-style
 * placeholders are filled from the order; every value is escaped when it goes into the HTML.
 */
const TEXTS = {
  es: {
    greeting: "Hola {name}:",
    greeting_anonymous: "Hola:",
    "confirmation.subject": "Hemos recibido tu pedido {number}",
    "confirmation.intro": "Gracias por comprar en {shop}. Hemos recibido tu pedido {number} y lo tenemos reservado.",
    "confirmation.next": "En cuanto se confirme el pago te enviaremos otro email y empezaremos a prepararlo.",
    "quotation.subject": "Tu presupuesto {number}",
    "quotation.intro": "Hemos guardado tu presupuesto {number} en {shop}, con los precios de hoy.",
    "quotation.next": "Es válido hasta el {date}. Cuando quieras confirmarlo, ábrelo y pulsa «Pagar mi pedido».",
    "transfer.subject": "Datos para pagar tu pedido {number} por transferencia",
    "transfer.intro": "Gracias por comprar en {shop}. Tu pedido {number} está reservado: para completarlo, haz una transferencia con estos datos.",
    "transfer.next":
      "Escribe la referencia exactamente como aparece en el concepto de la transferencia. Confirmamos las transferencias en 24 horas y te avisaremos por email; guardamos tus productos durante 7 días.",
    "transfer.holder": "Titular",
    "transfer.iban": "IBAN",
    "transfer.bic": "BIC",
    "transfer.bank": "Banco",
    "transfer.amount": "Importe",
    "transfer.reference": "Concepto",
    "paid.subject": "Pago recibido: pedido {number}",
    "paid.intro": "Hemos recibido el pago de tu pedido {number}. ¡Gracias!",
    "paid.next": "Ya lo estamos preparando. Te avisaremos por email cuando salga cada paquete.",
    "shipped.subject": "Tu pedido {number} está en camino",
    "shipped.intro": "Un paquete de tu pedido {number} ha salido de nuestro almacén.",
    "shipped.next": "Con el número de seguimiento puedes consultar la entrega en la web de la agencia de transporte.",
    "shipped.agency": "Agencia de transporte",
    "shipped.number": "Número de seguimiento",
    "lines.title": "Tu pedido",
    "lines.quantity": "Cantidad",
    "lines.professional": "Descuento profesional",
    "totals.subtotal": "Subtotal",
    "totals.shipping": "Envío",
    "totals.shipping_free": "Gratis",
    "totals.coupon": "Cupón",
    "totals.paypal": "Comisión PayPal",
    "totals.total": "Total",
    "totals.vat": "IVA incluido ({rate} %)",
    "address.title": "Dirección de envío",
    "payment.title": "Método de pago",
    button: "Ver mi pedido",
    "button.quotation": "Ver mi presupuesto",
    footer: "Recibes este email porque has hecho un pedido en {shop}. Guárdalo: el enlace da acceso a tu pedido.",
  },
  fr: {
    greeting: "Bonjour {name},",
    greeting_anonymous: "Bonjour,",
    "confirmation.subject": "Nous avons bien reçu votre commande {number}",
    "confirmation.intro": "Merci pour votre achat chez {shop}. Nous avons bien reçu votre commande {number} et l'avons réservée.",
    "confirmation.next": "Dès que le paiement sera confirmé, nous vous enverrons un autre e-mail et commencerons à la préparer.",
    "quotation.subject": "Votre devis {number}",
    "quotation.intro": "Nous avons enregistré votre devis {number} chez {shop}, aux prix d'aujourd'hui.",
    "quotation.next": "Il est valable jusqu'au {date}. Pour le confirmer, ouvrez-le et cliquez sur « Payer ma commande ».",
    "transfer.subject": "Informations de virement pour votre commande {number}",
    "transfer.intro":
      "Merci pour votre achat chez {shop}. Votre commande {number} est réservée : pour la finaliser, effectuez un virement avec ces informations.",
    "transfer.next":
      "Indiquez la référence exactement telle quelle dans le libellé du virement. Nous confirmons les virements sous 24 heures et vous prévenons par e-mail ; vos produits sont réservés 7 jours.",
    "transfer.holder": "Titulaire",
    "transfer.iban": "IBAN",
    "transfer.bic": "BIC",
    "transfer.bank": "Banque",
    "transfer.amount": "Montant",
    "transfer.reference": "Libellé",
    "paid.subject": "Paiement reçu : commande {number}",
    "paid.intro": "Nous avons bien reçu le paiement de votre commande {number}. Merci !",
    "paid.next": "Nous la préparons. Nous vous préviendrons par e-mail à l'expédition de chaque colis.",
    "shipped.subject": "Votre commande {number} est en route",
    "shipped.intro": "Un colis de votre commande {number} a quitté notre entrepôt.",
    "shipped.next": "Avec le numéro de suivi, vous pouvez suivre la livraison sur le site du transporteur.",
    "shipped.agency": "Transporteur",
    "shipped.number": "Numéro de suivi",
    "lines.title": "Votre commande",
    "lines.quantity": "Quantité",
    "lines.professional": "Remise professionnelle",
    "totals.subtotal": "Sous-total",
    "totals.shipping": "Livraison",
    "totals.shipping_free": "Offerte",
    "totals.coupon": "Code promo",
    "totals.paypal": "Frais PayPal",
    "totals.total": "Total",
    "totals.vat": "TVA incluse ({rate} %)",
    "address.title": "Adresse de livraison",
    "payment.title": "Moyen de paiement",
    button: "Voir ma commande",
    "button.quotation": "Voir mon devis",
    footer: "Vous recevez cet e-mail parce que vous avez passé commande chez {shop}. Conservez-le : le lien donne accès à votre commande.",
  },
} as const;
type TextKey = keyof (typeof TEXTS)["es"];

const METHODS: Record<"es" | "fr", Record<string, string>> = {
  es: {
    card: "Tarjeta de crédito o débito",
    bizum: "Bizum",
    klarna_account: "Klarna",
    paypal: "PayPal",
    transfer: "Transferencia bancaria",
    scalapay_3x: "Scalapay",
    googlePay: "Google Pay",
    applePay: "Apple Pay",
  },
  fr: {
    card: "Carte bancaire",
    bizum: "Bizum",
    klarna_account: "Klarna",
    paypal: "PayPal",
    transfer: "Virement bancaire",
    scalapay_3x: "Scalapay",
    googlePay: "Google Pay",
    applePay: "Apple Pay",
  },
};

const COLOR = { brand: "#0b4f6c", ink: "#1f2933", muted: "#52606d", line: "#e4e7eb", soft: "#f5f7fa", ok: "#1d7a46" };

/**
 * An order mail (issue 9): the confirmation with its lines and totals (or, for a quotation, its
 * validity), the transfer instructions with the bank details and the reference, the payment
 * received, and a package shipped with its carrier and tracking number. Spanish or French, text
 * and HTML; everything that comes from the order is escaped.
 */
export function renderOrderMail(kind: OrderMailKind, lang: "es" | "fr", vars: OrderMailVars): { subject: string; text: string; html: string } {
  const texts = TEXTS[lang];
  const locale = LOCALE_BY_LANGUAGE[lang];
  const { order } = vars;
  const price = (cents: number) => formatPrice(cents, locale);
  const quotation = kind === "confirmation" && order.kind === "quotation";
  const section = quotation ? "quotation" : kind;
  const date = order.expires_at
    ? new Date(order.expires_at).toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" })
    : "";
  const fill = (key: TextKey, extra: Record<string, string> = {}) => {
    const params: Record<string, string> = { shop: vars.shop, number: order.order_number, name: order.beneficiary.name ?? "", date, ...extra };
    return (texts[key] as string).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? params[k] : m));
  };

  const subject = fill(`${section}.subject` as TextKey);
  const greeting = order.beneficiary.name ? fill("greeting") : fill("greeting_anonymous");
  const intro = fill(`${section}.intro` as TextKey);
  const next = fill(`${section}.next` as TextKey);

  // Facts shown as a small table: the transfer's bank details, or the package's tracking.
  const facts: [string, string][] = [];
  if (kind === "transfer" && vars.transfer) {
    const tr = vars.transfer;
    facts.push(
      [fill("transfer.holder"), tr.holder],
      [fill("transfer.iban"), tr.iban],
      [fill("transfer.bic"), tr.bic],
      [fill("transfer.bank"), tr.bank],
      [fill("transfer.amount"), price(tr.amount)],
      [fill("transfer.reference"), tr.reference],
    );
  }
  if (kind === "shipped" && vars.tracking) {
    if (vars.tracking.agency) facts.push([fill("shipped.agency"), vars.tracking.agency]);
    if (vars.tracking.number) facts.push([fill("shipped.number"), vars.tracking.number]);
  }

  const withLines = kind !== "shipped";
  const p = order.prices;
  const rate = String(order.vat.rate_bp / 100).replace(".", ",");
  const totals: [string, string][] = [
    [fill("totals.subtotal"), price(p.subtotal)],
    [fill("totals.shipping"), p.shipping === 0 ? fill("totals.shipping_free") : price(p.shipping)],
    ...(p.coupon_discount > 0
      ? [[`${fill("totals.coupon")}${order.coupon_code ? ` ${order.coupon_code}` : ""}`, `-${price(p.coupon_discount)}`] as [string, string]]
      : []),
    ...(p.paypal_commission > 0 ? [[fill("totals.paypal"), price(p.paypal_commission)] as [string, string]] : []),
    [fill("totals.total"), price(p.total)],
    [fill("totals.vat", { rate }), price(order.vat.amount)],
  ];
  const a = order.shipping_address;
  const address = [
    [order.beneficiary.name, order.beneficiary.surnames].filter(Boolean).join(" "),
    [a.address, a.number].filter(Boolean).join(", "),
    [a.postal_code, a.city].filter(Boolean).join(" "),
    a.province ?? "",
  ].filter((s) => s.trim() !== "");
  const method = order.payment_method ? METHODS[lang][order.payment_method] : null;
  const button = fill(quotation ? "button.quotation" : "button");
  const footer = fill("footer");

  // ---------------------------------------------------------------- text
  const textLines: string[] = [greeting, "", intro, ""];
  if (facts.length) textLines.push(...facts.map(([k, v]) => `${k}: ${v}`), "");
  textLines.push(next, "");
  if (withLines) {
    textLines.push(`${fill("lines.title")} ${order.order_number}`);
    for (const r of order.rows) {
      textLines.push(`- ${r.name} (${r.ref}) × ${r.quantity}: ${price(r.total)}`);
      for (const l of r.lines.filter((x) => x.kind !== "product")) textLines.push(`    + ${l.name} × ${l.quantity}: ${price(l.total)}`);
      if (r.professional_discount > 0) textLines.push(`    ${fill("lines.professional")}: -${price(r.professional_discount)}`);
    }
    textLines.push("", ...totals.map(([k, v]) => `${k}: ${v}`), "");
    if (kind === "confirmation" && !quotation && address.length) textLines.push(`${fill("address.title")}:`, ...address, "");
    if (method && kind !== "transfer") textLines.push(`${fill("payment.title")}: ${method}`, "");
  }
  textLines.push(`${button}: ${vars.orderUrl}`, "", "--", footer, vars.home, "");
  const text = textLines.join("\n");

  // ---------------------------------------------------------------- html
  const e = escapeHtml;
  const para = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${COLOR.ink}">${e(s)}</p>`;
  const factTable = facts.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;background:${COLOR.soft};border-radius:6px">` +
      facts
        .map(
          ([k, v]) =>
            `<tr><td style="padding:8px 12px;font-size:14px;color:${COLOR.muted};white-space:nowrap">${e(k)}</td>` +
            `<td style="padding:8px 12px;font-size:15px;font-weight:bold;color:${COLOR.ink};font-family:Menlo,Consolas,monospace;word-break:break-all">${e(v)}</td></tr>`,
        )
        .join("") +
      `</table>`
    : "";
  const lineRows = order.rows
    .map((r) => {
      const extras = r.lines
        .filter((x) => x.kind !== "product")
        .map((l) => `<br><span style="font-size:13px;color:${COLOR.muted}">+ ${e(l.name)} × ${l.quantity}</span>`)
        .join("");
      const pro =
        r.professional_discount > 0
          ? `<br><span style="font-size:13px;color:${COLOR.ok}">${e(fill("lines.professional"))}: -${e(price(r.professional_discount))}</span>`
          : "";
      return (
        `<tr><td style="padding:10px 0;border-bottom:1px solid ${COLOR.line};font-size:15px;color:${COLOR.ink}">` +
        `<strong>${e(r.name)}</strong><br><span style="font-size:13px;color:${COLOR.muted}">${e(r.ref)} · ${e(fill("lines.quantity"))}: ${r.quantity}</span>${extras}${pro}</td>` +
        `<td align="right" style="padding:10px 0 10px 12px;border-bottom:1px solid ${COLOR.line};font-size:15px;font-weight:bold;color:${COLOR.ink};white-space:nowrap;vertical-align:top">${e(price(r.total))}</td></tr>`
      );
    })
    .join("");
  const totalRows = totals
    .map(([k, v], i) => {
      const strong = i === totals.length - 2;
      const small = i === totals.length - 1;
      const size = strong ? 18 : small ? 13 : 15;
      const color = small ? COLOR.muted : COLOR.ink;
      return `<tr><td style="padding:4px 0;font-size:${size}px;color:${color};${strong ? "font-weight:bold;" : ""}">${e(k)}</td><td align="right" style="padding:4px 0;font-size:${size}px;color:${color};${strong ? "font-weight:bold;" : ""}white-space:nowrap">${e(v)}</td></tr>`;
    })
    .join("");
  const linesBlock = withLines
    ? `<p style="margin:8px 0 4px;font-size:17px;font-weight:bold;color:${COLOR.brand}">${e(fill("lines.title"))} ${e(order.order_number)}</p>` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${lineRows}</table>` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:12px 0 20px">${totalRows}</table>` +
      (kind === "confirmation" && !quotation && address.length
        ? `<p style="margin:0 0 4px;font-size:14px;font-weight:bold;color:${COLOR.muted}">${e(fill("address.title"))}</p><p style="margin:0 0 16px;font-size:15px;line-height:22px;color:${COLOR.ink}">${address.map(e).join("<br>")}</p>`
        : "") +
      (method && kind !== "transfer"
        ? `<p style="margin:0 0 16px;font-size:15px;color:${COLOR.ink}"><span style="color:${COLOR.muted}">${e(fill("payment.title"))}:</span> ${e(method)}</p>`
        : "")
    : "";
  const link = e(vars.orderUrl);
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLOR.soft};font-family:Arial,Helvetica,sans-serif">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.soft}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${COLOR.brand}">${e(vars.shop)}</p>` +
    para(greeting) +
    para(intro) +
    factTable +
    para(next) +
    `<p style="margin:8px 0 24px"><a href="${link}" style="display:inline-block;background:${COLOR.brand};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${e(button)}</a></p>` +
    linesBlock +
    `<p style="margin:0 0 16px;font-size:13px;color:${COLOR.muted};word-break:break-all"><a href="${link}" style="color:${COLOR.brand}">${link}</a></p>` +
    `<hr style="border:none;border-top:1px solid ${COLOR.line};margin:24px 0">` +
    `<p style="margin:0;font-size:12px;line-height:18px;color:${COLOR.muted}">${e(footer)} <a href="${e(vars.home)}" style="color:${COLOR.brand}">${e(vars.home)}</a></p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
