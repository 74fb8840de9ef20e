import { type SQL, sql } from "drizzle-orm";
import type { Language } from "../../../core/stores.ts";
import type { Db } from "../../db/client.ts";
import type { I18nText } from "./catalog.schema.ts";

/** Rows of a raw query: both drivers (pg, PGlite) answer `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/**
 * An int[] as ONE bound parameter (Drizzle would expand a JS array into a list of params,
 * which changes the plan shape with every length and breaks `= any(...)`).
 */
export function intArr(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;
}

export function textArr(values: readonly string[]): SQL {
  const quoted = values.map((v) => `"${v.replace(/(["\\])/g, "\\$1")}"`);
  return sql`${`{${quoted.join(",")}}`}::text[]`;
}

/** A jsonb I18nText column in a language, falling back to Spanish. */
export function trSql(column: SQL, language: Language): SQL {
  return sql`coalesce(${column}->>${language}, ${column}->>'es', '')`;
}

export function tr(text: I18nText | null | undefined, language: Language): string {
  if (!text) return "";
  return (language === "fr" ? text.fr : text.es) || text.es || "";
}

/** Lower-case, accents removed: the same folding f_unaccent(lower(...)) gives in SQL. */
export function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
