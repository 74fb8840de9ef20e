import { and, asc, desc, eq, ilike, isNull, lt, type SQL, sql } from "drizzle-orm";
import { localePath } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import { addresses, users } from "../accounts/accounts.schema.ts";
import type { AccountsCore } from "../accounts/accounts.service.ts";
import type { MailMessage } from "../mail/mail.service.ts";
import { newsletterSubscriptions } from "../marketing/marketing.schema.ts";
import type { MarketingService } from "../marketing/marketing.service.ts";
import type { StoresService } from "../stores/stores.service.ts";
import { cifRequestMail } from "./people.mails.ts";
import { professionalReviews } from "./people.schema.ts";

export type PeopleDeps = {
  db: Db;
  accounts: AccountsCore;
  marketing: MarketingService;
  stores: StoresService;
  mail: { send(msg: MailMessage): Promise<unknown> };
  config: { publicUrl: string };
  orders: {
    exportFor(userId: number): Promise<{ id: number; order_number: string; store: number; status: number; placed_at: string | null; total: number | null }[]>;
  };
};

export type SearchField = "any" | "name" | "email" | "phone" | "tax_id";

/** A LIKE pattern that matches `s` anywhere, its wildcards taken literally. */
const contains = (s: string) => `%${s.replace(/[%_\\]/g, "\\$&")}%`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Spec 4: 200 quotation, 250 abandoned quotation; the rest of a customer's orders from 300 on. */
export const isQuotation = (status: number) => status === 200 || status === 250;

/**
 * The back office's customers: search (keyset pages, no count over the table), a customer's
 * record, the review of self-declared professionals (spec 6), and the newsletter's subscribers.
 * Account changes themselves (type, erasure, sessions) go through the accounts service.
 */
export function createPeopleService(deps: PeopleDeps) {
  const { db } = deps;

  function searchCondition(q: string, field: SearchField): SQL | undefined {
    const term = q.trim();
    if (!term) return undefined;
    const digits = term.replace(/\D/g, "");
    const byName = ilike(sql`${users.name} || ' ' || ${users.surnames}`, contains(term));
    const byEmail = ilike(users.email, contains(term.toLowerCase()));
    // Phones are typed with spaces, dashes or a prefix: compared on their digits.
    const byPhone = digits.length >= 3 ? sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') LIKE ${contains(digits)}` : sql`false`;
    const taxId = term.toUpperCase().replace(/[\s.-]/g, "");
    const byTax = sql`exists (select 1 from ${addresses} a where a.user_id = ${users.id} and upper(replace(replace(a.tax_id, ' ', ''), '-', '')) LIKE ${contains(taxId)})`;
    switch (field) {
      case "name":
        return byName;
      case "email":
        return byEmail;
      case "phone":
        return byPhone;
      case "tax_id":
        return byTax;
      default:
        return sql`(${byName} OR ${byEmail} OR ${byPhone} OR ${byTax})`;
    }
  }

  const service = {
    /** Customers (never staff, never erased accounts), newest first, one keyset page. */
    async searchCustomers(f: { q?: string; field?: SearchField; type?: "customer" | "professional"; storeId?: number; before?: number; limit: number }) {
      const where: SQL[] = [eq(users.role, "customer"), isNull(users.deletedAt)];
      const text = f.q ? searchCondition(f.q, f.field ?? "any") : undefined;
      if (text) where.push(text);
      if (f.type) where.push(eq(users.customerType, f.type));
      if (f.storeId) where.push(eq(users.storeId, f.storeId));
      if (f.before) where.push(lt(users.id, f.before));
      const rows = await db
        .select()
        .from(users)
        .where(and(...where))
        .orderBy(desc(users.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      return {
        results: page.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          surnames: u.surnames,
          phone: u.phone,
          type: u.customerType,
          store: u.storeId,
          is_active: u.isActive,
          created_at: u.createdAt.toISOString(),
        })),
        next: rows.length > f.limit ? page[page.length - 1].id : null,
      };
    },

    /** One customer's record: profile, orders and quotations, addresses, consents, sessions, professional review. */
    async customerRecord(id: number) {
      const data = await deps.accounts.staffExport(id);
      if (!data) return null;
      const [[u], sessions, [review], orders] = await Promise.all([
        db.select().from(users).where(eq(users.id, id)),
        deps.accounts.sessionsOf(id),
        db.select().from(professionalReviews).where(eq(professionalReviews.userId, id)),
        deps.orders.exportFor(id),
      ]);
      const now = Date.now();
      const toOrder = (o: (typeof orders)[number]) => ({
        id: o.id,
        number: o.order_number,
        date: o.placed_at,
        status: o.status,
        total: o.total,
        store: o.store,
      });
      return {
        profile: {
          id: u.id,
          email: u.email,
          name: u.name,
          surnames: u.surnames,
          phone: u.phone,
          type: u.customerType,
          store: u.storeId,
          language: u.language,
          is_active: u.isActive,
          activated_at: iso(u.activatedAt),
          created_at: u.createdAt.toISOString(),
          professional_revoked_at: iso(u.professionalRevokedAt),
        },
        consents: {
          privacy_accepted_at: u.privacyAcceptedAt.toISOString(),
          newsletter: data.newsletter_subscriptions.map((s) => ({ store: s.store, source: s.source, consent_at: s.consent_at })),
        },
        orders: orders
          .filter((o) => !isQuotation(o.status))
          .map(toOrder)
          .reverse(),
        quotations: orders
          .filter((o) => isQuotation(o.status))
          .map(toOrder)
          .reverse(),
        addresses: data.addresses.map((a) => ({
          id: a.id,
          type: a.type,
          name: a.name,
          business_name: a.business_name,
          tax_type: a.tax_type,
          tax_id: a.tax_id,
          phone: a.phone,
          address: [a.address, a.number, a.flat].filter(Boolean).join(" "),
          postal_code: a.postal_code,
          city: a.city,
          province: a.province,
          country: a.country,
          default: a.default,
        })),
        sessions: sessions.map((s) => ({
          id: s.id.slice(0, 12),
          created_at: s.createdAt.toISOString(),
          last_used_at: iso(s.lastUsedAt),
          expires_at: s.expiresAt.toISOString(),
          revoked_at: iso(s.revokedAt),
          revoked_reason: s.revokedReason,
          open: !s.revokedAt && s.expiresAt.getTime() > now,
        })),
        professional: review
          ? {
              status: review.status,
              cif_requested_at: iso(review.cifRequestedAt),
              cif_requests: review.cifRequests,
              reviewed_at: iso(review.reviewedAt),
              note: review.note,
            }
          : null,
      };
    },

    /**
     * The professionals' review queue (spec 6: anyone ticking the box gets professional prices at
     * once): professionals not reviewed yet, oldest first, with what they declared (their billing
     * company and tax id, when they gave one) and whether staff already asked for it.
     */
    async professionalQueue(f: { status?: "queue" | "reviewed"; storeId?: number; before?: number; limit: number }) {
      const where: SQL[] = [eq(users.role, "customer"), isNull(users.deletedAt), eq(users.customerType, "professional")];
      where.push(f.status === "reviewed" ? sql`${professionalReviews.reviewedAt} is not null` : sql`${professionalReviews.reviewedAt} is null`);
      if (f.storeId) where.push(eq(users.storeId, f.storeId));
      if (f.before) where.push(sql`${users.id} > ${f.before}`);
      const billing = (col: string) =>
        sql<
          string | null
        >`(select a.${sql.raw(col)} from ${addresses} a where a.user_id = ${users.id} and a.type = 'billing' order by a.is_default desc, a.id desc limit 1)`;
      const rows = await db
        .select({
          u: users,
          r: professionalReviews,
          business: billing("business_name"),
          taxType: billing("tax_type"),
          taxId: billing("tax_id"),
        })
        .from(users)
        .leftJoin(professionalReviews, eq(professionalReviews.userId, users.id))
        .where(and(...where))
        .orderBy(asc(users.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      return {
        results: page.map(({ u, r, business, taxType, taxId }) => ({
          id: u.id,
          email: u.email,
          name: `${u.name} ${u.surnames}`.trim(),
          phone: u.phone,
          store: u.storeId,
          signed_up_at: u.createdAt.toISOString(),
          business_name: business ?? "",
          tax_type: taxType,
          tax_id: taxId ?? "",
          status: r?.status ?? "pending",
          cif_requested_at: iso(r?.cifRequestedAt),
          cif_requests: r?.cifRequests ?? 0,
          reviewed_at: iso(r?.reviewedAt),
        })),
        next: rows.length > f.limit ? page[page.length - 1].u.id : null,
      };
    },

    /** The customer an action of the professional review is about (a live customer account), locked. */
    async lockCustomer(tx: Db, id: number) {
      const [u] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, "customer"), isNull(users.deletedAt)))
        .for("update");
      return u ?? null;
    },

    /** Records that staff asked a professional for their company name and CIF (mailed after commit). */
    async recordCifRequest(tx: Db, userId: number, note: string) {
      const now = new Date();
      const [before] = await tx.select().from(professionalReviews).where(eq(professionalReviews.userId, userId));
      const [row] = await tx
        .insert(professionalReviews)
        .values({ userId, status: "info_requested", cifRequestedAt: now, cifRequests: 1, note, updatedAt: now })
        .onConflictDoUpdate({
          target: professionalReviews.userId,
          set: { status: "info_requested", cifRequestedAt: now, cifRequests: sql`${professionalReviews.cifRequests} + 1`, note, updatedAt: now },
        })
        .returning();
      return { before: before ?? null, after: row };
    },

    /** Mails the request for the company name and CIF in the customer's language. */
    async sendCifRequest(u: { email: string; name: string; storeId: number; id: number }, note: string): Promise<boolean> {
      const store = await deps.stores.resolve(u.storeId);
      const link = deps.config.publicUrl + localePath(store.language, `/profile/${u.id}/address`);
      const mail = cifRequestMail(store.language, { shop: store.name, name: u.name, note, link });
      try {
        await deps.mail.send({ to: u.email, ...mail });
        return true;
      } catch {
        return false;
      }
    },

    /** Marks a professional reviewed (approved: they keep the type); they leave the queue. */
    async recordReview(tx: Db, userId: number, staffId: number, status: "approved" | "revoked", note: string) {
      const now = new Date();
      const [before] = await tx.select().from(professionalReviews).where(eq(professionalReviews.userId, userId));
      const [row] = await tx
        .insert(professionalReviews)
        .values({ userId, status, reviewedAt: now, reviewedBy: staffId, note, updatedAt: now })
        .onConflictDoUpdate({ target: professionalReviews.userId, set: { status, reviewedAt: now, reviewedBy: staffId, note, updatedAt: now } })
        .returning();
      return { before: before ?? null, after: row };
    },

    /** Newsletter subscribers, newest first, one keyset page. */
    async subscribers(f: { q?: string; storeId?: number; before?: number; limit: number }) {
      const n = newsletterSubscriptions;
      const where: SQL[] = [];
      if (f.q?.trim()) where.push(ilike(n.email, contains(f.q.trim().toLowerCase())));
      if (f.storeId) where.push(eq(n.storeId, f.storeId));
      if (f.before) where.push(lt(n.id, f.before));
      const rows = await db
        .select()
        .from(n)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(n.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      return {
        results: page.map((s) => ({
          id: s.id,
          store: s.storeId,
          email: s.email,
          name: s.name,
          surname: s.surname,
          source: s.source,
          // Double opt-in (decision 047): an address that has not followed its link is no subscriber yet.
          status: (s.confirmedAt === null ? "unconfirmed" : s.welcomeCouponId === null || s.welcomeSentAt ? "subscribed" : "welcome_pending") as
            | "subscribed"
            | "welcome_pending"
            | "unconfirmed",
          consent_at: s.consentAt.toISOString(),
          created_at: s.createdAt.toISOString(),
        })),
        next: rows.length > f.limit ? page[page.length - 1].id : null,
      };
    },

    /** One subscription (for an unsubscription: its store and email), locked. */
    async lockSubscription(tx: Db, id: number) {
      const [s] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).for("update");
      return s ?? null;
    },
  };
  return service;
}

export type PeopleService = ReturnType<typeof createPeopleService>;
