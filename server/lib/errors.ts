/**
 * A broken invariant or an access failure. Expected business outcomes (an invalid
 * coupon, no stock) are returned as typed results instead; see docs/decisions/003.
 * `code` is a dotted key of core/i18n (errors.<code>), translated by the error handler.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message?: string,
    public readonly details?: unknown,
  ) {
    super(message ?? code);
    this.name = "AppError";
  }
}

export const notFound = (what = "not_found") => new AppError(what, 404);
export const badRequest = (code: string, message?: string, details?: unknown) => new AppError(code, 400, message, details);

/** A record, or the 404 of `code` when there is none (a service's `null` for "no such record here"). */
export function found<T>(value: T | null, code: string): T {
  if (value === null) throw new AppError(code, 404);
  return value;
}
