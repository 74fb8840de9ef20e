import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { inject } from "vitest";

/**
 * The newest mail to `email` in the shop's outbox that `accept` takes, parsed. Without SMTP_URL
 * the shop writes every mail as an .eml file in DATA_DIR/outbox (the embedded default); this reads
 * it as a mail program would, and waits for it to arrive (up to 10 s).
 */
export async function outboxMail(email: string, accept: (mail: ParsedMail) => boolean = () => true, what = "mail"): Promise<ParsedMail> {
  const outbox = join(inject("shopDataDir"), "outbox");
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .reverse();
    for (const f of files) {
      const mail = await simpleParser(await readFile(join(outbox, f)));
      const to = [mail.to]
        .flat()
        .flatMap((a) => a?.value ?? [])
        .map((a) => a.address?.toLowerCase());
      if (to.includes(email) && accept(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${what} for ${email} in ${outbox}`);
}

const ACTIVATION = /https?:\/\/[^\s"'<>]+[?&]activate=[^\s"'<>]+/;

/** The activation link (path and query) of the newest activation mail to `email`. */
export async function activationLink(email: string): Promise<string> {
  const mail = await outboxMail(email, (m) => ACTIVATION.test(m.text ?? ""), "activation mail");
  const url = new URL(ACTIVATION.exec(mail.text ?? "")![0].replace(/&amp;/g, "&"));
  return url.pathname + url.search;
}

const CLAIM = /https?:\/\/[^\s"'<>]+\/restaurar-contrasena\?token=[^\s"'<>]+/;

/**
 * The link of the newest "choose your account's password" mail to `email`: an account made at the
 * checkout opens only once the mailbox's owner chooses its password there (docs/decisions/047).
 */
export async function claimLink(email: string): Promise<string> {
  const mail = await outboxMail(email, (m) => CLAIM.test(m.text ?? ""), "set-password mail");
  const url = new URL(CLAIM.exec(mail.text ?? "")![0].replace(/&amp;/g, "&"));
  return url.pathname + url.search;
}
