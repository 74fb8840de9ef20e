import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createShop, type Shop } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { uniqueEmail } from "../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../test/smtp.ts";
import { auditEntries, createStaff, type TestStaff } from "../test/staff.ts";
import { describeEachDb } from "../test/test-db.ts";
import { createTestShop, type TestShop } from "../test/test-shop.ts";
import { createJobEngine } from "./jobs.ts";

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Polls until `fn` answers something truthy (no fixed delays). */
async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDb("the job engine: order mails exactly once across copies, dead letters, schedules", (kind) => {
  let smtp: TestSmtp;
  let shop: TestShop;
  let other: Shop;
  let manager: TestStaff;
  let storeId: number;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url };
    shop = await createTestShop(kind, { env });
    // A second copy of the shop on the same database (its own engine, mail transport and timers).
    other = await createShop(loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", PAGE_CACHE: "off", ...env }), {
      database: shop.database,
      withSsr: false,
    });
    manager = await createStaff(shop, "manager");
    storeId = (await shop.services.stores.byLanguage("es")).id;
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await shop?.close();
    await smtp?.close();
  });

  const db = () => shop.database.db as Db;

  /** Orders owing a confirmation mail each, made in one transaction (as a burst of checkouts would). */
  async function owe(count: number): Promise<{ email: string; mailId: number }[]> {
    return db().transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const out: { email: string; mailId: number }[] = [];
      for (let i = 0; i < count; i++) {
        const email = uniqueEmail("jobs");
        const number = `JOBS-${kind}-${Date.now()}-${++n}`;
        const [o] = rows<{ id: number }>(
          await tx.execute(sql`
            insert into orders (store_id, status, order_number, email, name, language, placed_at)
            values (${storeId}, 400, ${number}, ${email}, 'Ana', 'es', now()) returning id`),
        );
        const [m] = rows<{ id: number }>(
          await tx.execute(sql`insert into order_mails (order_id, kind, key) values (${o.id}, 'confirmation', 'confirmation') returning id`),
        );
        out.push({ email, mailId: Number(m.id) });
      }
      return out;
    });
  }
  const jobOf = async (mailId: number) =>
    rows<{ id: number; state: string; attempts: number; message_id: string | null; last_error: string | null }>(
      await db().execute(sql`select id, state, attempts, message_id, last_error from jobs where queue = 'order-mail' and key = ${String(mailId)}`),
    )[0];
  /** Skips a retry's backoff (the test does not wait 30 s): the job is due now, and the copies are woken. */
  async function dueNow(jobId: number) {
    await db().execute(sql`update jobs set run_at = now() where id = ${jobId}`);
    shop.services.jobs.kick("order-mail");
    other.services.jobs.kick("order-mail");
  }

  it("two copies with a slow relay (3 s per mail) send each order mail exactly once, each with its own Message-ID", async () => {
    smtp.control.delayMs = 3000;
    try {
      // Ten mails: more than a 20 s lease covers when one copy sends a batch one after the other.
      const owed = await owe(10);
      await until(
        "every mail marked sent",
        async () =>
          rows<{ n: number }>(await db().execute(sql`select count(*)::int n from order_mails where id in ${owed.map((o) => o.mailId)} and sent_at is null`))[0]
            .n === 0,
        90_000,
      );
      // A copy still sending a duplicate would deliver it before its 3 s answer: wait for every job to be done.
      for (const o of owed) await until("job done", async () => (await jobOf(o.mailId)).state === "done");
      const ids = new Set<string>();
      for (const o of owed) {
        const got = smtp.to(o.email);
        expect(got.map((m) => m.subject)).toEqual([expect.stringMatching(/Hemos recibido tu pedido JOBS-/)]);
        expect(got[0].messageId).toBe((await jobOf(o.mailId)).message_id);
        ids.add(got[0].messageId);
      }
      expect(ids.size).toBe(10);
    } finally {
      smtp.control.delayMs = 0;
    }
  }, 120_000);

  it("a database failure between the send and its mark re-sends the mail with the same Message-ID (never another message)", async () => {
    // The mark fails once: the UPDATE that sets sent_at raises (a sequence is not rolled back with it).
    await db().execute(sql`create sequence if not exists test_fail_mark_seq`);
    await db().execute(
      sql.raw(`create or replace function test_fail_mark() returns trigger language plpgsql as $$
      begin
        if old.sent_at is null and new.sent_at is not null and nextval('test_fail_mark_seq') = 1 then
          raise exception 'injected: the database failed while marking the mail sent';
        end if;
        return new;
      end $$`),
    );
    await db().execute(sql`create trigger test_fail_mark before update on order_mails for each row execute function test_fail_mark()`);
    try {
      const [o] = await owe(1);
      const failed = await until("the failed mark", async () => {
        const j = await jobOf(o.mailId);
        return j.state === "ready" && j.attempts === 1 && j.last_error?.includes("injected") ? j : null;
      });
      expect(smtp.to(o.email)).toHaveLength(1);
      await dueNow(failed.id);
      await until("the mail marked sent", async () => (await jobOf(o.mailId)).state === "done");
      const got = smtp.to(o.email);
      // Sent again (its outcome was unknown to the shop), as the same message: receivers keep one.
      expect(got).toHaveLength(2);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(1);
      expect(got[0].messageId).toBe(failed.message_id);
      const [m] = rows<{ sent_at: string | null }>(await db().execute(sql`select sent_at from order_mails where id = ${o.mailId}`));
      expect(m.sent_at).not.toBeNull();
    } finally {
      await db().execute(sql`drop trigger if exists test_fail_mark on order_mails`);
    }
  }, 60_000);

  it("a mail the relay refuses lands in the dead-letter list after its attempts; staff see it and retry it (audited)", async () => {
    const [o] = await owe(1);
    smtp.control.refuse.add(o.email);
    try {
      let job = await until("the first attempt", async () => jobOf(o.mailId));
      for (let attempt = 1; attempt <= 6; attempt++) {
        job = await until(`attempt ${attempt}`, async () => {
          const j = await jobOf(o.mailId);
          return j.attempts === attempt && j.state !== "running" ? j : null;
        });
        if (attempt < 6) {
          expect(job.state).toBe("ready");
          await dueNow(job.id);
        }
      }
      expect(job.state).toBe("dead");
      expect(smtp.to(o.email)).toHaveLength(0);

      const api = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: unknown) =>
        shop.app.inject({ method, url: `/api/admin/v1${url}`, headers, ...(payload ? { payload: payload as object } : {}) });
      const list = await api("GET", "/jobs/dead/", manager.headers);
      expect(list.statusCode, list.body).toBe(200);
      const dead = (list.json() as { items: { id: number; queue: string; key: string; attempts: number; last_error: string }[] }).items.find(
        (j) => j.id === Number(job.id),
      );
      expect(dead).toMatchObject({ queue: "order-mail", key: String(o.mailId), attempts: 6 });
      expect(dead?.last_error).toMatch(/450|refuses/);
      // Without a session: refused.
      expect((await shop.app.inject({ method: "GET", url: "/api/admin/v1/jobs/dead/" })).statusCode).toBe(401);

      smtp.control.refuse.delete(o.email);
      const retried = await api("POST", `/jobs/${job.id}/retry/`, manager.headers, {});
      expect(retried.statusCode, retried.body).toBe(200);
      await until("the retried mail", async () => (await jobOf(o.mailId)).state === "done");
      const got = smtp.to(o.email);
      expect(got).toHaveLength(1);
      expect(got[0].messageId).toBe(job.message_id);
      expect((await auditEntries(shop, { action: "job.retry" })).some((e) => e.entityId === String(job.id))).toBe(true);
      // Not dead any more: a second retry is a 404 with the staff's message.
      const again = await api("POST", `/jobs/${job.id}/retry/`, manager.headers, {});
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toMatch(/trabajo fallido/);
    } finally {
      smtp.control.refuse.delete(o.email);
    }
  }, 90_000);

  it("a periodic task runs once per slot across two engines", async () => {
    const runs: { engine: string; slot: number }[] = [];
    const engines = [createJobEngine(shop.database), createJobEngine(shop.database)];
    for (const e of engines)
      e.every("test-periodic", 400, async (slot) => {
        runs.push({ engine: e.id, slot });
      });
    await Promise.all(engines.map((e) => e.start()));
    try {
      await until("six slots", async () => runs.length >= 6, 30_000);
    } finally {
      await Promise.all(engines.map((e) => e.stop()));
    }
    const slots = runs.map((r) => r.slot);
    expect(new Set(slots).size).toBe(slots.length);
  }, 60_000);
});
