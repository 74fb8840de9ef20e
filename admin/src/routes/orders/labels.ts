import esOrders from "@core/i18n/es/orders.json";
import frOrders from "@core/i18n/fr/orders.json";
import type { Lang } from "../../lib/i18n";

// The shop's own status names (spec 4), as the storefront shows them: one text per status everywhere.
const SHOP = { es: esOrders as Record<string, string>, fr: frOrders as Record<string, string> };

export const ORDER_STATUS_OPTIONS = [200, 300, 350, 400, 450, 500, 600, 650, 700, 800] as const;
export const SUB_STATUS_OPTIONS = [100, 200, 300, 400, 500, 600, 650, 700, 800, 900] as const;
export const PAYMENT_METHODS = ["card", "bizum", "klarna_account", "paypal", "transfer", "scalapay_3x", "googlePay", "applePay"] as const;
export const PAYMENT_STATES = ["unpaid", "paid", "partially_refunded", "refunded"] as const;
export const SHIPPING_STATES = ["none", "pending", "partial", "shipped", "delivered", "incident"] as const;

export const orderStatusLabel = (s: number, lang: Lang) => SHOP[lang][`orders.status.${s}`] ?? String(s);
export const subStatusLabel = (s: number, lang: Lang) => SHOP[lang][`orders.sub_status.${s}`] ?? String(s);

const METHOD: Record<Lang, Record<string, string>> = {
  es: {
    card: "Tarjeta",
    bizum: "Bizum",
    klarna_account: "Klarna",
    paypal: "PayPal",
    transfer: "Transferencia",
    scalapay_3x: "Scalapay",
    googlePay: "Google Pay",
    applePay: "Apple Pay",
  },
  fr: {
    card: "Carte",
    bizum: "Bizum",
    klarna_account: "Klarna",
    paypal: "PayPal",
    transfer: "Virement",
    scalapay_3x: "Scalapay",
    googlePay: "Google Pay",
    applePay: "Apple Pay",
  },
};
export const methodLabel = (m: string | null, lang: Lang) => (m ? (METHOD[lang][m] ?? m) : "—");

const PAYMENT: Record<Lang, Record<string, string>> = {
  es: { unpaid: "Sin pagar", paid: "Pagado", partially_refunded: "Reembolsado en parte", refunded: "Reembolsado" },
  fr: { unpaid: "Non payée", paid: "Payée", partially_refunded: "Remboursée en partie", refunded: "Remboursée" },
};
export const paymentLabel = (s: string, lang: Lang) => PAYMENT[lang][s] ?? s;

const SHIPPING: Record<Lang, Record<string, string>> = {
  es: { none: "Sin paquetes", pending: "Por enviar", partial: "Enviado en parte", shipped: "Enviado", delivered: "Entregado", incident: "Incidencia" },
  fr: { none: "Sans colis", pending: "À expédier", partial: "Expédiée en partie", shipped: "Expédiée", delivered: "Livrée", incident: "Incident" },
};
export const shippingLabel = (s: string, lang: Lang) => SHIPPING[lang][s] ?? s;

export function statusTone(s: number): "gray" | "blue" | "green" | "amber" | "red" | "violet" {
  if (s === 700 || s === 800) return "red";
  if (s === 650) return "green";
  if (s === 600) return "violet";
  if (s >= 400) return "blue";
  if (s === 300) return "amber";
  return "gray";
}
