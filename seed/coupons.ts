import { eq } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { coupons } from "../server/modules/coupons/coupons.schema.ts";
import { stores } from "../server/modules/stores/stores.schema.ts";

/**
 * Demo coupons a shop would have running: a public welcome code per store, one with a minimum
 * amount, and one that has expired (a shopper typing it sees the spec's refusal). Staff create
 * real ones with `npm run coupon:create` or CRUD /api/cart/v1/coupons/.
 */
export async function seedCoupons(db: Db): Promise<void> {
  const [es] = await db.select({ id: stores.id }).from(stores).where(eq(stores.sourceCode, "ESDB"));
  const [fr] = await db.select({ id: stores.id }).from(stores).where(eq(stores.sourceCode, "FRDB"));
  const far = new Date("2030-12-31T22:59:59Z");
  await db.insert(coupons).values([
    { storeId: es.id, code: "BIENVENIDA10", name: "10 % de bienvenida", kind: "percent", value: 1000, validTo: far, public: true },
    { storeId: fr.id, code: "BIENVENUE10", name: "10 % de bienvenue", kind: "percent", value: 1000, validTo: far, public: true },
    { storeId: es.id, code: "REFORMA50", name: "50 € en compras desde 500 €", kind: "amount", value: 5000, minCartAmount: 50000, validTo: far, public: true },
    {
      storeId: es.id,
      code: "VERANO2025",
      name: "Campaña de verano 2025",
      kind: "percent",
      value: 1500,
      validFrom: new Date("2025-06-01T00:00:00+02:00"),
      validTo: new Date("2025-08-31T23:59:59+02:00"),
    },
  ]);
}
