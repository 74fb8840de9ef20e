import { and, desc, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { formatPrice } from "../../../core/money.ts";
import { localePath } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import { productTranslations, products } from "../catalog/catalog.schema.ts";
import { facilityOptions, installationQuoteRequests } from "../installations/installations.schema.ts";
import type { MailMessage } from "../mail/mail.service.ts";
import { answerMail } from "../reviews/reviews.mails.ts";
import { productQuestions, reviews } from "../reviews/reviews.schema.ts";
import { firstName } from "../reviews/reviews.service.ts";
import type { StoresService } from "../stores/stores.service.ts";
import { quoteReplyMail } from "./moderation.mails.ts";

export type ReviewStatus = "pending" | "published" | "hidden";
export type QuestionStatus = "pending" | "answered" | "rejected";

/** A review's moderation state from its columns: hidden by staff, held (never published), or published. */
export function reviewStatus(r: { published: boolean; hiddenAt: Date | null }): ReviewStatus {
  return r.published ? "published" : r.hiddenAt ? "hidden" : "pending";
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type ModerationDeps = {
  db: Db;
  stores: StoresService;
  mail: { send(msg: MailMessage): Promise<unknown> };
  config: { publicUrl: string };
  /** A publication changed what product pages show (ratings, reviews, answers): every copy clears its caches. */
  published: () => Promise<void>;
};

/**
 * The back office's moderation of what shoppers write (reviews, questions) and of installation
 * quote requests for quote-only cities. Writes take the route's transaction (its audit entry lands
 * with the change); mails and cache invalidation follow the commit (`after*` functions).
 */
export function createModerationService(deps: ModerationDeps) {
  const { db } = deps;
  const productName = sql<string>`coalesce((select t.name from ${productTranslations} t where t.product_id = ${products.id} and t.language = 'es'), ${products.ref})`;

  async function productOf(productId: number | null, language: "es" | "fr") {
    if (productId == null) return null;
    const rows = await db
      .select({ name: productTranslations.name, slug: productTranslations.slug })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.language, language)));
    return rows[0] ? { name: rows[0].name, path: `/${rows[0].slug}.html` } : null;
  }

  const service = {
    /** Reviews, newest first, one keyset page (no count over the table). */
    async listReviews(f: { status?: ReviewStatus; rating?: number; productId?: number; before?: number; limit: number }) {
      const where: SQL[] = [];
      if (f.status === "published") where.push(eq(reviews.published, true));
      if (f.status === "pending") where.push(and(eq(reviews.published, false), isNull(reviews.hiddenAt))!);
      if (f.status === "hidden") where.push(and(eq(reviews.published, false), isNotNull(reviews.hiddenAt))!);
      if (f.rating) where.push(eq(reviews.rating, f.rating));
      if (f.productId) where.push(eq(reviews.productId, f.productId));
      if (f.before) where.push(lt(reviews.id, f.before));
      const rows = await db
        .select({ r: reviews, ref: products.ref, name: productName })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(reviews.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      return {
        results: page.map(({ r, ref, name }) => ({
          id: r.id,
          product_id: r.productId,
          product_ref: ref,
          product_name: name,
          store: r.storeId,
          language: r.language,
          author: r.authorName,
          user_id: r.userId,
          rating: r.rating,
          body: r.body,
          verified: r.verified,
          status: reviewStatus(r),
          held_reason: r.heldReason,
          reply: r.reply,
          replied_at: iso(r.repliedAt),
          created_at: r.createdAt.toISOString(),
        })),
        next: rows.length > f.limit ? page[page.length - 1].r.id : null,
      };
    },

    /** Publishes or hides a review (its product's rating follows, by the trigger of migration 0013). */
    async setReviewStatus(tx: Db, id: number, status: "published" | "hidden") {
      const [cur] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
      if (!cur) return null;
      const [row] = await tx
        .update(reviews)
        .set(status === "published" ? { published: true, hiddenAt: null } : { published: false, hiddenAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      return { before: reviewStatus(cur), after: reviewStatus(row), productId: row.productId };
    },

    /** The shop's public reply under a review (null removes it). */
    async replyReview(tx: Db, id: number, reply: string | null) {
      const [cur] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
      if (!cur) return null;
      await tx
        .update(reviews)
        .set({ reply, repliedAt: reply ? new Date() : null })
        .where(eq(reviews.id, id));
      return { before: cur.reply, after: reply };
    },

    /** Questions, newest first, one keyset page: pending (neither answered nor rejected), answered, rejected. */
    async listQuestions(f: { status?: QuestionStatus; storeId?: number; before?: number; limit: number }) {
      const where: SQL[] = [];
      if (f.status === "pending") where.push(and(isNull(productQuestions.answer), isNull(productQuestions.rejectedAt))!);
      if (f.status === "answered") where.push(and(isNotNull(productQuestions.answer), isNull(productQuestions.rejectedAt))!);
      if (f.status === "rejected") where.push(isNotNull(productQuestions.rejectedAt));
      if (f.storeId) where.push(eq(productQuestions.storeId, f.storeId));
      if (f.before) where.push(lt(productQuestions.id, f.before));
      const rows = await db
        .select({ q: productQuestions, ref: products.ref, name: productName })
        .from(productQuestions)
        .innerJoin(products, eq(products.id, productQuestions.productId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(productQuestions.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      return {
        results: page.map(({ q, ref, name }) => ({
          id: q.id,
          product_id: q.productId,
          product_ref: ref,
          product_name: name,
          store: q.storeId,
          language: q.language,
          name: q.name,
          email: q.email,
          phone: q.phone,
          question: q.question,
          answer: q.answer,
          status: (q.rejectedAt ? "rejected" : q.answer ? "answered" : "pending") as QuestionStatus,
          answered_at: iso(q.answeredAt),
          rejected_at: iso(q.rejectedAt),
          created_at: q.createdAt.toISOString(),
        })),
        next: rows.length > f.limit ? page[page.length - 1].q.id : null,
      };
    },

    /** Answers (or corrects the answer of) a question: it is published; the mail goes after commit. */
    async answerQuestion(tx: Db, id: number, answer: string) {
      const [cur] = await tx.select().from(productQuestions).where(eq(productQuestions.id, id)).for("update");
      if (!cur) return null;
      const [q] = await tx.update(productQuestions).set({ answer, answeredAt: new Date(), rejectedAt: null }).where(eq(productQuestions.id, id)).returning();
      return { before: { answer: cur.answer, rejected: cur.rejectedAt !== null }, after: { answer }, question: q };
    },

    /** Mails the asker their answer (after the commit: a failed mail does not undo the answer). */
    async afterAnswer(q: typeof productQuestions.$inferSelect) {
      const store = await deps.stores.resolve(q.storeId);
      const product = await productOf(q.productId, q.language);
      const link = deps.config.publicUrl + localePath(q.language, product?.path ?? "/");
      const mail = answerMail(q.language, {
        shop: store.name,
        name: firstName(q.name),
        product: product?.name ?? "",
        question: q.question,
        answer: q.answer ?? "",
        link,
      });
      await deps.mail.send({ to: q.email, ...mail }).catch(() => undefined);
      await deps.published();
    },

    /** Rejects a question (spam, off-topic): it is never published (an answered one leaves the page). */
    async rejectQuestion(tx: Db, id: number) {
      const [cur] = await tx.select().from(productQuestions).where(eq(productQuestions.id, id)).for("update");
      if (!cur) return null;
      await tx.update(productQuestions).set({ rejectedAt: new Date() }).where(eq(productQuestions.id, id));
      return { before: { answered: cur.answer !== null, rejected: cur.rejectedAt !== null }, after: { rejected: true } };
    },

    /** Installation quote requests (quote-only cities), newest first, one keyset page. */
    async listQuotes(f: { status?: "open" | "answered" | "closed"; storeId?: number; before?: number; limit: number }) {
      const where: SQL[] = [];
      if (f.status) where.push(eq(installationQuoteRequests.status, f.status));
      if (f.storeId) where.push(eq(installationQuoteRequests.storeId, f.storeId));
      if (f.before) where.push(lt(installationQuoteRequests.id, f.before));
      const q = installationQuoteRequests;
      const rows = await db
        .select({ r: q, city: facilityOptions.valueString, ref: products.ref })
        .from(q)
        .leftJoin(facilityOptions, eq(facilityOptions.id, q.facilityOptionId))
        .leftJoin(products, eq(products.id, q.productId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(q.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      return {
        results: page.map(({ r, city, ref }) => ({
          id: r.id,
          reference: `IQ-${r.id}`,
          store: r.storeId,
          language: r.language,
          city: city ?? "",
          product_id: r.productId,
          product_ref: ref,
          name: r.name,
          email: r.email,
          phone: r.phone,
          postal_code: r.postalCode,
          town: r.town,
          message: r.message,
          disassembly: r.disassembly,
          premeasure: r.premeasure,
          distance: r.distance,
          status: r.status,
          quoted_cents: r.quotedCents,
          reply: r.reply,
          replied_at: iso(r.repliedAt),
          created_at: r.createdAt.toISOString(),
        })),
        next: rows.length > f.limit ? page[page.length - 1].r.id : null,
      };
    },

    /** Records the price staff quote for a request (status answered); the mail goes after commit. */
    async replyQuote(tx: Db, id: number, priceCents: number, message: string) {
      const [cur] = await tx.select().from(installationQuoteRequests).where(eq(installationQuoteRequests.id, id)).for("update");
      if (!cur) return null;
      const [row] = await tx
        .update(installationQuoteRequests)
        .set({ status: "answered", quotedCents: priceCents, reply: message, repliedAt: new Date() })
        .where(eq(installationQuoteRequests.id, id))
        .returning();
      return { before: { status: cur.status, quoted_cents: cur.quotedCents }, after: { status: row.status, quoted_cents: priceCents }, request: row };
    },

    /** Mails the quoted price to the shopper. False when the mail could not be sent (the reply stays recorded). */
    async afterQuoteReply(r: typeof installationQuoteRequests.$inferSelect): Promise<boolean> {
      const store = await deps.stores.resolve(r.storeId);
      const [city] = r.facilityOptionId
        ? await db.select({ name: facilityOptions.valueString }).from(facilityOptions).where(eq(facilityOptions.id, r.facilityOptionId))
        : [];
      const mail = quoteReplyMail(r.language, {
        shop: store.name,
        name: firstName(r.name),
        city: city?.name ?? r.town ?? "",
        price: formatPrice(r.quotedCents ?? 0, r.language === "fr" ? "fr-FR" : "es-ES"),
        message: r.reply ?? "",
        reference: `IQ-${r.id}`,
        home: deps.config.publicUrl + localePath(r.language, "/"),
      });
      try {
        await deps.mail.send({ to: r.email, ...mail });
        return true;
      } catch {
        return false;
      }
    },
  };
  return service;
}

export type ModerationService = ReturnType<typeof createModerationService>;
