import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog } from "./staff.schema.ts";

/** Who did a staff write, from where, in which request. */
export type AuditActor = { staffId: number | null; email: string; role: string; ip: string; requestId: string };

/**
 * One staff write: what (action, entity), the values before and after, and the order it
 * concerns (its timeline reads the log by order). Written in the same transaction as the write.
 */
export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number;
  orderId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Keys whose values never reach the log (a body with a password or a code, say). */
const SECRET_KEYS = /^(password|new_password|current_password|code|recovery_code|token|secret|totp_secret)$/i;

/** A value as the log keeps it: JSON, secrets masked, at most ~20 KB. */
export function auditValue(v: unknown): unknown {
  if (v === undefined) return null;
  const json = JSON.stringify(v, (k, x) => (SECRET_KEYS.test(k) ? "[hidden]" : typeof x === "bigint" ? String(x) : x));
  if (json === undefined) return null;
  if (json.length > 20_000) return { truncated: true, preview: json.slice(0, 2000) };
  return JSON.parse(json);
}

/** Requests that wrote an entry (apiRoute reads and forgets each one when its staff write ends). */
const auditedRequests = new Set<string>();

/** Whether the request wrote an audit entry, forgetting it (apiRoute's check that no staff write went unrecorded). */
export function takeAudited(requestId: string): boolean {
  return auditedRequests.delete(requestId);
}

/** Appends one entry (the table refuses updates and deletes: migration 0018). */
export async function writeAudit(db: Db, actor: AuditActor, e: AuditEntry): Promise<void> {
  // Entries written outside apiRoute (a CLI, a public route) are never taken: keep the set bounded.
  if (auditedRequests.size > 10_000) auditedRequests.clear();
  if (actor.requestId) auditedRequests.add(actor.requestId);
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    staffRole: actor.role,
    ip: actor.ip.slice(0, 100),
    requestId: actor.requestId.slice(0, 100),
    action: e.action.slice(0, 100),
    entityType: e.entityType.slice(0, 50),
    entityId: e.entityId === undefined ? "" : String(e.entityId).slice(0, 100),
    orderId: e.orderId ?? null,
    before: auditValue(e.before),
    after: auditValue(e.after),
  });
}

export type AuditFilter = {
  staffId?: number;
  staffEmail?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  orderId?: number;
  /** Instants (the route turns Madrid days into them). */
  from?: Date;
  to?: Date;
  /** Keyset: entries older than this id. */
  before?: number;
  limit: number;
};

/** The log, newest first, one keyset page (no count over the whole table). */
export async function readAudit(db: Db, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.staffId !== undefined) where.push(eq(auditLog.staffId, f.staffId));
  if (f.staffEmail) where.push(sql`lower(${auditLog.staffEmail}) = lower(${f.staffEmail})`);
  if (f.entityType) where.push(eq(auditLog.entityType, f.entityType));
  if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
  if (f.action) where.push(sql`${auditLog.action} LIKE ${`${f.action.replace(/[%_\\]/g, "\\$&")}%`}`);
  if (f.orderId !== undefined) where.push(eq(auditLog.orderId, f.orderId));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lt(auditLog.at, f.to));
  if (f.before !== undefined) where.push(lt(auditLog.id, f.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  return { rows: rows.slice(0, f.limit), next: rows.length > f.limit ? rows[f.limit - 1].id : null };
}
