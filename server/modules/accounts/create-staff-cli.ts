// npm run user:create-staff -- <email> <password> [name]
// Creates the first staff account (active, no activation mail), or makes an existing account
// staff with that password. With PGlite, stop the shop first: it holds DATA_DIR.
import { z } from "zod";
import { passwordField } from "../../../core/accounts.forms.ts";
import { emailField } from "../../../core/validation.ts";
import { prepareDatabase } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { createServices } from "../index.ts";
import { runCli } from "../../lib/cli.ts";

async function main() {
  const [email, password, name] = process.argv.slice(2);
  const args = z.object({ email: emailField("es"), password: passwordField("es") }).safeParse({ email, password });
  if (!args.success) {
    console.error("Usage: npm run user:create-staff -- <email> <password (6+ characters)> [name]");
    for (const i of args.error.issues) console.error(`  ${String(i.path[0])}: ${i.message}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await prepareDatabase(config, console.log);
  try {
    const services = createServices(database, config);
    const r = await services.accounts.createStaff(args.data.email, args.data.password, name || "Staff");
    console.log(`${r.created ? "Created" : "Updated"} staff user ${args.data.email} (id ${r.id}).`);
    services.mail.close();
  } finally {
    await database.close();
  }
}

runCli(main);
