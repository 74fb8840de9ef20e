import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { madridDayEnd, madridDayStart } from "../../../core/dates.ts";
import { canMoveOrder } from "../../../core/orders.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import type { Services } from "../index.ts";
import { invoices } from "../invoices/invoices.schema.ts";
import { orderEvents, orderMails, subOrders } from "../orders/orders.schema.ts";
import { paymentAttempts, paymentRefunds } from "../payments/payments.schema.ts";
import type { AutomaticRefundReason } from "../payments/payments.types.ts";
import { readAudit } from "../staff/staff.audit.ts";
import { orderNotes } from "./orders.schema.ts";
import type { AdminOrderListQuery, AddressPatch } from "./orders.validators.ts";

export type PaymentState = "unpaid" | "paid" | "partially_refunded" | "refunded";

/** What staff read for a refund (docs/decisions/046): the shop's own refunds say why they happened. */
const REFUND_LABELS = {
  es: {
    duplicate: "Cobro duplicado devuelto automáticamente",
    late: "Pago tardío devuelto automáticamente",
    amount_mismatch: "Pago con importe distinto devuelto automáticamente",
    staff: "Reembolso",
    requested: "pendiente",
    refunded: "devuelto",
    failed: "fallido: revisar con el proveedor",
    manual: "a devolver por transferencia",
  },
  fr: {
    duplicate: "Paiement en double remboursé automatiquement",
    late: "Paiement tardif remboursé automatiquement",
    amount_mismatch: "Paiement d'un autre montant remboursé automatiquement",
    staff: "Remboursement",
    requested: "en attente",
    refunded: "remboursé",
    failed: "échoué : vérifier auprès du prestataire",
    manual: "à rembourser par virement",
  },
} as const;
type RefundForLabel = { reason: string | null; status: string; amount: number; paymentPspReference: string | null };
const refundLabel = (lang: "es" | "fr", r: RefundForLabel) => {
  const l = REFUND_LABELS[lang] ?? REFUND_LABELS.es;
  return l[(r.reason ?? "staff") as "staff"] ?? l.staff;
};
const refundSummary = (lang: "es" | "fr", r: RefundForLabel) => {
  const l = REFUND_LABELS[lang] ?? REFUND_LABELS.es;
  const euros = (r.amount / 100).toLocaleString(lang === "fr" ? "fr-FR" : "es-ES", { style: "currency", currency: "EUR" });
  const state = l[r.status as "requested"] ?? r.status;
  return `${refundLabel(lang, r)} · ${euros} · ${state}${r.paymentPspReference ? ` · ${r.paymentPspReference}` : ""}`;
};
export type ShippingState = "none" | "pending" | "partial" | "shipped" | "delivered" | "incident";

/** A package that has left the warehouse (shipped, partly shipped, delivered, returned, incident). */
export const OUT_STATUSES = [600, 650, 700, 800, 900];
/** Packages staff may still fill, split or merge. */
const OPEN_PACKAGE = [100, 200, 300, 400];

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;
const isoOf = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const num = (v: unknown): number => (v == null ? 0 : Number(v));

// The list's date: when the order was placed (a quotation, when it was made). Same text as the
// index expressions of migration 0019, so the planner uses them.
const DATE = sql.raw("coalesce(o.placed_at, o.created_at)");
const TOTAL = sql.raw("coalesce(o.total, 0)");
const NUMBER = sql.raw("o.order_number");
const SEARCH = sql.raw(
  "lower(coalesce(order_number, '') || ' ' || coalesce(email, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surnames, '') || ' ' || " +
    "coalesce(phone, '') || ' ' || coalesce(shipping_postal_code, '') || ' ' || coalesce(payment_reference, ''))",
);

/**
 * The payment and shipping states are columns of `orders` kept by the database itself (migration
 * 0019: payment_state is generated from paid_at, total and refunded_cents, the sum of the refunds
 * that did not fail; shipping_state is recounted by triggers on sub_orders). Exact, always current,
 * and indexed with the list's date order, so a state filter reads one page of an index.
 */
const PAYMENT_STATE = sql.raw("o.payment_state");
const SHIPPING_STATE = sql.raw("o.shipping_state");

/** Whether a row of `o` has a service line (the installation): kept by triggers on order_rows. */
const HAS_INSTALLATION = sql.raw("o.has_installation");

function paymentWhere(states: readonly string[]): SQL {
  return states.length === 1 ? sql`o.payment_state = ${states[0]}` : sql`o.payment_state in (${list([...states])})`;
}
function shippingWhere(states: readonly string[]): SQL {
  return states.length === 1 ? sql`o.shipping_state = ${states[0]}` : sql`o.shipping_state in (${list([...states])})`;
}

const list = <T>(values: T[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const likeEscape = (s: string) => s.replace(/[\\%_]/g, "\\$&");

export type Cursor = { v: string | number; id: number };
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.v, c.id])).toString("base64url");
}
export function decodeCursor(s: string, sort: "date" | "total" | "number"): Cursor {
  try {
    const [v, id] = JSON.parse(Buffer.from(s, "base64url").toString("utf8")) as [unknown, unknown];
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) throw new Error("id");
    if (sort === "total" && !Number.isInteger(v)) throw new Error("v");
    if (sort === "date" && (typeof v !== "string" || Number.isNaN(Date.parse(v)))) throw new Error("v");
    if (sort === "number" && (typeof v !== "string" || v.length > 100)) throw new Error("v");
    return { v: v as string | number, id: id as number };
  } catch {
    throw new AppError("admin_orders.bad_cursor", 400);
  }
}

/** Most a "load more" page or a capped count reads; a bulk action on "all matching" takes at most this many. */
export const COUNT_CAP = 1000;
export const BULK_CAP = 1000;

export type ListRow = {
  id: number;
  order_number: string;
  date: string;
  store: string;
  customer_name: string;
  email: string | null;
  professional: boolean;
  status: number;
  payment_method: string | null;
  payment_state: PaymentState;
  shipping_state: ShippingState;
  items: number;
  total: number;
  has_installation: boolean;
};

/**
 * The staff order list and order page, bulk actions, notes, address edits and packages
 * (issue 38). Reads with SQL of its own (filters over payments and packages), moves through the
 * orders and checkout services (their state machine, mails), and records every write in the
 * audit log in the write's own transaction.
 */
export function createAdminOrdersService(services: Services) {
  const db = services.database.db as Db;

  async function storeIds(codes: string[]): Promise<number[]> {
    const out: number[] = [];
    for (const c of codes) out.push((await services.stores.resolve(c)).id);
    return out;
  }
  async function storeCodes(): Promise<Map<number, string>> {
    const res = rowsOf(await db.execute(sql`select id, source_code from stores`));
    return new Map(res.map((r) => [num(r.id), String(r.source_code)]));
  }

  /** The WHERE of a list query (without the keyset condition). */
  async function whereOf(q: AdminOrderListQuery): Promise<SQL> {
    const w: SQL[] = [sql`o.status >= 200`];
    if (q.store?.length) w.push(sql`o.store_id in (${list(await storeIds(q.store))})`);
    if (q.status?.length) w.push(sql`o.status in (${list(q.status)})`);
    if (q.payment?.length) w.push(paymentWhere(q.payment));
    if (q.method?.length) w.push(sql`o.payment_method_selected in (${list(q.method)})`);
    if (q.shipping?.length) w.push(shippingWhere(q.shipping));
    if (q.from) w.push(sql`${DATE} >= ${madridDayStart(q.from).toISOString()}::timestamptz`);
    if (q.to) w.push(sql`${DATE} < ${madridDayEnd(q.to).toISOString()}::timestamptz`);
    if (q.professional !== undefined) w.push(sql`o.professional = ${q.professional}`);
    if (q.installation !== undefined) w.push(q.installation ? sql`o.has_installation` : sql`not o.has_installation`);
    if (q.coupon) w.push(sql`upper(o.coupon_code) = ${q.coupon.toUpperCase()}`);
    if (q.q) {
      const needle = q.q.toLowerCase();
      const like = `%${likeEscape(needle)}%`;
      const prefix = `${likeEscape(needle)}%`;
      // Each branch is index-backed (an e-mail by prefix, else trigram on the order's text; line
      // references by prefix); the ids found are then read by primary key (= ANY(ARRAY(...))), so
      // neither an OR nor a join misestimate makes the search scan every order.
      const text = needle.includes("@") && !needle.startsWith("@") ? sql`lower(email) like ${prefix}` : sql`${SEARCH} like ${like}`;
      w.push(sql`o.id = any(array(
        select id from orders where status >= 200 and ${text}
        union select order_id from order_rows where lower(ref) like ${prefix} or lower(product_ref) like ${prefix}))`);
    }
    return sql.join(w, sql` and `);
  }

  function sortOf(q: AdminOrderListQuery) {
    const key = q.sort === "total" ? TOTAL : q.sort === "number" ? NUMBER : DATE;
    const dir = q.dir === "asc" ? sql.raw("asc") : sql.raw("desc");
    return { key, dir };
  }

  async function enrich(ids: number[]): Promise<Map<number, Row>> {
    if (!ids.length) return new Map();
    const res = rowsOf(
      await db.execute(sql`
        select o.id, ${PAYMENT_STATE} as payment_state, ${SHIPPING_STATE} as shipping_state, ${HAS_INSTALLATION} as has_installation,
               (select coalesce(sum(r.quantity), 0) from order_rows r where r.order_id = o.id) as items
        from orders o where o.id in (${list(ids)})`),
    );
    return new Map(res.map((r) => [num(r.id), r]));
  }

  return {
    /**
     * One keyset page of the staff list: never an exact count over a big result (the first page
     * counts up to COUNT_CAP rows and says when there are more).
     */
    async list(q: AdminOrderListQuery) {
      const where = await whereOf(q);
      const { key, dir } = sortOf(q);
      let keyset = sql`true`;
      if (q.after) {
        const c = decodeCursor(q.after, q.sort);
        const v = q.sort === "date" ? sql`${c.v}::timestamptz` : q.sort === "total" ? sql`${c.v}::int` : sql`${c.v}::text`;
        keyset = q.dir === "asc" ? sql`(${key}, o.id) > (${v}, ${c.id})` : sql`(${key}, o.id) < (${v}, ${c.id})`;
      }
      const cols = sql`o.id, o.order_number, ${DATE} as date, o.store_id, o.name, o.surnames, o.email, o.professional, o.status,
                 o.payment_method_selected, ${TOTAL} as total, ${key} as sort_key`;
      // A search finds its matches as a set (trigram and prefix indexes, then by primary key) and
      // sorts them: read that set once (ids and sort keys only) for both the page and the capped count.
      const searching = Boolean(q.q);
      const page = rowsOf(
        await db.execute(
          searching
            ? sql`
          with m as materialized (select o.id, ${key} as k from orders o where ${where} and ${keyset}),
               p as (select id, k from m order by k ${dir}, id ${dir} limit ${q.limit + 1})
          select ${cols}, (select count(*) from (select 1 from m limit ${COUNT_CAP + 1}) x) as match_count
          from p join orders o on o.id = p.id order by p.k ${dir}, p.id ${dir}`
            : sql`
          select ${cols} from orders o where ${where} and ${keyset}
          order by ${key} ${dir}, o.id ${dir} limit ${q.limit + 1}`,
        ),
      );
      const hasMore = page.length > q.limit;
      const shown = page.slice(0, q.limit);
      const countOf = async (): Promise<number | undefined> => {
        if (q.after) return undefined;
        if (!hasMore) return shown.length;
        if (searching) return num(page[0].match_count);
        // In the page's own order: the planner walks the same index as the page and stops after
        // COUNT_CAP + 1 entries (unordered, it may pick a seq scan that reads most of the table
        // when the matches sit at its end, e.g. orders just updated by a refund).
        const [c] = rowsOf(
          await db.execute(sql`select count(*) as n from (select 1 from orders o where ${where} order by ${key} ${dir}, o.id ${dir} limit ${COUNT_CAP + 1}) x`),
        );
        return num(c.n);
      };
      const [extra, codes, n] = await Promise.all([enrich(shown.map((r) => num(r.id))), storeCodes(), countOf()]);
      const count = n === undefined ? undefined : Math.min(n, COUNT_CAP);
      const countCapped = n === undefined ? undefined : n > COUNT_CAP;
      const last = shown.at(-1);
      const next =
        hasMore && last
          ? encodeCursor({
              v: q.sort === "date" ? (isoOf(last.sort_key) as string) : q.sort === "total" ? num(last.sort_key) : String(last.sort_key),
              id: num(last.id),
            })
          : null;
      const results: ListRow[] = shown.map((r) => {
        const x = extra.get(num(r.id)) ?? {};
        return {
          id: num(r.id),
          order_number: String(r.order_number),
          date: isoOf(r.date) as string,
          store: codes.get(num(r.store_id)) ?? String(r.store_id),
          customer_name: [r.name, r.surnames].filter(Boolean).join(" "),
          email: (r.email as string | null) ?? null,
          professional: Boolean(r.professional),
          status: num(r.status),
          payment_method: (r.payment_method_selected as string | null) ?? null,
          payment_state: x.payment_state as PaymentState,
          shipping_state: x.shipping_state as ShippingState,
          items: num(x.items),
          total: num(r.total),
          has_installation: Boolean(x.has_installation),
        };
      });
      return { results, next, has_more: hasMore, ...(count !== undefined ? { count, count_capped: countCapped ?? false } : {}) };
    },

    /** The ids of every order matching a filter (for "all matching" bulk actions), at most BULK_CAP; refused above it. */
    async matchingIds(q: AdminOrderListQuery): Promise<number[]> {
      const where = await whereOf(q);
      const { key, dir } = sortOf(q);
      const ids = rowsOf(await db.execute(sql`select o.id from orders o where ${where} order by ${key} ${dir}, o.id ${dir} limit ${BULK_CAP + 1}`)).map((r) =>
        num(r.id),
      );
      if (ids.length > BULK_CAP) throw new AppError("admin_orders.too_many", 422);
      return ids;
    },

    /** Everything the order page shows; null for no such order. */
    async detail(ctx: RequestContext, id: number) {
      const order = await services.orders.staffGet(ctx, id);
      if (!order) return null;
      const [o] = await db.select().from(orders).where(eq(orders.id, id));
      const [rows, attempts, refunds, docs, notes, events, mails, audit, states, subs] = await Promise.all([
        db.select({ id: orderRows.id, selection: orderRows.selection, productRef: orderRows.productRef }).from(orderRows).where(eq(orderRows.orderId, id)),
        db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id)).orderBy(asc(paymentAttempts.id)),
        db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, id)).orderBy(asc(paymentRefunds.id)),
        db
          .select({
            id: invoices.id,
            number: invoices.number,
            kind: invoices.kind,
            total: invoices.total,
            issuedAt: invoices.issuedAt,
            reason: invoices.reason,
          })
          .from(invoices)
          .where(eq(invoices.orderId, id))
          .orderBy(asc(invoices.id)),
        db.select().from(orderNotes).where(eq(orderNotes.orderId, id)).orderBy(desc(orderNotes.id)),
        db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
        db.select().from(orderMails).where(eq(orderMails.orderId, id)).orderBy(asc(orderMails.id)),
        readAudit(db, { orderId: id, limit: 200 }),
        db.execute(sql`select ${PAYMENT_STATE} as p, ${SHIPPING_STATE} as s from orders o where o.id = ${id}`),
        db.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, id)),
      ]);
      const st = rowsOf(states)[0] ?? {};
      const timeline = [
        ...events.map((e) => ({
          at: e.createdAt.toISOString(),
          kind: "event" as const,
          actor: e.actor,
          summary: e.subOrderId ? `package ${e.subOrderId}: ${e.fromStatus ?? "—"} → ${e.toStatus}` : `${e.fromStatus ?? "—"} → ${e.toStatus}`,
          data: { from: e.fromStatus, to: e.toStatus, sub_order: e.subOrderId, note: e.note } as unknown,
        })),
        ...mails.map((m) => ({
          at: (m.sentAt ?? m.createdAt).toISOString(),
          kind: "mail" as const,
          actor: null,
          summary: m.kind,
          data: { key: m.key, sent: m.sentAt != null, attempts: m.attempts, error: m.lastError } as unknown,
        })),
        ...audit.rows.map((a) => ({
          at: a.at.toISOString(),
          kind: "audit" as const,
          actor: a.staffEmail,
          summary: a.action,
          data: { before: a.before, after: a.after } as unknown,
        })),
        ...notes.map((n) => ({ at: n.createdAt.toISOString(), kind: "note" as const, actor: n.staffName, summary: n.body, data: null as unknown })),
        // Money given back: the shop's own refunds (a second or late payment, another amount) say so.
        ...refunds.map((r) => ({
          at: r.createdAt.toISOString(),
          kind: "refund" as const,
          actor: r.reason ? "system" : null,
          summary: refundSummary(ctx.language, r),
          data: {
            amount: r.amount,
            status: r.status,
            reason: r.reason,
            payment_psp_reference: r.paymentPspReference,
            psp_reference: r.pspReference,
            error: r.lastError,
          } as unknown,
        })),
      ].sort((a, b) => b.at.localeCompare(a.at));
      // What was refunded of the order's own payment (automatic refunds give back payments it never kept).
      const paid = refunds.filter((r) => r.status !== "failed" && !r.reason).reduce((s, r) => s + r.amount, 0);
      return {
        order,
        configuration: rows.map((r) => ({ row: r.id, product_ref: r.productRef, selection: r.selection as unknown })),
        payment_state: (st.p as PaymentState) ?? "unpaid",
        shipping_state: (st.s as ShippingState) ?? "none",
        address_editable: addressEditable(
          o.status,
          subs.map((s) => s.status),
        ),
        payments: attempts.map((a) => ({
          id: a.id,
          provider: a.provider,
          method: a.method,
          amount: a.amount,
          status: a.status,
          psp_reference: a.pspReference,
          created_at: a.createdAt.toISOString(),
        })),
        refunds: refunds.map((r) => ({
          id: r.id,
          amount: r.amount,
          status: r.status,
          provider: r.provider,
          created_at: r.createdAt.toISOString(),
          automatic: r.reason != null,
          reason: (r.reason as AutomaticRefundReason | null) ?? null,
          label: refundLabel(ctx.language, r),
          payment_psp_reference: r.paymentPspReference,
          psp_reference: r.pspReference,
          last_error: r.lastError,
        })),
        refunded_total: paid,
        invoices: docs.map((d) => ({ id: d.id, number: d.number, kind: d.kind, total: d.total, issued_at: d.issuedAt.toISOString(), reason: d.reason })),
        notes: notes.map((n) => ({ id: n.id, body: n.body, staff_name: n.staffName, created_at: n.createdAt.toISOString() })),
        timeline,
      };
    },

    /** Adds an internal note (staff only, never in a customer's answer), audited. */
    async addNote(orderId: number, staff: { id: number; name: string; email: string }, body: string, audit: AuditFn) {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), sql`${orders.status} >= 200`));
        if (!o) throw new AppError("order.not_found", 404);
        const [n] = await tx
          .insert(orderNotes)
          .values({ orderId, staffId: staff.id, staffName: staff.name || staff.email, body })
          .returning();
        await audit({ action: "order.note", entityType: "order", entityId: orderId, orderId, before: null, after: { note: n.id, body } }, tx);
        return { id: n.id, body: n.body, staff_name: n.staffName, created_at: n.createdAt.toISOString() };
      });
    },

    /**
     * Edits the customer's contact and addresses while nothing has shipped (after that the
     * carrier has the address: refused with admin_orders.address_locked). Audited with the
     * changed fields before and after.
     */
    async patchAddress(orderId: number, patch: AddressPatch, audit: AuditFn) {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!o || o.status < 200) throw new AppError("order.not_found", 404);
        const subs = await tx.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, orderId));
        if (
          !addressEditable(
            o.status,
            subs.map((s) => s.status),
          )
        )
          throw new AppError("admin_orders.address_locked", 409);
        const set: Record<string, unknown> = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(patch)) {
          const col = FIELD_COLUMNS[k as keyof typeof FIELD_COLUMNS];
          if (!col || v === undefined) continue;
          const old = (o as Record<string, unknown>)[col];
          if (old === v) continue;
          set[col] = v;
          before[k] = old;
          after[k] = v;
        }
        if (Object.keys(set).length) {
          await tx
            .update(orders)
            .set({ ...set, updatedAt: sql`now()` })
            .where(eq(orders.id, orderId));
          await audit({ action: "order.address", entityType: "order", entityId: orderId, orderId, before, after }, tx);
        }
        return { changed: Object.keys(after) };
      });
    },

    /** Moves one order (preparation statuses) through the state machine, audited; a refusal is a typed result. */
    async moveStatus(ctx: RequestContext, orderId: number, to: number, note: string | null, audit: AuditFn) {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx.select({ status: orders.status, number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
        if (!o || o.status < 200) return { ok: false as const, code: "order.not_found", number: null };
        const r = await services.orders.moveOrder(ctx, orderId, to, { actor: "staff", note, tx });
        if (!r.ok) return { ok: false as const, code: r.code, number: o.number, from: o.status };
        await audit({ action: "order.status", entityType: "order", entityId: orderId, orderId, before: { status: o.status }, after: { status: to, note } }, tx);
        return { ok: true as const, number: o.number, from: o.status };
      });
    },

    /** Queues a mail again (a new key: order_mails keys are unique per sending), audited. */
    async resendMail(orderId: number, kind: "confirmation" | "transfer" | "paid", staffId: number, audit: AuditFn) {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!o || o.status < 200) return { ok: false as const, code: "order.not_found", number: null };
        if (!o.email) return { ok: false as const, code: "admin_orders.no_email", number: o.orderNumber };
        if (kind === "transfer" && !(o.paymentMethodSelected === "transfer" && [300, 350].includes(o.status)))
          return { ok: false as const, code: "admin_orders.mail_not_applicable", number: o.orderNumber };
        if (kind === "paid" && !o.paidAt) return { ok: false as const, code: "admin_orders.mail_not_applicable", number: o.orderNumber };
        if (kind === "confirmation" && o.status < 200) return { ok: false as const, code: "admin_orders.mail_not_applicable", number: o.orderNumber };
        const key = `${kind}:resend:${Date.now().toString(36)}:${staffId}:${Math.random().toString(36).slice(2, 8)}`;
        await tx.insert(orderMails).values({ orderId, kind, key });
        await audit({ action: "order.mail", entityType: "order", entityId: orderId, orderId, before: null, after: { kind, key } }, tx);
        return { ok: true as const, number: o.orderNumber };
      });
    },

    /** Rows of the CSV export of these orders, in the given order. */
    async exportRows(ids: number[]) {
      if (!ids.length) return [];
      const [res, extra, codes] = await Promise.all([
        db.execute(sql`
          select o.id, o.order_number, ${DATE} as date, o.store_id, o.status, o.name, o.surnames, o.email, o.phone, o.professional,
                 o.shipping_address, o.shipping_number, o.shipping_postal_code, o.shipping_city, o.shipping_province, o.shipping_country,
                 o.payment_method_selected, o.payment_reference, o.coupon_code, ${TOTAL} as total, o.shipping_total, o.vat_amount
          from orders o where o.id in (${list(ids)})`),
        enrich(ids),
        storeCodes(),
      ]);
      const byId = new Map(rowsOf(res).map((r) => [num(r.id), r]));
      return ids
        .filter((id) => byId.has(id))
        .map((id) => {
          const r = byId.get(id)!;
          const x = extra.get(id) ?? {};
          return { ...r, store: codes.get(num(r.store_id)) ?? "", ...x } as Row;
        });
    },

    /** The orders and rows the packing slips print. */
    async slipData(ids: number[]) {
      if (!ids.length) return [];
      const os = await db.select().from(orders).where(inArray(orders.id, ids));
      const rows = await db.select().from(orderRows).where(inArray(orderRows.orderId, ids)).orderBy(asc(orderRows.position), asc(orderRows.id));
      const subs = await db.select().from(subOrders).where(inArray(subOrders.orderId, ids)).orderBy(asc(subOrders.package));
      const byId = new Map(os.map((o) => [o.id, o]));
      return ids
        .filter((id) => byId.has(id))
        .map((id) => ({ order: byId.get(id)!, rows: rows.filter((r) => r.orderId === id), subs: subs.filter((s) => s.orderId === id) }));
    },

    /**
     * Puts these rows of the order into a new package (split), taken from their packages; a
     * package left empty is removed. Only packages not yet shipped may change; rows in a
     * shipped package are refused (admin_orders.package_locked).
     */
    async createPackage(orderId: number, rowIds: number[], audit: AuditFn) {
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const o = await lockPackable(tx, orderId);
        const rows = await tx.select().from(orderRows).where(eq(orderRows.orderId, orderId));
        const subs = await tx.select().from(subOrders).where(eq(subOrders.orderId, orderId));
        const chosen = rows.filter((r) => rowIds.includes(r.id));
        if (chosen.length !== new Set(rowIds).size) throw new AppError("admin_orders.row_not_in_order", 422);
        for (const r of chosen) {
          const s = subs.find((x) => x.id === r.subOrderId);
          if (s && !OPEN_PACKAGE.includes(s.status)) throw new AppError("admin_orders.package_locked", 409);
        }
        const template = subs.find((s) => s.id === chosen[0].subOrderId) ?? subs[0];
        const nextPkg = subs.reduce((m, s) => Math.max(m, s.package), 0) + 1;
        const [created] = await tx
          .insert(subOrders)
          .values({ orderId, package: nextPkg, status: 100, deliveryFrom: template?.deliveryFrom ?? null, deliveryTo: template?.deliveryTo ?? null })
          .returning();
        await tx.update(orderRows).set({ subOrderId: created.id }).where(inArray(orderRows.id, rowIds));
        const removed = await dropEmpty(tx, orderId);
        await services.orders.logEvent(tx, { orderId, subOrderId: created.id, from: null, to: 100, actor: "staff", note: `package ${nextPkg} created` });
        const before = chosen.map((r) => ({ row: r.id, sub_order: r.subOrderId }));
        await audit(
          {
            action: "package.create",
            entityType: "sub_order",
            entityId: created.id,
            orderId,
            before: { rows: before },
            after: { sub_order: created.id, package: nextPkg, rows: rowIds, removed },
          },
          tx,
        );
        void o;
        return { id: created.id, package: nextPkg };
      });
    },

    /** Moves every row of package `from` into package `into` (both not yet shipped) and removes `from`. */
    async mergePackages(orderId: number, from: number, into: number, audit: AuditFn) {
      if (from === into) throw new AppError("admin_orders.package_same", 422);
      return db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        await lockPackable(tx, orderId);
        const subs = await tx.select().from(subOrders).where(eq(subOrders.orderId, orderId));
        const a = subs.find((s) => s.id === from);
        const b = subs.find((s) => s.id === into);
        if (!a || !b) throw new AppError("admin_orders.package_not_found", 404);
        if (!OPEN_PACKAGE.includes(a.status) || !OPEN_PACKAGE.includes(b.status)) throw new AppError("admin_orders.package_locked", 409);
        const moved = await tx
          .update(orderRows)
          .set({ subOrderId: into })
          .where(and(eq(orderRows.orderId, orderId), eq(orderRows.subOrderId, from)))
          .returning({ id: orderRows.id });
        await tx.delete(subOrders).where(eq(subOrders.id, from));
        await services.orders.logEvent(tx, {
          orderId,
          subOrderId: into,
          from: null,
          to: b.status,
          actor: "staff",
          note: `package ${a.package} merged into ${b.package}`,
        });
        await audit(
          {
            action: "package.merge",
            entityType: "sub_order",
            entityId: into,
            orderId,
            before: { from: { id: a.id, package: a.package }, into: { id: b.id, package: b.package } },
            after: { into: b.id, rows: moved.map((r) => r.id) },
          },
          tx,
        );
        return { id: into, rows: moved.map((r) => r.id) };
      });
    },
  };

  async function lockPackable(tx: Db, orderId: number) {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!o || o.status < 200) throw new AppError("order.not_found", 404);
    if (![400, 450, 500, 600].includes(o.status)) throw new AppError("admin_orders.not_packable", 409);
    return o;
  }

  /** Removes packages left without rows that never shipped (their rows went elsewhere). */
  async function dropEmpty(tx: Db, orderId: number): Promise<number[]> {
    const res = rowsOf(
      await tx.execute(sql`
        delete from sub_orders s where s.order_id = ${orderId} and s.status in (100, 200, 300, 400)
          and not exists (select 1 from order_rows r where r.sub_order_id = s.id)
        returning s.id`),
    );
    return res.map((r) => num(r.id));
  }
}

export type AuditFn = (entry: import("../staff/staff.audit.ts").AuditEntry, tx?: unknown) => Promise<void>;
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

/** The customer's data may change until something has shipped (the carrier has the address then). */
export function addressEditable(orderStatus: number, packageStatuses: number[]): boolean {
  if (orderStatus >= 600) return false;
  return !packageStatuses.some((s) => OUT_STATUSES.includes(s));
}

/** Editable fields of the order page's customer form -> orders columns (Drizzle keys). */
export const FIELD_COLUMNS = {
  name: "name",
  surnames: "surnames",
  email: "email",
  phone: "phone",
  shipping_address: "shippingAddress",
  shipping_number: "shippingNumber",
  shipping_postal_code: "shippingPostalCode",
  shipping_city: "shippingCity",
  shipping_province: "shippingProvince",
  shipping_country: "shippingCountry",
  billing_business_name: "billingBusinessName",
  billing_tax_id: "billingTaxId",
  billing_address: "billingAddress",
  billing_number: "billingNumber",
  billing_postal_code: "billingPostalCode",
  billing_city: "billingCity",
  billing_province: "billingProvince",
  billing_country: "billingCountry",
} as const;

export { canMoveOrder };
