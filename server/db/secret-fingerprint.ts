import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Every copy of the shop on one database must sign and verify with the same SECRET (sessions,
 * refresh tokens, signed links, webhooks): a copy started with another one would run and reject
 * every other copy's logins. The first copy records a fingerprint of its SECRET in the database,
 * HMAC-SHA256(SECRET, "shop-secret-fingerprint"): it tells two secrets apart and gives nothing
 * away about either. A later copy whose fingerprint differs refuses to start (docs/decisions/049).
 */
export const SECRET_FINGERPRINT_KEY = "secret_fingerprint";

export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("shop-secret-fingerprint").digest("hex");
}

/** The refusal: names the variable and the way to change the secret on purpose. */
export class SecretMismatchError extends Error {
  constructor() {
    super(
      "SECRET differs from the one recorded in the database by the other copies of this shop: every copy on one database " +
        "must have the same SECRET (this copy would reject their logins and links, and they its own). Start it with their SECRET. " +
        "To change the secret on purpose, stop every copy, run `npm run secret:rotate` with the new SECRET and DATABASE_URL set, " +
        'then start the copies with the new SECRET (README, "Several copies").',
    );
    this.name = "SecretMismatchError";
  }
}

/** Records the fingerprint when none is (the first copy), then refuses a SECRET that does not match it. */
export async function checkSecretFingerprint(db: Db, secret: string): Promise<void> {
  const fingerprint = secretFingerprint(secret);
  // Several copies starting together: one insert wins, every copy compares with the winner's.
  await db.execute(sql`insert into operation_settings (key, value) values (${SECRET_FINGERPRINT_KEY}, ${fingerprint}) on conflict (key) do nothing`);
  const res = await db.execute(sql`select value from operation_settings where key = ${SECRET_FINGERPRINT_KEY}`);
  const recorded = (res as unknown as { rows: { value: string }[] }).rows[0]?.value;
  if (recorded !== fingerprint) throw new SecretMismatchError();
}

/** Records the fingerprint of a new SECRET (the explicit rotation: every copy stopped first). Answers whether it changed. */
export async function recordSecretFingerprint(db: Db, secret: string): Promise<boolean> {
  const fingerprint = secretFingerprint(secret);
  const res = await db.execute(sql`
    insert into operation_settings (key, value) values (${SECRET_FINGERPRINT_KEY}, ${fingerprint})
    on conflict (key) do update set value = excluded.value, updated_at = now()
      where operation_settings.value is distinct from excluded.value
    returning key`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}
