import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane): about 15 ms on one core.
 * The PHC string carries its parameters, so stronger ones later still verify old hashes.
 */
// Algorithm.Argon2id is 2 (a const enum, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password, a malformed or an erased ("!") hash; never throws. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  if (!phc.startsWith("$argon2")) return false;
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, verified when the email is unknown, so a login takes as long
 * whether or not the account exists (the answer does not tell either).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummy;
}
