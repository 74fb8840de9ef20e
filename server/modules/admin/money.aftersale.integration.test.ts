import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { subOrders } from "../orders/orders.schema.ts";
import { moneyShop, type Placed } from "./money.test-helpers.ts";

describeEachDb("back office: after-sale queue (/api/admin/v1/aftersale)", (kind) => {
  let t: Awaited<ReturnType<typeof moneyShop>>;
  let support: TestStaff;
  let warehouse: TestStaff;
  let n = 0;

  beforeAll(async () => {
    t = await moneyShop(kind);
    support = await createStaff(t.shop, "support");
    warehouse = await createStaff(t.shop, "warehouse");
  }, 120_000);
  afterAll(async () => {
    await t?.shop.close();
    await t?.smtp.close();
  });

  const tokenOf = (o: Placed) => new URL(t.shop.services.orders.orderLink({ id: o.id, language: "es" })).searchParams.get("t")!;

  async function deliver(orderId: number) {
    const ctx = await t.shop.services.checkout.staffContext(t.es.id);
    for (const s of await t.db.select().from(subOrders).where(eq(subOrders.orderId, orderId))) {
      expect((await t.shop.services.checkout.moveSubOrder(ctx, s.id, { status: 600, agency: "SEUR", shipment_number: "S1" })).ok).toBe(true);
      expect((await t.shop.services.checkout.moveSubOrder(ctx, s.id, { status: 700 })).ok).toBe(true);
    }
  }

  async function deliveredWithRequest(kindOf: "incident" | "return") {
    const email = `aftersale.${kind}.${++n}@example.es`;
    const o = await t.paidOrder({ email });
    await deliver(o.id);
    const req = await t.api("POST", `/orders/v1/orders/${o.id}/requests/?t=${tokenOf(o)}`, { payload: { kind: kindOf, reason: "Llegó rayado" } });
    expect(req.statusCode, req.body).toBe(201);
    const requestId = req.json().requests.find((r: { kind: string }) => r.kind === kindOf).id;
    return { o, email, requestId };
  }

  it("one queue, oldest first; ask for more information mails the customer, who answers; refuse mails them too", async () => {
    const { o, email, requestId } = await deliveredWithRequest("incident");
    const queue = await t.api("GET", "/admin/v1/aftersale/", { headers: support.headers });
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json().results as { kind: string; id: number; state: string; created_at: string }[];
    expect(items.map((i) => i.created_at)).toEqual([...items.map((i) => i.created_at)].sort());
    expect(items.find((i) => i.kind === "request" && i.id === requestId)?.state).toBe("open");

    const ask = await t.api("POST", `/admin/v1/aftersale/request/${requestId}/ask-info/`, {
      headers: support.headers,
      payload: { question: "¿Puedes mandarnos una foto del golpe?" },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json().state).toBe("info_requested");
    const mail = await t.smtp.last(email, /más información/);
    expect(mail.text).toContain("¿Puedes mandarnos una foto del golpe?");
    expect(mail.text).toContain(`/order/${o.id}?t=`);
    const waiting = (await t.api("GET", "/admin/v1/aftersale/", { headers: support.headers })).json().results;
    expect(waiting.find((i: { id: number; kind: string }) => i.kind === "request" && i.id === requestId).state).toBe("info_requested");

    // The customer answers through their signed link; someone else's link is 404.
    const answer = await t.api("POST", `/orders/v1/orders/${o.id}/aftersale/request/${requestId}/answer/?t=${tokenOf(o)}`, {
      payload: { answer: "Adjunto la foto por aquí" },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await t.api("POST", `/orders/v1/orders/${o.id}/aftersale/request/${requestId}/answer/`, { payload: { answer: "x" } })).statusCode).toBe(404);
    const back = (await t.api("GET", "/admin/v1/aftersale/", { headers: support.headers })).json().results;
    const item = back.find((i: { id: number; kind: string }) => i.kind === "request" && i.id === requestId);
    expect(item.state).toBe("open");
    expect(item.messages.map((m: { author: string }) => m.author)).toEqual(["staff", "customer"]);

    const refuse = await t.api("POST", `/admin/v1/aftersale/request/${requestId}/refuse/`, {
      headers: support.headers,
      payload: { note: "El golpe es del transporte del cliente" },
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    expect((await t.smtp.last(email, /no se ha podido aceptar/)).text).toContain("El golpe es del transporte del cliente");
    expect((await t.api("POST", `/admin/v1/aftersale/request/${requestId}/refuse/`, { headers: support.headers, payload: { note: "otra" } })).statusCode).toBe(
      409,
    );
    const audit = await auditEntries(t.shop, { orderId: o.id });
    expect(audit.some((e) => e.action === "aftersale.ask_info" && (e.after as { state: string }).state === "info_requested")).toBe(true);
    expect(audit.some((e) => e.action === "aftersale.incident.refuse" && (e.before as { state: string }).state === "open")).toBe(true);
    expect((await t.api("GET", "/admin/v1/aftersale/", { headers: warehouse.headers })).statusCode).toBe(403);
  });

  it("accepting a return issues the credit note, refunds and mails the customer", async () => {
    const { o, email, requestId } = await deliveredWithRequest("return");
    const ok = await t.api("POST", `/admin/v1/aftersale/request/${requestId}/accept/`, { headers: support.headers, payload: { note: "Recibido" } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order_status).toBe(800);
    expect(ok.json().credit_note.total).toBe(-o.prices.total);
    const mail = await t.smtp.last(email, /Hemos aceptado/);
    expect(mail.text).toContain(ok.json().credit_note.number);
    const audit = (await auditEntries(t.shop, { orderId: o.id })).find((e) => e.action === "aftersale.return.accept")!;
    expect(audit.after).toMatchObject({ state: "accepted", refunded: o.prices.total });
  });

  it("accepting a withdrawal before shipping cancels and credits the order and mails the customer", async () => {
    const email = `withdraw.${kind}@example.es`;
    const o = await t.paidOrder({ email });
    const w = await t.api("POST", `/orders/v1/orders/${o.id}/withdrawal/?t=${tokenOf(o)}`, { payload: { confirm: true } });
    expect(w.statusCode, w.body).toBe(201);
    const ok = await t.api("POST", `/admin/v1/aftersale/withdrawal/${w.json().id}/accept/`, { headers: support.headers, payload: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order_status).toBe(700);
    await t.smtp.last(email, /Hemos aceptado/);
    // The old staff paths are gone.
    expect((await t.api("GET", "/accounting/v1/staff/withdrawals/", { headers: support.headers })).statusCode).toBe(404);
    expect((await t.api("GET", "/orders/v1/staff/requests/", { headers: support.headers })).statusCode).toBe(404);
  });
});
