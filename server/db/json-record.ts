import { getTableColumns, type Table } from "drizzle-orm";

/**
 * Rows that SQL hands back as JSON (`to_jsonb(row)`, snake_case keys, timestamps as ISO text),
 * turned into the records Drizzle's own queries give (camelCase keys, Dates, parsed JSON), with
 * each column's own driver mapping: one shape for a row however it was read.
 */
export function recordFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = json[column.name];
    out[key] = v == null ? null : column.mapFromDriverValue(v);
  }
  return out as T["$inferSelect"];
}

/** Values keyed by the table's column names (snake_case), as `jsonb_populate_record` reads them. */
export function jsonForColumns<T extends Table>(table: T, values: Partial<T["$inferInsert"]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  for (const [key, v] of Object.entries(values)) {
    const column = columns[key];
    if (!column) throw new Error(`jsonForColumns: no column ${key}`);
    out[column.name] = v;
  }
  return out;
}
