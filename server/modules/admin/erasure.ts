import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { couponRedemptions, coupons } from "../coupons/coupons.schema.ts";
import type { AftersaleService } from "../invoices/aftersale.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import { sandboxPayments } from "../payments/payments.schema.ts";
import type { ReviewsService } from "../reviews/reviews.service.ts";
import { eraseQuoteRequests } from "./quotations.service.ts";

export type ErasedCustomer = { userId: number; email: string };

/**
 * What a customer's GDPR erasure does beyond the account itself (the accounts module deletes
 * addresses, favourites, sessions, mail links, newsletter subscriptions and pseudonymises the
 * account row), in the same transaction. The list of what stays and why is
 * docs/decisions/048; the erasure test searches every text column of every table for what is
 * left, so a new table holding personal data fails it until it is handled here.
 */
export function createErasure(deps: { orders: () => OrdersService; reviews: () => ReviewsService; aftersale: () => AftersaleService | null | undefined }) {
  return async function eraseEverywhere(tx: Db, who: ErasedCustomer): Promise<void> {
    const email = who.email.trim().toLowerCase();
    // Orders, quotations and carts (and the mailed links to them).
    const orderIds = await deps.orders().eraseCustomer(tx, who);
    // Reviews under an anonymous name, questions without their asker.
    await deps.reviews().eraseCustomer(tx, who);
    // Withdrawal declarations without name and email.
    await deps.aftersale()?.eraseCustomer(tx, { email, orderIds });
    // Installation quote requests.
    await eraseQuoteRequests(tx, email);
    // Coupons: a personal one (the newsletter's) no longer names anyone and works for no one;
    // a use of any coupon keeps its order and account, not the email.
    await tx
      .update(coupons)
      .set({ email: sql`'deleted-c' || ${coupons.id} || '@erased.invalid'`, active: false })
      .where(sql`lower(${coupons.email}) = ${email}`);
    await tx.update(couponRedemptions).set({ email: null }).where(sql`lower(${couponRedemptions.email}) = ${email}`);
    // The embedded sandbox provider's books (a real provider keeps its own, under its own duties).
    await tx.update(sandboxPayments).set({ shopperEmail: null }).where(sql`lower(${sandboxPayments.shopperEmail}) = ${email}`);
  };
}
export type EraseEverywhere = ReturnType<typeof createErasure>;
