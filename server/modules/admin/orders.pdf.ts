import { PDF_FONT as FONT, PDF_FONT_BOLD as FONT_BOLD } from "../../lib/pdf-fonts.ts";
import { formatDate } from "../../../core/dates.ts";
import type { orderRows, orders } from "../cart/cart.schema.ts";
import type { subOrders } from "../orders/orders.schema.ts";

type Order = typeof orders.$inferSelect;
type OrderRow = typeof orderRows.$inferSelect;
type SubOrder = typeof subOrders.$inferSelect;

const TEXT = {
  es: {
    title: "Albarán de preparación",
    order: "Pedido",
    date: "Fecha",
    ship_to: "Enviar a",
    package: "Bulto",
    unassigned: "Sin bulto",
    ref: "Referencia",
    item: "Artículo",
    qty: "Cant.",
    observations: "Observaciones del cliente",
    check: "Preparado por / revisado",
  },
  fr: {
    title: "Bon de préparation",
    order: "Commande",
    date: "Date",
    ship_to: "Livrer à",
    package: "Colis",
    unassigned: "Sans colis",
    ref: "Référence",
    item: "Article",
    qty: "Qté",
    observations: "Observations du client",
    check: "Préparé par / vérifié",
  },
} as const;

/**
 * One PDF with a packing slip per order (a new page each): where it goes, and per package the
 * products with their configuration (options, measures, complements, the shopper's notes) and
 * quantities. No prices: the slip travels with the goods. In the staff member's language.
 */
export async function renderPackingSlips(list: { order: Order; rows: OrderRow[]; subs: SubOrder[] }[], lang: "es" | "fr"): Promise<Buffer> {
  const T = TEXT[lang];
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 48, autoFirstPage: false, info: { Title: T.title }, lang: lang === "fr" ? "fr-FR" : "es-ES" });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const { order: o, rows, subs } of list) {
    doc.addPage();
    const left = 48;
    const width = doc.page.width - 96;
    doc.font("bold").fontSize(16).fillColor("#111827").text(`${T.title} · ${T.order} ${o.orderNumber}`, left, 48, { width });
    doc
      .font("body")
      .fontSize(10)
      .text(`${T.date}: ${formatDate(lang, o.placedAt ?? o.createdAt, { dateStyle: "medium" })}`);
    doc.moveDown(0.6);
    doc.font("bold").text(T.ship_to);
    doc.font("body");
    const who = [o.name, o.surnames].filter(Boolean).join(" ");
    for (const line of [
      who,
      [o.shippingAddress, o.shippingNumber].filter(Boolean).join(", "),
      [o.shippingPostalCode, o.shippingCity].filter(Boolean).join(" "),
      [o.shippingProvince, o.shippingCountry].filter(Boolean).join(", "),
      o.phone ?? "",
    ])
      if (line) doc.text(line);
    const groups: { title: string; rows: OrderRow[] }[] = subs.map((s) => ({
      title: `${T.package} ${s.package}`,
      rows: rows.filter((r) => r.subOrderId === s.id),
    }));
    const loose = rows.filter((r) => !subs.some((s) => s.id === r.subOrderId));
    if (loose.length) groups.push({ title: T.unassigned, rows: loose });
    for (const g of groups) {
      if (!g.rows.length) continue;
      doc.moveDown(0.8);
      doc.font("bold").fontSize(12).text(g.title, left, doc.y, { width });
      doc.fontSize(9).fillColor("#475569").text(`${T.ref}`, left, doc.y, { continued: false });
      doc.fillColor("#111827");
      for (const r of g.rows) {
        doc.moveDown(0.3);
        doc.font("bold").fontSize(10).text(`${r.quantity} × ${r.name}  (${r.ref})`, left, doc.y, { width });
        doc.font("body").fontSize(9);
        for (const s of r.summary) doc.text(`${s.label}: ${s.value}`, left + 14, doc.y, { width: width - 14 });
        for (const l of r.lines) doc.text(`+ ${l.follows ? r.quantity : l.quantity} × ${l.name} (${l.ref})`, left + 14, doc.y, { width: width - 14 });
      }
    }
    if (o.observations) {
      doc.moveDown(0.8);
      doc.font("bold").fontSize(10).text(T.observations, left, doc.y, { width });
      doc.font("body").fontSize(9).text(o.observations, left, doc.y, { width });
    }
    doc.moveDown(1.5);
    doc.font("body").fontSize(9).fillColor("#475569").text(`${T.check}: ____________________`, left, doc.y, { width });
  }
  if (!list.length) doc.addPage();
  doc.end();
  return done;
}
