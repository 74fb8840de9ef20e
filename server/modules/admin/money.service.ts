import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { canMoveOrder } from "../../../core/orders.ts";
import type { StaffRole } from "../../../core/staff-permissions.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import type { Services } from "../index.ts";
import { invoices as invoiceTable } from "../invoices/invoices.schema.ts";
import { escapeHtml } from "../mail/mail.templates.ts";
import type { AuditEntry } from "../staff/staff.audit.ts";
import { refundLines } from "./money.schema.ts";

export type Audit = (entry: AuditEntry, tx?: unknown) => Promise<void>;
export type Actor = { id: number; role: StaffRole; language: "es" | "fr" };

/** Roles whose refunds are capped by the owner's limit (shop setting support_refund_limit_cents). */
const CAPPED: ReadonlySet<StaffRole> = new Set(["support"]);

const euros = (cents: number, lang: "es" | "fr") =>
  new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "es-ES", { style: "currency", currency: "EUR" }).format(cents / 100);

/** A plain mail in the order's language: paragraphs as text and escaped HTML. */
export function plainMail(
  to: string,
  lang: "es" | "fr",
  subject: string,
  paras: string[],
  attachments?: { filename: string; content: Buffer; contentType: string }[],
) {
  const kept = paras.filter(Boolean);
  return {
    to,
    subject,
    text: `${kept.join("\n\n")}\n`,
    html: `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif">${kept
      .map((p) => (/^https?:\/\//.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
      .join("")}</body></html>`,
    ...(attachments ? { attachments } : {}),
  };
}

type MoneyState = {
  paid: number;
  refunded: number;
  refundable: number;
  rows: { id: number; name: string; ref: string; quantity: number; finalTotal: number; refundedQuantity: number }[];
  creditNotes: { id: number; number: string; total: number; issuedAt: Date; reason: string | null }[];
};

/**
 * The back office's money work on orders (issue 38): what was paid, refunded and can still be
 * refunded; bank transfers confirmed by their reference; payment links sent again; refunds by
 * lines (units) or by amount, each a credit note in the R series and a provider refund, never
 * more than what is left — decided under the order's row lock, so concurrent refunds of one
 * order queue and the one that no longer fits is refused; cancellations.
 */
export function createMoneyService(s: Services) {
  const db = s.database.db as Db;
  const ctxOf = (storeId: number) => s.checkout.staffContext(storeId);

  /** The order's money as the lock holder sees it (pass the transaction that holds the order's lock). */
  async function moneyState(q: Db, orderId: number): Promise<MoneyState> {
    const docs = await q.select().from(invoiceTable).where(eq(invoiceTable.orderId, orderId)).orderBy(asc(invoiceTable.id));
    const invoice = docs.find((d) => d.kind === "invoice");
    const cns = docs.filter((d) => d.kind === "credit_note");
    const paid = invoice?.total ?? 0;
    const refunded = -cns.reduce((a, c) => a + c.total, 0);
    const rows = await q
      .select({ id: orderRows.id, name: orderRows.name, ref: orderRows.ref, quantity: orderRows.quantity, finalTotal: orderRows.finalTotal })
      .from(orderRows)
      .where(eq(orderRows.orderId, orderId))
      .orderBy(asc(orderRows.id));
    const lines = await q.select().from(refundLines).where(eq(refundLines.orderId, orderId));
    const byUnits = new Set(lines.map((l) => l.creditNoteId));
    const units = new Map<number, number>();
    for (const l of lines) units.set(l.rowId, (units.get(l.rowId) ?? 0) + l.quantity);
    // Credit notes of whole rows (returns, withdrawals) give back every unit of their rows; one of
    // the whole rest (a cancellation) every unit of every row.
    for (const c of cns) {
      if (byUnits.has(c.id)) continue;
      if (c.rowIds.length) for (const id of c.rowIds) units.set(id, Number.POSITIVE_INFINITY);
      else if (c.lines.some((l) => l.kind === "product") && !c.lines.some((l) => l.kind === "correction"))
        for (const r of rows) units.set(r.id, Number.POSITIVE_INFINITY);
    }
    const refundable = Math.max(0, paid - refunded);
    return {
      paid,
      refunded,
      refundable,
      rows: rows.map((r) => ({ ...r, finalTotal: r.finalTotal ?? 0, refundedQuantity: Math.min(r.quantity, units.get(r.id) ?? 0) })),
      creditNotes: cns.map((c) => ({ id: c.id, number: c.number, total: c.total, issuedAt: c.issuedAt, reason: c.reason })),
    };
  }

  async function orderOr404(orderId: number) {
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!o || o.status < 200) throw new AppError("order.not_found", 404);
    return o;
  }

  async function capFor(tx: Db, actor: Actor, amount: number, lang: "es" | "fr") {
    if (!CAPPED.has(actor.role)) return;
    const limit = await s.staff.refundLimitCents(tx);
    if (amount > limit) throw new AppError("refund.over_limit", 403, undefined, { limit: euros(limit, lang) });
  }

  const api = {
    moneyState: (orderId: number) => moneyState(db, orderId),

    /** What the order page shows: amounts, rows with their refundable units, documents, refunds and the actions open. */
    async summary(orderId: number) {
      const o = await orderOr404(orderId);
      const m = await moneyState(db, orderId);
      const refunds = await s.payments.refundsOf(orderId);
      const transfer = o.paymentMethodSelected === "transfer";
      const paidStatus = o.status >= 400 && o.status !== 700;
      return {
        order: {
          id: o.id,
          number: o.orderNumber,
          status: o.status,
          total: o.total ?? 0,
          payment_method: o.paymentMethodSelected,
          payment_reference: o.paymentReference,
          email: o.email,
          expires_at: o.expiresAt?.toISOString() ?? null,
        },
        paid: m.paid,
        refunded: m.refunded,
        refundable: paidStatus ? m.refundable : 0,
        rows: m.rows.map((r) => ({
          id: r.id,
          name: r.name,
          ref: r.ref,
          quantity: r.quantity,
          final_total: r.finalTotal,
          refunded_quantity: r.refundedQuantity,
          refundable_quantity: paidStatus && m.refundable > 0 ? r.quantity - r.refundedQuantity : 0,
        })),
        credit_notes: m.creditNotes.map((c) => ({ id: c.id, number: c.number, total: c.total, issued_at: c.issuedAt.toISOString(), reason: c.reason })),
        refunds: refunds.map((r) => ({
          id: r.id,
          amount: r.amount,
          status: r.status,
          provider: r.provider,
          created_at: r.createdAt.toISOString(),
          reason: (r.reason as "duplicate" | "late" | "amount_mismatch" | null) ?? null,
        })),
        actions: {
          confirm_transfer: transfer && [300, 350].includes(o.status),
          resend_payment_link: (o.status === 300 && !transfer) || o.status === 200,
          cancel: canMoveOrder(o.status, 700),
          refund: paidStatus && m.refundable > 0,
        },
      };
    },

    /** Orders waiting for a bank transfer, oldest first (spec 9: confirmed within 24 hours). */
    async waitingTransfers() {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.paymentMethodSelected, "transfer"), inArray(orders.status, [300, 350])))
        .orderBy(asc(orders.placedAt), asc(orders.id))
        .limit(500);
      return rows.map((o) => ({
        id: o.id,
        number: o.orderNumber,
        reference: o.paymentReference ?? "",
        status: o.status,
        total: o.total ?? 0,
        email: o.email,
        name: [o.name, o.surnames].filter(Boolean).join(" "),
        placed_at: o.placedAt?.toISOString() ?? null,
        expires_at: o.expiresAt?.toISOString() ?? null,
      }));
    },

    /**
     * A transfer arrived: the order is found by its number or its payment reference (what the
     * customer wrote as the transfer's concept) and paid through the checkout (invoice, mails)
     * once; a second confirmation is refused.
     */
    async confirmTransfer(_actor: Actor, match: { reference?: string; orderId?: number }, audit: Audit) {
      let o: typeof orders.$inferSelect | undefined;
      if (match.orderId) o = await orderOr404(match.orderId);
      else {
        const ref = (match.reference ?? "").trim().replace(/\s+/g, "");
        [o] = await db
          .select()
          .from(orders)
          .where(sql`${orders.status} >= 300 and (lower(${orders.orderNumber}) = lower(${ref}) or lower(${orders.paymentReference}) = lower(${ref}))`)
          .limit(1);
        if (!o) throw new AppError("transfer.not_found", 404);
      }
      if (o.paymentMethodSelected !== "transfer") throw new AppError("transfer.not_a_transfer", 409);
      if (o.status >= 400) throw new AppError("transfer.already_confirmed", 409);
      const ctx = await ctxOf(o.storeId);
      const order = o;
      const r = await s.checkout.confirmTransfer(ctx, o.id, {
        within: async (tx, res) => {
          await audit(
            {
              action: "payment.transfer_confirmed",
              entityType: "order",
              entityId: order.id,
              orderId: order.id,
              before: { status: order.status, paid: 0 },
              after: { status: res.status, paid: order.total ?? 0 },
            },
            tx,
          );
        },
      });
      if (!r.ok) {
        const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
        throw new AppError(now && now.status >= 400 ? "transfer.already_confirmed" : "transfer.not_confirmable", 409);
      }
      const inv = await s.invoices.forOrder(o.id);
      return { order: o.id, number: o.orderNumber, status: r.status, invoice: inv?.number ?? null };
    },

    /** Mails the customer the link to pay an unpaid order (or a quotation) again. */
    async resendPaymentLink(orderId: number, audit: Audit) {
      const o = await orderOr404(orderId);
      const transfer = o.paymentMethodSelected === "transfer";
      if (!((o.status === 300 && !transfer) || o.status === 200)) throw new AppError("payment.link_not_available", 409);
      if (!o.email) throw new AppError("payment.no_email", 409);
      const lang = o.language === "fr" ? "fr" : "es";
      const link = s.orders.orderLink(o);
      const total = euros(o.total ?? 0, lang);
      const mail =
        lang === "fr"
          ? plainMail(o.email, lang, `Payer votre commande ${o.orderNumber}`, [
              `Bonjour ${o.name ?? ""},`,
              `Votre commande ${o.orderNumber} (${total}) attend votre paiement. Vous pouvez la payer en suivant ce lien :`,
              link,
            ])
          : plainMail(o.email, lang, `Paga tu pedido ${o.orderNumber}`, [
              `Hola ${o.name ?? ""}:`,
              `Tu pedido ${o.orderNumber} (${total}) está pendiente de pago. Puedes pagarlo desde este enlace:`,
              link,
            ]);
      await s.mail.send(mail);
      await audit({ action: "payment.link_resent", entityType: "order", entityId: o.id, orderId: o.id, before: null, after: { to: o.email } });
      return { sent_to: o.email };
    },

    /**
     * Refunds part or all of a paid order: by lines (units of rows, at their frozen price) or by
     * an amount (VAT included). Under the order's lock: never more than paid minus refunded,
     * never more units than are left; a capped role (support) up to the owner's limit. Issues
     * the credit note (R series) in that transaction, then asks the payments module for the money.
     */
    async refund(actor: Actor, orderId: number, input: { lines?: { row_id: number; quantity: number }[]; amount?: number; reason: string }, audit: Audit) {
      const o = await orderOr404(orderId);
      const ctx = await ctxOf(o.storeId);
      const lang = actor.language;
      if (!input.lines?.length && !input.amount) throw new AppError("refund.nothing", 400);
      const res = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (locked.status < 400 || locked.status === 700) throw new AppError("refund.not_paid", 409);
        const before = await moneyState(tx, orderId);
        let amount: number;
        let rowQuantities: { rowId: number; quantity: number }[] | undefined;
        if (input.lines?.length) {
          const merged = new Map<number, number>();
          for (const l of input.lines) merged.set(l.row_id, (merged.get(l.row_id) ?? 0) + l.quantity);
          amount = 0;
          rowQuantities = [];
          for (const [rowId, quantity] of merged) {
            const row = before.rows.find((r) => r.id === rowId);
            if (!row) throw new AppError("refund.row_not_found", 400);
            if (quantity > row.quantity - row.refundedQuantity) throw new AppError("refund.quantity_exceeds", 409);
            amount += quantity === row.quantity ? row.finalTotal : Math.round((row.finalTotal * quantity) / row.quantity);
            rowQuantities.push({ rowId, quantity });
          }
        } else amount = input.amount!;
        if (amount <= 0) throw new AppError("refund.nothing", 400);
        if (amount > before.refundable) throw new AppError("refund.exceeds_refundable", 409, undefined, { refundable: euros(before.refundable, lang) });
        await capFor(tx, actor, amount, lang);
        const cn = await s.invoices.creditNote(tx, { orderId, reason: input.reason, ...(rowQuantities ? { rowQuantities } : { amount }) }).catch((e) => {
          if (e instanceof AppError && e.code === "invoice.credit_exceeds")
            throw new AppError("refund.exceeds_refundable", 409, undefined, { refundable: euros(before.refundable, lang) });
          throw e;
        });
        if (!cn) throw new AppError("refund.no_invoice", 409);
        if (rowQuantities?.length)
          await tx.insert(refundLines).values(rowQuantities.map((q) => ({ creditNoteId: cn.id, orderId, rowId: q.rowId, quantity: q.quantity })));
        const after = await moneyState(tx, orderId);
        await audit(
          {
            action: "order.refund",
            entityType: "order",
            entityId: orderId,
            orderId,
            before: { paid: before.paid, refunded: before.refunded, refundable: before.refundable },
            after: {
              paid: after.paid,
              refunded: after.refunded,
              refundable: after.refundable,
              credit_note: cn.number,
              amount: -cn.total,
              lines: input.lines ?? null,
              reason: input.reason,
            },
          },
          tx,
        );
        return { cn, reference: locked.paymentReference, after };
      });
      let refundStatus = "none";
      if (res.reference) {
        const r = await s.payments.refund({ orderId, reference: res.reference, amount: -res.cn.total, idempotencyKey: `credit-${res.cn.id}` });
        refundStatus = r.status;
      }
      void ctx;
      return {
        credit_note: { id: res.cn.id, number: res.cn.number, total: res.cn.total },
        refund_status: refundStatus,
        paid: res.after.paid,
        refunded: res.after.refunded,
        refundable: res.after.refundable,
      };
    },

    /**
     * Cancels an order: unpaid, its stock and coupon come back; paid (not shipped), the rest of
     * the money is refunded with a credit note and the stock comes back (the checkout's cancel).
     */
    async cancel(actor: Actor, orderId: number, reason: string, audit: Audit) {
      const o = await orderOr404(orderId);
      if (!canMoveOrder(o.status, 700)) throw new AppError("order.not_cancellable", 409);
      const ctx = await ctxOf(o.storeId);
      const r = await s.checkout.cancelOrder(ctx, orderId, reason, {
        before: async (tx) => {
          const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId));
          const m = await moneyState(tx, orderId);
          const refund = locked.status >= 400 ? m.refundable : 0;
          if (refund > 0) await capFor(tx, actor, refund, actor.language);
          await audit(
            {
              action: "order.cancel",
              entityType: "order",
              entityId: orderId,
              orderId,
              before: { status: locked.status, paid: m.paid, refunded: m.refunded },
              after: { status: 700, paid: m.paid, refunded: m.refunded + refund, reason },
            },
            tx,
          );
          return true;
        },
      });
      if (!r.ok) throw new AppError(r.code === "order.not_found" ? "order.not_found" : "order.not_cancellable", r.code === "order.not_found" ? 404 : 409);
      const m = await moneyState(db, orderId);
      const cn = m.creditNotes.at(-1);
      return { status: r.status, credit_note: cn && o.status >= 400 ? { id: cn.id, number: cn.number, total: cn.total } : null, refunded: m.refunded };
    },
  };
  return api;
}
export type MoneyService = ReturnType<typeof createMoneyService>;
