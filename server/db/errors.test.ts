import { describe, expect, it } from "vitest";
import { asDatabaseError, DatabaseUnavailable, isDatabaseUnavailable } from "./errors.ts";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("database unavailable errors (docs/decisions/049)", () => {
  it("recognises a lost or refused connection: SQLSTATE 57P01/57P02/57P03, class 08, sockets, node-postgres' messages", () => {
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "25P03", "ECONNRESET", "ECONNREFUSED"]) {
      expect(isDatabaseUnavailable(pgError(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through Drizzle's wrapping (cause) and a failed connect's AggregateError", () => {
    const wrapped = new Error("Failed query: select 1", { cause: pgError("57P01", "terminating connection due to administrator command") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError("ECONNREFUSED")], "connect"))).toBe(true);
    expect(asDatabaseError(wrapped)).toBeInstanceOf(DatabaseUnavailable);
  });

  it("leaves every other error alone: a unique violation, a serialization failure, a bug", () => {
    for (const e of [pgError("23505"), pgError("40001"), pgError("57014", "canceling statement due to statement timeout"), new TypeError("x is undefined")]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
      expect(asDatabaseError(e)).toBe(e);
    }
  });
});
