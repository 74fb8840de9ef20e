import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../../config.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058) of newsletter mails. */
  headers?: Record<string, string>;
  /** Files attached (the invoice PDF of the payment-received mail). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The Message-ID (`<id@domain>`): the job engine's stable one for mails it retries, so a mail
   * sent again after a failure between the send and its mark is the same message to the receiver.
   */
  messageId?: string;
};

/**
 * The SMTP send's hard limits: a relay that does not answer fails the attempt well before the job
 * engine's lease ends (server/lib/jobs.ts: 60 s + 30 s), so no other copy takes a mail over while
 * it is being sent.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
export const SEND_TIMEOUT_MS = 45_000;

/** What the development outbox page lists: the .eml file and what its sidecar says about it. */
export type OutboxEntry = { file: string; to: string; subject: string; date: string };
export type OutboxMail = OutboxEntry & { text: string; html: string };

/** Names the shop writes: a date, a random part, .eml. Anything else is refused (no path tricks). */
const FILE_NAME = /^[0-9TZ-]+-[a-f0-9]{8}\.eml$/;

/**
 * Outgoing mail. With SMTP_URL, nodemailer sends through that server. Without it (the
 * embedded default) nodemailer still builds the complete MIME message and it is written as
 * an .eml file to DATA_DIR/outbox, where any mail program opens it; in development the shop
 * lists them at /dev/outbox.
 */
export function createMailService(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">) {
  const outboxDir = join(config.dataDir, "outbox");
  // nodemailer is loaded with the first mail, not with the shop (~3 MB of live heap that a
  // process serving pages never uses; decision 041).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }),
    ));

  return {
    kind: config.smtpUrl ? ("smtp" as const) : ("outbox" as const),
    outboxDir,

    /** Sends one mail; resolves when the SMTP server accepted it (or the file is written). */
    async send(msg: MailMessage): Promise<{ messageId: string; file?: string }> {
      const sending = (await transporter()).sendMail({
        from: config.mailFrom,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        headers: msg.headers,
        attachments: msg.attachments,
        ...(msg.messageId ? { messageId: msg.messageId } : {}),
      });
      let timer: NodeJS.Timeout | undefined;
      const info = await Promise.race([
        sending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`mail not sent within ${SEND_TIMEOUT_MS} ms`)), SEND_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      if (config.smtpUrl) return { messageId: info.messageId };
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const date = new Date();
      const file = `${date.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      await writeFile(join(outboxDir, file), (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      const meta: OutboxMail = { file, to: msg.to, subject: msg.subject, date: date.toISOString(), text: msg.text, html: msg.html };
      await writeFile(join(outboxDir, `${file}.json`), JSON.stringify(meta), { mode: 0o600 });
      return { messageId: info.messageId, file };
    },

    /** The outbox, newest first. */
    async listOutbox(): Promise<OutboxEntry[]> {
      let names: string[];
      try {
        names = await readdir(outboxDir);
      } catch {
        return [];
      }
      const files = names
        .filter((n) => FILE_NAME.test(n))
        .sort()
        .reverse();
      const out: OutboxEntry[] = [];
      for (const file of files) {
        const m = await this.readOutbox(file);
        if (m) out.push({ file: m.file, to: m.to, subject: m.subject, date: m.date });
      }
      return out;
    },

    async readOutbox(file: string): Promise<OutboxMail | null> {
      if (!FILE_NAME.test(file)) return null;
      try {
        return JSON.parse(await readFile(join(outboxDir, `${file}.json`), "utf8")) as OutboxMail;
      } catch {
        return null;
      }
    },

    async rawOutbox(file: string): Promise<Buffer | null> {
      if (!FILE_NAME.test(file)) return null;
      try {
        return await readFile(join(outboxDir, file));
      } catch {
        return null;
      }
    },

    close() {
      transport?.then((t) => t.close()).catch(() => {});
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
