import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { orderRows, orders } from "../cart/cart.schema.ts";
import { invoices } from "../invoices/invoices.schema.ts";
import { paymentRefunds } from "../payments/payments.schema.ts";
import { moneyShop } from "./money.test-helpers.ts";

describeEachDb("back office: payments, refunds, cancellations (/api/admin/v1)", (kind) => {
  let t: Awaited<ReturnType<typeof moneyShop>>;
  let owner: TestStaff;
  let support: TestStaff;
  let accountant: TestStaff;
  let warehouse: TestStaff;

  beforeAll(async () => {
    t = await moneyShop(kind);
    owner = await createStaff(t.shop, "owner");
    support = await createStaff(t.shop, "support");
    accountant = await createStaff(t.shop, "accountant");
    warehouse = await createStaff(t.shop, "warehouse");
  }, 120_000);
  afterAll(async () => {
    await t?.shop.close();
    await t?.smtp.close();
  });

  const invoicesOf = (orderId: number) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId));

  describe("transfers", () => {
    it("lists waiting transfers oldest first; confirming by reference pays the order and issues its invoice once", async () => {
      const a = await t.placeOrder({ method: "transfer" });
      const b = await t.placeOrder({ method: "transfer" });
      const list = await t.api("GET", "/admin/v1/payments/transfers/", { headers: accountant.headers });
      expect(list.statusCode, list.body).toBe(200);
      const ids = list.json().results.map((r: { id: number }) => r.id);
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));

      const ok = await t.api("POST", "/admin/v1/payments/transfers/confirm/", { headers: support.headers, payload: { reference: ` ${a.payment_reference} ` } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ order: a.id, status: 400 });
      expect(ok.json().invoice).toMatch(/^ESDB-\d{4}-\d{6}$/);
      const again = await t.api("POST", "/admin/v1/payments/transfers/confirm/", { headers: support.headers, payload: { reference: a.order_number } });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error.code).toBe("transfer.already_confirmed");
      expect(await invoicesOf(a.id)).toHaveLength(1);
      const audit = await auditEntries(t.shop, { orderId: a.id });
      expect(audit.some((e) => e.action === "payment.transfer_confirmed" && (e.after as { paid: number }).paid === a.prices.total)).toBe(true);

      // By order number, through the order's own route; unknown references are 404; warehouse may not.
      const byNumber = await t.api("POST", `/admin/v1/orders/${b.id}/confirm-transfer/`, { headers: owner.headers });
      expect(byNumber.statusCode, byNumber.body).toBe(200);
      const unknown = await t.api("POST", "/admin/v1/payments/transfers/confirm/", { headers: owner.headers, payload: { reference: "NO-SUCH-REF" } });
      expect(unknown.statusCode).toBe(404);
      const denied = await t.api("POST", "/admin/v1/payments/transfers/confirm/", { headers: warehouse.headers, payload: { reference: "whatever" } });
      expect(denied.statusCode).toBe(403);
      const bad = await t.api("POST", "/admin/v1/payments/transfers/confirm/", { headers: owner.headers, payload: { reference: "a\u0000b" } });
      expect(bad.statusCode).toBe(400);
    });

    it("the old checkout paths are gone", async () => {
      const o = await t.placeOrder({ method: "transfer" });
      const old = await t.api("POST", `/checkout/v1/orders/${o.id}/confirm_transfer/`, { headers: owner.headers });
      expect(old.statusCode).toBe(404);
    });

    it("resends the payment link of an unpaid order, audited", async () => {
      const o = await t.placeOrder({ email: "pay.again@example.es" });
      const r = await t.api("POST", `/admin/v1/orders/${o.id}/payment-link/`, { headers: support.headers });
      expect(r.statusCode, r.body).toBe(200);
      const mail = await t.smtp.last("pay.again@example.es", /Paga tu pedido/);
      expect(mail.text).toContain(`/order/${o.id}?t=`);
      expect((await auditEntries(t.shop, { orderId: o.id })).some((e) => e.action === "payment.link_resent")).toBe(true);
    });
  });

  describe("refunds", () => {
    it("a partial refund by line issues an R credit note with the right amounts and records the refund", async () => {
      const o = await t.paidOrder({ q: 3, rows: 2 });
      const money = (await t.api("GET", `/admin/v1/orders/${o.id}/money/`, { headers: support.headers })).json();
      expect(money.paid).toBe(o.prices.total);
      expect(money.refundable).toBe(o.prices.total);
      const row = money.rows[0];
      const r = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, {
        headers: accountant.headers,
        payload: { lines: [{ row_id: row.id, quantity: 1 }], reason: "Una unidad rota" },
      });
      expect(r.statusCode, r.body).toBe(201);
      const expected = Math.round(row.final_total / 3);
      expect(r.json().credit_note.total).toBe(-expected);
      expect(r.json().credit_note.number).toMatch(/^ESDB-R-\d{4}-\d{6}$/);
      const [cn] = (await invoicesOf(o.id)).filter((i) => i.kind === "credit_note");
      expect(cn.base + cn.vat).toBe(cn.total);
      expect(cn.vatBreakdown).toEqual([{ rateBp: 2100, base: cn.base, vat: cn.vat, gross: cn.total }]);
      expect(cn.lines[0]).toMatchObject({ quantity: 1, gross: -expected });
      const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, o.id));
      expect(refunds.map((x) => x.amount)).toEqual([expected]);
      const after = (await t.api("GET", `/admin/v1/orders/${o.id}/money/`, { headers: support.headers })).json();
      expect(after.refunded).toBe(expected);
      expect(after.rows[0].refundable_quantity).toBe(2);
      // More units than are left: refused.
      const tooMany = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, {
        headers: accountant.headers,
        payload: { lines: [{ row_id: row.id, quantity: 3 }], reason: "Demasiadas" },
      });
      expect(tooMany.statusCode).toBe(409);
      const audit = (await auditEntries(t.shop, { orderId: o.id })).find((e) => e.action === "order.refund")!;
      expect(audit.before).toMatchObject({ refunded: 0, refundable: o.prices.total });
      expect(audit.after).toMatchObject({ refunded: expected, refundable: o.prices.total - expected });
    });

    it("refunds never exceed the paid total, one after the other", async () => {
      const o = await t.paidOrder();
      const half = Math.floor(o.prices.total / 2);
      expect(
        (await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: owner.headers, payload: { amount: half, reason: "Primera parte" } })).statusCode,
      ).toBe(201);
      const over = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: owner.headers, payload: { amount: half + 2, reason: "Demasiado" } });
      expect(over.statusCode).toBe(409);
      expect(over.json().error.code).toBe("refund.exceeds_refundable");
      const rest = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, {
        headers: owner.headers,
        payload: { amount: o.prices.total - half, reason: "El resto" },
      });
      expect(rest.statusCode, rest.body).toBe(201);
      expect(rest.json().refundable).toBe(0);
    });

    it("50 concurrent refunds of an order where only one fits give exactly one refund", async () => {
      const o = await t.paidOrder();
      const amount = Math.floor(o.prices.total * 0.6);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: owner.headers, payload: { amount, reason: `Carrera ${i}` } }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      const cns = (await invoicesOf(o.id)).filter((i) => i.kind === "credit_note");
      expect(cns).toHaveLength(1);
      expect(cns[0].total).toBe(-amount);
      const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, o.id));
      expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(amount);
    }, 120_000);

    it("support is capped by the owner's limit (403 with the limit); an accountant refunds fine; warehouse may not", async () => {
      const o = await t.paidOrder({ q: 4 });
      await t.db.transaction((tx) =>
        t.shop.services.staff.setRefundLimitCents(tx as never, { staffId: owner.id, email: owner.email, role: "owner", ip: "", requestId: "" }, 1000),
      );
      const over = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, {
        headers: support.headers,
        payload: { amount: 1001, reason: "Demasiado para soporte" },
      });
      expect(over.statusCode, over.body).toBe(403);
      expect(over.json().error.code).toBe("refund.over_limit");
      expect(over.json().error.message).toContain("10,00");
      const within = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, {
        headers: support.headers,
        payload: { amount: 1000, reason: "Dentro del límite" },
      });
      expect(within.statusCode, within.body).toBe(201);
      const acc = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: accountant.headers, payload: { amount: 5000, reason: "Contabilidad" } });
      expect(acc.statusCode, acc.body).toBe(201);
      const wh = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: warehouse.headers, payload: { amount: 100, reason: "Almacén" } });
      expect(wh.statusCode).toBe(403);
      const bad = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: owner.headers, payload: { amount: 100, lines: [], reason: "x" } });
      expect(bad.statusCode).toBe(400);
    });

    it("a price correction on an invoice (moved from /accounting) is a credit note and a refund", async () => {
      const o = await t.paidOrder();
      const [inv] = await invoicesOf(o.id);
      const r = await t.api("POST", `/admin/v1/invoices/${inv.id}/credit-notes/`, {
        headers: accountant.headers,
        payload: { amount: 500, reason: "Ajuste de precio" },
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().credit_note.total).toBe(-500);
      const old = await t.api("POST", `/accounting/v1/invoices/${inv.id}/credit_notes/`, {
        headers: accountant.headers,
        payload: { amount: 500, reason: "x" },
      });
      expect(old.statusCode).toBe(404);
    });
  });

  describe("cancellations", () => {
    it("cancelling a paid order refunds what is left with a credit note and gives the stock back", async () => {
      const o = await t.paidOrder({ q: 2 });
      const part = await t.api("POST", `/admin/v1/orders/${o.id}/refunds/`, { headers: owner.headers, payload: { amount: 300, reason: "Parte" } });
      expect(part.statusCode).toBe(201);
      const [row] = await t.db.select().from(orderRows).where(eq(orderRows.orderId, o.id));
      const stockBefore = await t.shop.services.cart.stockNeeds([row as never]);
      void stockBefore;
      const r = await t.api("POST", `/admin/v1/orders/${o.id}/cancel/`, { headers: owner.headers, payload: { reason: "El cliente lo pide" } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().status).toBe(700);
      expect(r.json().credit_note.total).toBe(-(o.prices.total - 300));
      expect(r.json().refunded).toBe(o.prices.total);
      const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, o.id));
      expect(refunds.reduce((s, x) => s + x.amount, 0)).toBe(o.prices.total);
      const [after] = await t.db.select().from(orders).where(eq(orders.id, o.id));
      expect(after.status).toBe(700);
      expect(after.stockHeld).toBe(false);
      const audit = (await auditEntries(t.shop, { orderId: o.id })).find((e) => e.action === "order.cancel")!;
      expect(audit.before).toMatchObject({ status: 400, refunded: 300 });
      expect(audit.after).toMatchObject({ status: 700, refunded: o.prices.total });
      const again = await t.api("POST", `/admin/v1/orders/${o.id}/cancel/`, { headers: owner.headers, payload: { reason: "Otra vez" } });
      expect(again.statusCode).toBe(409);
      const old = await t.api("POST", `/checkout/v1/orders/${o.id}/cancel/`, { headers: owner.headers, payload: { reason: "x" } });
      expect(old.statusCode).toBe(404);
    });

    it("support cannot cancel a paid order worth more than the limit", async () => {
      const o = await t.paidOrder({ q: 3 });
      const r = await t.api("POST", `/admin/v1/orders/${o.id}/cancel/`, { headers: support.headers, payload: { reason: "Soporte" } });
      expect(r.statusCode).toBe(403);
      const [after] = await t.db.select().from(orders).where(eq(orders.id, o.id));
      expect(after.status).toBe(400);
    });
  });
});
