import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Statements sent while `on` (tests and benchmarks count a render's queries at the driver). */
export type QueryCounter = { on: boolean; count: number };
const counter: QueryCounter = { on: false, count: 0 };
let installed = false;

/**
 * Counts every statement of either driver: pg's Client#query (every pool connection goes through
 * it) and PGlite's query/exec. Installed once per process; each call returns the same counter.
 */
export function countQueries(): QueryCounter {
  if (installed) return counter;
  installed = true;
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counter.on) counter.count++;
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  for (const name of ["query", "exec"] as const) {
    const orig = PGlite.prototype[name];
    (PGlite.prototype as unknown as Record<string, unknown>)[name] = function (this: PGlite, ...args: unknown[]) {
      if (counter.on) counter.count++;
      return (orig as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return counter;
}
