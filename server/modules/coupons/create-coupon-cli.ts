// npm run coupon:create -- --code BIENVENIDA5 --kind amount --value 500 [--store ESDB] [--name "..."]
//   [--min-cart-amount 0] [--valid-from ISO] [--valid-to ISO] [--first-purchase-only] [--usage-limit N]
//   [--per-customer-limit N] [--single-use] [--email a@b.es] [--public] [--inactive]
// Creates a coupon from the command line (staff also have CRUD /api/cart/v1/coupons/). Amounts in
// cents; a percentage in basis points (1000 = 10 %). With PGlite, stop the shop first: it holds DATA_DIR.
import { parseArgs } from "node:util";
import { CouponInput } from "../../../core/cart.schema.ts";
import { prepareDatabase } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { contextFor } from "../../lib/request-context.ts";
import { createServices } from "../index.ts";
import { runCli } from "../../lib/cli.ts";

async function main() {
  const { values: a } = parseArgs({
    options: {
      store: { type: "string", default: "ESDB" },
      code: { type: "string" },
      name: { type: "string" },
      kind: { type: "string" },
      value: { type: "string" },
      "min-cart-amount": { type: "string" },
      "valid-from": { type: "string" },
      "valid-to": { type: "string" },
      "first-purchase-only": { type: "boolean" },
      "usage-limit": { type: "string" },
      "per-customer-limit": { type: "string" },
      "single-use": { type: "boolean" },
      email: { type: "string" },
      public: { type: "boolean" },
      inactive: { type: "boolean" },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const input = CouponInput.safeParse({
    code: a.code,
    name: a.name,
    kind: a.kind,
    value: num(a.value),
    min_cart_amount: num(a["min-cart-amount"]),
    valid_from: a["valid-from"] ?? null,
    valid_to: a["valid-to"] ?? null,
    first_purchase_only: a["first-purchase-only"] ?? false,
    usage_limit: num(a["usage-limit"]) ?? null,
    per_customer_limit: num(a["per-customer-limit"]) ?? null,
    single_use: a["single-use"] ?? false,
    email: a.email ?? null,
    public: a.public ?? false,
    active: !a.inactive,
  });
  if (!input.success) {
    console.error("Usage: npm run coupon:create -- --code CODE --kind amount|percent --value N [options] (see the top of this file)");
    for (const i of input.error.issues) console.error(`  ${String(i.path[0] ?? "")}: ${i.message}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await prepareDatabase(config, console.log);
  try {
    const services = createServices(database, config);
    const store = (await services.stores.all()).find((x) => x.sourceCode === (a.store ?? "ESDB").toUpperCase() || String(x.id) === a.store);
    if (!store) {
      console.error(
        `No store ${a.store} in this database (stores: ${(await services.stores.all()).map((x) => x.sourceCode).join(", ") || "none: load the demo data first"}).`,
      );
      process.exitCode = 1;
      services.mail.close();
      return;
    }
    const r = await services.coupons.create(contextFor(store), input.data);
    if (!r.ok) {
      console.error(`A coupon ${input.data.code} already exists in ${store.sourceCode}.`);
      process.exitCode = 1;
    } else {
      console.log(`Created coupon ${r.coupon.code} (id ${r.coupon.id}) in ${store.sourceCode}: ${JSON.stringify(r.coupon)}`);
    }
    services.mail.close();
  } finally {
    await database.close();
  }
}

runCli(main);
