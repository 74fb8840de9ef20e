import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";
import { escapeHtml } from "./mail.templates.ts";

/** Escaped text with its http(s) links made clickable. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>` +
    "<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#1f2933}" +
    "table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #e4e7eb}" +
    "pre{white-space:pre-wrap;background:#f5f7fa;padding:16px;border-radius:6px}a{color:#0b4f6c}</style></head>" +
    `<body><main>${body}</main></body></html>`
  );
}

/**
 * Development only (never registered in production): the mails written to DATA_DIR/outbox, so
 * a newcomer without a mail server can open the activation link. Everything shown is escaped.
 */
export async function devOutboxRoutes(app: FastifyInstance, { mail }: Services) {
  app.get("/dev/outbox", async (_req, reply) => {
    const list = await mail.listOutbox();
    const rows = list
      .map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.date).toLocaleString("es-ES", { timeZone: "Europe/Madrid" }))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/outbox/${encodeURIComponent(m.file)}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join("");
    const body =
      `<h1>Outbox (${list.length})</h1><p>Mails written to <code>${escapeHtml(mail.outboxDir)}</code> because <code>SMTP_URL</code> is not set. Newest first.</p>` +
      (list.length ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No mail yet.</p>");
    return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(page("Outbox", body));
  });

  app.get<{ Params: { file: string } }>("/dev/outbox/:file", async (req, reply) => {
    const file = req.params.file;
    if (file.endsWith(".raw")) {
      const raw = await mail.rawOutbox(file.slice(0, -4));
      if (!raw) return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
      return reply.header("cache-control", "no-store").type("message/rfc822").header("content-disposition", "attachment").send(raw);
    }
    const m = await mail.readOutbox(file);
    if (!m)
      return reply
        .status(404)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(page("Not found", '<h1>Not found</h1><p><a href="/dev/outbox">Outbox</a></p>'));
    const body =
      `<p><a href="/dev/outbox">← Outbox</a></p><h1>${escapeHtml(m.subject)}</h1>` +
      `<p><strong>To:</strong> ${escapeHtml(m.to)}<br><strong>Date:</strong> ${escapeHtml(m.date)}<br>` +
      `<a href="/dev/outbox/${encodeURIComponent(m.file)}.raw">Download .eml</a></p>` +
      `<pre>${linkify(m.text)}</pre>`;
    return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(page(m.subject, body));
  });
}
