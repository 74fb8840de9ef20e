import { sql } from "drizzle-orm";
import { madridDay, madridDayEnd, madridDayStart } from "../../../core/dates.ts";
import type { Db } from "../../db/client.ts";

/** A product or variant with this many units or fewer is "low"; 0 or fewer is "out of stock". */
export const LOW_STOCK_THRESHOLD = 5;
/** Quotations whose validity ends within this many days. */
export const QUOTATION_DAYS = 7;
/** How long a computed dashboard is reused in this process. */
export const DASHBOARD_TTL_MS = 20_000;

export type StoreFigures = {
  storeId: number;
  today: { orders: number; gross: number; refunds: number; net: number };
  month: { orders: number; gross: number; refunds: number; net: number };
  toShip: number;
  transfers: { count: number; amount: number };
  aftersale: { withdrawals: number; returns: number; incidents: number };
  quotationsExpiring: number;
};
export type StockItem = { productId: number; variantId: number | null; ref: string; name: string; stock: number };
export type Dashboard = {
  day: string;
  monthStart: string;
  computedAt: Date;
  stores: StoreFigures[];
  stock: { out: number; low: number; items: StockItem[] };
};

/**
 * Why this is cheap (a dashboard is opened by every member many times a day):
 * - Two statements per computation, whatever the shop's size. Each figure reads an index
 *   slice, never the orders table: the partial indexes of migration 0022 hold only the rows a
 *   figure counts (orders to ship, transfers waiting, quotations, open requests, low stock),
 *   and the sales sums read the `paid_at` index (with store and total included) from the
 *   first instant of the Madrid day or month on, so they grow with one month's sales at most.
 * - The result is kept DASHBOARD_TTL_MS (20 s) per process and database: a team refreshing the
 *   page shares one computation; a figure is at most 20 s old, which a glance can live with
 *   (the lists behind each link are always live).
 */
const cache = new WeakMap<Db, { at: number; day: string; value: Promise<Dashboard> }>();

/** Forgets the kept dashboard (tests, and a member who asks for fresh figures). */
export function clearDashboardCache(db: Db) {
  cache.delete(db);
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const n = (v: unknown) => Number(v ?? 0);

export async function dashboardOf(db: Db, now = new Date()): Promise<Dashboard> {
  const day = madridDay(now);
  const hit = cache.get(db);
  if (hit && hit.day === day && Date.now() - hit.at < DASHBOARD_TTL_MS) return hit.value;
  const value = compute(db, now);
  cache.set(db, { at: Date.now(), day, value });
  value.catch(() => cache.delete(db));
  return value;
}

async function compute(db: Db, now: Date): Promise<Dashboard> {
  const day = madridDay(now);
  const monthStartDay = `${day.slice(0, 8)}01`;
  const d0 = madridDayStart(day).toISOString();
  const d1 = madridDayEnd(day).toISOString();
  const m0 = madridDayStart(monthStartDay).toISOString();
  const q1 = new Date(now.getTime() + QUOTATION_DAYS * 86_400_000).toISOString();
  const nowIso = now.toISOString();
  const figures = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with paid as (
        select store_id,
          count(*) filter (where paid_at >= ${d0}::timestamptz) as today_orders,
          coalesce(sum(total) filter (where paid_at >= ${d0}::timestamptz), 0) as today_gross,
          count(*) as month_orders,
          coalesce(sum(total), 0) as month_gross
        from orders where paid_at >= ${m0}::timestamptz and paid_at < ${d1}::timestamptz group by store_id),
      refunded as (
        select o.store_id,
          coalesce(sum(r.amount) filter (where r.created_at >= ${d0}::timestamptz), 0) as today_refunds,
          coalesce(sum(r.amount), 0) as month_refunds
        from payment_refunds r join orders o on o.id = r.order_id
        where r.created_at >= ${m0}::timestamptz and r.created_at < ${d1}::timestamptz and r.status <> 'failed' group by o.store_id),
      ship as (select store_id, count(*) as n from orders where status in (400, 450, 500, 600) group by store_id),
      transfers as (
        select store_id, count(*) as n, coalesce(sum(total), 0) as amount from orders
        where status = 300 and payment_method_selected = 'transfer' group by store_id),
      quotes as (
        select store_id, count(*) as n from orders
        where status = 200 and expires_at >= ${nowIso}::timestamptz and expires_at < ${q1}::timestamptz group by store_id),
      withdrawn as (
        select o.store_id, count(*) as n from withdrawals w join orders o on o.id = w.order_id where w.status = 'received' group by o.store_id),
      requests as (
        select o.store_id, count(*) filter (where q.kind = 'return') as returns, count(*) filter (where q.kind = 'incident') as incidents
        from order_requests q join orders o on o.id = q.order_id where q.status = 'open' and q.kind in ('return', 'incident') group by o.store_id)
      select s.id as store_id,
        coalesce(p.today_orders, 0) as today_orders, coalesce(p.today_gross, 0) as today_gross, coalesce(r.today_refunds, 0) as today_refunds,
        coalesce(p.month_orders, 0) as month_orders, coalesce(p.month_gross, 0) as month_gross, coalesce(r.month_refunds, 0) as month_refunds,
        coalesce(sh.n, 0) as to_ship, coalesce(t.n, 0) as transfers, coalesce(t.amount, 0) as transfers_amount,
        coalesce(qu.n, 0) as quotations, coalesce(w.n, 0) as withdrawals, coalesce(rq.returns, 0) as returns, coalesce(rq.incidents, 0) as incidents
      from stores s
        left join paid p on p.store_id = s.id left join refunded r on r.store_id = s.id left join ship sh on sh.store_id = s.id
        left join transfers t on t.store_id = s.id left join quotes qu on qu.store_id = s.id left join withdrawn w on w.store_id = s.id
        left join requests rq on rq.store_id = s.id
      order by s.id`),
  );
  // Stock: products without variants and variants, of active products, at or below the threshold
  // (both partial indexes of migration 0022); counts and the ten lowest in one statement.
  const stockRows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with low as (
        select p.id as product_id, null::int as variant_id, p.ref, p.stock from products p
        where p.stock <= ${LOW_STOCK_THRESHOLD} and p.active and not exists (select 1 from variants v where v.product_id = p.id)
        union all
        select v.product_id, v.id, v.ref, v.stock from variants v join products p on p.id = v.product_id
        where v.stock <= ${LOW_STOCK_THRESHOLD} and p.active),
      counts as (select count(*) filter (where stock <= 0) as out_n, count(*) filter (where stock > 0) as low_n from low),
      top as (select * from low order by stock, ref limit 10)
      select c.out_n, c.low_n, t.product_id, t.variant_id, t.ref, t.stock,
        (select pt.name from product_translations pt where pt.product_id = t.product_id order by pt.language limit 1) as name
      from counts c left join top t on true
      order by t.stock, t.ref`),
  );
  const first = stockRows[0] ?? {};
  return {
    day,
    monthStart: monthStartDay,
    computedAt: now,
    stores: figures.map((r) => {
      const today = { orders: n(r.today_orders), gross: n(r.today_gross), refunds: n(r.today_refunds), net: 0 };
      const month = { orders: n(r.month_orders), gross: n(r.month_gross), refunds: n(r.month_refunds), net: 0 };
      today.net = today.gross - today.refunds;
      month.net = month.gross - month.refunds;
      return {
        storeId: n(r.store_id),
        today,
        month,
        toShip: n(r.to_ship),
        transfers: { count: n(r.transfers), amount: n(r.transfers_amount) },
        aftersale: { withdrawals: n(r.withdrawals), returns: n(r.returns), incidents: n(r.incidents) },
        quotationsExpiring: n(r.quotations),
      };
    }),
    stock: {
      out: n(first.out_n),
      low: n(first.low_n),
      items: stockRows
        .filter((r) => r.ref != null)
        .map((r) => ({
          productId: n(r.product_id),
          variantId: r.variant_id == null ? null : n(r.variant_id),
          ref: String(r.ref),
          name: String(r.name ?? r.ref),
          stock: n(r.stock),
        })),
    },
  };
}
