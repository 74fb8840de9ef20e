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
