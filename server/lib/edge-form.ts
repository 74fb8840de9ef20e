import { checkParsedNumbers, checkRawInput, hasControlCharacters, INT4_MAX } from "./edge-input.ts";
import { AppError } from "./errors.ts";

/**
 * The storefront's form posts get the API's edge checks (docs/decisions/045) before any action
 * runs, so that no action can forget them:
 *
 * - no control characters (but line breaks and tabs) and no lone surrogate in any field's name
 *   or text: a NUL reaching PostgreSQL is a 500;
 * - a field that carries an integer by the shop's naming (`id`, `row`, `quantity`, `product`,
 *   `rating`, `page`, `…_id`, `…_ids` but a tax id, see INTEGER_FIELD) holds digits within PostgreSQL's
 *   `integer` or nothing: `1e23` passes `Number.isInteger` and `2147483648` passes a `> 0`
 *   check, and both failed in the database; `NaN`, `Infinity` and `1.5` are no id either;
 * - a field that carries JSON (the configurator's `selection`) gets the API body's checks.
 *
 * Free text (names, addresses, a search for "1e23") is not a number and is left as it is.
 */

/** Names of the form fields that carry integers (ids, quantities, a page, a rating, cents). */
export const INTEGER_FIELD =
  /^(?![\w-]*tax_id$)(id|ids|row|rows|quantity|qty|product|products|rating|page|cart|expected_total|[\w-]*_(id|ids|quantity|total))$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;

export type FormProblem = { field: string; code: "request.control_characters" | "request.number_out_of_range" | "request.too_deep" };

/** The first problem of a form's text fields, or null. Lists (`ids=1,2,3`) are checked item by item. */
export function checkFormFields(entries: Iterable<[string, string]>): FormProblem | null {
  for (const [name, value] of entries) {
    if (hasControlCharacters(name)) return { field: name.replace(/[^\w-]/g, "?"), code: "request.control_characters" };
    if (hasControlCharacters(value)) return { field: name, code: "request.control_characters" };
    if (INTEGER_FIELD.test(name.replace(/\[\]$/, ""))) {
      for (const part of value.split(",")) {
        if (part.trim() === "") continue;
        if (!INTEGER.test(part) || Math.abs(Number(part)) > INT4_MAX) return { field: name, code: "request.number_out_of_range" };
      }
    }
    const t = value.trimStart();
    if ((t.startsWith("{") || t.startsWith("[")) && value.length <= 100_000) {
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        continue;
      }
      try {
        checkRawInput(json, name, name);
        checkParsedNumbers(json, name, name);
      } catch (err) {
        if (err instanceof AppError) return { field: String((err.details as { field?: string })?.field ?? name), code: err.code as FormProblem["code"] };
        throw err;
      }
    }
  }
  return null;
}

/**
 * The text fields of a form body (urlencoded or multipart; files are not text and are left to
 * the action that takes them), or null when the body cannot be read as the form it says it is.
 */
export async function formTextFields(contentType: string, body: Buffer): Promise<[string, string][] | null> {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return [...new URLSearchParams(body.toString("utf8"))];
  if (type !== "multipart/form-data") return [];
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    const out: [string, string][] = [];
    for (const [k, v] of form) if (typeof v === "string") out.push([k, v]);
    return out;
  } catch {
    return null;
  }
}
