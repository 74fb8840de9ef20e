import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";

/**
 * The shop's one job engine (docs/decisions/053): every background effect of every copy
 * (order mails, withdrawal acknowledgements, order expiry, abandoned carts, the newsletter's
 * welcome retry) goes through it. Two things:
 *
 * - **Queues** (`work`): rows of the `jobs` table (migration 0030), enqueued in the transaction
 *   that makes them owed (triggers on order_mails and withdrawals, or `enqueue(tx, ...)`). A copy
 *   claims one job at a time with FOR UPDATE SKIP LOCKED and a lease (`lease_until`) that it renews
 *   while the work runs, and the work has a hard timeout shorter than the lease: a slow relay never
 *   lets another copy take a job over. A job done is marked in the same transaction that claims
 *   the next one, with the handler's own writes (`complete`: the mail's `sent_at`). A failure is
 *   retried with exponential backoff; after `maxAttempts` the job is dead: staff see it
 *   (GET /api/admin/v1/jobs/dead) and can retry it. Each job has a stable Message-ID, stored when it
 *   is first claimed, BEFORE any send: a send retried after a crash or a database failure between
 *   the send and the mark goes out with the same Message-ID, which receivers treat as one message.
 *   A queue drains continuously while work is due; an enqueue wakes every copy through NOTIFY
 *   (channel `jobs`), and a slow poll catches a missed notification.
 * - **Schedules** (`every`): a periodic task claims its slot (`floor(now / period)`) in the
 *   `job_schedules` table before it runs, so it runs once per slot across all copies.
 */

export type Job = {
  id: number;
  queue: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  messageId: string;
};

export type DeadJob = { id: number; queue: string; key: string; attempts: number; last_error: string | null; created_at: string; failed_at: string | null };

export type QueueOptions<R> = {
  /** The work. `signal` aborts at the hard timeout; the lease is renewed while it runs. */
  run: (job: Job, signal: AbortSignal) => Promise<R>;
  /** The work's own writes when it succeeded, in the transaction that marks the job done (and claims the next). */
  complete?: (tx: Db, job: Job, result: R) => Promise<void>;
  /** Called (best effort, outside a transaction) when an attempt failed. */
  failed?: (job: Job, err: unknown, dead: boolean) => Promise<void>;
  /** Jobs of this queue run in parallel on this copy (each one claimed alone). */
  concurrency?: number;
  /** Hard timeout of one attempt; the lease is this plus a margin, renewed every third of it. */
  timeoutMs?: number;
};

export type JobEngineOptions = {
  /** The domain of the Message-IDs (the sender's). */
  messageIdDomain?: string;
  /** First retry delay; doubled per attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Poll for due work this often even without a notification (retries whose time came, missed NOTIFYs). */
  pollMs?: number;
  /** Test hook: runs in the completion's transaction before the job is marked done (a throw is a failed mark). */
  beforeComplete?: (job: Job) => Promise<void> | void;
  log?: (level: number, msg: string, extra?: Record<string, unknown>) => void;
};

type Queue = QueueOptions<unknown> & { wanted: boolean; loops: Set<Promise<void>> };
type Schedule = { name: string; everyMs: number; run: (slot: number) => Promise<unknown>; timer?: NodeJS.Timeout; busy?: Promise<void> };

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** An error's message with its causes (Drizzle wraps the database's message as `cause`), without the query's parameters. */
function describe(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const m = e instanceof Error ? e.message : String(e);
    parts.push(m.split("\nparams:")[0]);
  }
  return parts.join(": ");
}

export function createJobEngine(database: Pick<Database, "db" | "listen">, opts: JobEngineOptions = {}) {
  const { db } = database;
  const me = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const domain = opts.messageIdDomain || "shop.invalid";
  const backoffMs = opts.backoffMs ?? 30_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 3_600_000;
  const pollMs = opts.pollMs ?? 5_000;
  const log = opts.log ?? ((level, msg, extra = {}) => console.error(JSON.stringify({ level, time: Date.now(), name: "jobs", msg, ...extra })));
  const queues = new Map<string, Queue>();
  const schedules = new Map<string, Schedule>();
  let started = false;
  let stopping = false;
  let poll: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const leaseMs = (q: Queue) => (q.timeoutMs ?? 60_000) + 30_000;

  function toJob(r: Record<string, unknown>): Job {
    return {
      id: Number(r.id),
      queue: String(r.queue),
      key: String(r.key),
      payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      messageId: String(r.message_id),
    };
  }

  /**
   * Claims the next due job of a queue (a ready one whose time came, or a running one whose lease
   * ran out: its copy died or lost the database). The Message-ID is fixed here, before any send.
   */
  async function claim(tx: Db, name: string, q: Queue, key?: string): Promise<Job | null> {
    // A job whose lease ran out on its last attempt: its outcome is unknown, it goes to staff.
    await tx.execute(sql`
      update jobs set state = 'dead', lease_until = null, failed_at = now(),
        last_error = coalesce(last_error || ' / ', '') || 'lease expired on the last attempt'
      where queue = ${name} and state = 'running' and lease_until < now() and attempts >= max_attempts`);
    const res = await tx.execute(sql`
      update jobs set state = 'running', attempts = attempts + 1, locked_by = ${me},
        lease_until = now() + make_interval(secs => ${leaseMs(q) / 1000}::double precision),
        message_id = coalesce(message_id, '<job-' || id || '.' || md5(random()::text || clock_timestamp()::text) || '@' || ${domain} || '>')
      where id = (
        select id from jobs
        where queue = ${name} and attempts < max_attempts
          and ((state = 'ready' and (run_at <= now() or ${key !== undefined}::boolean)) or (state = 'running' and lease_until < now()))
          ${key === undefined ? sql`` : sql`and key = ${key}`}
        order by run_at, id limit 1 for update skip locked)
      returning *`);
    const row = rowsOf<Record<string, unknown>>(res)[0];
    return row ? toJob(row) : null;
  }

  /** Runs one claimed job with its lease renewed and a hard timeout. */
  async function attempt(q: Queue, job: Job): Promise<{ ok: true; result: unknown } | { ok: false; err: unknown }> {
    const ctl = new AbortController();
    const timeoutMs = q.timeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    const renew = setInterval(
      () => {
        db.execute(
          sql`update jobs set lease_until = now() + make_interval(secs => ${leaseMs(q) / 1000}::double precision) where id = ${job.id} and state = 'running' and locked_by = ${me}`,
        ).catch((err) => log(40, "lease not renewed", { job: job.id, err: String(err) }));
      },
      Math.max(1000, Math.floor(leaseMs(q) / 3)),
    );
    renew.unref();
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          ctl.abort();
          reject(new Error(`job timed out after ${timeoutMs} ms`));
        }, timeoutMs);
      });
      return { ok: true, result: await Promise.race([q.run(job, ctl.signal), timeout]) };
    } catch (err) {
      return { ok: false, err };
    } finally {
      clearInterval(renew);
      clearTimeout(timer);
    }
  }

  async function markDone(tx: Db, q: Queue, job: Job, result: unknown) {
    await opts.beforeComplete?.(job);
    await q.complete?.(tx, job, result);
    await tx.execute(sql`update jobs set state = 'done', done_at = now(), lease_until = null, last_error = null where id = ${job.id}`);
  }

  async function markFailed(q: Queue, job: Job, err: unknown) {
    const dead = job.attempts >= job.maxAttempts;
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (job.attempts - 1));
    const message = describe(err).slice(0, 500);
    log(dead ? 50 : 40, dead ? "job dead" : "job failed: retried later", { queue: job.queue, job: job.id, attempts: job.attempts, err: message });
    await db.execute(sql`
      update jobs set state = ${dead ? "dead" : "ready"}, lease_until = null, last_error = ${message},
        run_at = now() + make_interval(secs => ${delay / 1000}::double precision), failed_at = ${dead ? sql`now()` : sql`failed_at`}
      where id = ${job.id} and state = 'running' and locked_by = ${me}`);
    await q.failed?.(job, err, dead).catch(() => {});
  }

  /** One worker of a queue: claims, runs, and marks done while claiming the next, until nothing is due. */
  async function loop(name: string, q: Queue): Promise<void> {
    let done: { job: Job; result: unknown } | null = null;
    while (!stopping) {
      let job: Job | null;
      try {
        const finished: { job: Job; result: unknown } | null = done;
        job = await db.transaction(async (trx) => {
          const tx = trx as unknown as Db;
          if (finished) await markDone(tx, q, finished.job, finished.result);
          return claim(tx, name, q);
        });
      } catch (err) {
        // The mark failed (the database, a constraint): the send stays recorded with its
        // Message-ID and the job is retried with it after the backoff (or after its lease).
        if (done) await markFailed(q, done.job, err).catch((e) => log(50, "job mark failed", { job: done?.job.id, err: String(e) }));
        else log(50, "job claim failed", { queue: name, err: String(err) });
        return;
      }
      done = null;
      if (!job) return;
      const out = await attempt(q, job);
      if (out.ok) done = { job, result: out.result };
      else await markFailed(q, job, out.err).catch((e) => log(50, "job mark failed", { job: job?.id, err: String(e) }));
    }
    if (done) {
      const finished = done;
      await db
        .transaction(async (trx) => markDone(trx as unknown as Db, q, finished.job, finished.result))
        .catch((err) => markFailed(q, finished.job, err).catch(() => {}));
    }
  }

  /** Wakes a queue's workers (a NOTIFY, an enqueue on this copy, the poll). */
  function kick(name: string): void {
    const q = queues.get(name);
    if (!q || !started || stopping) return;
    const want = Math.max(1, q.concurrency ?? 1);
    if (q.loops.size >= want) {
      // Every worker is busy: one of them goes round again when it ends (it may have just found nothing).
      q.wanted = true;
      return;
    }
    while (q.loops.size < want) {
      const p: Promise<void> = loop(name, q)
        .catch((err) => log(50, "job worker failed", { queue: name, err: String(err) }))
        .finally(() => {
          q.loops.delete(p);
          // Work enqueued while the last worker was finishing: go again.
          if (q.wanted) {
            q.wanted = false;
            kick(name);
          }
        });
      q.loops.add(p);
    }
  }

  async function tick(s: Schedule): Promise<boolean> {
    const res = await db.execute(sql`
      insert into job_schedules (name, slot, ran_by, ran_at)
      values (${s.name}, floor(extract(epoch from clock_timestamp()) * 1000 / ${s.everyMs})::bigint, ${me}, now())
      on conflict (name) do update set slot = excluded.slot, ran_by = excluded.ran_by, ran_at = excluded.ran_at
        where job_schedules.slot < excluded.slot
      returning slot`);
    const row = rowsOf<{ slot: string | number }>(res)[0];
    if (!row) return false;
    await s.run(Number(row.slot));
    return true;
  }

  function runSchedule(s: Schedule): Promise<void> {
    if (s.busy) return s.busy;
    s.busy = tick(s)
      .then(() => {})
      .catch((err) => log(50, "scheduled job failed", { schedule: s.name, err: String(err) }))
      .finally(() => {
        s.busy = undefined;
      });
    return s.busy;
  }

  function startSchedule(s: Schedule) {
    if (s.timer) return;
    // A few looks per period (at most every 30 s): one of the copies takes each slot early in it.
    s.timer = setInterval(() => void runSchedule(s), Math.max(200, Math.min(30_000, Math.floor(s.everyMs / 4))));
    s.timer.unref();
    void runSchedule(s);
  }

  const engine = {
    /** This copy's name in `locked_by` and `ran_by`. */
    id: me,

    /** Declares a queue's work (before or after start). */
    work<R>(name: string, options: QueueOptions<R>): void {
      queues.set(name, { ...(options as QueueOptions<unknown>), wanted: false, loops: new Set() });
      if (started) kick(name);
    },

    /** A periodic task that runs once per `everyMs` slot across every copy. */
    every(name: string, everyMs: number, run: (slot: number) => Promise<unknown>): void {
      const s: Schedule = { name, everyMs, run };
      schedules.set(name, s);
      if (started) startSchedule(s);
    },

    /** Owes a job (in the caller's transaction: it exists if and only if that commits). Same key: once. */
    async enqueue(tx: Db, queue: string, key: string, payload: Record<string, unknown> = {}, o: { maxAttempts?: number } = {}): Promise<void> {
      await tx.execute(sql`
        insert into jobs (queue, key, payload, max_attempts) values (${queue}, ${key}, ${JSON.stringify(payload)}::jsonb, ${o.maxAttempts ?? 6})
        on conflict (queue, key) do nothing`);
      await tx.execute(sql`select pg_notify('jobs', ${queue})`);
    },

    kick,

    /**
     * Runs one job now, on this request (the withdrawal's acknowledgement is sent before the
     * answer): true when it was done here; false when it failed (it is retried later) or another
     * copy holds it.
     */
    async runNow(name: string, key: string): Promise<boolean> {
      const q = queues.get(name);
      if (!q) return false;
      const job = await db.transaction((trx) => claim(trx as unknown as Db, name, q, key));
      if (!job) return false;
      const out = await attempt(q, job);
      if (!out.ok) {
        await markFailed(q, job, out.err).catch(() => {});
        return false;
      }
      try {
        await db.transaction((trx) => markDone(trx as unknown as Db, q, job, out.result));
        return true;
      } catch (err) {
        await markFailed(q, job, err).catch(() => {});
        return false;
      }
    },

    /** Runs a queue until nothing is due (tests, the CLI). */
    async drain(name: string): Promise<void> {
      const q = queues.get(name);
      if (!q) return;
      for (let i = 0; i < 1000; i++) {
        await Promise.all([...q.loops]);
        const before = started;
        started = true;
        q.wanted = false;
        kick(name);
        started = before;
        await Promise.all([...q.loops]);
        const due = await db.execute(sql`
          select 1 from jobs where queue = ${name} and attempts < max_attempts
            and ((state = 'ready' and run_at <= now()) or (state = 'running' and lease_until < now())) limit 1`);
        if (!rowsOf(due).length) return;
      }
    },

    /** Runs a schedule's slot now if no copy ran it yet (tests). */
    async runDue(name: string): Promise<boolean> {
      const s = schedules.get(name);
      return s ? tick(s) : false;
    },

    /** Dead jobs, newest first (staff's dead-letter list). */
    async dead(limit = 100): Promise<DeadJob[]> {
      const res = await db.execute(sql`
        select id, queue, key, attempts, last_error, created_at, failed_at from jobs where state = 'dead' order by id desc limit ${limit}`);
      return rowsOf<Record<string, unknown>>(res).map((r) => ({
        id: Number(r.id),
        queue: String(r.queue),
        key: String(r.key),
        attempts: Number(r.attempts),
        last_error: (r.last_error as string | null) ?? null,
        created_at: new Date(r.created_at as string).toISOString(),
        failed_at: r.failed_at ? new Date(r.failed_at as string).toISOString() : null,
      }));
    },

    /** Staff retry a dead job: it gets its attempts again (same Message-ID). False when it is not dead. */
    async retry(tx: Db, id: number): Promise<{ queue: string } | null> {
      const res = await tx.execute(sql`
        update jobs set state = 'ready', attempts = 0, run_at = now(), last_error = null, failed_at = null
        where id = ${id} and state = 'dead' returning queue`);
      const row = rowsOf<{ queue: string }>(res)[0];
      if (row) await tx.execute(sql`select pg_notify('jobs', ${row.queue})`);
      return row ?? null;
    },

    async start(): Promise<void> {
      if (started) return;
      started = true;
      stopping = false;
      unlisten = await database.listen("jobs", (payload) => {
        if (queues.has(payload)) kick(payload);
        else for (const name of queues.keys()) kick(name);
      });
      poll = setInterval(() => {
        for (const name of queues.keys()) kick(name);
      }, pollMs);
      poll.unref();
      for (const name of queues.keys()) kick(name);
      for (const s of schedules.values()) startSchedule(s);
    },

    /** Stops claiming; the work in flight finishes (and is marked). */
    async stop(): Promise<void> {
      stopping = true;
      if (poll) clearInterval(poll);
      poll = undefined;
      for (const s of schedules.values()) {
        if (s.timer) clearInterval(s.timer);
        s.timer = undefined;
      }
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await Promise.all([...[...queues.values()].flatMap((q) => [...q.loops]), ...[...schedules.values()].map((s) => s.busy)]);
      started = false;
    },
  };
  return engine;
}

export type JobEngine = ReturnType<typeof createJobEngine>;
