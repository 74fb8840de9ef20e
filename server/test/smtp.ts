import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string; messageId: string; raw: ParsedMail };

export type SmtpOptions = {
  /** A slow relay: each message is accepted this long after its data arrived (changeable later through `slow`). */
  delayMs?: number;
};

/**
 * A real SMTP server on a free local port for integration tests: the shop sends through it with
 * SMTP_URL=smtp://127.0.0.1:<port> exactly as it would through a provider, and the test reads
 * what arrived (parsed by mailparser) and follows its links.
 */
export async function startSmtp(opts: SmtpOptions = {}) {
  const mails: ReceivedMail[] = [];
  /** The relay's behaviour, changeable while it runs: the answer's delay and the recipients it refuses. */
  const control = { delayMs: opts.delayMs ?? 0, refuse: new Set<string>() };
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (control.refuse.has(address.address.toLowerCase())) {
        const err = new Error("mailbox unavailable (test relay refuses it)") as Error & { responseCode: number };
        err.responseCode = 450;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            raw: parsed,
          });
          for (const w of waiters.splice(0)) w();
          if (control.delayMs > 0) setTimeout(() => callback(), control.delayMs);
          else callback();
        })
        .catch(callback);
    },
  });
  // A sender that dies mid-session (the fault suite kills a copy with SIGKILL) resets its
  // connection: smtp-server re-emits that on the server, which must not end the test process.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    control,
    /** Mails received by an address, oldest first. */
    to(address: string): ReceivedMail[] {
      return mails.filter((m) => m.to.includes(address.toLowerCase()));
    },
    /** The newest mail to an address whose subject matches, waiting for it (the shop awaits the SMTP answer, so it is normally there). */
    async last(address: string, subject: RegExp, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = this.to(address).filter((m) => subject.test(m.subject));
        if (found.length) return found[found.length - 1];
        if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject} (got: ${mails.map((m) => `${m.to} ${m.subject}`).join("; ")})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** The first link of a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const m = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const found = m.find((u) => u.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return new URL(found);
}
