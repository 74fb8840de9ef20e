import { PDF_FONT as FONT, PDF_FONT_BOLD as FONT_BOLD } from "../../lib/pdf-fonts.ts";
import { formatDate } from "../../../core/dates.ts";

const TEXT = {
  es: {
    title: "Presupuesto",
    date: "Fecha",
    valid: "Válido hasta",
    for: "Para",
    item: "Artículo",
    qty: "Cant.",
    amount: "Importe",
    discount: "Descuento",
    subtotal: "Subtotal",
    shipping: "Envío",
    total: "Total (IVA incluido)",
    vat: "de los que IVA",
    pay: "Puedes aceptarlo y pagarlo aquí:",
  },
  fr: {
    title: "Devis",
    date: "Date",
    valid: "Valable jusqu’au",
    for: "Pour",
    item: "Article",
    qty: "Qté",
    amount: "Montant",
    discount: "Remise",
    subtotal: "Sous-total",
    shipping: "Livraison",
    total: "Total (TVA incluse)",
    vat: "dont TVA",
    pay: "Vous pouvez l’accepter et le payer ici :",
  },
} as const;

export type QuotationPdfInput = {
  shop: string;
  number: string;
  createdAt: Date;
  expiresAt: Date | null;
  customer: string[];
  rows: { name: string; ref: string; quantity: number; summary: string[]; lines: string[]; total: number; discount: number; discountLabel: string | null }[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  vat: { rate_bp: number; amount: number };
  payUrl: string;
};

const euros = (cents: number, lang: "es" | "fr") =>
  new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "es-ES", { style: "currency", currency: "EUR" }).format(cents / 100);

/** The quotation a customer receives (attached to the mail): lines, line discounts, totals with VAT, validity and the pay link. */
export async function renderQuotationPdf(q: QuotationPdfInput, lang: "es" | "fr"): Promise<Buffer> {
  const T = TEXT[lang];
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: `${T.title} ${q.number}` }, lang: lang === "fr" ? "fr-FR" : "es-ES" });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = 48;
  const width = doc.page.width - 96;
  const amountX = left + width - 110;
  doc.font("bold").fontSize(16).fillColor("#111827").text(`${q.shop} · ${T.title} ${q.number}`, left, 48, { width });
  doc.font("body").fontSize(10);
  doc.text(`${T.date}: ${formatDate(lang, q.createdAt, { dateStyle: "medium" })}`);
  if (q.expiresAt) doc.text(`${T.valid}: ${formatDate(lang, q.expiresAt, { dateStyle: "medium" })}`);
  doc.moveDown(0.6);
  doc.font("bold").text(T.for);
  doc.font("body");
  for (const line of q.customer) if (line) doc.text(line);
  doc.moveDown(0.8);
  doc
    .font("bold")
    .fontSize(10)
    .text(`${T.qty} × ${T.item}`, left, doc.y, { width: width - 120, continued: false });
  for (const r of q.rows) {
    doc.moveDown(0.4);
    const y = doc.y;
    doc
      .font("bold")
      .fontSize(10)
      .text(`${r.quantity} × ${r.name} (${r.ref})`, left, y, { width: width - 120 });
    const after = doc.y;
    doc.font("body").text(euros(r.total, lang), amountX, y, { width: 110, align: "right" });
    doc.y = after;
    doc.fontSize(9);
    for (const s of [...r.summary, ...r.lines]) doc.text(s, left + 14, doc.y, { width: width - 134 });
    if (r.discount > 0) {
      const dy = doc.y;
      doc.text(`${T.discount}${r.discountLabel ? ` (${r.discountLabel})` : ""}`, left + 14, dy, { width: width - 134 });
      const a = doc.y;
      doc.text(`−${euros(r.discount, lang)}`, amountX, dy, { width: 110, align: "right" });
      doc.y = a;
    }
  }
  doc.moveDown(1);
  const line = (label: string, cents: number, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? "bold" : "body")
      .fontSize(10)
      .text(label, left, y, { width: width - 120 });
    const a = doc.y;
    doc.text(euros(cents, lang), amountX, y, { width: 110, align: "right" });
    doc.y = a;
  };
  line(T.subtotal, q.subtotal);
  if (q.discount > 0) line(T.discount, -q.discount);
  line(T.shipping, q.shipping);
  line(T.total, q.total, true);
  line(`${T.vat} ${q.vat.rate_bp / 100} %`, q.vat.amount);
  doc.moveDown(1.2);
  doc.font("body").fontSize(10).text(T.pay, left, doc.y, { width });
  doc.fillColor("#1d4ed8").text(q.payUrl, left, doc.y, { width, link: q.payUrl, underline: true });
  doc.end();
  return done;
}
