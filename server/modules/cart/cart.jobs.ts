import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Carts left alone for `hours` become abandoned (status 150) and give back the coupon use
 * they reserved (docs/decisions/013); they stay readable by their owner. One statement: on
 * several copies running it at once, each cart is abandoned (and its coupon released) by
 * exactly one of them, since the row lock makes the others re-check `status = 100`.
 * Answers how many carts it abandoned.
 */
export async function abandonIdleCarts(db: Db, hours: number): Promise<number> {
  const res = await db.execute(sql`
    with abandoned as (
      update orders set status = 150, coupon_id = null, updated_at = now(), version = version + 1
      where status = 100 and last_activity_at < now() - make_interval(hours => ${Math.trunc(hours)}::int)
      returning id
    ), released as (
      delete from coupon_redemptions r using abandoned a
      where r.order_id = a.id and r.status = 'reserved'
      returning r.coupon_id
    ), given_back as (
      update coupons c set used_count = c.used_count - x.n
      from (select coupon_id, count(*)::int n from released group by coupon_id) x
      where c.id = x.coupon_id
      returning c.id
    )
    select (select count(*) from abandoned)::int as abandoned, (select count(*) from given_back)::int as coupons`);
  const rows = (res as unknown as { rows: { abandoned: number }[] }).rows;
  return Number(rows[0]?.abandoned ?? 0);
}
