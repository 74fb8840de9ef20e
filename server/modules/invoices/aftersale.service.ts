import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { parseForm } from "../../../core/accounts.forms.ts";
import { t } from "../../../core/i18n/index.ts";
import { canMoveOrder, orderStatusFromSubOrders } from "../../../core/orders.ts";
import type { OrderDto } from "../../../core/orders.types.ts";
import { hasControlCharacters } from "../../../core/validation.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { type FileStorage, isValidStorageKey } from "../../lib/storage.ts";
import { contextFor, type RequestContext } from "../../lib/request-context.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import { escapeHtml } from "../mail/mail.templates.ts";
import { orderRequests, subOrders } from "../orders/orders.schema.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { OrderAccess } from "../orders/orders.types.ts";
import type { StoresService } from "../stores/stores.service.ts";
import { requestPhotos, withdrawals } from "./invoices.schema.ts";
import type { InvoicesCore } from "./invoices.service.ts";

export type AftersaleDeps = {
  db: Db;
  config: Pick<Config, "dataDir" | "publicUrl">;
  /** Where the photos' bytes go (server/lib/storage.ts): DATA_DIR/requests on disk, or PostgreSQL for every copy. */
  storage: FileStorage;
  invoices: InvoicesCore;
  stores: StoresService;
  orders: () => OrdersService;
  mail: { send(m: { to: string; subject: string; text: string; html: string; messageId?: string }): Promise<unknown> };
  /**
   * Runs a job of the engine now (server/lib/jobs.ts): the acknowledgement is the job
   * 'withdrawal-ack' of its withdrawal (a trigger owes it), sent at once and retried by the engine.
   */
  runJob?: (queue: string, key: string) => Promise<boolean>;
  /** Money back to the customer (the payments module). */
  refund: (input: { orderId: number; reference: string; amount: number; idempotencyKey: string }) => Promise<unknown>;
  /** A whole paid order cancelled before shipping: refund, credit note, stock (the checkout's cancel). */
  /** Gives back the stock of rows that will not ship (a partial withdrawal before shipping). */
  restockRows: (tx: Db, orderId: number, rowIds: number[]) => Promise<void>;
  cancelOrder: (
    ctx: RequestContext,
    orderId: number,
    reason: string,
    opts?: { before?: (tx: Db) => Promise<boolean> },
  ) => Promise<{ ok: true; status: number } | { ok: false; code: string; message: string }>;
};

export type WithdrawalRecord = typeof withdrawals.$inferSelect;
type Fail = { ok: false; code: string; message: string; status: 400 | 404 | 409 | 413 | 415 | 422; fieldErrors?: Record<string, string> };

/** Photos of a request: JPEG, PNG or WebP only (decoded and encoded again), at most 5 MB each and 5 per request. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTOS_PER_REQUEST = 5;
const PHOTO_TYPES: Record<string, { ext: string; sniff: (b: Buffer) => boolean }> = {
  "image/jpeg": { ext: "jpg", sniff: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  "image/png": { ext: "png", sniff: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  "image/webp": { ext: "webp", sniff: (b) => b.length > 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP" },
};

/** The longest side a stored photo keeps (larger ones are scaled down). */
export const PHOTO_MAX_SIDE = 2560;
const PHOTO_MAX_PIXELS = 50_000_000;
export type PhotoCode = "aftersale.photo_type" | "aftersale.photo_too_large" | "aftersale.photo_unreadable";

/**
 * A photo as it is stored: decoded by sharp and encoded again in its own format (JPEG, PNG or
 * WebP), turned upright, at most PHOTO_MAX_SIDE pixels a side, without its metadata (EXIF, GPS).
 * Whatever the upload carried besides the image (an HTML page after a PNG header, a script
 * after the image's end) is not in the new file. What does not decode is refused.
 */
export async function decodePhoto(
  contentType: string,
  body: Buffer,
): Promise<{ ok: true; contentType: string; ext: string; body: Buffer } | { ok: false; code: PhotoCode }> {
  const problem = photoProblem(contentType, body);
  if (problem) return { ok: false, code: problem };
  try {
    const { default: sharp } = await import("sharp");
    const img = sharp(body, { failOn: "error", limitInputPixels: PHOTO_MAX_PIXELS, animated: false });
    const { format } = await img.metadata();
    if (format !== "jpeg" && format !== "png" && format !== "webp") return { ok: false, code: "aftersale.photo_unreadable" };
    const resized = img.rotate().resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const out =
      format === "png"
        ? await resized.png({ compressionLevel: 9 }).toBuffer()
        : format === "webp"
          ? await resized.webp({ quality: 85 }).toBuffer()
          : await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { ok: true, contentType: `image/${format}`, ext: PHOTO_TYPES[`image/${format}`].ext, body: out };
  } catch {
    return { ok: false, code: "aftersale.photo_unreadable" };
  }
}

/** Why a photo is refused at a glance (its type by its first bytes, its size), or null; decodePhoto decides. */
export function photoProblem(contentType: string, body: Buffer): "aftersale.photo_type" | "aftersale.photo_too_large" | null {
  const kind = PHOTO_TYPES[contentType.split(";")[0].trim().toLowerCase()];
  if (!kind?.sniff(body)) return "aftersale.photo_type";
  if (body.length > PHOTO_MAX_BYTES) return "aftersale.photo_too_large";
  return null;
}

/** The withdrawal form: only what the shop does not know (docs/decisions/018). */
export function withdrawalSchema(lang: "es" | "fr", known: boolean) {
  const text = (max: number) =>
    z
      .string({ error: t(lang, "validation.required") })
      .trim()
      .max(max, t(lang, "validation.too_long", { max }))
      .refine((v) => !hasControlCharacters(v.replace(/[\r\n\t]/g, "")), t(lang, "validation.invalid_characters"));
  return z.object({
    confirm: z.union([z.literal(true), z.literal("true"), z.literal("on"), z.literal("1")], { error: t(lang, "errors.withdrawal.confirm_required") }),
    name: known ? text(200).optional() : text(200).refine((v) => v.length > 0, t(lang, "validation.required")),
    email: known ? z.string().max(254).optional() : z.email(t(lang, "validation.email")).max(254),
    statement: text(1000).optional().default(""),
    row_ids: z
      .union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()])
      .optional()
      .transform((v) => (v == null ? [] : Array.isArray(v) ? v : [v])),
  });
}

const fmtWhen = (d: Date, lang: "es" | "fr") =>
  new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "es-ES", { timeZone: "Europe/Madrid", dateStyle: "long", timeStyle: "medium" }).format(d);

/**
 * After-sale (issue 10, spec 4 and 9): the withdrawal button (EU Directive 2023/2673: 14 days
 * from delivery), with an acknowledgement mail sent at once; the photos of incident and return
 * requests; and staff settling a withdrawal or an accepted return — the packages and the order
 * go to returned (800), a credit note corrects the invoice and the money is refunded.
 */
export function createAftersaleService(deps: AftersaleDeps) {
  const { db, invoices } = deps;
  // A photo's storage key: requests/<order>/<file> (on disk DATA_DIR/requests/<order>/<file>, as always).
  const photoKey = (orderId: number, file: string) => `requests/${orderId}/${file}`;
  const fail = (lang: "es" | "fr", code: string, status: Fail["status"], fieldErrors?: Record<string, string>): Fail => ({
    ok: false,
    code,
    message: t(lang, `errors.${code}`),
    status,
    ...(fieldErrors ? { fieldErrors } : {}),
  });

  async function storeCtx(storeId: number, user: RequestContext["user"] = null): Promise<RequestContext> {
    const s = (await deps.stores.all()).find((x) => x.id === storeId);
    if (!s) throw new Error(`store ${storeId} missing`);
    return contextFor(s, user);
  }

  function ackMail(w: WithdrawalRecord, order: OrderDto, storeName: string) {
    const lang = w.language;
    const when = fmtWhen(w.declaredAt, lang);
    const rows = w.rowIds.length ? order.rows.filter((r) => w.rowIds.includes(r.id)) : order.rows;
    const lines = rows.map((r) => `${r.quantity} × ${r.name} (${r.ref})`);
    const es = lang === "es";
    const subject = es
      ? `Hemos recibido tu desistimiento del pedido ${order.order_number}`
      : `Nous avons reçu votre rétractation de la commande ${order.order_number}`;
    const paras = es
      ? [
          `Hola ${w.name}:`,
          `Confirmamos que el ${when} (hora peninsular española) recibimos tu declaración de desistimiento del contrato del pedido ${order.order_number} de ${storeName}.`,
          `Artículos: ${lines.join("; ")}.`,
          w.statement ? `Tu mensaje: «${w.statement}»` : "",
          "Te devolveremos los importes pagados, incluida la entrega estándar, en un plazo máximo de 14 días, por el mismo medio de pago. Si ya has recibido los artículos, te indicaremos cómo devolverlos; el reembolso puede esperar a que los recibamos.",
          "Guarda este correo como acuse de recibo en un soporte duradero.",
        ]
      : [
          `Bonjour ${w.name},`,
          `Nous confirmons avoir reçu le ${when} (heure de Paris) votre déclaration de rétractation du contrat de la commande ${order.order_number} de ${storeName}.`,
          `Articles : ${lines.join(" ; ")}.`,
          w.statement ? `Votre message : « ${w.statement} »` : "",
          "Nous vous rembourserons les sommes versées, y compris les frais de livraison standard, au plus tard dans les 14 jours, par le même moyen de paiement. Si vous avez déjà reçu les articles, nous vous indiquerons comment les renvoyer ; le remboursement peut être différé jusqu'à leur réception.",
          "Conservez ce courriel : il vaut accusé de réception sur un support durable.",
        ];
    const kept = paras.filter(Boolean);
    return {
      to: w.email,
      subject,
      text: `${kept.join("\n\n")}\n`,
      html: `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif">${kept.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
    };
  }

  /** Sends a withdrawal's acknowledgement now (the engine's job; retried by it with the same Message-ID). */
  async function sendAck(id: number): Promise<boolean> {
    return deps.runJob ? deps.runJob("withdrawal-ack", String(id)) : false;
  }

  /**
   * Settles goods coming back (or a withdrawal before shipping) in one transaction: a credit
   * note for the rows (all when none given), their packages to returned (800), the order to
   * returned when nothing is left; then the refund of the credit note's amount.
   */
  async function settle(
    ctx: RequestContext,
    orderId: number,
    rowIds: number[],
    reason: string,
    before?: (tx: Db) => Promise<boolean>,
  ): Promise<{ ok: true; creditNote: { id: number; number: string; total: number } | null; status: number } | Fail> {
    const lang = ctx.language;
    const [head] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!head || head.status < 400) return fail(lang, "order.not_found", 404);
    const allRows = await db.select({ id: orderRows.id, subOrderId: orderRows.subOrderId }).from(orderRows).where(eq(orderRows.orderId, orderId));
    const chosen = rowIds.filter((id) => allRows.some((r) => r.id === id));
    const whole = chosen.length === 0 || chosen.length === allRows.length;
    // A whole order not shipped yet is a cancellation: the checkout's cancel refunds, credits and restocks.
    if (whole && [400, 450, 500].includes(head.status)) {
      // The withdrawal's acceptance and the cancellation commit together (or neither does).
      const r = await deps.cancelOrder(ctx, orderId, reason, before ? { before } : {});
      if (!r.ok) return fail(lang, r.code, 409);
      const docs = await invoices.documentsOf(orderId);
      const cn = docs.filter((d) => d.kind === "credit_note").pop();
      return { ok: true, creditNote: cn ? { id: cn.id, number: cn.number, total: cn.total } : null, status: 700 };
    }
    const res = await db
      .transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (![400, 450, 500, 600, 650].includes(o.status)) return fail(lang, "order.illegal_transition", 409);
        if (before && !(await before(tx))) return fail(lang, "aftersale.already_resolved", 409);
        const cn = await invoices.creditNote(tx, { orderId, reason, ...(whole ? {} : { rowIds: chosen }) });
        if (!cn) throw new AppError("invoice.not_found", 409);
        const returned = new Set(whole ? allRows.map((r) => r.id) : chosen);
        const subs = await tx.select().from(subOrders).where(eq(subOrders.orderId, orderId)).orderBy(asc(subOrders.package));
        // Rows withdrawn before they shipped stay home: their stock comes back, the packages they
        // fill are cancelled, and a package they share with other rows tells staff what to leave out.
        const unshipped = subs.filter((s) => [100, 200, 300, 400].includes(s.status));
        const staying = [...returned].filter((id) => {
          const r = allRows.find((x) => x.id === id);
          return r && (r.subOrderId == null || unshipped.some((s) => s.id === r.subOrderId));
        });
        if (staying.length) {
          await deps.restockRows(tx, orderId, staying);
          for (const s of unshipped) {
            const its = allRows.filter((r) => r.subOrderId === s.id);
            const out = its.filter((r) => returned.has(r.id));
            if (!out.length) continue;
            const all = out.length === its.length;
            if (all) await tx.update(subOrders).set({ status: 500, updatedAt: sql`now()` }).where(eq(subOrders.id, s.id));
            await deps.orders().logEvent(tx, {
              orderId,
              subOrderId: s.id,
              from: s.status,
              to: all ? 500 : s.status,
              actor: "staff",
              note: all ? reason : `${reason}: do not ship rows ${out.map((r) => r.id).join(", ")}`,
            });
          }
        }
        for (const s of subs) {
          const its = allRows.filter((r) => r.subOrderId === s.id);
          if (!its.length || !its.every((r) => returned.has(r.id)) || ![600, 650, 700, 900].includes(s.status)) continue;
          await tx.update(subOrders).set({ status: 800, updatedAt: sql`now()` }).where(eq(subOrders.id, s.id));
          await deps.orders().logEvent(tx, { orderId, subOrderId: s.id, from: s.status, to: 800, actor: "staff", note: reason });
        }
        const statuses = (await tx.select({ status: subOrders.status }).from(subOrders).where(eq(subOrders.orderId, orderId))).map((x) => x.status);
        let status = o.status;
        if (orderStatusFromSubOrders(statuses) === 800 && canMoveOrder(o.status, 800)) {
          const moved = await deps.orders().moveOrder(ctx, orderId, 800, { actor: "staff", note: reason, tx });
          if (moved.ok) status = 800;
        }
        return { ok: true as const, creditNote: cn, status, reference: o.paymentReference };
      })
      .catch((e) => {
        if (e instanceof AppError && e.code === "invoice.credit_exceeds") return fail(lang, "invoice.credit_exceeds", 409);
        if (e instanceof AppError && e.code === "invoice.not_found") return fail(lang, "invoice.not_found", 409);
        throw e;
      });
    if (!res.ok) return res;
    if (res.reference && res.creditNote.total < 0) {
      await deps.refund({ orderId, reference: res.reference, amount: -res.creditNote.total, idempotencyKey: `credit-${res.creditNote.id}` });
    }
    return { ok: true, creditNote: res.creditNote, status: res.status };
  }

  const api = {
    /**
     * The customer withdraws from the contract (the "Desistir del contrato aquí" button): on an
     * order they may see, while its `withdraw` action is open (paid and not delivered, or within
     * 14 days of delivery). A signed-in customer or the order's guest gives nothing the shop
     * knows; `confirm` is the second button. Records it and mails the acknowledgement at once.
     */
    async withdraw(
      ctx: RequestContext,
      orderId: number,
      access: OrderAccess,
      raw: unknown,
    ): Promise<{ ok: true; withdrawal: WithdrawalRecord; ackSent: boolean } | Fail> {
      const lang = ctx.language;
      const order = await deps.orders().get(ctx, orderId, access);
      if (!order) return fail(lang, "order.not_found", 404);
      const known = Boolean(order.beneficiary.email);
      const parsed = parseForm(withdrawalSchema(lang, known), raw, lang);
      if (!parsed.ok) {
        const code = parsed.fieldErrors.confirm ? "withdrawal.confirm_required" : "withdrawal.invalid";
        return fail(lang, code, 400, parsed.fieldErrors);
      }
      if (!order.actions.withdraw) return fail(lang, "withdrawal.not_allowed", 409);
      const input = parsed.data;
      const rowIds = input.row_ids.filter((id) => order.rows.some((r) => r.id === id));
      const name = known ? `${order.beneficiary.name ?? ""} ${order.beneficiary.surnames ?? ""}`.trim() : (input.name ?? "");
      const email = known ? (order.beneficiary.email ?? "") : (input.email ?? "");
      const created = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        const open = await tx
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.orderId, orderId), eq(withdrawals.status, "received")));
        if (open.length) return null;
        const [w] = await tx
          .insert(withdrawals)
          .values({
            orderId,
            rowIds: rowIds.length === order.rows.length ? [] : rowIds,
            name: name || email,
            email,
            statement: input.statement,
            language: lang,
          })
          .returning();
        await deps.orders().logEvent(tx, { orderId, from: o.status, to: o.status, actor: "customer", note: `withdrawal ${w.id} declared` });
        return w;
      });
      if (!created) return fail(lang, "withdrawal.already", 409);
      const ackSent = await sendAck(created.id);
      return { ok: true, withdrawal: created, ackSent };
    },

    /** The withdrawals of an order (what its customer sees), newest first. */
    async withdrawalsOf(orderId: number): Promise<WithdrawalRecord[]> {
      return db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId)).orderBy(desc(withdrawals.id));
    },

    /** Staff: withdrawals, open first. */
    async listWithdrawals(status?: "received" | "accepted" | "refused"): Promise<WithdrawalRecord[]> {
      return db
        .select()
        .from(withdrawals)
        .where(status ? eq(withdrawals.status, status) : undefined)
        .orderBy(desc(withdrawals.id))
        .limit(200);
    },

    /**
     * Staff accept a withdrawal: before shipping the order is cancelled (refund, credit note,
     * stock); once delivered, when the goods are back, the rows are returned and credited.
     */
    async acceptWithdrawal(user: RequestContext["user"], id: number, note: string | null) {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      const [o] = w ? await db.select().from(orders).where(eq(orders.id, w.orderId)) : [];
      if (!w || !o) return fail("es", "aftersale.not_found", 404);
      const ctx = await storeCtx(o.storeId, user);
      if (w.status !== "received") return fail(ctx.language, "aftersale.already_resolved", 409);
      const mark = async (tx: Db) => {
        const r = await tx
          .update(withdrawals)
          .set({ status: "accepted", resolvedAt: sql`now()`, staffNote: note })
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "received")))
          .returning();
        return r.length === 1;
      };
      const r = await settle(ctx, o.id, w.rowIds, `${ctx.language === "fr" ? "Rétractation" : "Desistimiento"} ${o.orderNumber}`, mark);
      if (r.ok && r.creditNote) await db.execute(sql`update withdrawals set credit_note_id = ${r.creditNote.id} where id = ${id}`);
      return r;
    },

    async refuseWithdrawal(id: number, note: string | null): Promise<WithdrawalRecord | null> {
      const [w] = await db
        .update(withdrawals)
        .set({ status: "refused", resolvedAt: sql`now()`, staffNote: note })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "received")))
        .returning();
      return w ?? null;
    },

    /**
     * Staff accept a return request (spec 4) once the goods are back: the request is accepted,
     * its rows (all when it named none) returned and credited (R series), the money refunded.
     */
    async acceptReturn(user: RequestContext["user"], requestId: number, note: string | null) {
      const [r] = await db.select().from(orderRequests).where(eq(orderRequests.id, requestId));
      const [o] = r ? await db.select().from(orders).where(eq(orders.id, r.orderId)) : [];
      if (!r || !o) return fail("es", "aftersale.not_found", 404);
      const ctx = await storeCtx(o.storeId, user);
      if (r.kind !== "return") return fail(ctx.language, "aftersale.not_a_return", 409);
      const mark = async (tx: Db) => {
        const u = await tx
          .update(orderRequests)
          .set({ status: "accepted", staffNote: note, resolvedAt: sql`now()` })
          .where(and(eq(orderRequests.id, requestId), eq(orderRequests.status, "open")))
          .returning();
        return u.length === 1;
      };
      return settle(ctx, o.id, r.rowIds, `${ctx.language === "fr" ? "Retour" : "Devolución"} ${o.orderNumber}`, mark);
    },

    /** Staff: a price correction (a credit note of `amount` cents, VAT included) on an order's invoice, refunded. */
    async correctPrice(user: RequestContext["user"], invoiceId: number, amount: number, reason: string) {
      const inv = await invoices.get(invoiceId);
      if (inv?.kind !== "invoice") return fail("es", "invoice.not_found", 404);
      const ctx = await storeCtx(inv.storeId, user);
      const res = await db
        .transaction((trx) => invoices.creditNote(trx as unknown as Db, { orderId: inv.orderId, reason, amount }))
        .catch((e) => {
          if (e instanceof AppError && e.code === "invoice.credit_exceeds") return fail(ctx.language, "invoice.credit_exceeds", 409);
          throw e;
        });
      if (res === null) return fail(ctx.language, "invoice.not_found", 404);
      if ("ok" in res) return res;
      const [o] = await db.select({ ref: orders.paymentReference }).from(orders).where(eq(orders.id, inv.orderId));
      if (o?.ref) await deps.refund({ orderId: inv.orderId, reference: o.ref, amount: -res.total, idempotencyKey: `credit-${res.id}` });
      return { ok: true as const, creditNote: res };
    },

    /**
     * A photo for an incident or return request of an order the viewer may see: JPEG, PNG or
     * WebP (checked by content), at most PHOTO_MAX_BYTES, PHOTOS_PER_REQUEST per request;
     * written atomically to the files' storage as requests/<order>/<file> (docs/decisions/052).
     */
    /** Why a photo would be refused, or null (the storefront checks a form's photos before storing anything). */
    photoProblem,
    /** The photo as it would be stored, or why it is refused (the storefront checks a form's photos first). */
    decodePhoto,
    photosPerRequest: PHOTOS_PER_REQUEST,

    async addPhoto(ctx: RequestContext, orderId: number, requestId: number, access: OrderAccess, contentType: string, body: Buffer) {
      const lang = ctx.language;
      const order = await deps.orders().get(ctx, orderId, access);
      if (!order?.requests.some((r) => r.id === requestId)) return fail(lang, "order.not_found", 404);
      const glance = photoProblem(contentType, body);
      if (glance) return fail(lang, glance, glance === "aftersale.photo_too_large" ? 413 : 415);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(requestPhotos).where(eq(requestPhotos.requestId, requestId));
      if (Number(n) >= PHOTOS_PER_REQUEST) return fail(lang, "aftersale.photo_limit", 409);
      // Only the decoded and encoded-again image is stored (docs/decisions/048).
      const photo = await decodePhoto(contentType, body);
      if (!photo.ok) return fail(lang, photo.code, photo.code === "aftersale.photo_unreadable" ? 422 : photo.code === "aftersale.photo_too_large" ? 413 : 415);
      const file = `${requestId}-${randomUUID()}.${photo.ext}`;
      await deps.storage.put(photoKey(orderId, file), photo.body, { contentType: photo.contentType, private: true });
      const [p] = await db.insert(requestPhotos).values({ requestId, orderId, file, contentType: photo.contentType, size: photo.body.length }).returning();
      return { ok: true as const, photo: { id: p.id, request: requestId, content_type: p.contentType, size: p.size } };
    },

    /**
     * GDPR erasure (docs/decisions/048), in the accounts erasure's transaction: the withdrawals
     * of the erased customer's orders, or declared with their email, keep what was declared and
     * when (proof for both sides) but no longer who: the name and email go.
     */
    async eraseCustomer(tx: Db, who: { email: string; orderIds: number[] }): Promise<void> {
      const email = who.email.trim().toLowerCase();
      const mine = who.orderIds.length
        ? or(inArray(withdrawals.orderId, who.orderIds), sql`lower(${withdrawals.email}) = ${email}`)
        : sql`lower(${withdrawals.email}) = ${email}`;
      await tx
        .update(withdrawals)
        .set({ name: "", email: sql`'deleted-w' || ${withdrawals.id} || '@erased.invalid'` })
        .where(mine);
    },

    /** Staff: the photos of a request. */
    async photosOf(requestId: number) {
      return db.select().from(requestPhotos).where(eq(requestPhotos.requestId, requestId)).orderBy(asc(requestPhotos.id));
    },

    /** Staff: one photo's bytes (the file name comes from the database, never from the request). */
    async photo(id: number): Promise<{ contentType: string; body: Buffer } | null> {
      const [p] = await db.select().from(requestPhotos).where(eq(requestPhotos.id, id));
      if (!p) return null;
      const key = photoKey(p.orderId, p.file);
      if (!isValidStorageKey(key)) return null;
      const stored = await deps.storage.get(key);
      return stored && { contentType: p.contentType, body: stored.body };
    },

    /**
     * The job 'withdrawal-ack' (docs/decisions/053): sends the acknowledgement of a withdrawal with
     * the job's Message-ID; `markAckSent` records it in the transaction that marks the job done.
     */
    async sendAckMail(id: number, messageId: string): Promise<void> {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!w || w.ackSentAt) return;
      const [o] = await db.select().from(orders).where(eq(orders.id, w.orderId));
      const ctx = await storeCtx(o.storeId);
      const dto = await deps.orders().toDto(o);
      await deps.mail.send({ ...ackMail(w, dto, ctx.store.name), messageId });
    },
    async markAckSent(tx: Db, id: number, attempts: number): Promise<void> {
      await tx
        .update(withdrawals)
        .set({ ackSentAt: sql`coalesce(${withdrawals.ackSentAt}, now())`, ackAttempts: attempts })
        .where(eq(withdrawals.id, id));
    },
    async ackFailed(id: number, attempts: number, err: unknown): Promise<void> {
      console.error(JSON.stringify({ level: 50, time: Date.now(), name: "aftersale", msg: "withdrawal acknowledgement not sent", id, err: String(err) }));
      await db.update(withdrawals).set({ ackAttempts: attempts }).where(eq(withdrawals.id, id));
    },

    /** The retries are the job engine's (services.start): nothing of its own to start or stop. */
    start() {},
    stop() {},

    /** Photo rows of the given requests (to show counts to the customer). */
    async photoCounts(requestIds: number[]): Promise<Map<number, number>> {
      if (!requestIds.length) return new Map();
      const rows = await db
        .select({ id: requestPhotos.requestId, n: sql<number>`count(*)::int` })
        .from(requestPhotos)
        .where(inArray(requestPhotos.requestId, requestIds))
        .groupBy(requestPhotos.requestId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
  };
  return api;
}
export type AftersaleService = ReturnType<typeof createAftersaleService>;
