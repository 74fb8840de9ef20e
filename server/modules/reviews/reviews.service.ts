import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { t } from "../../../core/i18n/index.ts";
import { type QuestionInput, REVIEWS_PAGE_SIZE, type ReviewInput } from "../../../core/product-page.schema.ts";
import type { QuestionDto, QuestionsPage, ReviewDto, ReviewSort, ReviewStats, ReviewsPage } from "../../../core/product-page.types.ts";
import { type Language, localePath } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import { promiseCache } from "../../lib/promise-cache.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { MailMessage } from "../mail/mail.service.ts";
import { CATALOG_CHANGED_CHANNEL } from "../catalog/catalog.service.ts";
import { answerMail } from "./reviews.mails.ts";
import { productQuestions, reviews } from "./reviews.schema.ts";
import { type FormThrottle, hashSubject } from "./reviews.throttle.ts";

export type ReviewsDeps = {
  db: Db;
  mail: { send(msg: MailMessage): Promise<unknown> };
  throttle: FormThrottle;
  config: { publicUrl: string };
  /**
   * Called after a review or an answer is published: the cached pages and cards show ratings and
   * questions. It must come back as a call of `clear()` on every copy (modules/index.ts: the
   * catalog's change signal).
   */
  published: () => Promise<void>;
};

export type ReviewsService = ReturnType<typeof createReviewsService>;

export type AskResult = { ok: true; id: number; message: string } | { ok: false; code: "reviews.question_throttled"; retryAfter: number };

export type AnswerResult = { ok: true; question: QuestionDto } | { ok: false; code: "reviews.question_not_found" };

export type WriteReviewResult =
  | { ok: true; review: ReviewDto; message: string }
  | { ok: false; code: "reviews.not_delivered" | "reviews.already_reviewed" | "reviews.review_throttled"; retryAfter?: number };

/** The author shown for an erased customer's reviews and questions (docs/decisions/048). */
export const ANONYMOUS = { es: "Cliente", fr: "Client" } as const;

/** The first word of a name: reviews and questions show the author's first name only. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

const SORTS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  rating_desc: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  rating_asc: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

const toReview = (r: typeof reviews.$inferSelect): ReviewDto => ({
  id: r.id,
  author: firstName(r.authorName),
  rating: r.rating,
  body: r.body,
  verified: r.verified,
  language: r.language,
  created_at: r.createdAt.toISOString(),
  reply: r.reply ?? null,
  replied_at: r.repliedAt?.toISOString() ?? null,
});

/**
 * Why a new review waits for moderation instead of being published at once, or null. Reviews
 * come from verified purchases only, so most publish at once; a link, an email address or a
 * phone number is spam or someone's personal data, and waits for staff. Never the rating: a
 * shop that holds back bad reviews misleads its customers (EU Directive 2019/2161).
 */
export function heldReason(body: string): "link" | "contact" | null {
  if (/[^\s@]+@[^\s@]+\.[a-z]{2,}/i.test(body) || /(\+|00)?\d[\d\s.-]{7,}\d/.test(body)) return "contact";
  if (/(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|es|fr|net|org|info|io|shop|store)\b)/i.test(body)) return "link";
  return null;
}

const toQuestion = (q: typeof productQuestions.$inferSelect): QuestionDto => ({
  id: q.id,
  name: firstName(q.name),
  question: q.question,
  answer: q.answer ?? "",
  created_at: q.createdAt.toISOString(),
  answered_at: (q.answeredAt ?? q.createdAt).toISOString(),
});

/**
 * Reviews and questions of products (spec 3, 5, 7). Reviews belong to the product whatever the
 * store they were written in (one rating per product, the one its cards show: kept by a
 * trigger, migration 0013); questions belong to the store they were asked in (answered in its
 * language) and are published once staff answer them. Texts are stored as plain text.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db } = deps;
  // The published reviews' and the answered questions' pages, as every product page shows them
  // (a query each): they change only when a review or an answer is published, which clears them
  // on every copy. Bounded to the most visited products' first pages (a few KB each: the memory
  // budget of issue 12); a crawler asking for every page and sort only pushes old ones out.
  const reviewPages = promiseCache<ReviewsPage>(300);
  const questionPages = promiseCache<QuestionsPage>(300);

  async function stats(productId: number): Promise<ReviewStats> {
    const rows = await db
      .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.published, true)))
      .groupBy(reviews.rating);
    return statsOf(rows);
  }

  /** The average and the count per star from the number of reviews of each rating. */
  function statsOf(rows: { rating: number; n: number }[]): ReviewStats {
    const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
    let count = 0;
    let sum = 0;
    for (const r of rows) {
      distribution[String(r.rating) as keyof typeof distribution] = r.n;
      count += r.n;
      sum += r.rating * r.n;
    }
    // The same rounding as the products' rating_avg (x100, rounded), shown with one decimal.
    const average = count ? Math.round((sum / count) * 100) / 100 : 0;
    return { average: Math.round(average * 10) / 10, count, distribution };
  }

  async function delivered(userId: number, productId: number): Promise<boolean> {
    const res = await db.execute(sql`
      SELECT 1 FROM order_rows r
      JOIN orders o ON o.id = r.order_id
      JOIN sub_orders s ON s.id = r.sub_order_id
      WHERE o.user_id = ${userId} AND r.product_id = ${productId} AND s.status = 700
      LIMIT 1`);
    return (res as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /** A page of a product's published reviews with its stars (reviews are the product's, whatever the store). */
  async function reviewsPage(productId: number, page: number, pageSize: number, sort: ReviewSort, language: Language | undefined): Promise<ReviewsPage> {
    const where = and(eq(reviews.productId, productId), eq(reviews.published, true));
    // One statement for the page and the stars: every row carries the count per star over all
    // the product's published reviews (window aggregates). A page past the end has no row to
    // carry them: only then are they counted on their own.
    const perStar = (n: number) => sql<number>`(count(*) filter (where ${reviews.rating} = ${n}) over ())::int`;
    const rows = await db
      .select({ review: reviews, n1: perStar(1), n2: perStar(2), n3: perStar(3), n4: perStar(4), n5: perStar(5) })
      .from(reviews)
      .where(where)
      .orderBy(...(language ? [sql`(${reviews.language} = ${language}) DESC`] : []), ...SORTS[sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const first = rows[0];
    const s = first
      ? statsOf([first.n1, first.n2, first.n3, first.n4, first.n5].map((n, i) => ({ rating: i + 1, n })))
      : page === 1
        ? statsOf([])
        : await stats(productId);
    return {
      results: rows.map((r) => toReview(r.review)),
      page,
      page_size: pageSize,
      total: s.count,
      pages: Math.ceil(s.count / pageSize),
      sort,
      stats: s,
    };
  }

  /** A page of a product's answered questions in one store, newest answer first. */
  async function questionsPage(storeId: number, productId: number, page: number, pageSize: number): Promise<QuestionsPage> {
    const where = and(
      eq(productQuestions.productId, productId),
      eq(productQuestions.storeId, storeId),
      isNotNull(productQuestions.answer),
      isNull(productQuestions.rejectedAt),
    );
    // The page and the total in one statement (a window count); a page past the end has no row
    // to carry the total: only then is it counted on its own.
    const rows = await db
      .select({ question: productQuestions, total: sql<number>`(count(*) over ())::int` })
      .from(productQuestions)
      .where(where)
      .orderBy(desc(productQuestions.answeredAt), desc(productQuestions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const n = rows[0]?.total ?? (page === 1 ? 0 : (await db.select({ n: sql<number>`count(*)::int` }).from(productQuestions).where(where))[0].n);
    return { results: rows.map((r) => toQuestion(r.question)), page, page_size: pageSize, total: n, pages: Math.ceil(n / pageSize) };
  }

  return {
    stats,

    /**
     * GDPR erasure of a customer, in the accounts erasure's transaction (docs/decisions/048):
     * their reviews stay (the opinion of a verified purchase, no longer anyone's) under an
     * anonymous name; their questions lose name, email and phone. The cached pages are dropped
     * on every copy when the transaction commits (a NOTIFY inside it is sent at commit only).
     */
    async eraseCustomer(tx: Db, who: { userId: number; email: string }): Promise<void> {
      const email = who.email.trim().toLowerCase();
      await tx
        .update(reviews)
        .set({ authorName: sql`case when ${reviews.language} = 'fr' then ${ANONYMOUS.fr} else ${ANONYMOUS.es} end` })
        .where(eq(reviews.userId, who.userId));
      await tx
        .update(productQuestions)
        .set({
          name: sql`case when ${productQuestions.language} = 'fr' then ${ANONYMOUS.fr} else ${ANONYMOUS.es} end`,
          email: sql`'deleted-q' || ${productQuestions.id} || '@erased.invalid'`,
          phone: null,
          ipHash: null,
        })
        .where(sql`lower(${productQuestions.email}) = ${email}`);
      await tx.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, 'erasure')`);
    },

    /**
     * GET reviews/v1/reviews/: a product's published reviews, a page at a time, with its average
     * and stars. The rating counts every review; with a `language`, the reviews written in it come
     * first (a French shopper reads the French ones before the Spanish ones), each group in the sort asked.
     */
    list(productId: number, opts: { page?: number; pageSize?: number; sort?: ReviewSort; language?: Language } = {}): Promise<ReviewsPage> {
      const page = Math.max(1, opts.page ?? 1);
      const pageSize = Math.min(50, Math.max(1, opts.pageSize ?? REVIEWS_PAGE_SIZE));
      const sort = opts.sort ?? "newest";
      const language = opts.language;
      return reviewPages.get(`${productId}|${page}|${pageSize}|${sort}|${language ?? ""}`, () => reviewsPage(productId, page, pageSize, sort, language));
    },

    /** Drops the cached pages of reviews and questions (a publication on any copy, a catalog change). */
    clear() {
      reviewPages.clear();
      questionPages.clear();
    },

    /** The JSON-LD's reviews: the most helpful few (best rated first, then newest). */
    async highlights(productId: number, limit = 5): Promise<ReviewDto[]> {
      const list = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.published, true)))
        .orderBy(...SORTS.newest)
        .limit(limit);
      return list.map(toReview);
    },

    /** GET reviews/v1/questions/web-list/: a product's answered questions in the context's store, newest first. */
    questions(ctx: RequestContext, productId: number, opts: { page?: number; pageSize?: number } = {}): Promise<QuestionsPage> {
      const page = Math.max(1, opts.page ?? 1);
      const pageSize = Math.min(50, Math.max(1, opts.pageSize ?? 10));
      const storeId = ctx.store.id;
      return questionPages.get(`${storeId}|${productId}|${page}|${pageSize}`, () => questionsPage(storeId, productId, page, pageSize));
    },

    /**
     * POST reviews/v1/questions/ (spec 5): stored unpublished until staff answer it. Throttled
     * per address; a filled honeypot is answered like a success and stores nothing.
     */
    async ask(ctx: RequestContext, productId: number, input: QuestionInput, meta: { ip: string }): Promise<AskResult> {
      const throttled = await deps.throttle.hit("question:ip", meta.ip);
      if (!throttled.ok) return { ok: false, code: "reviews.question_throttled", retryAfter: throttled.retryAfter };
      const message = t(ctx.language, "product.questions.sent");
      if (input.website) return { ok: true, id: 0, message };
      const [row] = await db
        .insert(productQuestions)
        .values({
          productId,
          storeId: ctx.store.id,
          language: ctx.language,
          name: input.name,
          email: input.email,
          phone: input.phone,
          question: input.question,
          privacyAcceptedAt: new Date(),
          ipHash: hashSubject(meta.ip),
        })
        .returning({ id: productQuestions.id });
      return { ok: true, id: row.id, message };
    },

    /** Staff: the store's questions, unanswered first (oldest first), then answered (newest first). */
    async staffQuestions(ctx: RequestContext, opts: { answered?: boolean; limit?: number } = {}) {
      const conds = [eq(productQuestions.storeId, ctx.store.id)];
      if (opts.answered === true) conds.push(isNotNull(productQuestions.answer));
      if (opts.answered === false) conds.push(isNull(productQuestions.answer));
      const list = await db
        .select()
        .from(productQuestions)
        .where(and(...conds))
        .orderBy(sql`${productQuestions.answer} IS NOT NULL`, asc(productQuestions.createdAt))
        .limit(opts.limit ?? 100);
      return list.map((q) => ({
        ...toQuestion(q),
        product_id: q.productId,
        email: q.email,
        phone: q.phone,
        answer: q.answer,
        answered_at: q.answeredAt?.toISOString() ?? null,
      }));
    },

    /**
     * Staff answer a question of their store: it is published, and the asker is mailed the
     * answer with a link to the product. Answering again corrects the answer (mailed again).
     */
    async answer(ctx: RequestContext, questionId: number, answer: string, product: { name: string; path: string } | null): Promise<AnswerResult> {
      const [q] = await db
        .update(productQuestions)
        .set({ answer, answeredAt: new Date(), answeredBy: ctx.user?.id ?? null })
        .where(and(eq(productQuestions.id, questionId), eq(productQuestions.storeId, ctx.store.id)))
        .returning();
      if (!q) return { ok: false, code: "reviews.question_not_found" };
      const link = deps.config.publicUrl + (product ? localePath(q.language, product.path) : localePath(q.language, "/"));
      const mail = answerMail(q.language, { shop: ctx.store.name, name: firstName(q.name), product: product?.name ?? "", question: q.question, answer, link });
      // The answer is stored and published: a failed mail must not undo it (the mail service logs it).
      await deps.mail.send({ to: q.email, ...mail }).catch(() => undefined);
      await deps.published();
      return { ok: true, question: toQuestion(q) };
    },

    /** The product id of a question (staff answer it from the product's page data). */
    async questionProduct(ctx: RequestContext, questionId: number): Promise<number | null> {
      const [q] = await db
        .select({ productId: productQuestions.productId })
        .from(productQuestions)
        .where(and(eq(productQuestions.id, questionId), eq(productQuestions.storeId, ctx.store.id)));
      return q?.productId ?? null;
    },

    /**
     * Whether a customer may review a product: an order of theirs holding it was delivered (a
     * package in status 700, spec 4). A read-only query over the orders' tables: the orders
     * module owns them, this only reads.
     */
    delivered,

    /** Whether the customer already reviewed the product. */
    async reviewed(userId: number, productId: number): Promise<boolean> {
      const [r] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
        .limit(1);
      return Boolean(r);
    },

    /**
     * POST reviews/v1/reviews/: a customer reviews a product whose order was delivered, once
     * (a unique index settles two tabs at once). Published at once as a verified purchase,
     * unless its text holds a link or contact details: then it waits for moderation.
     */
    async write(ctx: RequestContext, user: { id: number; name: string }, productId: number, input: ReviewInput): Promise<WriteReviewResult> {
      const throttled = await deps.throttle.hit("review:account", String(user.id));
      if (!throttled.ok) return { ok: false, code: "reviews.review_throttled", retryAfter: throttled.retryAfter };
      if (!(await delivered(user.id, productId))) return { ok: false, code: "reviews.not_delivered" };
      const held = heldReason(input.body);
      const [row] = await db
        .insert(reviews)
        .values({
          productId,
          storeId: ctx.store.id,
          language: ctx.language,
          userId: user.id,
          authorName: firstName(user.name) || "-",
          rating: input.rating,
          body: input.body,
          verified: true,
          published: held === null,
          heldReason: held,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return { ok: false, code: "reviews.already_reviewed" };
      if (held) return { ok: true, review: toReview(row), message: t(ctx.language, "reviews.held") };
      await deps.published();
      return { ok: true, review: toReview(row), message: t(ctx.language, "product.reviews.thanks") };
    },
  };
}
