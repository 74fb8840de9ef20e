import { AppError } from "./errors.ts";

/**
 * Checks every request takes at the edge, whatever its route declares (docs/decisions/045), so
 * that no route can forget them and no hostile value reaches a handler or the database:
 *
 * - text without control characters (NUL ends in PostgreSQL's "invalid byte sequence for
 *   encoding UTF8: 0x00", a 500): line breaks and tabs are the only ones a person types;
 * - numbers within PostgreSQL's `integer` (ids, quantities, cents, limits are all int4 columns):
 *   2^31 or 1e23 would fail in the database ("out of range for type integer", a 500);
 * - a JSON body that is an object (every route's body is one): `[]`, `"x"` or `null` would reach
 *   a handler's refinements as something they never expected;
 * - no more nesting than any real body has.
 *
 * Each refusal is a 400 that names the field (`details.field`) with a message in the request's
 * language (errors.request.* in core/i18n).
 */

/** PostgreSQL's `integer`. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
/** Deeper than any body of the API (an order's lines in a quotation: 4). */
export const MAX_DEPTH = 32;

/** C0 controls and DEL, except tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Half of a surrogate pair alone: no character at all (PostgreSQL's jsonb refuses its escape, a 500). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no form or API field takes (a control character or a lone surrogate). */
export function hasControlCharacters(s: string): boolean {
  return CONTROL.test(s) || LONE_SURROGATE.test(s);
}

/** Whether a number fits an int4 column (and is one: finite). */
export function inIntegerRange(n: number): boolean {
  return Number.isFinite(n) && n >= INT4_MIN && n <= INT4_MAX;
}

const fieldName = (path: string, where: string) => path || where;

/**
 * The raw input (params, query or body as the client sent it): refuses control characters in
 * any text (keys included) and nesting deeper than MAX_DEPTH. `where` names the part ("body").
 */
export function checkRawInput(value: unknown, where: string, path = "", depth = 0): void {
  if (typeof value === "string") {
    if (hasControlCharacters(value)) throw new AppError("request.control_characters", 400, undefined, { field: fieldName(path, where) });
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (depth >= MAX_DEPTH) throw new AppError("request.too_deep", 400, undefined, { field: fieldName(path, where) });
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkRawInput(v, where, path ? `${path}.${i}` : String(i), depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (hasControlCharacters(k)) throw new AppError("request.control_characters", 400, undefined, { field: fieldName(p.replace(CONTROL, "?"), where) });
    checkRawInput(v, where, p, depth + 1);
  }
}

/**
 * The parsed input (after the route's schema coerced "2147483648" or took 1e23): refuses a
 * number outside int4, NaN and ±Infinity, anywhere.
 */
export function checkParsedNumbers(value: unknown, where: string, path = "", depth = 0): void {
  if (typeof value === "number") {
    if (!inIntegerRange(value))
      throw new AppError("request.number_out_of_range", 400, undefined, { field: fieldName(path, where), min: INT4_MIN, max: INT4_MAX });
    return;
  }
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkParsedNumbers(v, where, path ? `${path}.${i}` : String(i), depth + 1);
    return;
  }
  // Plain objects only (a Date or a Buffer a schema produced is not input to walk).
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return;
  for (const [k, v] of Object.entries(value)) checkParsedNumbers(v, where, path ? `${path}.${k}` : k, depth + 1);
}

/** A JSON body must be an object: every route's body schema is one. */
export function checkBodyShape(body: unknown): void {
  if (body === undefined) return;
  if (body === null || typeof body !== "object" || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw new AppError("request.body_not_object", 400, undefined, { field: "body" });
  }
}
