import { describe, expect, it } from "vitest";
import { serverImports } from "../scripts/build-server.mjs";

/**
 * What the compiled shop loads when it starts (decision 041): every module loaded stays in the
 * heap as source, functions and objects, and the collector marks it again on each full
 * collection. Packages a page view never uses are imported where they are used.
 */
describe("the compiled server's imports at start", () => {
  it("leave the invoice PDF, the mailer and the other database's driver to the first use", async () => {
    const { atStart, onDemand } = await serverImports();
    const lazy = [
      "pdfkit", // invoices only; with fontkit and a JavaScript brotli
      "qrcode", // the invoice's VERI*FACTU code
      "nodemailer", // the first mail
      "pg", // PostgreSQL only
      "drizzle-orm/node-postgres",
      "@electric-sql/pglite", // the embedded database only
      "drizzle-orm/pglite",
      "sanitize-html", // the seed only
    ];
    for (const name of lazy) {
      expect(atStart.has(name), `${name} is imported at start`).toBe(false);
      expect(onDemand.has(name), `${name} is not imported at all: is this list still true?`).toBe(true);
    }
    // What the shop needs for its first page is there.
    for (const name of ["fastify", "react-router", "zod", "drizzle-orm"]) expect(atStart.has(name)).toBe(true);
  }, 30_000);
});
