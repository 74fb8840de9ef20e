import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { madridDayEnd, madridDayStart } from "../../../core/dates.ts";
import { type InvoiceType, verifactuHash } from "../../../core/invoices.ts";
import type { Db } from "../../db/client.ts";
import { centsCell, toCsv } from "../../lib/csv.ts";
import { orders } from "../cart/cart.schema.ts";
import { invoices, verifactuChain, verifactuRecords } from "../invoices/invoices.schema.ts";
import { type InvoiceRecord, type VerifactuRecord, verifyInvoices } from "../invoices/invoices.service.ts";

const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export type InvoiceListFilter = {
  storeId?: number;
  series?: "F" | "R";
  /** Madrid days, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** Invoice number, order number, customer tax id or name (part of it). */
  q?: string;
  /** Keyset cursor: ids below this one (the `next` of the previous page). */
  before?: number;
  limit: number;
};

/** The text a search runs over; the same expression as the trigram index of migration 0022. */
const SEARCH_TEXT = sql`lower(${invoices.number} || ' ' || ${invoices.orderNumber} || ' ' || coalesce(${invoices.buyer}->>'name', '') || ' ' || coalesce(${invoices.buyer}->>'taxId', ''))`;

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function periodWhere(from?: string, to?: string): SQL | undefined {
  return and(from ? gte(invoices.issuedAt, madridDayStart(from)) : undefined, to ? lt(invoices.issuedAt, madridDayEnd(to)) : undefined);
}

export type SeriesCheck = {
  store: string;
  series: "F" | "R";
  year: number;
  documents: number;
  first: number;
  last: number;
  gaps: number[];
  duplicates: number[];
  /** VERI*FACTU records of this series checked (Spain). */
  records: number;
  /** The first record of this series whose link or fingerprint does not hold; null when intact. */
  broken: { number: string; record_id: number; reason: string } | null;
};

/**
 * The staff side of the invoices (issue 38): the accountant's list, a document with its
 * VERI*FACTU record, the chain check per store and series, and the CSV of a period. Issued
 * documents are frozen (decision 018), so everything here only reads them.
 */
export function createAccountingService(db: Db) {
  return {
    /** Documents newest first (by id, which grows with the issue), a keyset page of `limit`. */
    async list(f: InvoiceListFilter): Promise<{ rows: InvoiceRecord[]; next: number | null }> {
      const q = f.q?.trim();
      const where = and(
        f.storeId != null ? eq(invoices.storeId, f.storeId) : undefined,
        f.series ? eq(invoices.series, f.series) : undefined,
        periodWhere(f.from, f.to),
        q ? sql`${SEARCH_TEXT} like ${likePattern(q)}` : undefined,
        f.before != null ? lt(invoices.id, f.before) : undefined,
      );
      const rows = await db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.id))
        .limit(f.limit + 1);
      const more = rows.length > f.limit;
      const page = more ? rows.slice(0, f.limit) : rows;
      return { rows: page, next: more ? page[page.length - 1].id : null };
    },

    /** One document with what the detail screen shows: its order, the corrected invoice or its credit notes, its record. */
    async detail(id: number) {
      const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (!inv) return null;
      const [[order], related, [record]] = await Promise.all([
        db
          .select({ id: orders.id, number: orders.orderNumber, status: orders.status, email: orders.email, total: orders.total, paidAt: orders.paidAt })
          .from(orders)
          .where(eq(orders.id, inv.orderId)),
        db
          .select({
            id: invoices.id,
            number: invoices.number,
            kind: invoices.kind,
            total: invoices.total,
            issuedAt: invoices.issuedAt,
            correctsId: invoices.correctsId,
          })
          .from(invoices)
          .where(eq(invoices.orderId, inv.orderId))
          .orderBy(asc(invoices.id)),
        db.select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, id)),
      ]);
      return {
        inv,
        order: order ?? null,
        related: related.filter((r) => r.id !== id),
        record: record ?? null,
        recordState: record ? await recordState(record) : null,
      };
    },

    /** The VERI*FACTU records of these documents (the list shows their state). */
    async recordsOf(ids: number[]): Promise<Map<number, VerifactuRecord>> {
      if (!ids.length) return new Map();
      const rows = await db.select().from(verifactuRecords).where(inArray(verifactuRecords.invoiceId, ids));
      return new Map(rows.map((r) => [r.invoiceId, r]));
    },

    /**
     * What `npm run invoices:verify` checks (series without gaps or duplicates, every fingerprint
     * recomputed and linked), answered per store and series with the first broken link of each.
     */
    async verify(): Promise<{ ok: boolean; records: number; problems: string[]; series: SeriesCheck[] }> {
      const report = await verifyInvoices(db);
      const series: SeriesCheck[] = report.series.map((s) => ({
        store: s.store,
        series: s.series as "F" | "R",
        year: s.year,
        documents: s.count,
        first: s.first,
        last: s.last,
        gaps: s.gaps,
        duplicates: s.duplicates,
        records: 0,
        broken: null,
      }));
      // The chain is one per issuer (both series of the Spanish store): walk it in order and
      // file each record, and the first break, under its document's store and series.
      const recs = await db
        .select({ rec: verifactuRecords, store: invoices.storeCode, series: invoices.series, year: invoices.year })
        .from(verifactuRecords)
        .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
        .orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.id));
      let prev: VerifactuRecord | null = null;
      for (const { rec, store, series: s, year } of recs) {
        if (prev && prev.issuerNif !== rec.issuerNif) prev = null;
        const row = series.find((x) => x.store === store && x.series === s && x.year === year);
        const reason =
          rec.previousId !== (prev?.id ?? null)
            ? "link"
            : rec.previousHash !== (prev?.hash ?? "")
              ? "previous_hash"
              : hashOf(rec) !== rec.hash
                ? "fingerprint"
                : null;
        if (row) {
          row.records++;
          if (reason && !row.broken) row.broken = { number: rec.number, record_id: rec.id, reason };
        }
        prev = rec;
      }
      return { ok: report.ok, records: report.records, problems: report.problems, series };
    },

    /**
     * The accountant's CSV of a period (Madrid days of issue, inclusive): one line per document
     * in number order, the base and VAT of each rate in columns of their own, the corrected
     * invoice of a credit note and the VERI*FACTU fingerprint. Text cells are made safe for
     * spreadsheets (toCsv) and amounts are exact decimal text (centsCell).
     */
    async exportCsv(f: { storeId?: number; series?: "F" | "R"; from: string; to: string }): Promise<string> {
      const list = await db
        .select({ inv: invoices, hash: verifactuRecords.hash })
        .from(invoices)
        .leftJoin(verifactuRecords, eq(verifactuRecords.invoiceId, invoices.id))
        .where(
          and(f.storeId != null ? eq(invoices.storeId, f.storeId) : undefined, f.series ? eq(invoices.series, f.series) : undefined, periodWhere(f.from, f.to)),
        )
        .orderBy(asc(invoices.storeId), asc(invoices.series), asc(invoices.year), asc(invoices.seq))
        .limit(200_000);
      const numbers = new Map(list.map(({ inv }) => [inv.id, inv.number]));
      const missing = [...new Set(list.flatMap(({ inv }) => (inv.correctsId && !numbers.has(inv.correctsId) ? [inv.correctsId] : [])))];
      if (missing.length)
        for (const r of await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, missing)))
          numbers.set(r.id, r.number);
      const rates = [...new Set(list.flatMap(({ inv }) => inv.vatBreakdown.map((r) => r.rateBp)))].sort((a, b) => b - a);
      const pct = (bp: number) =>
        `${(bp / 100)
          .toFixed(2)
          .replace(/\.?0+$/, "")
          .replace(".", ",")}%`;
      const header = [
        "number",
        "series",
        "type",
        "issue_date",
        "store",
        "order",
        "customer_name",
        "customer_tax_id",
        ...rates.flatMap((r) => [`base_${pct(r)}`, `vat_${pct(r)}`]),
        "base",
        "vat",
        "total",
        "rectified_invoice",
        "reason",
        "payment_method",
        "verifactu_hash",
      ];
      const rows = list.map(({ inv, hash }) => {
        const byRate = new Map(inv.vatBreakdown.map((r) => [r.rateBp, r]));
        return [
          inv.number,
          inv.series,
          inv.type,
          inv.issueDate,
          inv.storeCode,
          inv.orderNumber,
          inv.buyer.name,
          inv.buyer.taxId ?? "",
          ...rates.flatMap((r) => {
            const b = byRate.get(r);
            return b ? [centsCell(b.base), centsCell(b.vat)] : ["", ""];
          }),
          centsCell(inv.base),
          centsCell(inv.vat),
          centsCell(inv.total),
          inv.correctsId ? (numbers.get(inv.correctsId) ?? "") : "",
          inv.reason ?? "",
          inv.paymentMethod ?? "",
          hash ?? "",
        ];
      });
      return toCsv(header, rows);
    },
  };

  function hashOf(r: VerifactuRecord): string {
    return verifactuHash(
      {
        issuerNif: r.issuerNif,
        number: r.number,
        issueDate: r.issueDate,
        type: r.type as InvoiceType,
        vatTotal: r.vatTotal,
        total: r.total,
        previousHash: r.previousHash,
        generatedAt: r.generatedAt,
      },
      sha256Hex,
    );
  }

  /** A record's own checks: its fingerprint recomputed, its link to the previous record, whether it heads the chain. */
  async function recordState(r: VerifactuRecord) {
    const [[prev], [head]] = await Promise.all([
      r.previousId != null
        ? db.select({ number: verifactuRecords.number, hash: verifactuRecords.hash }).from(verifactuRecords).where(eq(verifactuRecords.id, r.previousId))
        : Promise.resolve([] as { number: string; hash: string }[]),
      db.select().from(verifactuChain).where(eq(verifactuChain.issuerNif, r.issuerNif)),
    ]);
    return {
      fingerprintOk: hashOf(r) === r.hash,
      linkOk: r.previousId == null ? r.previousHash === "" : prev?.hash === r.previousHash,
      previousNumber: prev?.number ?? null,
      isChainHead: head?.lastRecordId === r.id,
    };
  }
}
export type AccountingService = ReturnType<typeof createAccountingService>;
