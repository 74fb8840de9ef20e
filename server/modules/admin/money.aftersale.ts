import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { orders } from "../cart/cart.schema.ts";
import type { Services } from "../index.ts";
import { requestPhotos, withdrawals } from "../invoices/invoices.schema.ts";
import { orderRequests } from "../orders/orders.schema.ts";
import { aftersaleMessages } from "./money.schema.ts";
import { type Audit, plainMail } from "./money.service.ts";

export type CaseKind = "withdrawal" | "request";

const TEXTS = {
  es: {
    accepted: (n: string) => `Hemos aceptado tu solicitud sobre el pedido ${n}`,
    refused: (n: string) => `Tu solicitud sobre el pedido ${n} no se ha podido aceptar`,
    info: (n: string) => `Necesitamos más información sobre tu solicitud del pedido ${n}`,
    hello: (name: string) => `Hola ${name}:`,
    acceptedBody: (cn: string | null) =>
      cn ? `Hemos aceptado tu solicitud. Hemos emitido el abono ${cn} y te devolvemos el importe por el mismo medio de pago.` : "Hemos aceptado tu solicitud.",
    refusedBody: "Hemos revisado tu solicitud y no podemos aceptarla.",
    infoBody: "Para seguir con tu solicitud necesitamos que nos respondas a esto:",
    note: (x: string) => `Nota del equipo: «${x}»`,
    answer: "Puedes responder desde la página de tu pedido:",
  },
  fr: {
    accepted: (n: string) => `Nous avons accepté votre demande sur la commande ${n}`,
    refused: (n: string) => `Votre demande sur la commande ${n} n'a pas pu être acceptée`,
    info: (n: string) => `Nous avons besoin de précisions sur votre demande (commande ${n})`,
    hello: (name: string) => `Bonjour ${name},`,
    acceptedBody: (cn: string | null) =>
      cn
        ? `Nous avons accepté votre demande. L'avoir ${cn} a été émis et le montant vous est remboursé par le même moyen de paiement.`
        : "Nous avons accepté votre demande.",
    refusedBody: "Nous avons examiné votre demande et ne pouvons pas l'accepter.",
    infoBody: "Pour poursuivre votre demande, merci de répondre à ceci :",
    note: (x: string) => `Note de l'équipe : « ${x} »`,
    answer: "Vous pouvez répondre depuis la page de votre commande :",
  },
};

/**
 * The after-sale queue of the back office: open withdrawals, returns and incidents in one list,
 * oldest first, with their photos; staff accept (returns and withdrawals: credit note and
 * refund), refuse or ask the customer for more information (the case waits for their answer),
 * and the customer is mailed at each step.
 */
export function createAftersaleQueue(s: Services) {
  const db = s.database.db as Db;
  const aftersale = s.invoices.aftersale!;

  async function caseOf(kind: CaseKind, id: number) {
    if (kind === "withdrawal") {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!w) throw new AppError("aftersale.not_found", 404);
      const [o] = await db.select().from(orders).where(eq(orders.id, w.orderId));
      return { kind, id, open: w.status === "received", order: o, email: w.email, name: w.name, lang: w.language, type: "withdrawal" as const };
    }
    const [r] = await db.select().from(orderRequests).where(eq(orderRequests.id, id));
    if (!r) throw new AppError("aftersale.not_found", 404);
    const [o] = await db.select().from(orders).where(eq(orders.id, r.orderId));
    return {
      kind,
      id,
      open: r.status === "open",
      order: o,
      email: o.email ?? "",
      name: o.name ?? "",
      lang: (o.language === "fr" ? "fr" : "es") as "es" | "fr",
      type: r.kind,
    };
  }

  async function mailCustomer(
    c: Awaited<ReturnType<typeof caseOf>>,
    what: "accepted" | "refused" | "info",
    extra: { note?: string | null; creditNote?: string | null },
  ) {
    if (!c.email) return;
    const x = TEXTS[c.lang];
    const n = c.order.orderNumber;
    const link = s.orders.orderLink(c.order);
    const subject = what === "accepted" ? x.accepted(n) : what === "refused" ? x.refused(n) : x.info(n);
    const paras =
      what === "info"
        ? [x.hello(c.name), x.infoBody, `«${extra.note ?? ""}»`, x.answer, link]
        : [x.hello(c.name), what === "accepted" ? x.acceptedBody(extra.creditNote ?? null) : x.refusedBody, extra.note ? x.note(extra.note) : "", link];
    await s.mail.send(plainMail(c.email, c.lang, subject, paras));
  }

  const api = {
    /** Open withdrawals, returns and incidents, oldest first, with photos and the questions asked. */
    async queue() {
      const ws = await db.select().from(withdrawals).where(eq(withdrawals.status, "received")).orderBy(asc(withdrawals.declaredAt)).limit(300);
      const rs = await db.select().from(orderRequests).where(eq(orderRequests.status, "open")).orderBy(asc(orderRequests.createdAt)).limit(300);
      const orderIds = [...new Set([...ws.map((w) => w.orderId), ...rs.map((r) => r.orderId)])];
      const os = orderIds.length ? await db.select().from(orders).where(inArray(orders.id, orderIds)) : [];
      const photos = rs.length
        ? await db
            .select()
            .from(requestPhotos)
            .where(
              inArray(
                requestPhotos.requestId,
                rs.map((r) => r.id),
              ),
            )
            .orderBy(asc(requestPhotos.id))
        : [];
      const msgs = orderIds.length
        ? await db.select().from(aftersaleMessages).where(inArray(aftersaleMessages.orderId, orderIds)).orderBy(asc(aftersaleMessages.id))
        : [];
      const orderOf = (id: number) => os.find((o) => o.id === id)!;
      const messagesOf = (kind: CaseKind, id: number) =>
        msgs.filter((m) => m.caseKind === kind && m.caseId === id).map((m) => ({ author: m.author, body: m.body, created_at: m.createdAt.toISOString() }));
      const items = [
        ...ws.map((w) => ({
          kind: "withdrawal" as const,
          id: w.id,
          type: "withdrawal" as const,
          order: w.orderId,
          order_number: orderOf(w.orderId)?.orderNumber ?? "",
          customer: w.name,
          email: w.email,
          reason: "",
          message: w.statement,
          row_ids: w.rowIds,
          created_at: w.declaredAt.toISOString(),
          photos: [] as { id: number; url: string; content_type: string }[],
          messages: messagesOf("withdrawal", w.id),
        })),
        ...rs.map((r) => ({
          kind: "request" as const,
          id: r.id,
          type: r.kind,
          order: r.orderId,
          order_number: orderOf(r.orderId)?.orderNumber ?? "",
          customer: [orderOf(r.orderId)?.name, orderOf(r.orderId)?.surnames].filter(Boolean).join(" "),
          email: orderOf(r.orderId)?.email ?? "",
          reason: r.reason,
          message: r.message,
          row_ids: r.rowIds,
          created_at: r.createdAt.toISOString(),
          photos: photos
            .filter((p) => p.requestId === r.id)
            .map((p) => ({ id: p.id, url: `/api/admin/v1/aftersale/photos/${p.id}/`, content_type: p.contentType })),
          messages: messagesOf("request", r.id),
        })),
      ]
        .map((i) => ({ ...i, state: i.messages.at(-1)?.author === "staff" ? ("info_requested" as const) : ("open" as const) }))
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      return items;
    },

    /** Accept: a withdrawal or a return is settled (credit note, refund, stock); an incident is accepted. The customer is mailed. */
    async accept(kind: CaseKind, id: number, note: string | null, audit: Audit) {
      const c = await caseOf(kind, id);
      if (!c.open) throw new AppError("aftersale.already_resolved", 409);
      let creditNote: { id: number; number: string; total: number } | null = null;
      let status = c.order.status;
      if (kind === "withdrawal" || c.type === "return") {
        const r = kind === "withdrawal" ? await aftersale.acceptWithdrawal(null, id, note) : await aftersale.acceptReturn(null, id, note);
        if (!r.ok) throw new AppError(r.code, r.status);
        creditNote = r.creditNote;
        status = r.status;
      } else {
        const r = await s.orders.resolveRequest(id, "accepted", note);
        if (!r) throw new AppError("aftersale.already_resolved", 409);
      }
      await audit({
        action: `aftersale.${kind === "withdrawal" ? "withdrawal" : c.type}.accept`,
        entityType: kind,
        entityId: id,
        orderId: c.order.id,
        before: { state: "open", order_status: c.order.status },
        after: { state: "accepted", order_status: status, credit_note: creditNote?.number ?? null, refunded: creditNote ? -creditNote.total : 0, note },
      });
      await mailCustomer(c, "accepted", { note, creditNote: creditNote?.number ?? null });
      return { kind, id, state: "accepted" as const, order_status: status, credit_note: creditNote };
    },

    async refuse(kind: CaseKind, id: number, note: string, audit: Audit) {
      const c = await caseOf(kind, id);
      if (!c.open) throw new AppError("aftersale.already_resolved", 409);
      const done = kind === "withdrawal" ? await aftersale.refuseWithdrawal(id, note) : await s.orders.resolveRequest(id, "refused", note);
      if (!done) throw new AppError("aftersale.already_resolved", 409);
      await audit({
        action: `aftersale.${kind === "withdrawal" ? "withdrawal" : c.type}.refuse`,
        entityType: kind,
        entityId: id,
        orderId: c.order.id,
        before: { state: "open" },
        after: { state: "refused", note },
      });
      await mailCustomer(c, "refused", { note });
      return { kind, id, state: "refused" as const, order_status: c.order.status, credit_note: null };
    },

    /** Ask the customer for more information: the case waits for their answer ("info_requested"). */
    async askInfo(kind: CaseKind, id: number, question: string, audit: Audit) {
      const c = await caseOf(kind, id);
      if (!c.open) throw new AppError("aftersale.already_resolved", 409);
      await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        await tx.insert(aftersaleMessages).values({ caseKind: kind, caseId: id, orderId: c.order.id, author: "staff", body: question });
        await audit(
          {
            action: "aftersale.ask_info",
            entityType: kind,
            entityId: id,
            orderId: c.order.id,
            before: { state: "open" },
            after: { state: "info_requested", question },
          },
          tx,
        );
      });
      await mailCustomer(c, "info", { note: question });
      return { kind, id, state: "info_requested" as const, order_status: c.order.status, credit_note: null };
    },

    /** The customer answers the question asked on one of their order's open cases: it is back in the queue as open. */
    async answer(orderId: number, kind: CaseKind, id: number, body: string) {
      const c = await caseOf(kind, id);
      if (c.order.id !== orderId || !c.open) throw new AppError("aftersale.not_found", 404);
      const [last] = await db
        .select()
        .from(aftersaleMessages)
        .where(and(eq(aftersaleMessages.caseKind, kind), eq(aftersaleMessages.caseId, id)))
        .orderBy(asc(aftersaleMessages.id));
      if (!last) throw new AppError("aftersale.no_question", 409);
      await db.insert(aftersaleMessages).values({ caseKind: kind, caseId: id, orderId, author: "customer", body });
      return { ok: true };
    },
  };
  return api;
}
