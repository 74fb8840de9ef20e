/**
 * The SQLSTATE of a database error, as node-postgres and PGlite give it (`code`), also when
 * Drizzle wraps the driver's error (`cause`).
 */
export function sqlState(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = typeof err?.code === "string" ? err.code : err?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** A unique key refused the write (SQLSTATE 23505): another request got there first. */
export const isUniqueViolation = (e: unknown) => sqlState(e) === "23505";

/**
 * The database cannot be reached or ended this connection (docs/decisions/049): PostgreSQL is
 * restarting or failing over, a pooler or a DBA ended the session, the network dropped it. Not a
 * bug of the request: the HTTP layer answers 503 with Retry-After (never a 500), and the request
 * may succeed when repeated. `cause` is the driver's error.
 */
export class DatabaseUnavailable extends Error {
  constructor(cause?: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause ?? "unknown")}`, { cause });
    this.name = "DatabaseUnavailable";
  }
}

/** Seconds a client is asked to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01
 * (admin_shutdown: restart, pg_terminate_backend), 57P02 (crash_shutdown), 57P03 (cannot_connect_now:
 * starting up or shutting down), 57P05 (idle_session_timeout). 25P03
 * (idle_in_transaction_session_timeout) ends the session as well.
 */
const LOST_STATES = new Set(["57P01", "57P02", "57P03", "57P05", "25P03"]);
/** Socket errors of a connection that is gone or cannot be made. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTCONN", "ECONNABORTED"]);
/**
 * What node-postgres and pg-pool say (without a code) when the connection is gone or none could
 * be had in time (connectionTimeoutMillis: the database is unreachable, or every connection busy).
 */
const LOST_MESSAGES =
  /Connection terminated|not queryable|terminating connection|timeout expired|timeout exceeded when trying to connect|the database system is (?:starting up|shutting down|in recovery)|server closed the connection/i;

/** Whether this one error (not its causes) says the connection to the database is lost or cannot be made. */
function isConnectionLoss(e: unknown): boolean {
  if (e instanceof DatabaseUnavailable) return true;
  if (!e || typeof e !== "object") return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || LOST_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === "string" && LOST_MESSAGES.test(message);
}

/**
 * Whether an error, or one of its causes (Drizzle wraps the driver's error in `cause`; an
 * AggregateError of a failed connect lists its attempts), is the database being unavailable.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [e];
  while (queue.length) {
    const x = queue.shift();
    if (!x || typeof x !== "object" || seen.has(x)) continue;
    seen.add(x);
    if (isConnectionLoss(x)) return true;
    queue.push((x as { cause?: unknown }).cause);
    const errors = (x as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/** The error as a DatabaseUnavailable when it is one (or caused by one), else unchanged. */
export function asDatabaseError(e: unknown): unknown {
  if (e instanceof DatabaseUnavailable || !isDatabaseUnavailable(e)) return e;
  return new DatabaseUnavailable(e);
}
