// npm run invoices:verify [-- --json]: checks the invoices of the database the shop is configured
// with (DATABASE_URL, or the PGlite in DATA_DIR: stop that shop first, it holds DATA_DIR): every
// series (store, F/R, year) numbered 1..n with no gap or duplicate, and each VERI*FACTU record's
// fingerprint recomputed and linked to the previous one. Exit code 0 when everything holds, 1
// on any break (each one printed), so it can run from cron or CI.
import { parseArgs } from "node:util";
import { prepareDatabase } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { runCli } from "../../lib/cli.ts";
import { verifyInvoices } from "./invoices.service.ts";

async function main() {
  const { values } = parseArgs({ options: { json: { type: "boolean", default: false } } });
  const config = { ...loadConfig(), seedOnStart: false };
  const database = await prepareDatabase(config, () => {});
  try {
    const report = await verifyInvoices(database.db);
    if (values.json) console.log(JSON.stringify(report, null, 2));
    else {
      for (const s of report.series) console.log(`${s.store} ${s.series} ${s.year}: ${s.count} documents, ${s.first}..${s.last}`);
      console.log(`VERI*FACTU records: ${report.records}`);
      for (const p of report.problems) console.error(`BROKEN: ${p}`);
      console.log(report.ok ? "OK: no gap, no duplicate, the chain is unbroken." : `${report.problems.length} problem(s) found.`);
    }
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

runCli(main);
