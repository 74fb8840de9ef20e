import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import {
  creditNoteTypeFor,
  euros,
  formatInvoiceNumber,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceType,
  invoiceTypeFor,
  madridDate,
  madridIsoDate,
  madridTimestamp,
  madridYear,
  makeLine,
  SELLERS,
  seriesOf,
  totalsOf,
  vatBreakdown,
  verifactuHash,
  verifactuQrUrl,
} from "../../../core/invoices.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import type { InvoiceSource } from "../checkout/checkout.service.ts";
import { invoices, type Party, verifactuChain, verifactuRecords } from "./invoices.schema.ts";
import { type AftersaleDeps, type AftersaleService, createAftersaleService } from "./aftersale.service.ts";
import { renderInvoicePdf } from "./invoices.pdf.ts";

export type InvoiceRecord = typeof invoices.$inferSelect;
export type VerifactuRecord = typeof verifactuRecords.$inferSelect;

/** Advisory lock namespaces (two-int form): one lock per store and series, one per VERI*FACTU issuer. */
const SERIES_LOCK = 7_340_012;
const CHAIN_LOCK = 7_340_013;

const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** A stable 31-bit key of a text (an issuer's NIF) for the advisory lock. */
function keyOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0) & 0x7fffffff;
}

export type CreditInput = {
  orderId: number;
  reason: string;
  /** Only these order rows are given back (a partial return); their frozen final totals. */
  rowIds?: number[];
  /** A price correction of this many cents (VAT included), instead of lines. */
  amount?: number;
  /** Part of some rows (a partial refund by lines): this many units of each, at the row's frozen unit price. */
  rowQuantities?: { rowId: number; quantity: number }[];
};

export type InvoiceFilter = {
  userId?: number;
  storeId?: number;
  series?: "F" | "R";
  from?: string;
  to?: string;
  orderId?: number;
  page?: number;
  pageSize?: number;
};

/**
 * Invoices of both stores (issue 10, docs/decisions/018). An invoice is issued in the
 * transaction that marks an order paid; its number is the next of its store's series for the
 * year, taken under a per-series advisory lock in that same transaction, so concurrent payments
 * and crashes can neither skip nor repeat a number (a rolled-back payment gives its number
 * back). Issued documents are frozen (a trigger refuses edits); corrections are credit notes
 * in an R series of their own. In Spain every document adds a VERI*FACTU registration record
 * chained by SHA-256 to the issuer's previous one; the records wait in a queue for the
 * submission adapter (not written: see the decision).
 */
export function createInvoicesCore(deps: { db: Db; config: Config }) {
  const { db } = deps;

  /** The next number of a series (store, F/R, year): the lock is held until the caller's transaction ends. */
  async function nextNumber(tx: Db, storeId: number, series: "F" | "R", year: number): Promise<number> {
    const res = await tx.execute(sql`
      insert into invoice_series (store_id, series, year, last_number) values (${storeId}, ${series}, ${year}, 1)
      on conflict (store_id, series, year) do update set last_number = invoice_series.last_number + 1
      returning last_number`);
    return Number(rowsOf<{ last_number: number }>(res)[0].last_number);
  }

  /** Adds the VERI*FACTU record of a Spanish document, chained to the issuer's last one (locked). */
  async function chainRecord(tx: Db, inv: InvoiceRecord): Promise<VerifactuRecord> {
    const nif = inv.seller.taxId ?? "";
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK}, ${keyOf(nif)})`);
    await tx.insert(verifactuChain).values({ issuerNif: nif }).onConflictDoNothing();
    const [head] = await tx.select().from(verifactuChain).where(eq(verifactuChain.issuerNif, nif)).for("update");
    const fields = {
      issuerNif: nif,
      number: inv.number,
      issueDate: madridDate(inv.issuedAt),
      type: inv.type,
      vatTotal: euros(inv.vat),
      total: euros(inv.total),
      previousHash: head.lastHash,
      generatedAt: madridTimestamp(new Date()),
    };
    const hash = verifactuHash(fields, sha256Hex);
    const [rec] = await tx
      .insert(verifactuRecords)
      .values({
        issuerNif: nif,
        invoiceId: inv.id,
        previousId: head.lastRecordId,
        number: fields.number,
        issueDate: fields.issueDate,
        type: fields.type,
        vatTotal: fields.vatTotal,
        total: fields.total,
        previousHash: fields.previousHash,
        generatedAt: fields.generatedAt,
        hash,
        qrUrl: verifactuQrUrl(fields),
      })
      .returning();
    await tx.update(verifactuChain).set({ lastRecordId: rec.id, lastHash: hash }).where(eq(verifactuChain.issuerNif, nif));
    return rec;
  }

  /** Numbers and records one document in the caller's transaction. */
  async function issue(
    tx: Db,
    doc: Omit<
      typeof invoices.$inferInsert,
      "id" | "series" | "year" | "seq" | "number" | "issuedAt" | "issueDate" | "vatBreakdown" | "base" | "vat" | "total"
    > & {
      kind: InvoiceKind;
      lines: InvoiceLine[];
    },
  ): Promise<InvoiceRecord> {
    const series = seriesOf(doc.kind);
    // The series lock first, then the date: numbers and dates grow together within a series.
    await tx.execute(sql`select pg_advisory_xact_lock(${SERIES_LOCK}, ${doc.storeId * 2 + (series === "R" ? 1 : 0)})`);
    const issuedAt = new Date();
    const year = madridYear(issuedAt);
    const seq = await nextNumber(tx, doc.storeId, series, year);
    const breakdown = vatBreakdown(doc.lines);
    const totals = totalsOf(breakdown);
    const [inv] = await tx
      .insert(invoices)
      .values({
        ...doc,
        series,
        year,
        seq,
        number: formatInvoiceNumber(doc.storeCode, doc.kind, year, seq),
        issuedAt,
        issueDate: madridIsoDate(issuedAt),
        vatBreakdown: breakdown,
        base: totals.base,
        vat: totals.vat,
        total: totals.total,
      })
      .returning();
    if (doc.storeCode === "ESDB") await chainRecord(tx, inv);
    return inv;
  }

  function sellerOf(store: "ESDB" | "FRDB"): Party {
    const s = SELLERS[store];
    return { name: s.legalName, taxId: s.taxId, vatNumber: s.vatNumber, address: s.address, email: s.email, registry: s.registry };
  }

  async function invoiceOfOrder(q: Db, orderId: number): Promise<InvoiceRecord | null> {
    const [inv] = await q
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
    return inv ?? null;
  }

  async function recordOf(q: Db, invoiceId: number): Promise<VerifactuRecord | null> {
    const [r] = await q.select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, invoiceId));
    return r ?? null;
  }

  const api = {
    /**
     * Issues the invoice of a paid order in the caller's transaction (the one that marks it
     * paid). Idempotent per order: a second call answers the invoice already issued. Spain: F1
     * with a valid tax id and a billing address, else F2; France: FA.
     */
    async issueForOrder(tx: Db, source: InvoiceSource): Promise<{ id: number; number: string }> {
      const existing = await invoiceOfOrder(tx, source.orderId);
      if (existing) return { id: existing.id, number: existing.number };
      const c = source.customer;
      const address = c.billingAddress
        ? [
            `${c.billingAddress.address} ${c.billingAddress.number}`.trim(),
            `${c.billingAddress.postalCode} ${c.billingAddress.city}`.trim(),
            [c.billingAddress.province, c.billingAddress.country === "FR" ? "France" : "España"].filter(Boolean).join(", "),
          ]
        : null;
      const type = invoiceTypeFor(source.storeCode, { taxIdType: c.taxIdType, taxId: c.taxId, address });
      const full = type !== "F2";
      const personName = `${c.name} ${c.surnames}`.trim();
      const buyer: Party = {
        name: (full && c.businessName) || personName,
        taxId: full && c.taxId ? `${c.taxIdType ? `${c.taxIdType.toUpperCase()} ` : ""}${c.taxId}` : null,
        address: full && address ? address : [],
        email: c.email,
      };
      const lines = source.lines
        .filter((l) => l.quantity > 0)
        .map((l) =>
          makeLine({
            kind: l.kind,
            description: l.description,
            ref: l.ref,
            quantity: l.quantity,
            unitGross: l.unitGross,
            discount: l.discount,
            vatRateBp: l.vatRateBp,
          }),
        );
      const inv = await issue(tx, {
        storeId: source.storeId,
        storeCode: source.storeCode,
        orderId: source.orderId,
        orderNumber: source.orderNumber,
        kind: "invoice",
        type,
        language: source.language,
        seller: sellerOf(source.storeCode),
        buyer,
        lines,
        paymentMethod: source.paymentMethod,
        paidAt: source.paidAt,
      });
      if (inv.total !== source.total) {
        // The invoice says what the lines say; a difference means the order's totals were built wrongly.
        console.error(
          JSON.stringify({
            level: 40,
            time: Date.now(),
            name: "invoices",
            msg: "invoice total differs from the order total",
            invoice: inv.number,
            total: inv.total,
            order: source.total,
          }),
        );
      }
      return { id: inv.id, number: inv.number };
    },

    /**
     * A credit note (factura rectificativa by differences; R series) correcting the order's
     * invoice, in the caller's transaction: the whole invoice (a cancellation or a full return),
     * some rows (a partial return: their frozen final totals), or an amount (a price
     * correction). Never more than what is left to credit; a full credit of an invoice already
     * fully credited answers the last credit note. Null when the order has no invoice (an order
     * paid before invoices existed); throws `invoice.credit_exceeds` beyond the invoice.
     */
    async creditNote(tx: Db, input: CreditInput): Promise<{ id: number; number: string; total: number } | null> {
      // The order's lock serialises the credit notes of one invoice.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for("update");
      const original = await invoiceOfOrder(tx, input.orderId);
      if (!original) return null;
      const previous = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.correctsId, original.id), eq(invoices.kind, "credit_note")))
        .orderBy(asc(invoices.id));
      const creditedByRate = new Map<number, number>();
      for (const p of previous) for (const r of p.vatBreakdown) creditedByRate.set(r.rateBp, (creditedByRate.get(r.rateBp) ?? 0) + r.gross);
      const remaining = original.total + previous.reduce((s, p) => s + p.total, 0);
      const mainRate = original.vatBreakdown[0]?.rateBp ?? 2100;
      let lines: InvoiceLine[];
      if (input.amount != null) {
        if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError("invoice.credit_invalid", 400);
        lines = [
          makeLine({
            kind: "correction",
            description: input.reason,
            ref: original.number,
            quantity: 1,
            unitGross: -input.amount,
            discount: 0,
            vatRateBp: mainRate,
          }),
        ];
      } else if (input.rowQuantities?.length) {
        const wanted = new Map(input.rowQuantities.map((q) => [q.rowId, q.quantity]));
        const rows = await tx
          .select()
          .from(orderRows)
          .where(and(eq(orderRows.orderId, input.orderId), inArray(orderRows.id, [...wanted.keys()])))
          .orderBy(asc(orderRows.id));
        if (rows.length !== wanted.size) throw new AppError("invoice.credit_invalid", 400);
        lines = rows.map((r) => {
          const q = wanted.get(r.id)!;
          if (!Number.isSafeInteger(q) || q <= 0 || q > r.quantity) throw new AppError("invoice.credit_invalid", 400);
          const final = r.finalTotal ?? 0;
          // The units' share of the row's final total (all units: exactly the row's total).
          const gross = q === r.quantity ? final : Math.round((final * q) / r.quantity);
          const unit = -Math.round(final / r.quantity);
          return makeLine({ kind: "product", description: r.name, ref: r.ref, quantity: q, unitGross: unit, discount: unit * q + gross, vatRateBp: mainRate });
        });
      } else if (input.rowIds?.length) {
        const rows = await tx
          .select()
          .from(orderRows)
          .where(and(eq(orderRows.orderId, input.orderId), inArray(orderRows.id, input.rowIds)))
          .orderBy(asc(orderRows.id));
        if (!rows.length) throw new AppError("invoice.credit_invalid", 400);
        lines = rows.map((r) => {
          const final = r.finalTotal ?? 0;
          const unit = -Math.round(final / r.quantity);
          return makeLine({
            kind: "product",
            description: r.name,
            ref: r.ref,
            quantity: r.quantity,
            unitGross: unit,
            discount: unit * r.quantity + final,
            vatRateBp: mainRate,
          });
        });
      } else {
        if (remaining === 0 && previous.length) {
          const last = previous[previous.length - 1];
          return { id: last.id, number: last.number, total: last.total };
        }
        lines = previous.length
          ? original.vatBreakdown
              .map((r) => ({ rate: r.rateBp, left: r.gross + (creditedByRate.get(r.rateBp) ?? 0) }))
              .filter((r) => r.left > 0)
              .map((r) =>
                makeLine({
                  kind: "correction",
                  description: input.reason,
                  ref: original.number,
                  quantity: 1,
                  unitGross: -r.left,
                  discount: 0,
                  vatRateBp: r.rate,
                }),
              )
          : original.lines.map((l) => makeLine({ ...l, unitGross: -l.unitGross, discount: -l.discount }));
      }
      const credit = -lines.reduce((s, l) => s + l.gross, 0);
      if (credit <= 0 || credit > remaining) throw new AppError("invoice.credit_exceeds", 409);
      const cn = await issue(tx, {
        storeId: original.storeId,
        storeCode: original.storeCode,
        orderId: original.orderId,
        orderNumber: original.orderNumber,
        kind: "credit_note",
        type: creditNoteTypeFor(original.type as InvoiceType),
        language: original.language,
        seller: original.seller,
        buyer: original.buyer,
        lines,
        paymentMethod: original.paymentMethod,
        paidAt: original.paidAt,
        correctsId: original.id,
        reason: input.reason.slice(0, 500),
        rowIds: input.rowIds ?? input.rowQuantities?.map((q) => q.rowId) ?? [],
      });
      return { id: cn.id, number: cn.number, total: cn.total };
    },

    /** The invoice (not a credit note) of an order, when one was issued. */
    async forOrder(orderId: number): Promise<{ id: number; number: string } | null> {
      const inv = await invoiceOfOrder(db, orderId);
      return inv ? { id: inv.id, number: inv.number } : null;
    },

    /** Every document of an order (its invoice and credit notes), oldest first. */
    async documentsOf(orderId: number): Promise<InvoiceRecord[]> {
      return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
    },

    async get(id: number): Promise<InvoiceRecord | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
      return inv ?? null;
    },

    /** The VERI*FACTU record of a Spanish document. */
    recordOf: (invoiceId: number) => recordOf(db, invoiceId),

    /** The PDF of a document (A4, fonts embedded, in the document's language; Spain: the QR code and legend). */
    async pdf(inv: InvoiceRecord): Promise<Buffer> {
      const corrected = inv.correctsId ? await api.get(inv.correctsId) : null;
      return renderInvoicePdf(inv, await recordOf(db, inv.id), corrected);
    },

    /** The PDF attached to the payment-received mail. */
    async attachmentFor(invoiceId: number): Promise<{ filename: string; content: Buffer; contentType: string }> {
      const inv = await api.get(invoiceId);
      if (!inv) throw new AppError("invoice.not_found", 404);
      return { filename: `${inv.number}.pdf`, content: await api.pdf(inv), contentType: "application/pdf" };
    },

    /** Invoices and credit notes, newest first: a customer's (userId), or staff's filtered by store, series and issue date. */
    async list(f: InvoiceFilter): Promise<{ results: InvoiceRecord[]; total: number; page: number; page_size: number; pages: number }> {
      const page = Math.max(1, f.page ?? 1);
      const pageSize = Math.min(500, Math.max(1, f.pageSize ?? 20));
      const where = and(
        f.userId != null ? sql`${invoices.orderId} in (select o.id from orders o where o.user_id = ${f.userId})` : undefined,
        f.storeId != null ? eq(invoices.storeId, f.storeId) : undefined,
        f.series ? eq(invoices.series, f.series) : undefined,
        f.from ? gte(invoices.issueDate, f.from) : undefined,
        f.to ? lte(invoices.issueDate, f.to) : undefined,
        f.orderId != null ? eq(invoices.orderId, f.orderId) : undefined,
      );
      const [[{ n }], results] = await Promise.all([
        db.select({ n: count() }).from(invoices).where(where),
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.issuedAt), desc(invoices.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      ]);
      return { results, total: Number(n), page, page_size: pageSize, pages: Math.ceil(Number(n) / pageSize) };
    },
    // The accountant's CSV export lives in the back office (server/modules/admin/accounting.service.ts).
  };
  return api;
}
export type InvoicesCore = ReturnType<typeof createInvoicesCore>;

/**
 * The invoices module as the shop wires it: the invoices themselves (the contract the checkout
 * calls: issueForOrder, creditNote, forOrder, attachmentFor) and, when its late-bound
 * dependencies are given, the after-sale flows (withdrawal, returns, photos).
 */
export function createInvoicesService(deps: { db: Db; config: Config; aftersale?: Omit<AftersaleDeps, "db" | "config" | "invoices"> }) {
  const core = createInvoicesCore(deps);
  const aftersale: AftersaleService | null = deps.aftersale
    ? createAftersaleService({ ...deps.aftersale, db: deps.db, config: deps.config, invoices: core })
    : null;
  return { ...core, aftersale };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

export type ChainReport = {
  ok: boolean;
  series: { store: string; series: string; year: number; count: number; first: number; last: number; gaps: number[]; duplicates: number[] }[];
  records: number;
  problems: string[];
};

/**
 * Checks a database (the `npm run invoices:verify` command): every series numbered 1..n with no
 * gap or duplicate, one VERI*FACTU record per Spanish document, and each record's fingerprint
 * recomputed from its fields and linked to the previous record's.
 */
export async function verifyInvoices(db: Db): Promise<ChainReport> {
  const problems: string[] = [];
  const docs = rowsOf<{ id: number; store_code: string; series: string; year: number; seq: number; number: string }>(
    await db.execute(sql`select id, store_code, series, year, seq, number from invoices order by store_code, series, year, seq, id`),
  );
  const groups = new Map<string, number[]>();
  for (const d of docs) {
    const k = `${d.store_code}|${d.series}|${d.year}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(Number(d.seq));
  }
  const series: ChainReport["series"] = [];
  for (const [k, seqs] of groups) {
    const [store, s, year] = k.split("|");
    const seen = new Set<number>();
    const duplicates: number[] = [];
    for (const n of seqs) {
      if (seen.has(n)) duplicates.push(n);
      seen.add(n);
    }
    const max = Math.max(...seqs);
    const gaps: number[] = [];
    for (let n = 1; n <= max; n++) if (!seen.has(n)) gaps.push(n);
    if (gaps.length) problems.push(`${store} ${s} ${year}: missing numbers ${gaps.slice(0, 20).join(", ")}`);
    if (duplicates.length) problems.push(`${store} ${s} ${year}: repeated numbers ${duplicates.slice(0, 20).join(", ")}`);
    series.push({ store, series: s, year: Number(year), count: seqs.length, first: Math.min(...seqs), last: max, gaps, duplicates });
  }
  const recs = await db.select().from(verifactuRecords).orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.id));
  const byIssuer = new Map<string, VerifactuRecord[]>();
  for (const r of recs) {
    if (!byIssuer.has(r.issuerNif)) byIssuer.set(r.issuerNif, []);
    byIssuer.get(r.issuerNif)!.push(r);
  }
  for (const [nif, list] of byIssuer) {
    let prev: VerifactuRecord | null = null;
    for (const r of list) {
      const expectedPrevId = prev?.id ?? null;
      if (r.previousId !== expectedPrevId) problems.push(`${nif} record ${r.id} (${r.number}) links to ${r.previousId}, expected ${expectedPrevId}`);
      if (r.previousHash !== (prev?.hash ?? ""))
        problems.push(`${nif} record ${r.id} (${r.number}): previous fingerprint does not match record ${expectedPrevId}`);
      const again = verifactuHash(
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
      if (again !== r.hash) problems.push(`${nif} record ${r.id} (${r.number}): fingerprint does not match its fields`);
      prev = r;
    }
  }
  // Every Spanish document has its record, with the amounts it was issued with.
  const missing = rowsOf<{ number: string }>(
    await db.execute(sql`
      select i.number from invoices i left join verifactu_records v on v.invoice_id = i.id
      where i.store_code = 'ESDB' and (v.id is null or v.number <> i.number
        or v.total <> to_char(i.total / 100.0, 'FM999999990.00') or v.vat_total <> to_char(i.vat / 100.0, 'FM999999990.00'))`),
  );
  for (const m of missing) problems.push(`${m.number}: no VERI*FACTU record, or one that does not match the invoice`);
  return { ok: problems.length === 0, series, records: recs.length, problems };
}
