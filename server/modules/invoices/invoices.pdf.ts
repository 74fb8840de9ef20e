import { PDF_FONT as FONT, PDF_FONT_BOLD as FONT_BOLD } from "../../lib/pdf-fonts.ts";
import { madridIsoDate, VERIFACTU_LEGEND } from "../../../core/invoices.ts";
import type { invoices, verifactuRecords } from "./invoices.schema.ts";

type Inv = typeof invoices.$inferSelect;
type Rec = typeof verifactuRecords.$inferSelect;

const TEXT = {
  es: {
    F1: "Factura",
    F2: "Factura simplificada",
    R1: "Factura rectificativa",
    R5: "Factura rectificativa (simplificada)",
    number: "Número",
    date: "Fecha de expedición",
    order: "Pedido",
    seller: "Emisor",
    buyer: "Destinatario",
    description: "Descripción",
    qty: "Cant.",
    unit: "Precio unit. sin IVA",
    vatRate: "IVA",
    net: "Importe sin IVA",
    base: "Base imponible",
    vat: "Cuota IVA",
    total: "Total (IVA incluido)",
    corrects: "Rectifica la factura",
    reason: "Motivo",
    rectification: "Rectificación por diferencias (art. 80 LIVA)",
    payment: "Forma de pago",
    paidOn: "Pagada el",
    simplifiedNote: "Factura simplificada (RD 1619/2012, art. 7). IVA incluido.",
    vatIncluded: "IVA incluido",
    page: "Página",
  },
  fr: {
    FA: "Facture",
    AV: "Facture d'avoir",
    number: "Numéro",
    date: "Date d'émission",
    order: "Commande",
    seller: "Vendeur",
    buyer: "Client",
    description: "Désignation",
    qty: "Qté",
    unit: "Prix unitaire HT",
    vatRate: "TVA",
    net: "Montant HT",
    base: "Total HT",
    vat: "TVA",
    total: "Total TTC",
    corrects: "Avoir sur la facture",
    reason: "Motif",
    rectification: "Avoir",
    payment: "Mode de paiement",
    paidOn: "Payée le",
    simplifiedNote: "",
    vatIncluded: "TTC",
    page: "Page",
  },
} as const;

const METHOD: Record<string, { es: string; fr: string }> = {
  card: { es: "Tarjeta", fr: "Carte bancaire" },
  bizum: { es: "Bizum", fr: "Bizum" },
  paypal: { es: "PayPal", fr: "PayPal" },
  transfer: { es: "Transferencia bancaria", fr: "Virement bancaire" },
  klarna_account: { es: "Klarna", fr: "Klarna" },
  scalapay_3x: { es: "Scalapay", fr: "Scalapay" },
  googlePay: { es: "Google Pay", fr: "Google Pay" },
  applePay: { es: "Apple Pay", fr: "Apple Pay" },
};

function money(cents: number, lang: "es" | "fr"): string {
  return new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "es-ES", { style: "currency", currency: "EUR" }).format(cents / 100).replace(/\u202f|\u00a0/g, " ");
}
const rate = (bp: number) => `${(bp / 100).toLocaleString("es-ES", { maximumFractionDigits: 2 })} %`;
/** dd/mm/yyyy (both languages write dates day first). */
const day = (iso: string, _lang: "es" | "fr") => {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
};

/**
 * Renders an issued invoice or credit note: A4, DejaVu Sans embedded, es or fr. Spanish
 * documents carry the VERI*FACTU QR code (the tax agency's ValidarQR URL, error correction M)
 * and the legend; French ones the mentions obligatoires of a B2C sale (seller's legal details
 * and VAT number, HT/TVA/TTC per rate).
 */
export async function renderInvoicePdf(inv: Inv, record: Rec | null, corrected: Inv | null): Promise<Buffer> {
  const lang = inv.language === "fr" ? "fr" : "es";
  const T = TEXT[lang] as Record<string, string>;
  // French typography puts a space before the colon.
  const c = lang === "fr" ? " :" : ":";
  // pdfkit (with fontkit, its fonts' parsers and a JavaScript brotli) and qrcode are loaded on the
  // first invoice, not with the shop: ~7 MB of live heap that browsing never uses (decision 041).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import("pdfkit"), import("qrcode")]);
  const qr = record ? await QRCode.toBuffer(record.qrUrl, { errorCorrectionLevel: "M", margin: 2, width: 240, type: "png" }) : null;
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `${T[inv.type] ?? inv.type} ${inv.number}`, Author: inv.seller.name, CreationDate: inv.issuedAt, ModDate: inv.issuedAt },
    lang: lang === "fr" ? "fr-FR" : "es-ES",
  });
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
  // Header: the title, number and dates; the QR code top right (Spain).
  doc
    .font("bold")
    .fontSize(18)
    .fillColor("#0f172a")
    .text(T[inv.type] ?? inv.type, left, 48, { width: width - 130 });
  doc.moveDown(0.3);
  doc.font("body").fontSize(10).fillColor("#111827");
  doc.text(`${T.number}${c} ${inv.number}`);
  doc.text(`${T.date}${c} ${day(inv.issueDate, lang)}`);
  doc.text(`${T.order}${c} ${inv.orderNumber}`);
  if (inv.paymentMethod) doc.text(`${T.payment}${c} ${METHOD[inv.paymentMethod]?.[lang] ?? inv.paymentMethod}`);
  if (inv.paidAt && inv.kind === "invoice") doc.text(`${T.paidOn}${c} ${day(madridIsoDate(inv.paidAt), lang)}`);
  if (corrected) {
    doc.moveDown(0.3);
    doc.font("bold").text(`${T.corrects}${c} ${corrected.number} (${day(corrected.issueDate, lang)})`);
    doc.font("body").text(`${T.reason}${c} ${inv.reason ?? ""}`);
    doc.text(T.rectification);
  }
  if (qr && record) {
    const x = doc.page.width - 48 - 120;
    doc.font("bold").fontSize(8).text("VERI*FACTU", x, 40, { width: 120, align: "center" });
    doc.image(qr, x, 52, { width: 120, height: 120 });
    doc.font("body").fontSize(7).text(VERIFACTU_LEGEND, x, 174, { width: 120, align: "center" });
  }

  // Parties.
  const y0 = Math.max(doc.y, qr ? 205 : 0) + 14;
  const col = width / 2 - 8;
  const party = (title: string, p: Inv["seller"], x: number) => {
    doc.font("bold").fontSize(9).fillColor("#475569").text(title.toUpperCase(), x, y0, { width: col });
    doc.font("bold").fontSize(10).fillColor("#111827").text(p.name, x, doc.y, { width: col });
    doc.font("body").fontSize(9);
    if (p.taxId) doc.text(lang === "fr" && title === T.seller ? p.taxId : `NIF: ${p.taxId}`, x, doc.y, { width: col });
    if (p.vatNumber) doc.text(`${lang === "fr" ? "N° TVA intracommunautaire" : "NIF-IVA"}${c} ${p.vatNumber}`, x, doc.y, { width: col });
    for (const a of p.address) doc.text(a, x, doc.y, { width: col });
    if (p.email) doc.text(p.email, x, doc.y, { width: col });
    if (p.registry) doc.fontSize(7).fillColor("#475569").text(p.registry, x, doc.y, { width: col }).fillColor("#111827");
    return doc.y;
  };
  const yA = party(T.seller, inv.seller, left);
  const yB = party(T.buyer, inv.buyer, left + col + 16);
  let y = Math.max(yA, yB) + 18;

  // Lines.
  const cols = [
    { key: "description", w: width - 310, align: "left" as const },
    { key: "qty", w: 40, align: "right" as const },
    { key: "unit", w: 120, align: "right" as const },
    { key: "vatRate", w: 50, align: "right" as const },
    { key: "net", w: 100, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? "bold" : "body").fontSize(8.5);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i].w - 6 })));
    if (y + h > doc.page.height - 120) {
      doc.addPage();
      y = 48;
    }
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y, { width: cols[i].w - 6, align: cols[i].align });
      x += cols[i].w;
    });
    y += h + 5;
  };
  doc
    .rect(left, y - 3, width, 16)
    .fill("#f1f5f9")
    .fillColor("#111827");
  row(
    cols.map((c) => T[c.key]),
    true,
  );
  for (const l of inv.lines) {
    const desc = `${l.description}${l.ref && l.kind !== "correction" ? ` (${l.ref})` : ""}${l.discount ? ` — ${lang === "fr" ? "remise" : "descuento"} ${money(l.discount, lang)} ${T.vatIncluded}` : ""}`;
    row([desc, String(l.quantity), money(l.unitNet, lang), rate(l.vatRateBp), money(l.net, lang)]);
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor("#cbd5e1")
    .stroke();
  y += 8;

  // VAT per rate and totals.
  const label = (text: string, value: string, bold = false) => {
    doc.font(bold ? "bold" : "body").fontSize(bold ? 11 : 9);
    doc.text(text, left + width - 330, y, { width: 200, align: "right" });
    doc.text(value, left + width - 120, y, { width: 120, align: "right" });
    y += bold ? 18 : 14;
  };
  for (const r of inv.vatBreakdown) {
    label(`${T.base} (${rate(r.rateBp)})`, money(r.base, lang));
    label(`${T.vat} ${rate(r.rateBp)}`, money(r.vat, lang));
  }
  label(T.total, money(inv.total, lang), true);
  if (inv.type === "F2") {
    y += 6;
    doc.font("body").fontSize(8).text(T.simplifiedNote, left, y, { width });
  }
  doc.end();
  return done;
}
